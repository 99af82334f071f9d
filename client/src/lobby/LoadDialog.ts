/**
 * "Load saved game": reads a file the host saved during a match (`outcome: null`), shows what it
 * is and asks which saved seat is yours. The server checks the file by replaying it when the table
 * is created (create with `load`); the others pick their own seats in the waiting room.
 */
import type { SavedMatch } from '@parlor/shared/core/protocol';
import { formatDate } from '../replay/format';
import { button, h } from '../ui/dom';
import { openModal } from '../ui/modal';

export interface LoadRequest {
  file: SavedMatch;
  /** The saved seat the uploader takes (and hosts from). */
  seat: number;
}

/** The file as a saved game, or a sentence saying why it is not one (the server checks the rest). */
export function readSavedGame(text: string): SavedMatch | string {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return 'That file is not a Parlor saved game (not JSON).';
  }
  const f = file as Partial<SavedMatch> | null;
  if (!f || f.format !== 'parlor-match' || !Array.isArray(f.seats) || !Array.isArray(f.actions))
    return 'That file is not a Parlor match file.';
  if (f.outcome !== null) return 'That match is finished: use Import to add it to the history and replay it.';
  return f as SavedMatch;
}

export function openLoadDialog(
  file: SavedMatch,
  gameTitle: string,
  playerName: string,
  onLoad: (r: LoadRequest) => Promise<void>,
): void {
  const m = openModal('Load saved game', { testid: 'load-dialog' });
  const people = file.seats.flatMap((s, i) => (s.bot ? [] : [{ name: s.name, seat: i }]));
  const mine = people.find((p) => p.name.trim().toLowerCase() === playerName.trim().toLowerCase());
  const seat = h(
    'select',
    { class: 'input', testid: 'load-seat', attrs: { id: 'load-seat' } },
    ...people.map((p) =>
      h('option', { text: p.name || `Seat ${p.seat + 1}`, attrs: { value: String(p.seat) } }),
    ),
  );
  seat.value = String((mine ?? people[0])?.seat ?? 0);
  const submit = button('Open the table', () => void go(), { kind: 'primary', testid: 'load-submit' });
  const go = async (): Promise<void> => {
    submit.disabled = true;
    submit.textContent = 'Checking the file…';
    try {
      await onLoad({ file, seat: Number(seat.value) });
      m.close();
    } catch {
      submit.disabled = false;
      submit.textContent = 'Open the table';
    }
  };
  const players = file.seats.map((s) => (s.bot ? `${s.name} (AI)` : s.name)).join(' vs ');
  m.body.append(
    h('p', {
      class: 'help',
      testid: 'load-summary',
      text: `${gameTitle} · ${players} · ${file.actions.length} moves${file.savedAt ? `, saved ${formatDate(file.savedAt)}` : ''}`,
    }),
    h('div', { class: 'field' }, h('label', { text: 'Your seat', attrs: { for: 'load-seat' } }), seat),
    h('p', {
      class: 'help',
      text: 'A new table opens with the saved seats. The others pick theirs when they join; the match carries on when you start it.',
    }),
    h(
      'div',
      { class: 'actions' },
      button('Cancel', () => m.close(), { kind: 'ghost', testid: 'load-cancel' }),
      submit,
    ),
  );
  seat.focus();
}
