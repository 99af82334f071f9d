/**
 * "Load saved game": reads a file the host saved during a match (`outcome: null`), shows what it
 * is and asks which saved seat is yours, with your seat's code (this browser fills it in when it
 * was given the code: each seat gets its own from the server when the game is saved, and no one gets
 * another's). The server opens the file (its seed, moves and seat-code hashes are sealed for the
 * server that saved it) and replays it when the table is created (create with `load`); the others
 * take their own seats in the waiting room with their own codes.
 */
import type { SavedMatch } from '@parlor/shared/core/protocol';
import { seatClaimOf, spacedCode } from '../net/seatClaims';
import { formatDate } from '../replay/format';
import { button, h } from '../ui/dom';
import { openModal } from '../ui/modal';

export interface LoadRequest {
  file: SavedMatch;
  /** The saved seat the uploader takes (and hosts from). */
  seat: number;
  /** That seat's claim code. */
  claim: string;
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

/** The lineage of a saved game's match (files from before lineages: its id). */
export function lineageOf(file: SavedMatch): string {
  return typeof file.lineage === 'string' && file.lineage ? file.lineage : file.id;
}

export function openLoadDialog(
  file: SavedMatch,
  gameTitle: string,
  playerName: string,
  onLoad: (r: LoadRequest) => Promise<void>,
): void {
  const m = openModal('Load saved game', { testid: 'load-dialog' });
  const people = file.seats.flatMap((s, i) => (s.bot ? [] : [{ name: s.name, seat: i }]));
  // The seat this browser has the code of, else the one of the player's name.
  const kept = seatClaimOf(lineageOf(file));
  const mine =
    people.find((p) => p.seat === kept?.seat) ??
    people.find((p) => p.name.trim().toLowerCase() === playerName.trim().toLowerCase());
  const seat = h(
    'select',
    { class: 'input', testid: 'load-seat', attrs: { id: 'load-seat' } },
    ...people.map((p) =>
      h('option', { text: p.name || `Seat ${p.seat + 1}`, attrs: { value: String(p.seat) } }),
    ),
  );
  seat.value = String((mine ?? people[0])?.seat ?? 0);
  const code = h('input', {
    class: 'input',
    testid: 'load-claim',
    attrs: {
      id: 'load-claim',
      maxlength: '12',
      autocomplete: 'off',
      autocapitalize: 'characters',
      spellcheck: 'false',
      placeholder: 'XXXX XXXX',
    },
  });
  const fill = (): void => {
    code.value = kept && String(kept.seat) === seat.value ? spacedCode(kept.code) : '';
  };
  fill();
  seat.addEventListener('change', fill);
  const submit = button('Open the table', () => void go(), { kind: 'primary', testid: 'load-submit' });
  const go = async (): Promise<void> => {
    submit.disabled = true;
    submit.textContent = 'Checking the file…';
    try {
      await onLoad({ file, seat: Number(seat.value), claim: code.value.trim() });
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
    h(
      'div',
      { class: 'field' },
      h('label', { text: 'Your seat code for this saved game', attrs: { for: 'load-claim' } }),
      code,
    ),
    h('p', {
      class: 'help',
      text: 'Each player got their own seat code when the game was saved (this browser fills in yours). A new table opens with the saved seats; each player takes theirs with their own code, and the match carries on when you start it, with what no one has seen yet dealt afresh. It loads only on the server it was saved on, at one table at a time.',
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
