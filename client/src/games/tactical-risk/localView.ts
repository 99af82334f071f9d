/**
 * Hot seat (no server): the rules' own view, folded the way the server folds it into its synced
 * state (server/src/games/tactical-risk/adapter.ts), then read by the same adapter as online play.
 * So the map client sees one shape whichever table it sits at.
 */
import type { GameView } from '@parlor/shared/core/contract';
import { LAND, SEA, UNIT_TYPES } from '@parlor/shared/games/tactical-risk/board';
import { moveGroupsOf, transportRooms } from '@parlor/shared/games/tactical-risk/destinations';
import type { TacticalRiskPrivate, TacticalRiskPublic, Unit } from '@parlor/shared/games/tactical-risk/types';
import type { PlainState } from '../types';
import { type TrView, tacticalRiskViewFromState } from './adapter';

type RulesView = GameView<TacticalRiskPublic, TacticalRiskPrivate>;

interface PlainStack {
  [type: string]: number | string;
  ids: string;
  spent: string;
  groups: string;
  rooms: string;
}

function stacks(units: readonly Unit[], phase: string): Map<string, Map<string, PlainStack>> {
  const order = new Map<string, number>(UNIT_TYPES.map((t, i) => [t, i]));
  const sorted = units.slice().sort((a, b) => order.get(a.type)! - order.get(b.type)! || a.id - b.id);
  const by = new Map<string, Map<string, Unit[]>>();
  for (const u of sorted) {
    const here = by.get(u.at) ?? new Map<string, Unit[]>();
    by.set(u.at, here);
    here.set(u.owner, [...(here.get(u.owner) ?? []), u]);
  }
  const out = new Map<string, Map<string, PlainStack>>();
  for (const [at, here] of by) {
    const m = new Map<string, PlainStack>();
    for (const [f, list] of here) {
      const st: PlainStack = {
        ids: list.map((u) => u.id).join(' '),
        spent: list
          .filter((u) => u.moved > 0 || u.fought || u.combatMoved)
          .map((u) => u.id)
          .join(' '),
        groups: moveGroupsOf(list)
          .map((g) => g.join(' '))
          .join('|'),
        rooms: transportRooms(list, phase).join(' '),
      };
      for (const t of UNIT_TYPES) st[t] = list.filter((u) => u.type === t).length;
      m.set(f, st);
    }
    out.set(at, m);
  }
  return out;
}

/** The fog string of a territory's visible stacks (the server's fogString). */
function fogString(at: string, here: Map<string, PlainStack>): string {
  return [...here]
    .map(([f, s]) => {
      const counts = UNIT_TYPES.filter((t) => Number(s[t]) > 0)
        .map((t) => `${t}=${s[t]}`)
        .join(',');
      return `${f}@${at}:${counts}#${s.ids}#${s.groups}#${s.rooms}`;
    })
    .join(';');
}

/** The plain synced state the server would send `seat` (only the fields the adapter reads). */
export function plainStateFromRules(view: RulesView, seat: number, names: string[]): PlainState {
  const pub = view.public;
  const territories: Record<
    string,
    { owner: string; startOwner: string; units: Record<string, PlainStack> }
  > = {};
  const board = stacks(pub.units, pub.phase);
  for (const name of [...LAND, ...SEA])
    territories[name] = {
      owner: pub.owner[name] ?? '',
      startOwner: pub.turnStartOwner[name] ?? '',
      units: {},
    };
  for (const [at, here] of board) {
    territories[at] ??= { owner: '', startOwner: '', units: {} };
    territories[at].units = Object.fromEntries(here);
  }
  const b = pub.battle;
  const p = b?.prompt ?? null;
  const priv = view.private;
  const fog: Record<string, string> = {};
  if (priv?.units) for (const [at, here] of stacks(priv.units, pub.phase)) fog[at] = fogString(at, here);
  const seats = names.map((_, i) =>
    i === seat && priv
      ? {
          private: {
            factions: priv.factions,
            units: fog,
            pending: priv.pending ? JSON.stringify(priv.pending) : '',
            placedAt: priv.placedAt ?? {},
          },
        }
      : {},
  );
  return {
    seats,
    mode: pub.mode,
    fogOfWar: pub.fogOfWar,
    phase: pub.phase,
    round: pub.round,
    turnNumber: pub.turnNumber,
    faction: pub.faction,
    canUndo: pub.canUndo,
    draftSeat: pub.draftSeat,
    territories,
    factions: pub.factions.map((f) => ({
      ...f,
      alliance: f.alliance ?? '',
      pending: JSON.stringify(f.pending),
    })),
    factoriesAtStart: pub.factoriesAtStart,
    placedAt: pub.placedAt,
    battles: pub.battles,
    battle: {
      territory: b?.territory ?? '',
      kind: b?.kind ?? '',
      attacker: b?.attacker ?? '',
      defender: b?.defender ?? '',
      round: b?.round ?? 0,
      steps: b?.steps ?? [],
      promptKind: p?.kind ?? '',
      promptFaction: p?.faction ?? '',
      promptSide: p?.kind === 'casualties' ? p.side : '',
      promptCount: p?.kind === 'casualties' ? p.count : 0,
      promptAirOnly: p?.kind === 'casualties' ? p.airOnly : false,
      promptHits: p?.kind === 'casualties' ? `${p.hits.sub} ${p.hits.air} ${p.hits.other}` : '',
      canSubmerge: p?.kind === 'defenderSubmerge' || (p?.kind === 'attackerRound' && p.canSubmerge),
      suggestion: p?.kind === 'casualties' ? p.suggestion : [],
      retreats: p?.kind === 'attackerRound' ? p.retreats : [],
      out: b?.out ?? [],
      rollsAttacker: b?.lastRolls.attacker ?? [],
      rollsDefender: b?.lastRolls.defender ?? [],
      rollsAttackerAt: b?.lastRolls.attackerAt ?? [],
      rollsDefenderAt: b?.lastRolls.defenderAt ?? [],
      rollsLabel: b?.lastRolls.label ?? '',
      bombardCount: b?.bombard?.count ?? 0,
      bombardHits: b?.bombard?.hits ?? 0,
      bombardShips: b?.bombard?.ships.map((x) => x.id) ?? [],
      bombardZones: b?.bombard?.ships.map((x) => x.zone) ?? [],
      bombardDice: b?.bombard?.dice ?? [],
      bombardAt: b?.bombard?.at ?? [],
    },
    lastBattleKey: pub.lastBattle?.key ?? '',
    lastBattleWinner: pub.lastBattle?.winner ?? '',
    lastBattleCaptured: pub.lastBattle?.captured ?? false,
    winnerFactions: pub.winner?.factions ?? [],
    winnerReason: pub.winner?.reason ?? '',
    turns: Object.fromEntries(
      pub.turns.map((r) => [
        String(r.turn),
        {
          ...r,
          income: r.income ?? -1,
          changes: r.changes.map((c) => `${c.territory}|${c.from ?? ''}|${c.to ?? ''}`),
          battles: r.battles.map((x) => `${x.territory}|${x.kind}|${x.won ? 1 : 0}|${x.captured ? 1 : 0}`),
          continents: r.continents.map((c) => `${c.name}|${c.bonus}|${c.from ?? ''}|${c.to ?? ''}`),
        },
      ]),
    ),
  } as unknown as PlainState;
}

/** The map client's view of a rules view (hot seat). */
export function tacticalRiskViewFromRules(view: RulesView, seat: number, names: string[]): TrView {
  return tacticalRiskViewFromState(plainStateFromRules(view, seat, names), seat);
}
