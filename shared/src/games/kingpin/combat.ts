/**
 * Combat: the attack total, damage to shields then HP, destruction, elimination and victory.
 * Damage is in quarter points (a shield on an attacker adds 1 quarter).
 */
import { Random } from '../../core/rng';
import { cardDef, modOf } from './cards';
import { rulesOf, setWinReason } from './edition';
import {
  Q,
  TRUCE_TURNS,
  boardCards,
  living,
  nameOf,
  plural,
  takeIncome,
  takeRestore,
  type Events,
} from './state';
import {
  abilitiesOn,
  boardIds,
  cardAtk,
  cardHas,
  handGuarded,
  maxHpQ,
  maxHpQOn,
  rageOf,
  shieldLimit,
} from './stats';
import type { AttackTarget, CardId, KingpinState } from './types';
import { quarters } from './numbers';

export interface AttackBreakdown {
  atk: number;
  rage: number;
  /** In quarters (one per shield on an attacker). */
  shieldsQ: number;
  ammo: number;
  /** Assassin's +1 per attacker with `damage`. */
  bonus: number;
  totalQ: number;
}

/** The damage of an attack by `attackers` (slots of `seat`) with `ammo` money spent. */
export function attackTotal(
  s: KingpinState,
  seat: number,
  attackers: readonly number[],
  ammo: number,
): AttackBreakdown {
  const p = s.players[seat]!;
  let atk = 0;
  let shieldsQ = 0;
  let bonus = 0;
  for (const slot of attackers) {
    const card = p.board[slot]!;
    atk += cardAtk(s, seat, slot);
    shieldsQ += card.shields;
    bonus += abilitiesOn(s) ? modOf(card.id, 'damage') : 0;
  }
  const rage = rageOf(s, seat) * attackers.length;
  const totalQ = (atk + rage + ammo + bonus) * Q + shieldsQ;
  return { atk, rage, shieldsQ, ammo, bonus, totalQ };
}

/** Attack properties that come from the attacking cards' abilities. */
export function attackFlags(s: KingpinState, seat: number, attackers: readonly number[]) {
  const ids = attackers.map((slot) => s.players[seat]!.board[slot]!.id);
  const has = (key: Parameters<typeof cardHas>[2]) => ids.some((id) => cardHas(s, id, key));
  return {
    ignoreShields: has('ignore_shields'),
    ignoreFirstShield: has('ignore_first_shield'),
    handAttack: has('hand_attack'),
    carryToBoss: has('multi_target'),
    killBonus: ids.reduce((n, id) => n + (abilitiesOn(s) ? modOf(id, 'kill_bonus') : 0), 0),
  };
}

export interface HitResult {
  shieldsLost: number;
  hpDamageQ: number;
  destroyed: boolean;
  /** Damage left over after destroying the card (quarters). */
  excessQ: number;
}

/**
 * Deals `dmgQ` to the card in (seat, slot): shields absorb first (1 point each, removed when they
 * absorb anything; `ignoreShields` skips them, `ignoreFirst` skips one), the rest goes to HP.
 * Absorbed shields go to the Bank; a destroyed card goes to the Discard Pile with its shields.
 */
