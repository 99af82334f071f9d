/**
 * Fog of war is not an oracle (issue 31): two boards a seat cannot tell apart (its view deep-equal;
 * they differ in enemy units out of its sight, fogLookalike.ts) get the same legal actions for it and
 * the same answer (accepted, or the same refusal code and text) to every action it might send, valid
 * or not: every listed action, moves, air attacks, bombing raids and ship moves from each of its unit
 * groups to every territory and sea zone (out of sight included), placements everywhere, fights,
 * retreats, casualties naming any unit, and malformed actions.
 */
import { Random, seedRng } from '../../core/rng';
import type { Faction } from './board';
import { FACTIONS, LAND, SEA, isWater, neighbours } from './board';
import { tacticalRiskBot } from './bot';
import { moveGroupKey } from './destinations';
import { fogLookalikes } from './fogLookalike';
import { playMatch } from './playout';
import { apply, legalActions, toAct } from './rules';
import { allied, current, isAir, isSea } from './state';
import { act, newGame, put } from './testkit';
import type { TacticalRiskAction, TacticalRiskOptions, TacticalRiskState, Unit } from './types';
import { view, visiblePlaces } from './view';

const PLACES = [...LAND, ...SEA];

function answer(s: TacticalRiskState, seat: number, a: unknown): string {
  const r = apply(s, seat, a as TacticalRiskAction);
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
}

/** Shortest path from `from` to every place, over places `may` allows after the first. */
function paths(from: string, may: (p: string) => boolean): Map<string, string[]> {
  const out = new Map<string, string[]>([[from, [from]]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const at of frontier)
      for (const n of neighbours(at)) {
        if (out.has(n) || !may(n)) continue;
        out.set(n, [...out.get(at)!, n]);
        next.push(n);
      }
    frontier = next;
  }
  return out;
}

/** Moves of one unit per group to every place: by its own kind's shortest path and by any path. */
function moveProbes(s: TacticalRiskState): TacticalRiskAction[] {
  const f = current(s);
  const seen = new Set<string>();
  const out: TacticalRiskAction[] = [];
  for (const u of s.units) {
    if (u.owner !== f || seen.has(moveGroupKey(u))) continue;
    seen.add(moveGroupKey(u));
    const own = kindPaths(u);
    const any = paths(u.at, () => true);
    for (const dest of PLACES) {
      if (dest === u.at) continue;
      const both = [own.get(dest), any.get(dest)].filter((x): x is string[] => x !== undefined);
      for (const path of new Map(both.map((x) => [x.join('>'), x])).values()) {
        out.push({ type: 'move', units: [u.id], path });
        if (u.type === 'bomber') out.push({ type: 'move', units: [u.id], path, raid: true });
      }
    }
  }
  return out;
}

function kindPaths(u: Unit): Map<string, string[]> {
  if (isAir(u.type)) return paths(u.at, () => true);
  if (isSea(u.type)) return paths(u.at, isWater);
  if (u.on !== null) return new Map(neighbours(u.at).map((n) => [n, [u.at, n]]));
  // Land: over land, the last step may board a transport.
  const land = paths(u.at, (p) => !isWater(p));
  for (const n of neighbours(u.at)) if (isWater(n)) land.set(n, [u.at, n]);
  return land;
}

/** Everything else a seat might send: placements, fights, prompts' answers, malformed actions. */
function otherProbes(s: TacticalRiskState, hiddenIds: number[]): unknown[] {
  const out: unknown[] = [];
  for (const territory of PLACES) {
    out.push({ type: 'fight', territory }, { type: 'retreat', to: territory });
    if (s.phase === 'place')
      for (const unit of ['infantry', 'fighter', 'destroyer', 'transport', 'factory'])
        out.push({ type: 'place', unit, territory });
  }
  const f = current(s);
  const mine = s.units.find((u) => u.owner === f && u.type !== 'factory');
  out.push(
    { type: 'casualties', units: hiddenIds.slice(0, 1) },
    { type: 'casualties', units: [] },
    { type: 'press' },
    { type: 'submerge' },
    { type: 'undo' },
    { type: 'buy', units: { infantry: 1 } },
    { type: 'place', unit: 'spaceship', territory: 'Germany' },
    { type: 'move', units: [999_999], path: ['Germany', 'Poland'] },
    { type: 'move', units: hiddenIds.slice(0, 2), path: ['Germany', 'Poland'] },
    { type: 'move', units: 'all', path: ['Germany'] },
    { type: 'move', units: mine ? [mine.id] : [], path: [mine?.at ?? 'Germany', 'Atlantis'] },
    { type: 'move', units: mine ? [mine.id, mine.id] : [], path: null },
    { type: 'fight', territory: 42 },
    { type: 'teleport' },
    null,
  );
  return out;
}

interface Checked {
  states: number;
  lookalikes: number;
  probes: number;
  differentBoards: number;
}

