/**
 * Property tests over seeded games (fast-check draws the match seed, the options, the number of seats
 * and who plays): after every accepted action
 * - units appear only by placing bought units (as many, of the types bought, where placed) and
 *   disappear only in battles (or as the mover's aircraft with nowhere to land when its non-combat
 *   move ends); a unit never changes type, nor owner (AA guns and factories change hands on capture);
 * - every unit stands where it may: ships at sea, land units on land or aboard a transport of theirs
 *   in the same zone within its two slots, factories and AA guns on land;
 * - treasuries stay whole numbers, never negative, and move only by purchases (the exact cost),
 *   neutral entries (3 each), income at the end of a turn (the exact income), bombing raids, and
 *   capital captures (which move money, never make it);
 * - territory changes hands only by moves and battles, and purchases wait only between buy and place;
 * - after the non-combat move every aircraft of the mover has a landing;
 * and on a sample of steps `apply` does not change its input, is deterministic, `undo` restores the
 * state before the last move, other listed actions are accepted too, and the listed moves are the
 * ones found without the memoised lookups that make listing them fast.
 * A tally over the games checks they reach what the properties are about (battles, captures of
 * territory and capitals, transports loading and landing, bombing raids, submerging, crashes).
 */
import fc from 'fast-check';
import type { Faction } from './board';
import { CAPITALS, TERRITORY, UNIT, UNIT_TYPES, isWater } from './board';
import { randomBot } from './baselines';
import { tacticalRiskBot } from './bot';
import { purchaseCost } from './economy';
import { playMatch } from './playout';
import type { TacticalRiskBot } from './playout';
import { planMove } from './movement';
import { reachable } from './reach';
import { apply, legalActions, movableGroups, moveTemplates, toAct } from './rules';
import { allied, current, isAir, isLand, isRuleError, isSea } from './state';
import { incomeOf } from './turns';
import type { TacticalRiskAction, TacticalRiskOptions, TacticalRiskState, UnitCounts } from './types';

const BATTLE_ACTIONS = new Set(['fight', 'casualties', 'press', 'retreat', 'submerge']);
const UNDOABLE = new Set(['buy', 'move', 'place']);

/**
 * Random play that gets somewhere: like `randomBot`, but in the move phases it keeps moving (most of
 * the time) rather than ending the phase at once, so random games reach battles, landings and captures.
 */
const busyRandomBot: TacticalRiskBot = {
  decide(view, legal, random) {
    const phase = view.public.phase;
    if (phase === 'combatMove' || phase === 'nonCombatMove' || phase === 'place') {
      const moves = legal.filter((a) => a.type === 'move' || a.type === 'place');
      if (moves.length > 0 && random() < 0.8) return moves[Math.floor(random() * moves.length)]!;
    }
    return randomBot.decide(view, legal, random);
  },
};

interface Tally {
  games: number;
  steps: number;
  battles: number;
  seaBattles: number;
  raids: number;
  captures: number;
  capitals: number;
  neutrals: number;
  loads: number;
  landings: number;
  submerges: number;
  retreats: number;
  crashes: number;
  placed: number;
  sampled: number;
}

function newTally(): Tally {
  return {
    games: 0,
    steps: 0,
    battles: 0,
    seaBattles: 0,
    raids: 0,
    captures: 0,
    capitals: 0,
    neutrals: 0,
    loads: 0,
    landings: 0,
    submerges: 0,
    retreats: 0,
    crashes: 0,
    placed: 0,
    sampled: 0,
  };
}

function sum(c: UnitCounts | undefined): number {
  let n = 0;
  for (const t of UNIT_TYPES) n += c?.[t] ?? 0;
  return n;
}

function treasuryTotal(s: TacticalRiskState): number {
  return Object.values(s.treasury).reduce((a, b) => a + b, 0);
}

function fail(msg: string, action: TacticalRiskAction, before: TacticalRiskState): never {
  throw new Error(
    `${msg} after ${JSON.stringify(action)} (${current(before)}, ${before.phase}, round ${before.round})`,
  );
}

