/**
 * Kingpin's normal bot: a priority policy with the damage model of botModel.ts.
 * 1. a lethal attack on a Boss (with the least ammunition that kills);
 * 2. free Defense Management: deploy from hand, shield the Boss (not yet while the truce still
 *    covers it through the rivals' next turns: then it may keep the money for price checks),
 *    keep money for price checks;
 * 3. a good main action, drawn among those scored near the best: kill valuable cards, buy while the
 *    board is small, bribe when a card is worth more than its price, press a Boss with the spare
 *    money as ammunition. Attacks lean towards the table's leader, not the weakest-defended seat.
 */
import {
  ammoBudget,
  ammoToKill,
  attackDamage,
  cardValue,
  drawGood,
  find,
  hpDamage,
  isBossCard,
  lead,
  seatOf,
  targetCard,
  type Scored,
  type View,
} from './botModel';
import { cardDef } from './cards';
import { lessHurtRival } from './edition';
import { TRUCE_TURNS } from './state';
import type { KingpinAction, KingpinPublic } from './types';

/**
 * Boss pressure, tuned with bench/kingpin-balance.ts against the previous bot: a Boss attack is
 * scored with the ammunition it will carry (everything above `keepBoss`, within the table's cap).
 */
const P = { bossBase: 4, bossScale: 16, ammoCost: 0.1, keepBoss: 4 };

/** Money the bot keeps in its safe for price checks before flipping it into shields. */
export const KEEP = 4;

/** Score points a main action may trail the best by and still be drawn (variety). */
export const NORMAL_MARGIN = 0.8;

/**
 * Score points per strength point of lead: attacks on the table's leader score higher (measured in
 * bench/bot-levels.ts: with 0.08 both bots attacked a newcomer first in 36% of 3-player matches,
 * chance is 25%; with 1 in 13%).
 */
export const LEADER = 1;

/** Ammunition the bot puts into a Boss attack: its whole budget above a small reserve. */
export function bossAmmo(pub: KingpinPublic, seat: number): number {
  return Math.max(0, Math.min(ammoBudget(pub, seat), pub.players[seat]!.safe - P.keepBoss));
}

export function scoreAttack(
  pub: KingpinPublic,
  seat: number,
  a: Extract<KingpinAction, { type: 'attack' }>,
): Scored {
  const safe = ammoBudget(pub, seat);
  const m = attackDamage(pub, seat, a.attackers);
  const t = targetCard(pub, a.target);
  const leader = lead(pub, seat, a.target.seat) * LEADER;
  if (!t) return { action: a, score: 2 + m.total * 0.3 + leader }; // a hand attack: a random card, often lethal
  const boss = isBossCard(t);
  const ammo = ammoToKill(t, m, safe);
  if (boss && ammo !== null) return { action: a, score: 1000 - ammo };
  const dealt = Math.min(t.hp, hpDamage(t, m.total, m));
  if (!boss && ammo !== null && a.target.zone === 'board' && replaced(pub, a.target.seat, a.target.slot)) {
    // Reinforcements bring a new card in its place: the kill only stops the attacks of it until the
    // new one can attack, one (edition 4: frozen for a turn) or two (edition 5: frozen through its
    // owner's next turn), about what a Boss hit is worth, not a card for good.
    const stops = pub.reinforcements === 'behind' ? 2 : 1;
    return { action: a, score: 3 + stops * t.atk - ammo * 0.7 - a.attackers.length * 0.1 + leader };
  }
  if (!boss && ammo !== null && ammo <= Math.max(2, safe - KEEP)) {
    return {
      action: a,
      score: 6 + cardValue(t.id) * 0.8 + t.atk - ammo * 0.7 - a.attackers.length * 0.1 + leader,
    };
  }
  if (boss) {
    // Boss pressure: the ammunition this attack would carry counts (money turns into Boss damage).
    const spend = bossAmmo(pub, seat);
    const hit = Math.min(t.hp, hpDamage(t, m.total + spend, m));
    return {
      action: a,
      score: P.bossBase + (hit / Math.max(1, t.maxHp)) * P.bossScale - spend * P.ammoCost + leader,
    };
  }
  // Chip damage on a card, scaled by how much of its HP it takes.
  const chip = (dealt / Math.max(1, t.maxHp)) * 3;
  return { action: a, score: chip - (t.shields > 0 && !m.ignoreShields ? 0.5 : 0) + leader };
}

/**
 * Whether destroying this card leaves its owner with only the Boss and an empty hand after the
 * opening, so that reinforcements bring a new card at the owner's next turn (edition 5: only while
 * the owner's Boss has lost more HP than another living Boss).
 */
export function replaced(pub: KingpinPublic, seat: number, slot: number): boolean {
  const p = pub.players[seat]!;
  if (pub.reinforcements === 'off' || p.handCount > 0 || p.turnsTaken + 1 <= TRUCE_TURNS) return false;
  if (!p.board.every((c, i) => c === null || i === slot || isBossCard(c))) return false;
  if (pub.reinforcements === 'lone') return true;
  const losses = pub.players.map((q) => {
    const b = q.board.find((c) => c !== null && isBossCard(c));
    return { eliminated: q.eliminated, lost: b ? b.maxHp - b.hp : 0 };
  });
  return lessHurtRival(losses, seat) !== null;
}