/** The seat's legal actions and answers on `s` and on each of its look-alikes are the same. */
function checkSeat(
  s: TacticalRiskState,
  seat: number,
  random: () => number,
  tally: Checked,
  which: (i: number) => boolean,
): void {
  const others = fogLookalikes(s, seat, random).filter((_, i) => which(i));
  const places = visiblePlaces(s, seat);
  const hiddenIds = s.units.filter((u) => !places.has(u.at)).map((u) => u.id);
  const legal = legalActions(s, seat);
  const acting = toAct(s).includes(seat);
  const probes: unknown[] = [...legal, ...otherProbes(s, hiddenIds)];
  if (acting && (s.phase === 'combatMove' || s.phase === 'nonCombatMove')) probes.push(...moveProbes(s));
  const want = probes.map((a) => answer(s, seat, a));
  for (const t of others) {
    expect(view(t, seat)).toEqual(view(s, seat));
    if (JSON.stringify(t.units) !== JSON.stringify(s.units)) tally.differentBoards++;
    const legalThere = legalActions(t, seat);
    expect(legalThere).toEqual(legal);
    const extra = legalThere.filter((a) => !legal.some((b) => JSON.stringify(a) === JSON.stringify(b)));
    const got = [...probes, ...extra].map((a) => answer(t, seat, a));
    const diff = probes.map((a, i) => ({ a, want: want[i], got: got[i] })).filter((x) => x.want !== x.got);
    expect(diff.slice(0, 3)).toEqual([]);
    tally.lookalikes++;
    tally.probes += probes.length;
  }
  tally.states++;
}

const PHASES = ['combatMove', 'nonCombatMove', 'place', 'battle'] as const;

/** Six sampled states of an all-AI fog match: one a turn, its phase in turn (a battle at a prompt). */
function sampledStates(options: Partial<TacticalRiskOptions>, seed: number, seats: number) {
  const out: TacticalRiskState[] = [];
  const taken = new Set<number>();
  let moves = 0;
  playMatch(
    { ...options, fogOfWar: true },
    seed,
    Array.from({ length: seats }, () => tacticalRiskBot),
    {
      maxActions: 240, // six samples come by some 200 actions
      onStep: (before, _action, after) => {
        moves = before.phase === after.phase ? moves + 1 : 0;
        const want = PHASES[after.turnNumber % PHASES.length];
        if (out.length >= 6 || taken.has(after.turnNumber) || after.phase !== want) return;
        // Move phases once some units have moved, placement as it opens, battles at a prompt.
        if (want === 'battle' ? !after.battle?.prompt : want !== 'place' && moves < 3) return;
        taken.add(after.turnNumber);
        out.push(after);
      },
    },
  );
  return out;
}

describe('fog of war: non-interference', () => {
  it.each([
    ['free-for-all, 3 seats', { mode: 'ffa', roundLimit: 2 }, 11, 3],
    ['classic, 2 seats', { mode: 'classic', roundLimit: 2 }, 5, 2],
    ['classic, 5 seats', { mode: 'classic', roundLimit: 2 }, 8, 5],
  ] as const)(
    '%s: look-alike boards get the same legal actions and answers',
    (_name, options, seed, seats) => {
      const random = new Random(seedRng(seed));
      const tally: Checked = { states: 0, lookalikes: 0, probes: 0, differentBoards: 0 };
      const states = sampledStates(options, seed, seats);
      expect(states.map((s) => s.phase)).toEqual(
        expect.arrayContaining(['combatMove', 'nonCombatMove', 'place']),
      );
      states.forEach((s, k) => {
        const seat = toAct(s)[0]!;
        // Two of the three kinds of look-alike (more removed, more moved, more added) in turn.
        const which = (i: number) => i !== k % 3;
        checkSeat(s, seat, () => random.float(), tally, which);
        // A seat that is not to act: nothing listed, one answer to everything.
        checkSeat(s, (seat + 1) % seats, () => random.float(), tally, which);
      });
      // The checks compared real differences: look-alikes that differ from the board, many probes.
      expect(tally.differentBoards).toBeGreaterThan(tally.states);
      expect(tally.probes).toBeGreaterThan(10_000);
    },
  );
});

