/**
 * No one clicks through a turn with nothing in it. A turn the mover begins with nothing it can do
 * (no money for any unit, no unit that can move, nothing bought to place) passes at once, with a
 * line in the log; so does the turn of a knocked-out faction (its capital in enemy hands: no income)
 * with no money left for a unit, units or not: its player does not click through two move phases
 * every round (ruling in docs/rules/tactical-risk.md; a bot or the player's own side fights on). One
 * with money left keeps its turn, and skips the placement it has nothing for. Decided here, in the
 * rules, so replays stay exact. Only a phase being entered is passed: placing the last unit does not end a turn under the
 * player.
 */
import { UNIT, UNIT_TYPES, turnOrder } from './board';
import { KNOCKED_OUT_PASS_EDITION, edition } from './edition';
import type { Events } from './state';
import { capitalOf, current } from './state';
import { collectIncomeAndPass } from './turns';
import type { TacticalRiskState } from './types';

function canBuy(s: TacticalRiskState): boolean {
  const cash = s.treasury[current(s)];
  return UNIT_TYPES.some((t) => UNIT[t].cost <= cash);
}

/** Any unit of the mover that could move this turn (factories never move). */
function hasMobileUnits(s: TacticalRiskState): boolean {
  const f = current(s);
  return s.units.some((u) => u.owner === f && u.type !== 'factory');
}

function hasPending(s: TacticalRiskState): boolean {
  return Object.values(s.pending[current(s)]).some((n) => n > 0);
}

/** The mover's capital is in enemy hands: it collects nothing, so it can buy nothing new. */
export function knockedOut(s: TacticalRiskState): boolean {
  const f = current(s);
  return s.owner[capitalOf(f)] !== f;
}

/** At the start of a turn: nothing to buy, move or place (only 'end' is left, phase after phase). */
export function idleTurn(s: TacticalRiskState): boolean {
  return s.phase === 'purchase' && !s.battle && !canBuy(s) && !hasMobileUnits(s) && !hasPending(s);
}

/** At the start of a turn: the capital is lost and no money is left for a unit (nothing pending). */
export function knockedOutTurn(s: TacticalRiskState): boolean {
  return s.phase === 'purchase' && !s.battle && knockedOut(s) && !canBuy(s) && !hasPending(s);
}

/** Called when a phase or a turn has just begun (see `apply`). */
export function passIdlePhases(s: TacticalRiskState, ev: Events): void {
  if (s.phase === 'place' && knockedOut(s) && !hasPending(s)) collectIncomeAndPass(s, ev);
  // A full round of passed turns at most: if everyone is idle, the players click "End" themselves.
  for (let passed = 0; passed < turnOrder.length && s.phase !== 'finished'; passed++) {
    const f = current(s);
    let text: string;
    if (idleTurn(s)) text = `The ${f} have nothing to buy, move or place: their turn passes.`;
    else if (edition(s) >= KNOCKED_OUT_PASS_EDITION && knockedOutTurn(s))
      text = `The ${f} have lost their capital and have no money: their turn passes.`;
    else break;
    ev.push({ type: 'turnPassed', text, data: { faction: f } });
    s.phase = 'place';
    collectIncomeAndPass(s, ev);
  }
  if (s.phase === 'purchase' && knockedOut(s) && !canBuy(s)) {
    s.phase = 'combatMove';
    s.seq++;
  }
}