/** Where every unit stands, and what transports carry. */
function checkPlaces(s: TacticalRiskState, action: TacticalRiskAction, before: TacticalRiskState): void {
  const byId = new Map(s.units.map((u) => [u.id, u]));
  const load = new Map<number, number>();
  for (const u of s.units) {
    if (!TERRITORY.has(u.at)) fail(`unit ${u.id} stands nowhere (${u.at})`, action, before);
    const sea = isWater(u.at);
    if (isSea(u.type) && !sea) fail(`a ${u.type} on land at ${u.at}`, action, before);
    if ((u.type === 'factory' || u.type === 'aaGun') && sea && u.on === null)
      fail(`a ${u.type} at sea`, action, before);
    if (u.on !== null) {
      const t = byId.get(u.on);
      if (!t || t.type !== 'transport' || t.owner !== u.owner || t.at !== u.at)
        fail(`unit ${u.id} aboard ${u.on}, which is not its transport beside it`, action, before);
      if (!isLand(u.type)) fail(`a ${u.type} aboard a transport`, action, before);
      load.set(t.id, (load.get(t.id) ?? 0) + (UNIT[u.type].transportCost ?? 2));
    } else if (isLand(u.type) && sea) fail(`a ${u.type} swimming in ${u.at}`, action, before);
  }
  for (const [t, n] of load) if (n > 2) fail(`transport ${t} carries ${n} slots`, action, before);
}

/** After the mover's non-combat move: each of its aircraft on friendly land held since the turn began or a carrier. */
function checkLandings(
  s: TacticalRiskState,
  f: Faction,
  action: TacticalRiskAction,
  before: TacticalRiskState,
) {
  const atSea = new Map<string, number>();
  for (const u of s.units) {
    if (u.owner !== f || !isAir(u.type)) continue;
    if (!isWater(u.at)) {
      const now = s.owner[u.at];
      const start = before.turnStartOwner[u.at];
      if (!now || !start || !allied(s, now, f) || !allied(s, start, f))
        fail(`a ${u.type} left in ${u.at}, not friendly since the turn began`, action, before);
      continue;
    }
    if (u.type !== 'fighter') fail(`a bomber left at sea in ${u.at}`, action, before);
    atSea.set(u.at, (atSea.get(u.at) ?? 0) + 1);
  }
  for (const [zone] of atSea) {
    const room =
      s.units.filter((u) => u.at === zone && u.type === 'carrier' && allied(s, u.owner, f)).length * 2;
    const fighters = s.units.filter(
      (u) => u.at === zone && u.type === 'fighter' && allied(s, u.owner, f),
    ).length;
    if (fighters > room) fail(`${fighters} fighters on carriers for ${room} in ${zone}`, action, before);
  }
}

