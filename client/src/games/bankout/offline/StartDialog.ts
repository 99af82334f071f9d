/**
 * The offline build's start screen: names, mode, Jokers, and versus the AI (at a level) or two
 * people on one screen.
 */
import { BOT_LEVELS, type BotLevel } from '@parlor/shared/core/contract';
import { Limits } from '@parlor/shared/core/protocol';
import { button, h } from '../../../ui/dom';
import { prefs } from '../../../ui/storage';

export interface OfflineSetup {
  names: [string, string];
  vsAI: boolean;
  mode: 'bankout' | 'blitz';
  jokers: boolean;
  level: BotLevel;
}

const DEFAULTS: OfflineSetup = {
  names: ['', ''],
  vsAI: true,
  mode: 'bankout',
  jokers: true,
  level: 'normal',
};
const LEVELS: Record<BotLevel, string> = {
  easy: 'Easy: plays like a newcomer',
  normal: 'Normal',
  hard: 'Hard: thinks further ahead',
};

export function showStartDialog(onStart: (s: OfflineSetup) => void): void {
  const saved = { ...DEFAULTS, ...(prefs.getJson<Partial<OfflineSetup>>('offline.bankout') ?? {}) };
  const nameInput = (value: string, placeholder: string, testid: string): HTMLInputElement =>
    h('input', {
      class: 'input',
      testid,
      attrs: { maxlength: String(Limits.nameLength), placeholder, value },
    });
  const n1 = nameInput(saved.names[0] || prefs.name, 'Player 1', 'offline-name-1');
  const n2 = nameInput(saved.names[1], 'Player 2', 'offline-name-2');
  const p2 = h('div', { class: 'field' }, h('label', { text: 'Second player' }), n2);
  const vsAI = h('input', { testid: 'offline-vs-ai', attrs: { type: 'radio', name: 'opp' } });
  const hot = h('input', { testid: 'offline-hot-seat', attrs: { type: 'radio', name: 'opp' } });
  vsAI.checked = saved.vsAI;
  hot.checked = !saved.vsAI;
  const mode = h(
    'select',
    { class: 'input', testid: 'offline-mode' },
    h('option', { text: 'Bankout: first to $1,000, best of 3 rounds', attrs: { value: 'bankout' } }),
    h('option', { text: 'Blitz: 3 rounds, winner takes the pot', attrs: { value: 'blitz' } }),
  );
  mode.value = saved.mode;
  const jokers = h('input', { testid: 'offline-jokers', attrs: { type: 'checkbox' } });
  jokers.checked = saved.jokers;
  const level = h(
    'select',
    { class: 'input', testid: 'offline-level', attrs: { id: 'offline-level' } },
    ...BOT_LEVELS.map((l) => h('option', { text: LEVELS[l], attrs: { value: l } })),
  );
  level.value = BOT_LEVELS.includes(saved.level) ? saved.level : 'normal';
  const levelField = h(
    'div',
    { class: 'field' },
    h('label', { text: 'AI level', attrs: { for: 'offline-level' } }),
    level,
  );
  const sync = (): void => {
    p2.style.display = hot.checked ? '' : 'none';
    levelField.style.display = hot.checked ? 'none' : '';
  };
  vsAI.addEventListener('change', sync);
  hot.addEventListener('change', sync);
  sync();

  const start = (): void => {
    const setup: OfflineSetup = {
      names: [n1.value.trim() || 'Player 1', hot.checked ? n2.value.trim() || 'Player 2' : 'The Fixer (AI)'],
      vsAI: vsAI.checked,
      mode: mode.value === 'blitz' ? 'blitz' : 'bankout',
      jokers: jokers.checked,
      level: BOT_LEVELS.find((l) => l === level.value) ?? 'normal',
    };
    prefs.setJson('offline.bankout', { ...setup, names: [n1.value.trim(), n2.value.trim()] });
    if (n1.value.trim()) prefs.name = n1.value.trim();
    el.remove();
    onStart(setup);
  };

  const el = h(
    'div',
    { class: 'sheet start-sheet', testid: 'offline-start' },
    h(
      'form',
      {
        class: 'card',
        on: {
          submit: (e) => {
            e.preventDefault();
            start();
          },
        },
      },
      h('div', { class: 'brand', text: 'BANKOUT' }),
      h('p', {
        class: 'muted',
        text: 'A two-player heist of nerve: draw, bank, or bust. Plays entirely offline.',
      }),
      h('div', { class: 'field' }, h('label', { text: 'Your name' }), n1),
      h(
        'div',
        { class: 'field' },
        h('span', { class: 'label', text: 'Opponent' }),
        h('label', { class: 'toggle' }, vsAI, h('span', { text: 'The AI' })),
        h('label', { class: 'toggle' }, hot, h('span', { text: 'A friend on this screen (hot seat)' })),
      ),
      p2,
      levelField,
      h('div', { class: 'field' }, h('label', { text: 'Mode' }), mode),
      h('label', { class: 'toggle' }, jokers, h('span', { text: 'Jokers (rounds 2 and 3)' })),
      button('Deal me in', start, { kind: 'primary', testid: 'offline-start-button' }),
    ),
  );
  document.body.classList.remove('mode-table');
  document.body.classList.add('mode-lobby');
  (document.getElementById('ui') as HTMLElement).replaceChildren(el);
}
