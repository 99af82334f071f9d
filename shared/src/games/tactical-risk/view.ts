/**
 * The single place that decides hidden information (which units a seat sees: sight.ts, which the
 * rules judge moves on too). Without fog of war everything on the board is public (the rng never is).
 * With fog of war the public view carries no units; each seat's private view carries its own and its
 * allies' units plus enemy units in or next to territories it holds or stands in.
 */
import type { GameView, Viewer } from '../../core/contract';
import { FACTIONS } from './board';
import { capitalOf, current, factionsOf, isOut } from './state';
import { seesUnit } from './sight';

export { visiblePlaces } from './sight';
import { edition } from './edition';
import { currentDraw } from './timeBank';
import { turnLogView } from './turnlog';
import { incomeOf } from './turns';
import type {
  BattleState,
  PublicUnit,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
  Unit,
} from './types';

function publicUnit(u: Unit): PublicUnit {
  return { ...u };
}

/**
 * The battle as everyone sees it. Under fog of war the bombarding battleships are counted (and their
 * dice shown, as the bombardment event says) but not placed: the public view places no unit; nor
 * does it list where the attacker may retreat.
 */
function battleView(s: TacticalRiskState, fog: boolean): BattleState {
  const b = structuredClone(s.battle!);
  b.bombard = b.bombard ?? null;
  if (fog && b.bombard) b.bombard.ships = [];
  // Under fog the retreat options (sea zones free of the attacker's enemies) go to the attacker's
  // seat only, as its legal `retreat` actions: others may not see those zones.
  if (fog && b.prompt?.kind === 'attackerRound') b.prompt.retreats = [];
  return b;
}

export function view(
  s: TacticalRiskState,
  viewer: Viewer,
): GameView<TacticalRiskPublic, TacticalRiskPrivate> {
  const fog = s.options.fogOfWar;
  const pub: TacticalRiskPublic = {
    mode: s.options.mode,
    fogOfWar: fog,
    edition: edition(s),
    roundLimit: s.options.roundLimit,
    phase: s.phase,
    round: s.round,
    turnNumber: s.turnNumber,
    faction: current(s),
    names: s.names.slice(),
    factions: FACTIONS.map((f) => ({
      name: f,
      seat: s.controller[f],
      alliance: s.alliance[f],
      treasury: s.treasury[f],
      capital: capitalOf(f),
      capitalHeld: s.owner[capitalOf(f)] === f,
      income: incomeOf(s, f),
      out: isOut(s, f),
      pending: fog ? {} : { ...s.pending[f] },
    })),
    owner: { ...s.owner },
    turnStartOwner: { ...s.turnStartOwner },
    factoriesAtStart: s.factoriesAtStart.slice(),
    placedAt: fog ? {} : { ...s.placedAt },
    units: fog ? [] : s.units.map(publicUnit),
    battles: s.battles.slice(),
    battle: s.battle ? battleView(s, fog) : null,
    lastBattle: s.lastBattle ? { ...s.lastBattle } : null,
    canUndo: s.prev !== null && !s.battle,
    draftSeat: s.draftSeat,
    winner: s.winner ? { factions: s.winner.factions.slice(), reason: s.winner.reason } : null,
    bankMs: s.names.map((_, i) => s.bank?.[i] ?? 0),
    banking: currentDraw(s) !== null,
    turns: turnLogView(s),
  };
  if (viewer < 0 || viewer >= s.names.length) return { public: pub, private: null };
  const factions = factionsOf(s, viewer);
  let units: PublicUnit[] | null = null;
  if (fog) {
    // Under fog purchases and placements are secrets of their faction too.
    units = s.units.filter(seesUnit(s, viewer)).map(publicUnit);
  }
  if (!fog) return { public: pub, private: { factions, units, pending: null, placedAt: null } };
  const pending = Object.fromEntries(factions.map((f) => [f, { ...s.pending[f] }]));
  const placedAt = factions.includes(current(s)) ? { ...s.placedAt } : {};
  return { public: pub, private: { factions, units, pending, placedAt } };
}
