/**
 * The turn summary the rules keep: a record per faction turn (the last TURN_LOG of them) with the
 * battles fought, IPCs spent and collected, and (once the turn is over) the land and continents that
 * changed hands. Records are replaced, never mutated, so undo snapshots and clones may share them.
 */
import type { Faction } from './board';
import { LAND, continentList } from './board';
import { current } from './state';
import type { TacticalRiskState, TurnSummary } from './types';

/** Turns kept: the running one and the five before it (a whole round of five factions). */
export const TURN_LOG = 6;

/** Opens the running turn's record unless it is open already (a turn begins; draft excluded). */
export function openTurnRecord(s: TacticalRiskState): void {
  let log = s.turnLog ?? [];
  const last = log.at(-1);
  if (last?.turn === s.turnNumber && last.faction === current(s)) return;
  // The same turn number for another faction: a board set up by hand (tests), not a real turn.
  if (last?.turn === s.turnNumber) log = log.slice(0, -1);
  const record: TurnSummary = {
    faction: current(s),
    round: s.round,
    turn: s.turnNumber,
    done: false,
    changes: [],
    battles: [],
    spent: 0,
    income: null,
    continents: [],
  };
  s.turnLog = [...log, record].slice(-TURN_LOG);
}

/** Replaces the running turn's record with `change(record)`. */
export function noteTurn(s: TacticalRiskState, change: (r: TurnSummary) => TurnSummary): void {
  openTurnRecord(s);
  const log = s.turnLog!;
  s.turnLog = [...log.slice(0, -1), change(log.at(-1)!)];
}

function continentHolder(
  owner: Record<string, Faction | null>,
  territories: readonly string[],
): Faction | null {
  const f = owner[territories[0]!] ?? null;
  return f && territories.every((t) => owner[t] === f) ? f : null;
}

/** Land and continents that changed hands since the running turn began. */
export function turnChanges(s: TacticalRiskState): Pick<TurnSummary, 'changes' | 'continents'> {
  const changes: TurnSummary['changes'] = [];
  for (const t of LAND) {
    const from = s.turnStartOwner[t] ?? null;
    const to = s.owner[t] ?? null;
    if (from !== to) changes.push({ territory: t, from, to });
  }
  const continents: TurnSummary['continents'] = [];
  if (changes.length > 0)
    for (const c of continentList) {
      const from = continentHolder(s.turnStartOwner, c.territories);
      const to = continentHolder(s.owner, c.territories);
      if (from !== to) continents.push({ name: c.name, bonus: c.bonus, from, to });
    }
  return { changes, continents };
}

/**
 * The log as the public view shows it: the running turn with its changes so far. A copy field by
 * field (the records are flat lists of flat objects): structuredClone cost a server about 3% of its
 * CPU here, as every view of every seat carries the whole log.
 */
export function turnLogView(s: TacticalRiskState): TurnSummary[] {
  return (s.turnLog ?? []).map((r, i, all) =>
    copySummary(i === all.length - 1 && !r.done && r.turn === s.turnNumber ? { ...r, ...turnChanges(s) } : r),
  );
}

function copySummary(r: TurnSummary): TurnSummary {
  return {
    ...r,
    changes: r.changes.map((c) => ({ ...c })),
    battles: r.battles.map((b) => ({ ...b })),
    continents: r.continents.map((c) => ({ ...c })),
  };
}
