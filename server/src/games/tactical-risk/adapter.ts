/**
 * Tactical Risk on the platform: its schema and the one projection from its views. Units are folded
 * into per-territory, per-faction stacks of counts so a move patches two stacks; under fog of war
 * they travel only in each seat's private child, one string per territory it can see.
 */
import {
  type TacticalRiskAction,
  type TacticalRiskOptions,
  type TacticalRiskPrivate,
  type TacticalRiskPublic,
  type TacticalRiskState,
  tacticalRisk,
  tacticalRiskLand,
  tacticalRiskMoveGroups,
  tacticalRiskSea,
  tacticalRiskTransportRooms,
  tacticalRiskUnitTypes,
} from '@parlor/shared';
import type { GameAdapter } from '../../rooms/GameAdapter';
import { assignChanged, syncArray, syncMap, syncSet } from '../../rooms/sync';
import {
  TacticalRiskFactionState,
  TacticalRiskRoomState,
  TacticalRiskSeatState,
  TacticalRiskStackState,
  TacticalRiskTerritoryState,
  TacticalRiskTurnState,
} from './schema';

type Unit = TacticalRiskPublic['units'][number];
type UnitType = (typeof tacticalRiskUnitTypes)[number];
type Counts = Record<UnitType, number>;

const TERRITORIES = [...tacticalRiskLand, ...tacticalRiskSea];

interface Stack {
  counts: Counts;
  ids: string;
  spent: string;
  groups: string;
  rooms: string;
}

const zeroCounts = (): Counts =>
  Object.fromEntries(tacticalRiskUnitTypes.map((t) => [t, 0])) as unknown as Counts;

/**
 * territory -> faction -> stack, units in unit-type order then by id. `phase`: which transports
 * could take units now (the non-combat move excludes those committed to the combat move).
 */
export function stacksOf(units: readonly Unit[], phase = ''): Map<string, Map<string, Stack>> {
  const order = new Map<string, number>(tacticalRiskUnitTypes.map((t, i) => [t, i]));
  const sorted = units.slice().sort((a, b) => order.get(a.type)! - order.get(b.type)! || a.id - b.id);
  const out = new Map<
    string,
    Map<string, { counts: Counts; ids: number[]; spent: number[]; units: Unit[] }>
  >();
  for (const u of sorted) {
    let here = out.get(u.at);
    if (!here) out.set(u.at, (here = new Map()));
    let s = here.get(u.owner);
    if (!s) here.set(u.owner, (s = { counts: zeroCounts(), ids: [], spent: [], units: [] }));
    s.counts[u.type]++;
    s.ids.push(u.id);
    s.units.push(u);
    if (u.moved > 0 || u.fought || u.combatMoved) s.spent.push(u.id);
  }
  const result = new Map<string, Map<string, Stack>>();
  for (const [at, here] of out) {
    const m = new Map<string, Stack>();
    for (const [f, s] of here)
      m.set(f, {
        counts: s.counts,
        ids: s.ids.join(' '),
        spent: s.spent.join(' '),
        groups: tacticalRiskMoveGroups(s.units)
          .map((g) => g.join(' '))
          .join('|'),
        rooms: tacticalRiskTransportRooms(s.units, phase).join(' '),
      });
    result.set(at, m);
  }
  return result;
}

/**
 * A territory's visible units as one string, `Faction@Territory:type=n,type=n#id id id#groups#rooms`
 * per faction, joined by `;` (ids in the order of the listed types; groups and rooms as in the public
 * stacks). The territory is repeated inside so every value names what it reveals.
 */
export function fogString(at: string, stacks: Map<string, Stack>): string {
  return [...stacks]
    .map(([faction, s]) => {
      const counts = tacticalRiskUnitTypes
        .filter((t) => s.counts[t] > 0)
        .map((t) => `${t}=${s.counts[t]}`)
        .join(',');
      return `${faction}@${at}:${counts}#${s.ids}#${s.groups}#${s.rooms}`;
    })
    .join(';');
}

function projectTerritories(state: TacticalRiskRoomState, pub: TacticalRiskPublic): void {
  const stacks = stacksOf(pub.units, pub.phase);
  for (const name of TERRITORIES) {
    let t = state.territories.get(name);
    if (!t) {
      t = new TacticalRiskTerritoryState();
      state.territories.set(name, t);
    }
    assignChanged(t, { owner: pub.owner[name] ?? '', startOwner: pub.turnStartOwner[name] ?? '' });
    const here = stacks.get(name);
    for (const f of Array.from(t.units.keys())) if (!here?.has(f)) t.units.delete(f);
    for (const [f, s] of here ?? []) {
      let target = t.units.get(f);
      if (!target) {
        target = new TacticalRiskStackState();
        t.units.set(f, target);
      }
      assignChanged(target, { ...s.counts, ids: s.ids, spent: s.spent, groups: s.groups, rooms: s.rooms });
    }
  }
}

function projectPrivate(seat: TacticalRiskSeatState, priv: TacticalRiskPrivate | null, phase: string): void {
  const p = seat.private;
  syncArray(p.factions, priv?.factions ?? []);
  const fog: Record<string, string> = {};
  if (priv?.units) for (const [at, here] of stacksOf(priv.units, phase)) fog[at] = fogString(at, here);
  syncMap(p.units, fog);
  const pending = priv?.pending ? JSON.stringify(priv.pending) : '';
  if (p.pending !== pending) p.pending = pending;
  syncMap(p.placedAt, priv?.placedAt ?? {});
}

