/** The credits screen: every asset the client ships and its licence. */
import { button, h } from './dom';
import { openModal } from './modal';

const CREDITS: [string, string][] = [
  ['Inter typeface (@fontsource/inter)', 'SIL Open Font License 1.1'],
  ['Phaser 4', 'MIT'],
  ['@colyseus/sdk (Colyseus)', 'MIT'],
  ['qrcode', 'MIT'],
  ['Cards, icons and sounds', 'Drawn and synthesised by the Parlor project (MIT)'],
];

export function openCredits(): void {
  const m = openModal('Credits', { testid: 'credits-dialog' });
  m.body.append(
    h(
      'div',
      { class: 'prose' },
      h(
        'ul',
        {},
        ...CREDITS.map(([what, licence]) => h('li', {}, h('strong', { text: what }), ` — ${licence}`)),
      ),
    ),
    h(
      'div',
      { class: 'actions' },
      button('Close', () => m.close(), { testid: 'credits-close' }),
    ),
  );
}
