/**
 * The reference the AI is measured against: a random-action bot. It picks a kind of action uniformly
 * (purchase, bid, activate, pass, ...), then one action of that kind uniformly, so the long lists
 * (every target of every Power, every offer) do not drown the rest.
 */
import type { DevicesAction, DevicesBot } from './types';

export const randomBot: DevicesBot = {
  decide(_view, legal, random) {
    const kinds = new Map<string, DevicesAction[]>();
    for (const a of legal) kinds.set(a.type, [...(kinds.get(a.type) ?? []), a]);
    const groups = [...kinds.values()];
    const group = groups[Math.min(groups.length - 1, Math.floor(random() * groups.length))]!;
    return group[Math.min(group.length - 1, Math.floor(random() * group.length))]!;
  },
};

/** A uniformly random legal action (long lists of offers and targets dominate its choices). */
export const uniformRandomBot: DevicesBot = {
  decide(_view, legal, random) {
    return legal[Math.min(legal.length - 1, Math.floor(random() * legal.length))]!;
  },
};
