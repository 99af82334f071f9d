/** The card table as lookups (from the generated module; see config/). */
import { CARD_TABLE } from './config/cards.generated';
import type { CardDef, CardId, ModifierKey } from './types';

export { CARD_TABLE };

export const CARDS: ReadonlyMap<CardId, CardDef> = new Map(CARD_TABLE.map((c) => [c.id, c]));

export function cardDef(id: CardId): CardDef {
  const def = CARDS.get(id);
  if (!def) throw new Error(`unknown Kingpin card ${id}`);
  return def;
}

/** The 37 cards shuffled into the Draw Pile. */
export const DECK_IDS: readonly CardId[] = CARD_TABLE.filter((c) => c.inDeck).map((c) => c.id);
/** The 3 Bosses, drawn blind at setup. */
export const BOSS_IDS: readonly CardId[] = CARD_TABLE.filter((c) => c.type === 'boss').map((c) => c.id);

export function isBoss(id: CardId): boolean {
  return cardDef(id).type === 'boss';
}

export function isEvent(id: CardId): boolean {
  return cardDef(id).type === 'event';
}

export function isUnique(id: CardId): boolean {
  return cardDef(id).type === 'unique';
}

/** The printed ability value (0 when the card lacks it). */
export function modOf(id: CardId, key: ModifierKey): number {
  return cardDef(id).modifiers[key] ?? 0;
}
