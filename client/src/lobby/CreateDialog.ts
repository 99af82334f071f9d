/** The create-table dialog, rendered from the game's option fields, plus name, privacy and the AI toggle. */
import { Limits } from '@parlor/shared/core/protocol';
import type { GameInfo } from '../net/api';
import { button, h } from '../ui/dom';
import { openModal } from '../ui/modal';
import { optionsForm } from '../ui/OptionsForm';
import { prefs } from '../ui/storage';

export interface CreateRequest {
  game: string;
  tableName: string;
  private: boolean;
  /** No hints at this table ("What would you do?" is off for everyone). */
  competitive: boolean;
  vsBots: boolean;
  /** How many seats the table has (the game's maximum when it admits one count only). */
  seats: number;
  options: Record<string, unknown>;
}

export function openCreateDialog(
  game: GameInfo,
  playerName: string,
  onCreate: (r: CreateRequest) => Promise<void>,
): void {
  const m = openModal(`New ${game.title} table`, { testid: 'create-dialog' });
  const remembered = prefs.getJson<Record<string, unknown>>(`options.${game.id}`) ?? {};
  const form = optionsForm(game.optionFields, { ...game.defaults, ...remembered });
  const tableName = h('input', {
    class: 'input',
    testid: 'create-table-name',
    attrs: {
      id: 'create-table-name',
      maxlength: String(Limits.tableNameLength),
      value: playerName ? `${playerName}'s table` : '',
    },
  });
  // Games for a range of players (2-3, 2-8 ...): how many seats this table has.
  const { min, max } = game.seats;
  const rememberedSeats = Number(prefs.getJson<number>(`seats.${game.id}`));
  const seatCount = h(
    'select',
    { class: 'input', testid: 'create-seats', attrs: { id: 'create-seats' } },
    ...Array.from({ length: max - min + 1 }, (_, i) =>
      h('option', { text: `${min + i} players`, attrs: { value: String(min + i) } }),
    ),
  );
  seatCount.value = String(rememberedSeats >= min && rememberedSeats <= max ? rememberedSeats : max);
  const priv = h('input', { testid: 'create-private', attrs: { type: 'checkbox' } });
  const bots = h('input', { testid: 'create-vs-ai', attrs: { type: 'checkbox' } });
  const competitive = h('input', { testid: 'create-competitive', attrs: { type: 'checkbox' } });
  competitive.checked = prefs.getJson<boolean>('competitive') === true;
  const submit = button('Create table', () => void go(), { kind: 'primary', testid: 'create-submit' });
  const go = async (): Promise<void> => {
    submit.disabled = true;
    submit.textContent = 'Creating…';
    const options = form.values();
    prefs.setJson(`options.${game.id}`, options);
    const seats = Number(seatCount.value);
    prefs.setJson(`seats.${game.id}`, seats);
    prefs.setJson('competitive', competitive.checked);
    try {
      await onCreate({
        game: game.id,
        tableName: tableName.value.trim(),
        private: priv.checked,
        competitive: competitive.checked,
        vsBots: bots.checked,
        seats,
        options,
      });
      m.close();
    } catch {
      submit.disabled = false;
      submit.textContent = 'Create table';
    }
  };
  m.body.append(
    h('p', { class: 'help', text: game.tagline }),
    h(
      'div',
      { class: 'field' },
      h('label', { text: 'Table name', attrs: { for: 'create-table-name' } }),
      tableName,
    ),
    ...(min < max
      ? [
          h(
            'div',
            { class: 'field' },
            h('label', { text: 'Players', attrs: { for: 'create-seats' } }),
            seatCount,
          ),
        ]
      : []),
    form.el,
    h(
      'label',
      { class: 'toggle', title: 'Hidden from the lobby: people join with the code or link' },
      priv,
      h('span', { text: 'Private table (join by code or link only)' }),
    ),
    h(
      'label',
      { class: 'toggle', title: 'Every other seat is taken by the AI' },
      bots,
      h('span', { text: 'Play against the AI' }),
    ),
    h(
      'label',
      { class: 'toggle', title: 'Nobody at this table can ask “What would you do?”' },
      competitive,
      h('span', { text: 'Competitive (no hints)' }),
    ),
    h(
      'div',
      { class: 'actions' },
      button('Cancel', () => m.close(), { kind: 'ghost', testid: 'create-cancel' }),
      submit,
    ),
  );
  tableName.focus();
}
