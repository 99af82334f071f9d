/** How a finished match ended, in seats. */
import type { Outcome } from '../../core/contract';
import { FACTIONS } from './board';
import { incomeOf } from './turns';
import type { TacticalRiskState } from './types';

export function outcomeOf(s: TacticalRiskState): Outcome | null {
  if (s.phase !== 'finished' || !s.winner) return null;
  const winners = [...new Set(s.winner.factions.map((f) => s.controller[f]))].filter((x) => x >= 0).sort();
  const scores = s.names.map((_, seat) =>
    FACTIONS.filter((f) => s.controller[f] === seat).reduce((a, f) => a + incomeOf(s, f), 0),
  );
  return { winners, summary: s.winner.reason, scores };
}
