/**
 * Non-Aggression Pacts as they form (Alliance Building, adaptations): intel shared as copies,
 * Communication Intercepts fed, and an asset claimed through the alliance (design 6.4).
 */
import type { GameEvent } from '../../core/contract';
import { ASSET_SPECS } from './data';
import { isLegacy } from './edition';
import { addIp, inPlay, note, pactBetween, removeGadget, transferAsset } from './state';
import type { IntelCard, JamesBlandState } from './types';

/** A copy's tag (edition 2; edition 1 knew copies only by their pact). */
const copyTag = (s: JamesBlandState, c: IntelCard): IntelCard => (isLegacy(s) ? c : { ...c, copy: true });

/**
 * Design 6.4: asset control also changes hands "through Alliance Building against current
 * controllers". When a pact forms by Alliance Building and `claimant` named an asset `controller`
 * holds, the asset passes to the claimant, who pays the controller its control cost.
 */
export function claimThroughAlliance(
  s: JamesBlandState,
  claimant: number,
  controller: number,
  events: GameEvent[],
): void {
  const asset = s.agents[claimant]!.plan?.claimAsset;
  if (isLegacy(s) || !asset || s.assets[asset] !== controller) return;
  const price = ASSET_SPECS[asset].cost;
  addIp(s, claimant, -price, 'asset claimed by alliance');
  addIp(s, controller, price, 'asset claimed by alliance');
  transferAsset(s, asset, claimant);
  events.push({
    type: 'asset',
    seat: claimant,
    text: `${s.names[claimant]} takes over ${ASSET_SPECS[asset].name} from ${s.names[controller]} through their alliance (${price} IP)`,
  });
}

export function formPact(s: JamesBlandState, a: number, b: number, until: number, events: GameEvent[]): void {
  const existing = pactBetween(s, a, b);
  if (existing) {
    existing.until = Math.max(existing.until, until);
    return;
  }
  const id = s.nextPactId++;
  s.pacts.push({ id, a, b, until });
  events.push({ type: 'pact', text: `${s.names[a]} and ${s.names[b]} sign a Non-Aggression Pact` });
  // Share the intel each already holds (copies), and feed any Communication Intercepts.
  const copies: { to: number; about: number; fact: (typeof s.agents)[number]['cards'][number]['fact'] }[] =
    [];
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const)
    for (const c of s.agents[from]!.cards)
      if (c.about !== to && c.sharedVia === undefined) copies.push({ to, about: c.about, fact: c.fact });
  for (const c of copies)
    s.agents[c.to]!.cards.push(copyTag(s, { uid: s.nextUid++, about: c.about, fact: c.fact, sharedVia: id }));
  s.agents.forEach((spy, seat) => {
    if (seat === a || seat === b || !inPlay(spy.status)) return;
    if (!removeGadget(s, seat, 'communicationIntercepts')) return;
    for (const c of copies)
      if (c.about !== seat) spy.cards.push(copyTag(s, { uid: s.nextUid++, about: c.about, fact: c.fact }));
    note(s, seat, `your Communication Intercepts caught ${copies.length} shared cards`, events);
  });
}