describe('fog of war: the probes of issue 31', () => {
  /** Round 1, the Germans' combat move under fog, and one German aircraft of each move group. */
  function germanCombatMove(): { s: TacticalRiskState; seat: number; aircraft: Unit[] } {
    let s = newGame({ fogOfWar: true }, 3);
    while (!(current(s) === 'Germans' && s.phase === 'combatMove')) s = act(s, { type: 'endPhase' });
    const groups = new Map<string, Unit>();
    for (const u of s.units) if (u.owner === 'Germans' && isAir(u.type)) groups.set(moveGroupKey(u), u);
    return { s, seat: s.controller.Germans, aircraft: [...groups.values()] };
  }

  /** The board with the seat's enemies' units at `at` gone, and with an enemy unit added there. */
  function variants(s: TacticalRiskState, seat: number, at: string): TacticalRiskState[] {
    const mine = FACTIONS.filter((f) => s.controller[f] === seat);
    const enemy = (f: Faction) => !mine.some((m) => allied(s, m, f));
    const emptied = { ...s, units: s.units.filter((u) => u.at !== at || !enemy(u.owner)) };
    const held = structuredClone(s);
    const owner = held.owner[at];
    if (!isWater(at) && owner && enemy(owner)) put(held, owner, at, { armour: 1 });
    else put(held, FACTIONS.find(enemy)!, at, { destroyer: 1 });
    return [emptied, held];
  }

  it("answers an aircraft's combat move to every place out of sight alike, enemy units there or not", () => {
    const { s, seat, aircraft } = germanCombatMove();
    const places = visiblePlaces(s, seat);
    const hidden = PLACES.filter((p) => !places.has(p));
    const defended = hidden.filter((p) => s.units.some((u) => u.at === p && u.owner !== 'Germans'));
    expect(defended.length).toBeGreaterThan(10);
    const answers = new Map<string, number>();
    for (const plane of aircraft) {
      const reach = paths(plane.at, () => true);
      for (const p of hidden) {
        const move = { type: 'move', units: [plane.id], path: reach.get(p)! } as const;
        const want = answer(s, seat, move);
        answers.set(want.split(':')[0]!, (answers.get(want.split(':')[0]!) ?? 0) + 1);
        for (const t of variants(s, seat, p)) expect([p, answer(t, seat, move)]).toEqual([p, want]);
      }
    }
    // Places in range that the planes go to as attacks into the fog, and others they cannot land from.
    expect(answers.get('accepted')).toBeGreaterThan(3);
    expect(answers.get('NO_LANDING')).toBeGreaterThan(3);
  });

  it('lists air attacks on places out of sight alike, enemy units there or not', () => {
    const { s, seat, aircraft } = germanCombatMove();
    const places = visiblePlaces(s, seat);
    const ids = new Set(aircraft.map((u) => u.id));
    const dests = (t: TacticalRiskState) =>
      legalActions(t, seat)
        .filter((a) => a.type === 'move' && ids.has(a.units[0]!))
        .map((a) => (a.type === 'move' ? `${a.units[0]}>${a.path.at(-1)!}${a.raid ? ' raid' : ''}` : ''))
        .filter((d) => !places.has(d.split('>')[1]!.replace(' raid', '')))
        .sort();
    const want = dests(s);
    expect(want.length).toBeGreaterThan(3);
    for (const p of PLACES.filter((x) => !places.has(x)))
      for (const t of variants(s, seat, p)) expect(dests(t)).toEqual(want);
  });

  it('answers a bombing raid on any enemy land out of sight alike, factory there or not', () => {
    const { s, seat, aircraft } = germanCombatMove();
    const bomber = aircraft.find((u) => u.type === 'bomber')!;
    const places = visiblePlaces(s, seat);
    const reach = paths(bomber.at, () => true);
    for (const p of LAND.filter((x) => !places.has(x) && s.owner[x])) {
      const raid = { type: 'move', units: [bomber.id], path: reach.get(p)!, raid: true } as const;
      const noFactory = { ...s, units: s.units.filter((u) => u.at !== p || u.type !== 'factory') };
      expect([p, answer(noFactory, seat, raid)]).toEqual([p, answer(s, seat, raid)]);
    }
  });

  it("answers a ship's two-zone move into enemy ships out of sight like one into an empty zone", () => {
    let s = newGame({ fogOfWar: true }, 3);
    while (!(current(s) === 'Germans' && s.phase === 'nonCombatMove')) s = act(s, { type: 'endPhase' });
    const seat = s.controller.Germans;
    const places = visiblePlaces(s, seat);
    let probed = 0;
    for (const ship of s.units.filter(
      (u) => u.owner === 'Germans' && isSea(u.type) && u.type !== 'transport',
    )) {
      const sea = paths(ship.at, isWater);
      for (const [zone, path] of sea) {
        if (path.length !== 3 || places.has(zone)) continue;
        const move = { type: 'move', units: [ship.id], path } as const;
        for (const t of variants(s, seat, zone))
          expect([zone, answer(t, seat, move)]).toEqual([zone, answer(s, seat, move)]);
        probed++;
      }
    }
    expect(probed).toBeGreaterThan(0);
  });

  it('answers a placement in any sea zone alike, enemy ships there or not', () => {
    let s = newGame({ fogOfWar: true }, 3);
    s = act(s, { type: 'buy', units: { destroyer: 1 } });
    while (s.phase !== 'place') s = act(s, { type: 'endPhase' });
    const seat = toAct(s)[0]!;
    const places = visiblePlaces(s, seat);
    for (const zone of SEA.filter((z) => !places.has(z))) {
      const a = { type: 'place', unit: 'destroyer', territory: zone } as const;
      for (const t of variants(s, seat, zone))
        expect([zone, answer(t, seat, a)]).toEqual([zone, answer(s, seat, a)]);
    }
  });
});