function checkStep(
  before: TacticalRiskState,
  action: TacticalRiskAction,
  after: TacticalRiskState,
  tally: Tally,
): void {
  tally.steps++;
  for (const [f, money] of Object.entries(after.treasury))
    if (!Number.isInteger(money) || money < 0) fail(`the ${f} have ${money} IPCs`, action, before);
  checkPlaces(after, action, before);
  if (action.type === 'undo') return;
  const mover = current(before);
  const was = new Map(before.units.map((u) => [u.id, u]));
  const now = new Set(after.units.map((u) => u.id));
  const created = after.units.filter((u) => !was.has(u.id));
  const lost = before.units.filter((u) => !now.has(u.id));

  // Units made only by placement: exactly the units taken from the purchases, where they were placed.
  if (created.length > 0) {
    if (action.type !== 'place') fail(`${created.length} units appeared`, action, before);
    if (created.some((u) => u.owner !== mover || u.type !== action.unit || u.at !== action.territory))
      fail('placed units are not what was placed', action, before);
    tally.placed += created.length;
  }
  for (const f of Object.keys(after.pending) as Faction[]) {
    const taken = sum(before.pending[f]) - sum(after.pending[f]);
    if (action.type === 'place' && f === mover) {
      if (taken !== created.length)
        fail(`placed ${created.length}, took ${taken} from the purchases`, action, before);
    } else if (action.type === 'buy' && f === mover) {
      if (-taken !== sum(action.units)) fail('the purchase is not what was bought', action, before);
    } else if (taken !== 0) fail(`the ${f} purchases changed`, action, before);
  }

  // Units lost only in battles, or the mover's stranded aircraft when its non-combat move ends.
  if (lost.length > 0) {
    const crash = action.type === 'endPhase' && before.phase === 'nonCombatMove';
    if (crash) {
      if (lost.some((u) => !isAir(u.type) || u.owner !== mover))
        fail('the end of the non-combat move removed more than stranded aircraft', action, before);
      tally.crashes += lost.length;
    } else if (!BATTLE_ACTIONS.has(action.type)) fail(`${lost.length} units vanished`, action, before);
    else if (
      lost.some(
        (u) =>
          u.at !== before.battle?.territory &&
          !(action.type === 'fight' && u.at === action.territory.replace('raid:', '')),
      )
    )
      fail('a battle removed units from elsewhere', action, before);
  }
  if (action.type === 'endPhase' && before.phase === 'nonCombatMove')
    checkLandings(after, mover, action, before);

  // Identity: type never changes; owner only for AA guns and factories, and then to the new owner.
  for (const u of after.units) {
    const old = was.get(u.id);
    if (!old) continue;
    if (u.type !== old.type) fail(`unit ${u.id} turned from ${old.type} into ${u.type}`, action, before);
    if (u.owner !== old.owner) {
      if (u.type !== 'aaGun' && u.type !== 'factory') fail(`unit ${u.id} changed sides`, action, before);
      if (after.owner[u.at] !== u.owner) fail(`a captured ${u.type} is not its territory's`, action, before);
    }
    if (old.on === null && u.on !== null) tally.loads++;
    if (!old.amphibious && u.amphibious) tally.landings++;
  }

  // Territory changes hands only by moves (capture on entry, blitz, neutrals) and battles.
  const changed = Object.keys(after.owner).filter((t) => after.owner[t] !== before.owner[t]);
  if (changed.length > 0) {
    if (action.type !== 'move' && !BATTLE_ACTIONS.has(action.type))
      fail(`${changed.join(', ')} changed hands`, action, before);
    for (const t of changed) {
      const to = after.owner[t]!;
      if (!to || !allied(after, to, mover))
        fail(`${t} went to the ${to}, not the mover's side`, action, before);
      if (before.owner[t] === null) tally.neutrals++;
      if (CAPITALS.includes(t) && before.owner[t] && !allied(after, before.owner[t]!, mover))
        tally.capitals++;
    }
    tally.captures += changed.length;
  }

  // Money: made only by income, spent only on purchases, neutrals and bombing damage.
  const delta = treasuryTotal(after) - treasuryTotal(before);
  const moverDelta = after.treasury[mover] - before.treasury[mover];
  const raid =
    (action.type === 'fight' && action.territory.startsWith('raid:')) || before.battle?.kind === 'raid';
  if (action.type === 'buy') {
    if (-moverDelta !== purchaseCost(action.units) || delta !== moverDelta)
      fail(`a purchase of ${purchaseCost(action.units)} cost ${-moverDelta}`, action, before);
  } else if (action.type === 'move') {
    const neutrals = changed.filter((t) => before.owner[t] === null).length;
    if (delta !== -3 * neutrals) fail(`a move changed the money by ${delta}`, action, before);
  } else if (action.type === 'endPhase' && before.phase === 'place') {
    const income = incomeOf(before, mover);
    if (moverDelta !== income || delta !== income)
      fail(`income of ${moverDelta} (total ${delta}) for ${income}`, action, before);
  } else if (raid) {
    if (delta > 0) fail('a bombing raid made money', action, before);
  } else if (delta !== 0) fail(`the money changed by ${delta}`, action, before);

  if (action.type === 'fight') {
    tally.battles++;
    if (action.territory.startsWith('raid:')) tally.raids++;
    else if (isWater(action.territory)) tally.seaBattles++;
  }
  if (action.type === 'submerge') tally.submerges++;
  if (action.type === 'retreat') tally.retreats++;
}

/**
 * The move templates worked out the slow way: no memoised lookups (listing them memoises board lookups
 * while the state stands still) and every path checked again. Both lists must be the same.
 */
function slowMoveTemplates(s: TacticalRiskState): TacticalRiskAction[] {
  const out: TacticalRiskAction[] = [];
  for (const u of movableGroups(s)) {
    for (const [dest, path] of reachable(s, u)) {
      const o = s.owner[dest];
      const raid =
        u.type === 'bomber' && s.phase === 'combatMove' && !isWater(dest) && o && !allied(s, o, u.owner);
      for (const a of [
        { type: 'move', units: [u.id], path },
        ...(raid ? [{ type: 'move', units: [u.id], path, raid: true }] : []),
      ] as Extract<TacticalRiskAction, { type: 'move' }>[]) {
        if (!isRuleError(planMove(s, a))) out.push(a);
      }
    }
  }
  return out;
}