export function projectTacticalRisk(
  state: TacticalRiskRoomState,
  pub: TacticalRiskPublic,
  privates: (TacticalRiskPrivate | null)[],
): void {
  assignChanged(state, {
    mode: pub.mode,
    fogOfWar: pub.fogOfWar,
    round: pub.round,
    turnNumber: pub.turnNumber,
    faction: pub.faction,
    canUndo: pub.canUndo,
    draftSeat: pub.draftSeat,
    lastBattleKey: pub.lastBattle?.key ?? '',
    lastBattleWinner: pub.lastBattle?.winner ?? '',
    lastBattleCaptured: pub.lastBattle?.captured ?? false,
    winnerReason: pub.winner?.reason ?? '',
    banking: pub.banking,
  });
  syncArray(state.winnerFactions, pub.winner?.factions ?? []);
  syncArray(state.bankMs, pub.bankMs);
  projectTerritories(state, pub);
  pub.factions.forEach((f, i) => {
    let target = state.factions[i];
    if (!target) state.factions.push((target = new TacticalRiskFactionState()));
    assignChanged(target, {
      name: f.name,
      seat: f.seat,
      alliance: f.alliance ?? '',
      treasury: f.treasury,
      capital: f.capital,
      capitalHeld: f.capitalHeld,
      income: f.income,
      out: f.out,
      pending: JSON.stringify(f.pending),
    });
  });
  syncSet(state.factoriesAtStart, pub.factoriesAtStart);
  syncMap(state.placedAt, pub.placedAt);
  syncArray(state.battles, pub.battles);
  projectBattle(state, pub.battle);
  projectTurns(state, pub.turns);
  pub.names.forEach((_, i) => {
    const seat = state.seats[i] as TacticalRiskSeatState | undefined;
    if (seat) projectPrivate(seat, privates[i] ?? null, pub.phase);
  });
}

function projectBattle(state: TacticalRiskRoomState, b: TacticalRiskPublic['battle']): void {
  const t = state.battle;
  const p = b?.prompt ?? null;
  assignChanged(t, {
    key: b?.key ?? '',
    territory: b?.territory ?? '',
    kind: b?.kind ?? '',
    attacker: b?.attacker ?? '',
    defender: b?.defender ?? '',
    round: b?.round ?? 0,
    promptKind: p?.kind ?? '',
    promptFaction: p?.faction ?? '',
    promptSide: p?.kind === 'casualties' ? p.side : '',
    promptCount: p?.kind === 'casualties' ? p.count : 0,
    promptAirOnly: p?.kind === 'casualties' ? p.airOnly : false,
    promptHits: p?.kind === 'casualties' ? `${p.hits.sub} ${p.hits.air} ${p.hits.other}` : '',
    canSubmerge: p?.kind === 'defenderSubmerge' || (p?.kind === 'attackerRound' && p.canSubmerge),
    rollsLabel: b?.lastRolls.label ?? '',
  });
  syncArray(t.steps, b?.steps ?? []);
  syncArray(t.suggestion, p?.kind === 'casualties' ? p.suggestion : []);
  syncArray(t.retreats, p?.kind === 'attackerRound' ? p.retreats : []);
  syncArray(t.out, b?.out ?? []);
  syncArray(t.rollsAttacker, b?.lastRolls.attacker ?? []);
  syncArray(t.rollsDefender, b?.lastRolls.defender ?? []);
  syncArray(t.rollsAttackerAt, b?.lastRolls.attackerAt ?? []);
  syncArray(t.rollsDefenderAt, b?.lastRolls.defenderAt ?? []);
  const bombard = b?.bombard ?? null;
  assignChanged(t, { bombardCount: bombard?.count ?? 0, bombardHits: bombard?.hits ?? 0 });
  syncArray(t.bombardShips, bombard?.ships.map((x) => x.id) ?? []);
  syncArray(t.bombardZones, bombard?.ships.map((x) => x.zone) ?? []);
  syncArray(t.bombardDice, bombard?.dice ?? []);
  syncArray(t.bombardAt, bombard?.at ?? []);
}

function projectTurns(state: TacticalRiskRoomState, turns: TacticalRiskPublic['turns']): void {
  const wanted = new Set(turns.map((r) => String(r.turn)));
  for (const key of Array.from(state.turns.keys())) if (!wanted.has(key)) state.turns.delete(key);
  for (const r of turns) {
    let t = state.turns.get(String(r.turn));
    if (!t) state.turns.set(String(r.turn), (t = new TacticalRiskTurnState()));
    assignChanged(t, {
      faction: r.faction,
      round: r.round,
      turn: r.turn,
      done: r.done,
      spent: r.spent,
      income: r.income ?? -1,
    });
    syncArray(
      t.changes,
      r.changes.map((c) => `${c.territory}|${c.from ?? ''}|${c.to ?? ''}`),
    );
    syncArray(
      t.battles,
      r.battles.map((x) => `${x.territory}|${x.kind}|${x.won ? 1 : 0}|${x.captured ? 1 : 0}`),
    );
    syncArray(
      t.continents,
      r.continents.map((c) => `${c.name}|${c.bonus}|${c.from ?? ''}|${c.to ?? ''}`),
    );
  }
}

export const tacticalRiskAdapter: GameAdapter<
  TacticalRiskState,
  TacticalRiskAction,
  TacticalRiskOptions,
  TacticalRiskPublic,
  TacticalRiskPrivate,
  TacticalRiskRoomState,
  TacticalRiskSeatState
> = {
  definition: tacticalRisk,
  createState: () => new TacticalRiskRoomState(),
  createSeat: () => new TacticalRiskSeatState(),
  project: projectTacticalRisk,
  // A move phase lists a couple of hundred templates; as a set a move re-sends only those that changed.
  legalAsSet: true,
};
