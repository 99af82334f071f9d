/**
 * The planning form's cost line: what the plan takes from the seat's IP at the reveal, and whether
 * the seat can pay it, as the server judges (planning.ts planProblem): the plan's cost, an asset
 * claim's price and the income a Mobile Fortress gives back (the seat's `fortressForfeit`).
 */
import { claimCost, planCost } from '@parlor/shared/games/james-bland/planning';
import type { JamesBlandPrivate, Plan } from '@parlor/shared/games/james-bland/types';

export interface CostLine {
  text: string;
  /** The seat has the IP for it (a 0-IP plan always). */
  affordable: boolean;
}

export function costLine(me: Pick<JamesBlandPrivate, 'ip' | 'fortressForfeit'>, plan: Plan): CostLine {
  const cost = planCost(plan);
  const claim = claimCost(plan);
  // Older servers' views have no forfeit: count none (the server still judges).
  const forfeit = plan.fortress ? (me.fortressForfeit ?? 0) : 0;
  const extra = [
    claim ? `+${claim} if the claim goes through` : '',
    forfeit ? `+${forfeit} of this round's income the Mobile Fortress gives back` : '',
  ].filter(Boolean);
  const text = `Cost ${cost} IP${extra.length ? ` (${extra.join(', ')})` : ''} of your ${me.ip}`;
  // As the server: the cost alone, then the whole price (claim and forfeit) when there is more.
  const price = cost + claim + forfeit;
  const affordable = (cost === 0 || cost <= me.ip) && (price === cost || price <= me.ip);
  return { text, affordable };
}
