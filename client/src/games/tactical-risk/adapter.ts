/**
 * The one place that reads Tactical Risk's fields from the decoded room state (schema in
 * server/src/games/tactical-risk/schema.ts) into a plain view for the debug scene. Units come as
 * per-territory, per-faction stacks; under fog of war they come from the seat's private strings.
 */
import type { GameView } from '@parlor/shared/core/contract';
import { UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import { arr, bool, num, obj, parseJson, str } from '../../net/stateAdapter';
import type { PlainState } from '../types';

export type Counts = Partial<Record<UnitType, number>>;

export interface TrStack {
  counts: Counts;
  ids: number[];
  /** Ids that moved or fought this turn. */
  spent: number[];
  /** The ids split into the rules' move groups (empty: unknown, group by type). */
  groups: number[][];
  /** Free slots of each transport here that could take units now. */
  rooms: number[];
}

export interface TrTerritory {
  owner: string;
  startOwner: string;
  /** Faction -> its units here. */
  units: Record<string, TrStack>;
}

export interface TrFaction {
  name: string;
  seat: number;
  alliance: string;
  treasury: number;
  capital: string;
  capitalHeld: boolean;
  income: number;
  out: boolean;
  pending: Counts;
}

export interface TrBattle {
  territory: string;
  kind: string;
  attacker: string;
  defender: string;
  round: number;
  steps: string[];
  promptKind: string;
  promptFaction: string;
  promptSide: string;
  promptCount: number;
  promptHits: string;
  promptAirOnly: boolean;
  canSubmerge: boolean;
  /** Unit ids out of this battle (submerged or retreated). */
  out: number[];
  suggestion: number[];
  retreats: string[];
  rollsAttacker: number[];
  rollsDefender: number[];
  /** Per die, the value it hits at or under (0 / missing: no hit value, e.g. raid damage). */
  rollsAttackerAt: number[];
  rollsDefenderAt: number[];
  rollsLabel: string;
  /** Shore bombardment from the rules (null: none): ships and zones are empty under fog of war. */
  bombard: TrBombard | null;
}

export interface TrBombard {
  count: number;
  ships: { id: number; zone: string }[];
  /** One die per battleship once rolled (empty before), the value each hits at, and the hits. */
  dice: number[];
  at: number[];
  hits: number;
}

/** One faction turn of the turn summary (the rules' TurnSummary, synced). */
export interface TrTurn {
  faction: string;
  round: number;
  /** The room's turn counter (0 = the first turn). */
  turn: number;
  done: boolean;
  /** Land that changed hands ('' = neutral). */
  changes: { territory: string; from: string; to: string }[];
  battles: { territory: string; kind: string; won: boolean; captured: boolean }[];
  spent: number;
  /** Null while the turn goes on. */
  income: number | null;
  continents: { name: string; bonus: number; from: string; to: string }[];
}

export interface TrPublic {
  mode: string;
  fogOfWar: boolean;
  phase: string;
  round: number;
  turnNumber: number;
  faction: string;
  canUndo: boolean;
  draftSeat: number;
  factions: TrFaction[];
  territories: Record<string, TrTerritory>;
  factoriesAtStart: string[];
  /** Units placed this turn per factory territory. */
  placedAt: Record<string, number>;
  battles: string[];
  battle: TrBattle | null;
  lastBattle: { key: string; winner: string; captured: boolean } | null;
  winner: { factions: string[]; reason: string } | null;
  /** The turn summary: the last turns, oldest first (the running one last). */
  turns: TrTurn[];
}

export interface TrPrivate {
  factions: string[];
  pending: Record<string, Counts> | null;
}

export type TrView = GameView<TrPublic, TrPrivate>;

function stackOf(v: unknown): TrStack {
  const s = obj(v);
  const counts: Counts = {};
  for (const t of UNIT_TYPES) if (num(s[t]) > 0) counts[t] = num(s[t]);
  const ids = str(s.ids).split(' ').filter(Boolean).map(Number);
  const spent = str(s.spent).split(' ').filter(Boolean).map(Number);
  return { counts, ids, spent, groups: groupsOf(str(s.groups)), rooms: numbers(str(s.rooms)) };
}

const numbers = (text: string): number[] => text.split(' ').filter(Boolean).map(Number);
const groupsOf = (text: string): number[][] =>
  text
    .split('|')
    .map(numbers)
    .filter((g) => g.length > 0);

/** `Faction@Territory:type=n,type=n#id id#groups#rooms` per faction, `;`-joined (the server's fogString). */
export function parseFog(text: string): Record<string, TrStack> {
  const out: Record<string, TrStack> = {};
  for (const part of text.split(';').filter(Boolean)) {
    const at = part.indexOf('@');
    const colon = part.indexOf(':', at);
    const hash = part.indexOf('#', colon);
    if (at < 0 || colon < 0 || hash < 0) continue;
    const [idText = '', groupText = '', roomText = ''] = part.slice(hash + 1).split('#');
    const counts: Counts = {};
    for (const c of part
      .slice(colon + 1, hash)
      .split(',')
      .filter(Boolean)) {
      const [t, n] = c.split('=');
      if ((UNIT_TYPES as readonly string[]).includes(t!)) counts[t as UnitType] = Number(n);
    }
    out[part.slice(0, at)] = {
      counts,
      ids: numbers(idText),
      spent: [],
      groups: groupsOf(groupText),
      rooms: numbers(roomText),
    };
  }
  return out;
}

const parts = (v: unknown): string[][] => arr(v).map((x) => str(x).split('|'));

function turnsOf(v: unknown): TrTurn[] {
  return Object.values(obj(v))
    .map((x) => {
      const t = obj(x);
      const income = num(t.income, -1);
      return {
        faction: str(t.faction),
        round: num(t.round),
        turn: num(t.turn),
        done: bool(t.done),
        changes: parts(t.changes).map(([territory = '', from = '', to = '']) => ({ territory, from, to })),
        battles: parts(t.battles).map(([territory = '', kind = '', won, captured]) => ({
          territory,
          kind,
          won: won === '1',
          captured: captured === '1',
        })),
        spent: num(t.spent),
        income: income < 0 ? null : income,
        continents: parts(t.continents).map(([name = '', bonus, from = '', to = '']) => ({
          name,
          bonus: Number(bonus) || 0,
          from,
          to,
        })),
      };
    })
    .sort((a, b) => a.turn - b.turn);
}

export function tacticalRiskViewFromState(state: PlainState, seat: number): TrView {
  const mine = seat >= 0 ? obj(obj(arr(state.seats)[seat]).private) : null;
  const fog = bool(state.fogOfWar);
  const fogUnits = obj(mine?.units);
  const territories: Record<string, TrTerritory> = {};
  for (const [name, v] of Object.entries(obj(state.territories))) {
    const t = obj(v);
    const units: Record<string, TrStack> = {};
    for (const [f, s] of Object.entries(obj(t.units))) units[f] = stackOf(s);
    if (fog && typeof fogUnits[name] === 'string') Object.assign(units, parseFog(str(fogUnits[name])));
    territories[name] = { owner: str(t.owner), startOwner: str(t.startOwner), units };
  }
  const b = obj(state.battle);
  const winnerFactions = arr(state.winnerFactions).map((f) => str(f));
  const pub: TrPublic = {
    mode: str(state.mode, 'classic'),
    fogOfWar: fog,
    phase: str(state.phase),
    round: num(state.round),
    turnNumber: num(state.turnNumber),
    faction: str(state.faction),
    canUndo: bool(state.canUndo),
    draftSeat: num(state.draftSeat, -1),
    factions: arr(state.factions).map((v) => {
      const f = obj(v);
      return {
        name: str(f.name),
        seat: num(f.seat, -1),
        alliance: str(f.alliance),
        treasury: num(f.treasury),
        capital: str(f.capital),
        capitalHeld: bool(f.capitalHeld),
        income: num(f.income),
        out: bool(f.out),
        pending: parseJson<Counts>(f.pending, {}),
      };
    }),
    territories,
    factoriesAtStart: arr(state.factoriesAtStart).map((x) => str(x)),
    placedAt: Object.fromEntries(
      Object.entries(obj(fog && mine ? mine.placedAt : state.placedAt)).map(([k, v]) => [k, num(v)]),
    ),
    battles: arr(state.battles).map((x) => str(x)),
    battle: str(b.territory)
      ? {
          territory: str(b.territory),
          kind: str(b.kind),
          attacker: str(b.attacker),
          defender: str(b.defender),
          round: num(b.round),
          steps: arr(b.steps).map((x) => str(x)),
          promptKind: str(b.promptKind),
          promptFaction: str(b.promptFaction),
          promptSide: str(b.promptSide),
          promptCount: num(b.promptCount),
          promptHits: str(b.promptHits),
          promptAirOnly: bool(b.promptAirOnly),
          canSubmerge: bool(b.canSubmerge),
          out: arr(b.out).map((x) => num(x)),
          suggestion: arr(b.suggestion).map((x) => num(x)),
          retreats: arr(b.retreats).map((x) => str(x)),
          rollsAttacker: arr(b.rollsAttacker).map((x) => num(x)),
          rollsDefender: arr(b.rollsDefender).map((x) => num(x)),
          rollsAttackerAt: arr(b.rollsAttackerAt).map((x) => num(x)),
          rollsDefenderAt: arr(b.rollsDefenderAt).map((x) => num(x)),
          rollsLabel: str(b.rollsLabel),
          bombard:
            num(b.bombardCount) > 0
              ? {
                  count: num(b.bombardCount),
                  ships: arr(b.bombardShips).map((id, i) => ({
                    id: num(id),
                    zone: str(arr(b.bombardZones)[i]),
                  })),
                  dice: arr(b.bombardDice).map((x) => num(x)),
                  at: arr(b.bombardAt).map((x) => num(x)),
                  hits: num(b.bombardHits),
                }
              : null,
        }
      : null,
    lastBattle: str(state.lastBattleKey)
      ? {
          key: str(state.lastBattleKey),
          winner: str(state.lastBattleWinner),
          captured: bool(state.lastBattleCaptured),
        }
      : null,
    winner: winnerFactions.length ? { factions: winnerFactions, reason: str(state.winnerReason) } : null,
    turns: turnsOf(state.turns),
  };
  const priv: TrPrivate | null = mine
    ? {
        factions: arr(mine.factions).map((f) => str(f)),
        pending: parseJson<Record<string, Counts> | null>(mine.pending, null),
      }
    : null;
  return { public: pub, private: priv };
}