/** Every `every`-th step: purity, determinism, undo, and a few more listed actions. */
function deepCheck(
  before: TacticalRiskState,
  action: TacticalRiskAction,
  after: TacticalRiskState,
  undoBase: TacticalRiskState | null,
  pick: number,
  tally: Tally,
): void {
  tally.sampled++;
  const seat = toAct(before)[0]!;
  const snapshot = JSON.stringify(before);
  const again = apply(before, seat, action);
  expect(JSON.stringify(before)).toBe(snapshot);
  if (!again.ok) throw new Error(`replaying ${JSON.stringify(action)} was refused`);
  expect(again.state.units).toEqual(after.units);
  expect(again.state.owner).toEqual(after.owner);
  expect(again.state.treasury).toEqual(after.treasury);
  expect(again.state.rng).toEqual(after.rng);
  if (after.phase === 'finished') return;
  const next = toAct(after)[0]!;
  if (after.prev && undoBase) {
    const undone = apply(after, next, { type: 'undo' });
    if (!undone.ok) throw new Error('undo was refused');
    expect(undone.state.units).toEqual(undoBase.units);
    expect(undone.state.owner).toEqual(undoBase.owner);
    expect(undone.state.treasury).toEqual(undoBase.treasury);
    expect(undone.state.pending).toEqual(undoBase.pending);
    expect(undone.state.phase).toBe(undoBase.phase);
  }
  if (after.phase === 'combatMove' || after.phase === 'nonCombatMove')
    expect(moveTemplates(after)).toEqual(slowMoveTemplates(after));
  const legal = legalActions(after, next);
  for (let k = 0; k < 3 && legal.length > 0; k++) {
    const other = legal[(pick * (k + 7)) % legal.length]!;
    const r = apply(after, next, other);
    if (!r.ok) throw new Error(`listed ${JSON.stringify(other)} was refused: ${r.error.message}`);
  }
}

interface GameSpec {
  seed: number;
  options: Partial<TacticalRiskOptions>;
  bots: TacticalRiskBot[];
  every: number;
}

function playChecked(spec: GameSpec, tally: Tally): TacticalRiskState {
  tally.games++;
  let n = 0;
  const r = playMatch(spec.options, spec.seed, spec.bots, {
    onStep: (before, action, after) => {
      checkStep(before, action, after, tally);
      // `undo` goes back to the state before this action when it was an undoable one.
      if (++n % spec.every === 0)
        deepCheck(before, action, after, UNDOABLE.has(action.type) ? before : null, n, tally);
    },
  });
  return r.state;
}

const modeArb = fc.constantFrom<TacticalRiskOptions['mode']>('classic', 'draft', 'ffa');

describe('Tactical Risk properties over seeded games', () => {
  const tally = newTally();

  it('random play: units, money and territory change only as the rules allow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        modeArb,
        fc.integer({ min: 2, max: 5 }),
        fc.boolean(),
        (seed, mode, seats, fogOfWar) => {
          const bots = Array.from({ length: seats }, () => busyRandomBot);
          const end = playChecked(
            { seed, options: { mode, fogOfWar, roundLimit: 4 }, bots, every: 40 },
            tally,
          );
          expect(end.phase).toBe('finished');
        },
      ),
      { numRuns: 6 },
    );
  });

  it('the AI against random play, and the AI on every side, keep the same properties', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        modeArb,
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (seed, mode, fogOfWar, aiSeats) => {
          const bots = aiSeats.map((ai) => (ai ? tacticalRiskBot : busyRandomBot));
          playChecked({ seed, options: { mode, fogOfWar, roundLimit: 5 }, bots, every: 60 }, tally);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('reaches what the properties are about: battles, captures, landings, raids', () => {
    expect(tally.games).toBeGreaterThanOrEqual(10);
    expect(tally.battles).toBeGreaterThan(20);
    expect(tally.seaBattles).toBeGreaterThan(0);
    expect(tally.captures).toBeGreaterThan(20);
    expect(tally.loads).toBeGreaterThan(0);
    expect(tally.landings).toBeGreaterThan(0);
    expect(tally.placed).toBeGreaterThan(50);
    expect(tally.sampled).toBeGreaterThan(20);
  });
});
