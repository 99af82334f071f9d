/**
 * "Load saved game": reads a file the host saved during a match (`outcome: null`), shows what it
 * is and asks which saved seat is yours. The server opens the file (its seed and moves are sealed
 * for the server that saved it) and replays it when the table is created (create with `load`); the
 * others take their own seats in the waiting room with the claim codes the host hands out.
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
  if (!f || f.format !== 'parlor-match' || !Array.isArray(f.seats))
    return 'That file is not a Parlor match file.';
  if (f.outcome !== null) return 'That match is finished: use Import to add it to the history and replay it.';
  if (!f.sealed || typeof f.moves !== 'number')
    return 'That saved game is from an older Parlor (its secrets are not sealed by a server): it cannot be loaded.';
  return f as SavedMatch;
}

/** The claim codes of the saved games this screen loaded, by table: the host hands them out. */
const claimsByRoom = new Map<string, (string | undefined)[]>();

export function rememberClaims(roomId: string, seats: SavedMatch['seats']): void {
  claimsByRoom.set(
    roomId,
    seats.map((s) => s.claim),
  );
}

/** Seat `seat`'s claim code at `roomId`, if this screen loaded that table's saved game. */
export function knownClaim(roomId: string, seat: number): string | undefined {
  return claimsByRoom.get(roomId)?.[seat];
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
      text: `${gameTitle} · ${players} · ${file.moves} move${file.moves === 1 ? '' : 's'}${file.savedAt ? `, saved ${formatDate(file.savedAt)}` : ''}`,
    }),
    h('div', { class: 'field' }, h('label', { text: 'Your seat', attrs: { for: 'load-seat' } }), seat),
    h('p', {
      class: 'help',
      text: 'A new table opens with the saved seats. Each player takes theirs with its claim code, which you will see beside their seat; the match carries on when you start it. It loads only on the server it was saved on.',
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
