/** The rules' card table, as the faces the card art draws and the texts the tooltips show. */
import { CARDS, CARD_TABLE } from '@parlor/shared/games/kingpin/cards';
import type { CardDef, KingpinCardView } from '@parlor/shared/games/kingpin/types';
import type { CardFace, ClanKey } from './cardArt';

/** The ability text as short sentences (one line each on the card). */
export function abilityLines(def: CardDef): string[] {
  const text = def.text.trim();
  if (!text) return [];
  return text.split(/(?<=\.)\s+(?=[A-Z])/).map((s) => s.trim());
}

export function faceOf(def: CardDef): CardFace {
  const clan: ClanKey = def.type === 'event' ? 'event' : (def.clan ?? 'solo');
  return {
    id: def.id,
    name: def.name,
    kind: def.type === 'token' ? 'common' : def.type,
    clan,
    faction: def.faction ?? '',
    hp: def.hp,
    atk: def.atk,
    defend: def.defend,
    rage: def.rage,
    price: def.price,
    corruption: def.corruption,
    unbribable: def.type === 'boss' || (def.modifiers.unbribable ?? 0) > 0,
    abilities: abilityLines(def),
  };
}

/** Every card that can be on the table (deck cards and Bosses). */
export function allFaces(): CardFace[] {
  return CARD_TABLE.filter((c) => c.type !== 'token').map(faceOf);
}

export function defOf(id: string): CardDef | undefined {
  return CARDS.get(id);
}

export function nameOf(id: string): string {
  return CARDS.get(id)?.name ?? id;
}

/**
 * A card's printed figures as a live view (hand and Reserve cards show these): its printed bribe
 * cost (Corruption) unless it is unbribable, and a Boss with the table's Boss HP.
 */
export function printed(id: string, bossHp?: number): KingpinCardView | null {
  const d = defOf(id);
  if (!d || d.type === 'event') return null;
  const unbribable = faceOf(d).unbribable;
  const hp = d.type === 'boss' && bossHp ? bossHp : d.hp;
  return {
    id,
    shields: 0,
    shieldLimit: 0,
    hp,
    maxHp: hp,
    atk: d.atk,
    frozenTurns: 0,
    frozen: false,
    unbribable,
    bribeCost: unbribable ? null : d.corruption,
  };
}

/** One line for a prompt: "ATK 2 · HP 4 · D 1 · Rage 0 — ability text." */
export function cardSummary(id: string): string {
  const d = CARDS.get(id);
  if (!d) return '';
  const figures = d.type === 'event' ? '' : `ATK ${d.atk} · HP ${d.hp} · D ${d.defend} · Rage ${d.rage}`;
  return [figures, d.text].filter(Boolean).join(' — ');
}
