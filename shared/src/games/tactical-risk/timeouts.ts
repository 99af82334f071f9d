/**
 * Phase timers as data (option `phaseSeconds`, 0 = off). When a window runs out: a battle prompt takes
 * the suggestion (casualties) or presses on, a pending battle is fought, the draft takes the first free
 * faction, and any other phase ends.
 */
import type { TimeoutRule } from '../../core/contract';
import { FACTIONS } from './board';
import { toAct } from './rules';
import type { TacticalRiskAction, TacticalRiskState } from './types';

export function timeout(s: TacticalRiskState): TimeoutRule<TacticalRiskAction> | null {
  if (s.options.phaseSeconds <= 0 || s.phase === 'finished') return null;
  const seat = toAct(s)[0];
  if (seat === undefined) return null;
  const key = `${s.turnNumber}:${s.phase}:${s.seq}`;
  const durationMs = s.options.phaseSeconds * 1000;
  const p = s.battle?.prompt;
  let action: TacticalRiskAction;
  if (s.phase === 'draft') action = { type: 'draft', faction: FACTIONS.find((f) => s.controller[f] === -1)! };
  else if (p)
    action = p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' };
  else if (s.phase === 'battle') action = { type: 'fight', territory: s.battles[0]! };
  else action = { type: 'endPhase' };
  return { key, seat, durationMs, action };
}
