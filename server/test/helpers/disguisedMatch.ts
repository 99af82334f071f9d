/**
 * A finished match file edited as an attacker would to get a copy past a duplicate check (issue
 * 31): every name, id and time changed, the seats' bot flags flipped, the options' and the actions'
 * keys in another order, and fields the rules never read added to each action. The match (game,
 * options, seed, moves) is the same: it replays exactly as the original does.
 */
interface MatchLike {
  seats: { name: string; bot: boolean }[];
  actions: { seat: number; action: unknown; at: number }[];
  options: unknown;
  outcome: { summary: string } | null;
  startedAt: number;
  finishedAt: number | null;
}

const reversedKeys = (o: unknown): unknown =>
  o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).reverse()) : o;

export function disguised<M extends MatchLike>(match: M, n: number): M {
  return {
    ...match,
    id: `copy-${n}`,
    roomId: `room-${n}`,
    tableName: `Copy ${n}`,
    seats: match.seats.map((_, i) => ({ name: `Player ${n}.${i}`, bot: (n + i) % 2 === 0 })),
    options: reversedKeys(match.options),
    actions: match.actions.map((a, i) => ({
      at: a.at + n * 1000 + i,
      action: { ...(reversedKeys(a.action) as object), note: `copy ${n}` },
      seat: a.seat,
    })),
    outcome: match.outcome && { ...match.outcome, summary: `${match.outcome.summary} (copy ${n})` },
    startedAt: match.startedAt + n * 60_000,
    finishedAt: match.finishedAt === null ? null : match.finishedAt + n * 60_000,
    savedAt: match.startedAt + n,
  };
}
