/**
 * FROZEN COPY of Kingpin's bot before it had levels (one level, always the best-scored move), kept so
 * bench/kingpin-balance.ts and bench/bot-levels.ts can measure the levels and the target choice
 * against it (the "today" of issues 32/33: both bots pressed the same seat first).
 *
 * Kingpin's bot: decides from its seat's view and the legal list only. A priority policy with a
 * damage model of its own (the same formula as the rules, computed from the view's figures):
 * 1. a lethal attack on a Boss (with the least ammunition that kills);
 * 2. free Defense Management: deploy from hand, shield the Boss, keep money for price checks;
 * 3. the best-scored main action: kill valuable cards, buy while the board is small, bribe when a
 *    card is worth more than its price, otherwise press a Boss with the spare money as ammunition.
 */
import type { Bot } from '../shared/src/core/contract';
import { cardDef } from '../shared/src/games/kingpin/cards';
import { attackPreview, hitPreview } from '../shared/src/games/kingpin/preview';
import type {
  AttackTarget,
  CardId,
  KingpinAction,
  KingpinCardView,
  KingpinPrivate,
  KingpinPublic,
} from '../shared/src/games/kingpin/types';

type View = { public: KingpinPublic; private: KingpinPrivate | null };

/**
 * Boss pressure, tuned with bench/kingpin-balance.ts against the previous bot: a Boss attack is
 * scored with the ammunition it will carry (everything above `keepBoss`, within the table's cap).
 */
const P = { bossBase: 4, bossScale: 16, ammoCost: 0.1, keepBoss: 4 };

/** Ammunition the bot puts into a Boss attack: its whole budget above a small reserve. */
function bossAmmo(pub: KingpinPublic, seat: number): number {
  return Math.max(0, Math.min(ammoBudget(pub, seat), pub.players[seat]!.safe - P.keepBoss));
}

/** Money the bot keeps in its safe for price checks before flipping it into shields. */
const KEEP = 4;

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

function isBossCard(c: KingpinCardView): boolean {
  return cardDef(c.id).type === 'boss';
}

function find<T extends KingpinAction['type']>(
  legal: KingpinAction[],
  type: T,
): Extract<KingpinAction, { type: T }>[] {
  return legal.filter((a): a is Extract<KingpinAction, { type: T }> => a.type === type);
}

interface Scored {
  action: KingpinAction;
  score: number;
}

function targetCard(pub: KingpinPublic, t: AttackTarget): KingpinCardView | null {
  return t.zone === 'board' ? (pub.players[t.seat]!.board[t.slot] ?? null) : null;
}

function scoreAttack(
  pub: KingpinPublic,
  seat: number,
  a: Extract<KingpinAction, { type: 'attack' }>,
): Scored {
  const safe = ammoBudget(pub, seat);
  const m = attackDamage(pub, seat, a.attackers);
  const t = targetCard(pub, a.target);
  if (!t) return { action: a, score: 2 + m.total * 0.3 }; // a hand attack: a random card, often lethal
  const boss = isBossCard(t);
  const ammo = ammoToKill(t, m, safe);
  if (boss && ammo !== null) return { action: a, score: 1000 - ammo };
  const dealt = Math.min(t.hp, hpDamage(t, m.total, m));
  if (!boss && ammo !== null && ammo <= Math.max(2, safe - KEEP)) {
    return { action: a, score: 6 + cardValue(t.id) * 0.8 + t.atk - ammo * 0.7 - a.attackers.length * 0.1 };
  }
  if (boss) {
    // Boss pressure: the ammunition this attack would carry counts (money turns into Boss damage).
    const spend = bossAmmo(pub, seat);
    const hit = Math.min(t.hp, hpDamage(t, m.total + spend, m));
    return { action: a, score: P.bossBase + (hit / Math.max(1, t.maxHp)) * P.bossScale - spend * P.ammoCost };
  }
  // Chip damage on a card, scaled by how much of its HP it takes.
  const chip = (dealt / Math.max(1, t.maxHp)) * 3;
  return { action: a, score: chip - (t.shields > 0 && !m.ignoreShields ? 0.5 : 0) };
}

function mainScores(view: View, legal: KingpinAction[], seat: number): Scored[] {
  const pub = view.public;
  const me = pub.players[seat]!;
  const myCards = me.board.filter((c) => c !== null).length + me.handCount;
  const out: Scored[] = [];
  for (const a of find(legal, 'attack')) out.push(scoreAttack(pub, seat, a));
  for (const a of find(legal, 'buy')) {
    const base = myCards < 4 ? 5 : myCards < 5 ? 2.5 : 0.5;
    if (a.source === 'pile') out.push({ action: a, score: base });
    else out.push({ action: a, score: base - 2 + cardValue(a.card) * 0.35 });
  }
  for (const a of find(legal, 'bribe')) {
    const t = pub.players[a.target.seat]!.board[a.target.slot]!;
    const cost = t.bribeCost ?? 99;
    if (me.safe - cost < 2) continue;
    // Taking a card both removes a threat and adds it to our side: worth more than killing it.
    out.push({ action: a, score: cardValue(t.id) * 1.1 + t.atk - cost * 0.8 });
  }
  for (const a of find(legal, 'sell')) out.push({ action: a, score: myCards >= 6 ? 1 : -1 });
  for (const a of find(legal, 'discard')) {
    out.push({ action: a, score: myCards >= 6 ? 0.5 - cardValue(a.card) * 0.05 : -2 });
  }
  out.push({ action: { type: 'pass' }, score: 0 });
  return out;
}

