/**
 * Every destination the map offers is one the rules accept (issue 22): in a dozen seeded positions
 * (AI games stopped in combat and non-combat moves, some units already moved), every selectable group
 * of the mover, each alone (one unit, all of it) and each pair of groups at one place (one unit each),
 * offers only destinations that `apply` accepts for that selection.
 */
import { Random, seedRng } from '../../core/rng';
import { randomBot } from './baselines';
import { tacticalRiskBot } from './bot';
import { UNIT_TYPES, type UnitType } from './board';
import {
  type MoveGroup,
  type MoveLimits,
  buildMove,
  commonDestinations,
  moveGroups,
  moveGroupsOf,
  transportRooms,
} from './destinations';
import { apply, legalActions, toAct } from './rules';
import { allied, current } from './state';
import { newGame } from './testkit';
import type { TacticalRiskAction, TacticalRiskState } from './types';
import { view } from './view';

/**
 * A game from `seed` (the AI for the Germans, random play for the others: fleets, transports and
 * aircraft scattered as no plan would), stopped in a move phase at turn `turn` after `moves` of the mover's moves.
 */
function position(seed: number, turn: number, moves: number): TacticalRiskState {
  let s = newGame({}, seed);
  const random = new Random(seedRng(seed));
  let made = 0;
  for (let guard = 0; guard < 20_000; guard++) {
    const inMove = s.phase === 'combatMove' || s.phase === 'nonCombatMove';
    if (inMove && s.turnNumber >= turn && !s.battle) {
      if (made >= moves) return s;
    }
    const seat = toAct(s)[0]!;
    const bot = current(s) === 'Germans' ? tacticalRiskBot : randomBot;
    const a = bot.decide(view(s, seat), legalActions(s, seat), () => random.float());
    if (a.type === 'move' && inMove && s.turnNumber >= turn) made++;
    const r = apply(s, seat, a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  throw new Error('no such position');
}

function groupsAt(s: TacticalRiskState, at: string, legal: TacticalRiskAction[]): MoveGroup[] {
  const f = current(s);
  const units = s.units.filter((u) => u.at === at && u.owner === f);
  const idsByType: Partial<Record<UnitType, number[]>> = {};
  for (const t of UNIT_TYPES) {
    const ids = units.filter((u) => u.type === t).map((u) => u.id);
    if (ids.length) idsByType[t] = ids.sort((a, b) => a - b);
  }
  const spent = units.filter((u) => u.moved > 0 || u.fought || u.combatMoved).map((u) => u.id);
  return moveGroups({ idsByType, spent, groups: moveGroupsOf(units) }, legal, at);
}

describe('offered destinations', () => {
  const positions: [number, number, number][] = [];
  for (let seed = 1; seed <= 12; seed++) positions.push([seed, 2 + (seed % 4) * 2, seed % 3]);

  it.each(positions)('seed %i, turn %i, after %i moves: every offer is accepted', (seed, turn, moves) => {
    const s = position(seed, turn, moves);
    const seat = toAct(s)[0]!;
    const legal = legalActions(s, seat);
    const places = new Set(legal.flatMap((a) => (a.type === 'move' ? [a.path[0]!] : [])));
    const f = current(s);
    // What the client reads from the stacks: the mover's transport rooms, its side's carrier room.
    const limits: MoveLimits = {
      transportRooms: (zone) =>
        transportRooms(
          s.units.filter((u) => u.at === zone && u.owner === f),
          s.phase,
        ),
      ...(s.phase === 'nonCombatMove'
        ? {
            carrierRoom: (zone: string) => {
              const side = s.units.filter((u) => u.at === zone && allied(s, u.owner, f));
              return (
                2 * side.filter((u) => u.type === 'carrier').length -
                side.filter((u) => u.type === 'fighter').length
              );
            },
          }
        : {}),
    };
    const refused: string[] = [];
    let checked = 0;
    const check = (groups: MoveGroup[], sel: Record<string, number>) => {
      for (const [dest, d] of commonDestinations(groups, sel, limits)) {
        for (const raid of [...(d.plain ? [false] : []), ...(d.raid ? [true] : [])]) {
          const a = buildMove(groups, sel, d, raid);
          const r = apply(s, seat, a);
          checked++;
          if (!r.ok) refused.push(`${JSON.stringify(sel)} -> ${dest}: ${r.error.code} ${r.error.message}`);
        }
      }
    };
    for (const at of places) {
      const groups = groupsAt(s, at, legal);
      for (const g of groups) {
        check(groups, { [g.key]: 1 });
        if (g.ids.length > 1) check(groups, { [g.key]: g.ids.length });
      }
      for (let i = 0; i < groups.length; i++)
        for (let j = i + 1; j < groups.length; j++)
          check(groups, { [groups[i]!.key]: 1, [groups[j]!.key]: 1 });
    }
    expect(checked).toBeGreaterThan(10);
    expect(refused).toEqual([]);
  });
});
