/**
 * What every Kingpin bot level reads off its seat's view: a rough worth of cards, the damage model
 * (the rules' formula, computed from the view's figures through preview.ts), the money an attack
 * may carry, and how strong each seat looks from the table (to choose whom to press).
 */
import { cardDef } from './cards';
import { attackPreview, hitPreview } from './preview';
import type {
  AttackTarget,
  CardId,
  KingpinAction,
  KingpinCardView,
  KingpinPrivate,
  KingpinPublic,
} from './types';

export type View = { public: KingpinPublic; private: KingpinPrivate | null };

/** The seat a decision is for: the prompt's seat, else the seat on turn. */
export function seatOf(pub: KingpinPublic): number {
  return pub.prompt ? pub.prompt.seat : pub.turn;
}

/** A rough worth of a card for buying, bribing and killing. */
export function cardValue(id: CardId): number {
  const d = cardDef(id);
  if (d.type === 'event') return 1;
  const mods = Object.values(d.modifiers).reduce((n, v) => n + (v ?? 0), 0);
  return (
    d.atk * 1.2 + d.hp * 0.5 + d.rage * 1.5 + d.defend * 0.3 + mods * 1.2 + (d.type === 'unique' ? 2 : 0)
  );
}

export interface DamageModel {
  total: number;
  ignoreShields: boolean;
  ignoreFirst: boolean;
}

/** The attack total (no ammunition) of `attackers` on `seat`'s board, from the view. */
export function attackDamage(pub: KingpinPublic, seat: number, attackers: readonly number[]): DamageModel {
  const p = attackPreview(pub, seat, attackers);
  return { total: p.total, ignoreShields: p.ignoreShields, ignoreFirst: p.ignoreFirstShield };
}

/** HP damage after shields for a total of `dmg` against `target`. */
export function hpDamage(target: Pick<KingpinCardView, 'shields'>, dmg: number, m: DamageModel): number {
  return Math.max(
    0,
    dmg - hitPreview({ ...target, hp: Infinity }, dmg, m.ignoreShields, m.ignoreFirst).shieldsLost,
  );
}

/** The least ammunition (<= budget) with which the attack kills the target, or null. */
export function ammoToKill(target: KingpinCardView, m: DamageModel, budget: number): number | null {
  for (let a = 0; a <= budget; a++)
    if (hitPreview(target, m.total + a, m.ignoreShields, m.ignoreFirst).destroyed) return a;
  return null;
}

/** The most ammunition the seat could spend on one attack (its safe, within the table's cap). */
export function ammoBudget(pub: KingpinPublic, seat: number): number {
  const safe = pub.players[seat]!.safe;
  return pub.ammoCap > 0 ? Math.min(safe, pub.ammoCap) : safe;
}

export function isBossCard(c: KingpinCardView): boolean {
  return cardDef(c.id).type === 'boss';
}

export function find<T extends KingpinAction['type']>(
  legal: readonly KingpinAction[],
  type: T,
): Extract<KingpinAction, { type: T }>[] {
  return legal.filter((a): a is Extract<KingpinAction, { type: T }> => a.type === type);
}

export function targetCard(pub: KingpinPublic, t: AttackTarget): KingpinCardView | null {
  return t.zone === 'board' ? (pub.players[t.seat]!.board[t.slot] ?? null) : null;
}

/**
 * How strong a seat looks from the table: its Boss's HP and shields, its board, its hand and its
 * money (`money` points per dollar).
 */
export function strength(pub: KingpinPublic, seat: number, money = 0.5): number {
  const p = pub.players[seat]!;
  if (p.eliminated) return 0;
  let s = p.safe * money + p.handCount;
  for (const c of p.board) {
    if (!c) continue;
    if (isBossCard(c)) s += (c.hp / Math.max(1, c.maxHp)) * 20 + c.shields;
    else s += cardValue(c.id) * 0.5 + c.shields + c.atk;
  }
  return s;
}

/**
 * How far `seat` leads the other rivals of `me` (0 with one rival), in strength points read off the
 * board (money counts little: a newcomer who has not spent theirs is not the leader). The bots press
 * the leader, not the weakest-defended seat: with three players, weakening the weakest rival only
 * helps the strongest one.
 */
export function lead(pub: KingpinPublic, me: number, seat: number): number {
  const rivals = pub.players.flatMap((p, i) => (i !== me && !p.eliminated ? [i] : []));
  if (rivals.length < 2) return 0;
  const mean = rivals.reduce((n, i) => n + strength(pub, i, 0.1), 0) / rivals.length;
  return strength(pub, seat, 0.1) - mean;
}

/** A scored candidate action. */
export interface Scored {
  action: KingpinAction;
  score: number;
}

/**
 * Draws one of the good moves: the best when it is far ahead, otherwise among those within
 * `margin` of it, the better ones likelier (seeded, so a replay draws the same).
 */
export function drawGood(scored: readonly Scored[], random: () => number, margin: number): KingpinAction {
  const top = scored.reduce((m, s) => Math.max(m, s.score), -Infinity);
  const pool = scored.filter((s) => s.score >= top - margin);
  const weights = pool.map((s) => Math.exp(((s.score - top) / Math.max(1e-9, margin)) * 2));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < pool.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return pool[i]!.action;
  }
  return pool[pool.length - 1]!.action;
}
