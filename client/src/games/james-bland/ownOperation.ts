/** Which of a round's revealed operations is the viewer's own (the recap says "Your ..."). */
import type { JamesBlandPrivate, RevealedOffense } from '@parlor/shared/games/james-bland/types';

/**
 * The reveal's entry for this seat's own operation: the one it is named in, else the one
 * unidentified entry with its plan's offense and target (none when two such are alike).
 */
export function ownOperation(
  offenses: readonly RevealedOffense[],
  priv: JamesBlandPrivate | null,
): RevealedOffense | null {
  if (!priv) return null;
  const named = offenses.find((o) => o.attacker === priv.seat);
  if (named) return named;
  const plan = priv.plan;
  if (!plan || plan.offense === 'safeTurn') return null;
  const alike = offenses.filter(
    (o) => o.attacker === null && o.offense === plan.offense && o.target === (plan.target ?? null),
  );
  return alike.length === 1 ? alike[0]! : null;
}