export function hitCard(
  s: KingpinState,
  seat: number,
  slot: number,
  dmgQ: number,
  opts: { ignoreShields?: boolean; ignoreFirst?: boolean },
  ev: Events,
): HitResult {
  const name = `${cardDef(s.players[seat]!.board[slot]!.id).name} of ${nameOf(s, seat)}`;
  const hit = applyHit(s, seat, slot, dmgQ, opts, ev);
  if (!hit.destroyed && (hit.shieldsLost > 0 || hit.hpDamageQ > 0)) {
    const card = s.players[seat]!.board[slot]!;
    const lost = [
      hit.shieldsLost ? plural(hit.shieldsLost, 'shield') : '',
      hit.hpDamageQ ? `${quarters(hit.hpDamageQ / Q)} HP` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    ev.push({
      type: 'damage',
      text: `${name} loses ${lost} (HP ${quarters((maxHpQ(s, seat, slot) - card.damageQ) / Q)} left).`,
      seat,
    });
  }
  return hit;
}

function applyHit(
  s: KingpinState,
  seat: number,
  slot: number,
  dmgQ: number,
  opts: { ignoreShields?: boolean; ignoreFirst?: boolean },
  ev: Events,
): HitResult {
  const p = s.players[seat]!;
  const card = p.board[slot]!;
  let absorbing = opts.ignoreShields ? 0 : Math.max(0, card.shields - (opts.ignoreFirst ? 1 : 0));
  absorbing = Math.min(absorbing, Math.ceil(dmgQ / Q));
  const hpDamageQ = Math.max(0, dmgQ - absorbing * Q);
  card.shields -= absorbing;
  s.bank += absorbing;
  const remaining = maxHpQ(s, seat, slot) - card.damageQ;
  if (hpDamageQ >= remaining) {
    // The shields' line before the card falls (and before a Boss's fall ends the match).
    if (absorbing > 0)
      ev.push({
        type: 'damage',
        text: `${cardDef(card.id).name} of ${nameOf(s, seat)} loses ${plural(absorbing, 'shield')} (${absorbing} damage absorbed) before it falls.`,
        seat,
      });
    destroyBoardCard(s, seat, slot, ev);
    return { shieldsLost: absorbing, hpDamageQ, destroyed: true, excessQ: hpDamageQ - remaining };
  }
  card.damageQ += hpDamageQ;
  return { shieldsLost: absorbing, hpDamageQ, destroyed: false, excessQ: 0 };
}

/** A card at HP <= 0: to the Discard Pile, its shields to the Bank; a Boss eliminates its owner. */
export function destroyBoardCard(s: KingpinState, seat: number, slot: number, ev: Events): void {
  const p = s.players[seat]!;
  const card = p.board[slot]!;
  s.bank += card.shields;
  p.board[slot] = null;
  s.discard.push(card.id);
  ev.push({
    type: 'destroyed',
    text: `${cardDef(card.id).name} of ${nameOf(s, seat)} is destroyed${card.shields ? ` (${card.shields === 1 ? 'its shield goes' : `its ${card.shields} shields go`} to the Bank)` : ''}.`,
    seat,
    data: { card: card.id, slot },
  });
  if (cardDef(card.id).type === 'boss') eliminate(s, seat, ev);
}

/** A player whose Boss fell: cards to the Discard Pile, tokens to the Golden Fund; last one standing wins. */
export function eliminate(
  s: KingpinState,
  seat: number,
  ev: Events,
  reason: 'boss' | 'collapse' = 'boss',
): void {
  const p = s.players[seat]!;
  p.eliminated = true;
  const safe = p.safe;
  const shields = boardCards(p).reduce((n, c) => n + c.shields, 0);
  const cards = boardCards(p).length + p.hand.length;
  for (const card of boardCards(p)) {
    s.fund += card.shields;
    s.discard.push(card.id);
  }
  p.board = p.board.map(() => null);
  s.discard.push(...p.hand);
  p.hand = [];
  s.fund += p.safe;
  p.safe = 0;
  p.deckLook = null;
  if (s.blackout?.seat === seat) s.blackout = null;
  ev.push({
    type: 'eliminated',
    text:
      reason === 'boss'
        ? `${nameOf(s, seat)}'s Boss falls: ${nameOf(s, seat)} is out.`
        : `${nameOf(s, seat)} collapses and is out.`,
    seat,
  });
  // Where the player's cards and tokens went (the win, if any, stays the last line).
  const tokens = [safe ? `$${safe}` : '', shields ? plural(shields, 'shield') : ''].filter(Boolean);
  if (cards > 0 || tokens.length > 0) {
    // A sum of money is one thing ("$3 goes"); the first of the list decides the verb.
    const first = cards || (tokens.length > 1 ? 2 : safe ? 1 : shields);
    const places = [
      cards ? `${plural(cards, 'card')} ${first === 1 ? 'goes' : 'go'} to the Discard Pile` : '',
      tokens.length
        ? `${tokens.join(' and ')}${cards ? '' : first === 1 ? ' goes' : ' go'} to the Golden Fund`
        : '',
    ];
    ev.push({ type: 'outCards', text: `${nameOf(s, seat)}'s ${places.filter(Boolean).join(', ')}.`, seat });
  }
  const left = living(s);
  if (left.length === 1) {
    s.winner = left[0]!;
    setWinReason(s, reason);
    s.phase = 'finished';
    s.prompt = null;
    ev.push({ type: 'won', text: `${nameOf(s, s.winner)} wins.`, seat: s.winner });
  }
}

/**
 * Opening truce (table option): no Boss can be attacked until every living player has started two
 * turns (a truce per owner would leave the first player of three exposed to two attacks first).
 */
export function bossInTruce(s: KingpinState): boolean {
  return rulesOf(s).bossTruce && s.players.some((p) => !p.eliminated && p.turnsTaken < TRUCE_TURNS);
}

/** Legal targets on `target`'s board: guards force attacks onto themselves. */
export function targetableSlots(s: KingpinState, target: number): number[] {
  const p = s.players[target]!;
  const truce = bossInTruce(s);
  const occupied = p.board.flatMap((c, i) => (c && !(truce && cardDef(c.id).type === 'boss') ? [i] : []));
  const bodyguards = occupied.filter((i) => cardHas(s, p.board[i]!.id, 'guard_all'));
  if (bodyguards.length > 0) return bodyguards;
  const guards = occupied.some((i) => cardHas(s, p.board[i]!.id, 'guard'));
  if (guards) return occupied.filter((i) => cardDef(p.board[i]!.id).type !== 'boss');
  return occupied;
}

/** Hand cards an attack or a forced discard may hit (never a Boss); empty when the hand is guarded. */
export function hittableHand(s: KingpinState, seat: number): CardId[] {
  if (handGuarded(s, seat)) return [];
  return s.players[seat]!.hand.filter((id) => cardDef(id).type !== 'boss');
}

/** Picks the hand card a hand attack hits (seeded). */
export function pickHandCard(s: KingpinState, seat: number): CardId | null {
  const cards = hittableHand(s, seat);
  if (cards.length === 0) return null;
  const random = new Random(s.rng);
  const id = random.pick(cards);
  s.rng = random.state;
  return id;
}

/** Resolves a declared attack. The ammunition was already spent (to the Bank) when declared. */
export function resolveAttack(
  s: KingpinState,
  seat: number,
  attackers: readonly number[],
  target: AttackTarget,
  ammo: number,
  handCard: CardId | null,
  emergencyShields: number,
  ev: Events,
): void {
  const p = s.players[seat]!;
  const total = attackTotal(s, seat, attackers, ammo);
  const flags = attackFlags(s, seat, attackers);
  const names = attackers.map((i) => cardDef(p.board[i]!.id).name).join(' + ');
  // What the attackers' own figures do not show: the money spent, and the ¼ each of their shields adds.
  const extras = [
    ammo > 0 ? `$${ammo} of ammunition` : '',
    total.shieldsQ > 0 ? `${quarters(total.shieldsQ / Q)} from ${plural(total.shieldsQ, 'shield')}` : '',
  ].filter(Boolean);
  const withAmmo = extras.length ? ` (with ${extras.join(' and ')})` : '';
  let destroyedAny: boolean;
  if (target.zone === 'hand') {
    ev.push({
      type: 'attack',
      text: `${nameOf(s, seat)} attacks ${nameOf(s, target.seat)}'s hand with ${names} for ${quarters(total.totalQ / Q)}${withAmmo}.`,
      seat,
      data: { target: target.seat, damage: total.totalQ / Q, attackers: [...attackers] },
    });
    destroyedAny = hitHandCard(s, target.seat, handCard, total.totalQ, emergencyShields, flags, ev);
  } else {
    const def = s.players[target.seat]!.board[target.slot]!;
    const targetName = cardDef(def.id).name;
    ev.push({
      type: 'attack',
      text: `${nameOf(s, seat)} attacks ${targetName} of ${nameOf(s, target.seat)} with ${names} for ${quarters(total.totalQ / Q)}${withAmmo}.`,
      seat,
      data: { target: target.seat, slot: target.slot, damage: total.totalQ / Q, attackers: [...attackers] },
    });
    const isBoss = cardDef(def.id).type === 'boss';
    const hit = hitCard(
      s,
      target.seat,
      target.slot,
      total.totalQ,
      { ignoreShields: flags.ignoreShields, ignoreFirst: flags.ignoreFirstShield },
      ev,
    );
    destroyedAny = hit.destroyed;
    if (!hit.destroyed && cardHas(s, def.id, 'shields_per_block')) {
      const room = shieldLimit(s, target.seat, target.slot) - def.shields;
      const got = takeRestore(s, Math.min(room, modOf(def.id, 'shields_per_block')));
      def.shields += got;
      if (got > 0)
        ev.push({
          type: 'shieldGain',
          text: `${targetName} of ${nameOf(s, target.seat)} survives and gains ${plural(got, 'shield')}.`,
          seat: target.seat,
        });
    }
    // SWAT: the excess of a destroyed target hits that player's Boss.
    if (
      hit.destroyed &&
      flags.carryToBoss &&
      hit.excessQ > 0 &&
      !isBoss &&
      !s.players[target.seat]!.eliminated
    ) {
      const bossSlot = s.players[target.seat]!.board.findIndex(
        (c) => c !== null && cardDef(c.id).type === 'boss',
      );
      if (bossSlot >= 0) {
        ev.push({ type: 'carry', text: `${quarters(hit.excessQ / Q)} excess damage hits the Boss.`, seat });
        hitCard(s, target.seat, bossSlot, hit.excessQ, { ignoreShields: flags.ignoreShields }, ev);
      }
    }
  }
  if (destroyedAny && flags.killBonus > 0 && !p.eliminated) {
    const got = takeIncome(s, flags.killBonus);
    p.safe += got;
    if (got > 0)
      ev.push({ type: 'income', text: `Fighter: ${nameOf(s, seat)} gains $${got} for the kill.`, seat });
  }
}

/** A hand card hit: Emergency shields absorb first; it is destroyed if the rest reaches its HP. */
function hitHandCard(
  s: KingpinState,
  seat: number,
  id: CardId | null,
  dmgQ: number,
  emergencyShields: number,
  flags: { ignoreShields: boolean; ignoreFirstShield: boolean },
  ev: Events,
): boolean {
  const p = s.players[seat]!;
  let shields = emergencyShields;
  if (!id || !p.hand.includes(id)) {
    p.safe += shields;
    return false;
  }
  if (emergencyShields > 0 && flags.ignoreShields)
    ev.push({ type: 'damage', text: 'The Sniper ignores the emergency shields.', seat });
  let absorbing = flags.ignoreShields ? 0 : Math.max(0, shields - (flags.ignoreFirstShield ? 1 : 0));
  absorbing = Math.min(absorbing, Math.ceil(dmgQ / Q));
  shields -= absorbing;
  s.bank += absorbing;
  // Surviving emergency shields flip back to the defender's safe (a hand card holds no tokens).
  p.safe += shields;
  if (absorbing > 0 || shields > 0)
    ev.push({
      type: 'shieldMove',
      text: `Emergency shields: ${absorbing} absorbed, ${shields} flip back into ${nameOf(s, seat)}'s safe.`,
      seat,
    });
  const hpDamageQ = Math.max(0, dmgQ - absorbing * Q);
  const hp = s.options.emergencyDefense ? maxHpQOn(s, id, [...boardIds(s, seat), id]) : cardDef(id).hp * Q;
  if (hpDamageQ < hp) {
    ev.push({
      type: 'handSurvives',
      text: `${cardDef(id).name} in ${nameOf(s, seat)}'s hand survives.`,
      seat,
    });
    return false;
  }
  p.hand.splice(p.hand.indexOf(id), 1);
  s.discard.push(id);
  ev.push({
    type: 'destroyed',
    text: `${cardDef(id).name} in ${nameOf(s, seat)}'s hand is destroyed.`,
    seat,
    data: { card: id },
  });
  return true;
}
