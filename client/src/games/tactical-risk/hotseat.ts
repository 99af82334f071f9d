/**
 * Tactical Risk on one screen (the design's local mode): 2 to 5 seats, each a person or the AI, played
 * in this page with no server (LocalTable runs the same rules). When the turn (or a battle decision)
 * passes to another person, the map hides behind a hand-over screen until they tap "I am ready".
 * Reached at `#/hotseat/tactical-risk` (the how-to says so; the router shows it).
 */
import { DEFAULT_OPTIONS } from '@parlor/shared/games/tactical-risk/options';
import { turnOrder } from '@parlor/shared/games/tactical-risk/board';
import type { LocalSeat } from '../../offline/LocalTable';
import { button, h } from '../../ui/dom';

export interface HotSeatSetup {
  seats: LocalSeat[];
  options: Record<string, unknown>;
}

/** Which factions each seat plays with `n` seats (the rules' deal: docs/rules/tactical-risk.md). */
const DEAL: Record<number, string[][]> = {
  2: [
    ['Russians', 'British', 'Americans'],
    ['Germans', 'Japanese'],
  ],
  3: [['Russians', 'British'], ['Germans', 'Japanese'], ['Americans']],
  4: [['Russians'], ['Germans'], ['British', 'Americans'], ['Japanese']],
  5: turnOrder.map((f) => [f]),
};

/** The setup form: seats, names, person or AI, mode. Calls `onStart` once. */
export function hotSeatDialog(onStart: (s: HotSeatSetup) => void, onCancel: () => void): HTMLElement {
  const count = h(
    'select',
    { class: 'input', testid: 'hotseat-seats' },
    ...[2, 3, 4, 5].map((n) => h('option', { text: `${n} seats`, attrs: { value: String(n) } })),
  );
  count.value = '5';
  const mode = h(
    'select',
    { class: 'input', testid: 'hotseat-mode' },
    h('option', { text: 'Classic: Axis against Allies', attrs: { value: 'classic' } }),
    h('option', { text: 'Free-for-all: win by capitals', attrs: { value: 'ffa' } }),
  );
  const rows = h('div', { class: 'field', testid: 'hotseat-rows' });
  const inputs: { name: HTMLInputElement; ai: HTMLInputElement }[] = [];
  const draw = (): void => {
    const n = Number(count.value);
    inputs.length = 0;
    rows.replaceChildren(
      ...DEAL[n]!.map((factions, i) => {
        const name = h('input', {
          class: 'input',
          testid: `hotseat-name-${i}`,
          attrs: { value: i < 2 ? `Player ${i + 1}` : `AI ${i + 1}`, maxlength: '24' },
        });
        const ai = h('input', { testid: `hotseat-ai-${i}`, attrs: { type: 'checkbox' } });
        ai.checked = i >= 2;
        // A default name follows the box ("Player 2" becomes "AI 2"): the results then say who won.
        ai.addEventListener('change', () => {
          if (name.value === `Player ${i + 1}` || name.value === `AI ${i + 1}`)
            name.value = ai.checked ? `AI ${i + 1}` : `Player ${i + 1}`;
        });
        inputs.push({ name, ai });
        return h(
          'div',
          { attrs: { style: 'display: grid; grid-template-columns: 1fr auto; gap: 6px; margin: 4px 0' } },
          h('label', { text: factions.join(', ') }),
          h('span'),
          name,
          h('label', { class: 'toggle' }, ai, h('span', { text: 'AI' })),
        );
      }),
    );
  };
  count.addEventListener('change', draw);
  draw();
  const start = (): void => {
    const seats = inputs.map(({ name, ai }, i) => ({
      name: name.value.trim() || `Player ${i + 1}`,
      bot: ai.checked,
    }));
    if (!seats.some((s) => !s.bot)) seats[0]!.bot = false;
    onStart({ seats, options: { ...DEFAULT_OPTIONS, mode: mode.value } });
  };
  return h(
    'div',
    { class: 'sheet start-sheet', testid: 'hotseat-setup' },
    h(
      'form',
      { class: 'card', on: { submit: (e) => (e.preventDefault(), start()) } },
      h('h2', { text: 'Tactical Risk on this screen' }),
      h('p', {
        class: 'muted',
        text: 'Everyone plays on this device: when the turn passes to another person, the map hides until they are ready.',
      }),
      h('div', { class: 'field' }, h('label', { text: 'Seats' }), count),
      rows,
      h('div', { class: 'field' }, h('label', { text: 'Mode' }), mode),
      h(
        'div',
        { class: 'actions' },
        button('Back', onCancel, { kind: 'ghost', testid: 'hotseat-cancel' }),
        button('Start', start, { kind: 'primary', testid: 'hotseat-start' }),
      ),
    ),
  );
}