function best(scored: Scored[], random: () => number): KingpinAction {
  let top: Scored | null = null;
  for (const s of scored) {
    const jitter = random() * 0.01;
    if (!top || s.score + jitter > top.score) top = { action: s.action, score: s.score + jitter };
  }
  return top!.action;
}

/** One free Defense Management move worth making now, or null. */
function defenseMove(
  view: View,
  legal: KingpinAction[],
  seat: number,
  lethal: boolean,
): KingpinAction | null {
  const pub = view.public;
  const me = pub.players[seat]!;
  const deploys = find(legal, 'deploy').sort((x, y) => cardValue(y.card) - cardValue(x.card));
  if (deploys.length > 0 && !lethal) return deploys[0]!;
  if (lethal) return null;
  const toShield = find(legal, 'safeToShield');
  const bossSlot = me.board.findIndex((c) => c !== null && isBossCard(c));
  const bossShield = toShield.find((a) => a.slot === bossSlot);
  if (bossShield && me.safe > KEEP - 1) return bossShield;
  if (me.safe > KEEP + 4) {
    const other = toShield.sort((x, y) => me.board[y.slot]!.hp - me.board[x.slot]!.hp)[0];
    if (other) return other;
  }
  return null;
}

function decideTurn(view: View, legal: KingpinAction[], random: () => number, seat: number): KingpinAction {
  const scored = mainScores(view, legal, seat);
  const lethal = scored.some((s) => s.score >= 900);
  return defenseMove(view, legal, seat, lethal) ?? best(scored, random);
}

function decidePlace(view: View, legal: KingpinAction[]): KingpinAction {
  const me = view.public.players[view.public.prompt!.seat]!;
  const board = find(legal, 'place').filter((a) => a.to === 'board') as {
    type: 'place';
    to: 'board';
    shields: number;
  }[];
  if (board.length === 0) return { type: 'place', to: 'hand' };
  const want = Math.max(0, me.safe - KEEP);
  return board.reduce((acc, a) => (a.shields <= want && a.shields > acc.shields ? a : acc), board[0]!);
}

function decideAmmo(view: View, legal: KingpinAction[]): KingpinAction {
  const pub = view.public;
  const pr = pub.prompt!;
  const atk = pr.attack!;
  const me = pub.players[pr.seat]!;
  const t = targetCard(pub, atk.target);
  if (!t) return { type: 'ammo', amount: 0 };
  const m = attackDamage(pub, pr.seat, atk.attackers);
  const budget = ammoBudget(pub, pr.seat);
  const need = ammoToKill(t, m, budget);
  if (need !== null && (isBossCard(t) || need <= Math.max(2, me.safe - KEEP)))
    return { type: 'ammo', amount: need };
  // Otherwise a Boss attack carries the spare money (pressure); a card attack none.
  if (isBossCard(t)) return { type: 'ammo', amount: bossAmmo(pub, pr.seat) };
  return legal.find((a) => a.type === 'ammo' && a.amount === 0) ?? legal[0]!;
}

function decidePick(view: View, legal: KingpinAction[]): KingpinAction {
  const pub = view.public;
  const pr = pub.prompt!;
  const picks = find(legal, 'pick').filter((a) => a.target !== null);
  if (picks.length === 0) return { type: 'pick', target: null };
  if (pr.pick === 'freeze') {
    return picks.reduce((acc, a) =>
      pub.players[a.target!.seat]!.board[a.target!.slot]!.atk >
      pub.players[acc.target!.seat]!.board[acc.target!.slot]!.atk
        ? a
        : acc,
    );
  }
  const slot = pub.players[pr.seat]!.board.findIndex((c) => c?.id === pr.card);
  if (slot < 0) return { type: 'pick', target: null };
  let bestPick = picks[0]!;
  let bestScore = -Infinity;
  for (const p of picks) {
    const sc = scoreAttack(pub, pr.seat, {
      type: 'attack',
      attackers: [slot],
      target: { seat: p.target!.seat, zone: 'board', slot: p.target!.slot },
    }).score;
    if (sc > bestScore) [bestPick, bestScore] = [p, sc];
  }
  return bestPick;
}

function decideEmergency(view: View, legal: KingpinAction[]): KingpinAction {
  const pub = view.public;
  const atk = pub.prompt!.attack!;
  const id = pub.prompt!.card!;
  const m = attackDamage(pub, atk.seat, atk.attackers);
  const dmg = m.total + atk.ammo;
  const hp = cardDef(id).hp;
  const moves = find(legal, 'emergencyShield');
  // Move shields only while they can still save the card.
  if (moves.length > 0 && hpDamage({ shields: atk.emergencyShields }, dmg, m) >= hp) {
    if (hpDamage({ shields: atk.emergencyShields + moves.length }, dmg, m) < hp || atk.emergencyShields < 4) {
      return moves[0]!;
    }
  }
  return { type: 'emergencyDone' };
}

export const kingpinBotV2: Bot<KingpinAction, KingpinPublic, KingpinPrivate> = {
  decide(view, legal, random) {
    const pub = view.public;
    const seat = pub.prompt ? pub.prompt.seat : pub.turn;
    let choice: KingpinAction;
    switch (pub.phase) {
      case 'place':
        choice = decidePlace(view, legal);
        break;
      case 'ammo':
        choice = decideAmmo(view, legal);
        break;
      case 'pick':
        choice = decidePick(view, legal);
        break;
      case 'emergency':
        choice = decideEmergency(view, legal);
        break;
      default:
        choice = decideTurn(view, legal, random, seat);
    }
    return choice;
  },
};