/** Every main action the bot would consider, scored. */
export function mainScores(view: View, legal: KingpinAction[], seat: number): Scored[] {
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

/** Whether the truce still covers every Boss through the rivals' next turns (shields can wait). */
export function truceCovers(pub: KingpinPublic, seat: number): boolean {
  if (!pub.truceActive) return false;
  // Before this seat's next turn every rival starts one more turn; the truce ends once all have 2.
  return pub.players.some((p, i) => !p.eliminated && p.turnsTaken + (i === seat ? 0 : 1) < 2);
}

/** One free Defense Management move worth making now, or null. */
export function defenseMove(
  view: View,
  legal: KingpinAction[],
  seat: number,
  random: () => number,
  greedy = false,
): KingpinAction | null {
  const pub = view.public;
  const me = pub.players[seat]!;
  const deploys = find(legal, 'deploy').sort((x, y) => cardValue(y.card) - cardValue(x.card));
  if (deploys.length > 0) return deploys[0]!;
  const toShield = find(legal, 'safeToShield');
  const bossSlot = me.board.findIndex((c) => c !== null && isBossCard(c));
  const bossShield = toShield.find((a) => a.slot === bossSlot);
  // Under the truce the Boss's shields may wait (the money still counts for price checks): a coin
  // per shield, so openings differ.
  const wait = !greedy && truceCovers(pub, seat) && random() < 0.5;
  if (bossShield && me.safe > KEEP - 1 && !wait) return bossShield;
  if (me.safe > KEEP + 4) {
    const other = toShield
      .filter((a) => a.slot !== bossSlot)
      .sort((x, y) => me.board[y.slot]!.hp - me.board[x.slot]!.hp)[0];
    if (other) return other;
  }
  return null;
}

function decideTurn(
  view: View,
  legal: KingpinAction[],
  random: () => number,
  seat: number,
  greedy: boolean,
): KingpinAction {
  const scored = mainScores(view, legal, seat);
  const lethal = scored.filter((s) => s.score >= 900);
  if (lethal.length > 0) return lethal.reduce((a, b) => (b.score > a.score ? b : a)).action;
  return (
    defenseMove(view, legal, seat, random, greedy) ?? drawGood(scored, random, greedy ? 0 : NORMAL_MARGIN)
  );
}

export function decidePlace(
  view: View,
  legal: KingpinAction[],
  random: () => number,
  greedy = false,
): KingpinAction {
  const pub = view.public;
  const seat = pub.prompt!.seat;
  const me = pub.players[seat]!;
  const board = find(legal, 'place').filter((a) => a.to === 'board') as {
    type: 'place';
    to: 'board';
    shields: number;
  }[];
  if (board.length === 0) return { type: 'place', to: 'hand' };
  // Under the truce a new card may go in with a shield less (money kept for the next buy).
  const spare = !greedy && truceCovers(pub, seat) && random() < 0.5 ? 1 : 0;
  const want = Math.max(0, me.safe - KEEP - spare);
  return board.reduce((acc, a) => (a.shields <= want && a.shields > acc.shields ? a : acc), board[0]!);
}

export function decideAmmo(view: View, legal: KingpinAction[]): KingpinAction {
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

export function decidePick(view: View, legal: KingpinAction[]): KingpinAction {
  const pub = view.public;
  const pr = pub.prompt!;
  const picks = find(legal, 'pick').filter((a) => a.target !== null);
  if (picks.length === 0) return { type: 'pick', target: null };
  if (pr.pick === 'freeze') {
    // A card already frozen through its owner's next turn (a reinforcement) gains nothing from it.
    const card = (a: (typeof picks)[number]) => pub.players[a.target!.seat]!.board[a.target!.slot]!;
    const fresh = picks.filter((a) => card(a).frozenTurns === 0);
    return (fresh.length > 0 ? fresh : picks).reduce((acc, a) => (card(a).atk > card(acc).atk ? a : acc));
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

export function decideEmergency(view: View, legal: KingpinAction[]): KingpinAction {
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

/**
 * The normal level's decision. `greedy` drops the variety (always the best-scored move, the Boss's
 * shields at once, a new card's full shields): the hard bot's own Defense Management and prompts.
 */
export function normalDecide(
  view: View,
  legal: KingpinAction[],
  random: () => number,
  greedy = false,
): KingpinAction {
  const pub = view.public;
  switch (pub.phase) {
    case 'place':
      return decidePlace(view, legal, random, greedy);
    case 'ammo':
      return decideAmmo(view, legal);
    case 'pick':
      return decidePick(view, legal);
    case 'emergency':
      return decideEmergency(view, legal);
    default:
      return decideTurn(view, legal, random, seatOf(pub), greedy);
  }
}
