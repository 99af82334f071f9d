/** What Kingpin's how-to shows after the brief of docs/rules/kingpin.md: the first-match hints again. */
import { button, h } from '../../ui/dom';
import { resetHints } from './coach';

export function kingpinHowToMore(): Node[] {
  const done = h('span', { class: 'muted' });
  return [
    h(
      'p',
      {},
      button(
        'Show the first-match hints again',
        () => {
          resetHints();
          done.textContent = ' They will show at your next first turn, truce end and first attack.';
        },
        { small: true, kind: 'ghost', testid: 'kp-hints-again' },
      ),
      done,
    ),
  ];
}
