/**
 * A hint's words for a Kingpin action (core/hint.ts): the action named as a player says it and one
 * line of why, from the seat's view alone: the public boards, safes and prompts (the damage an attack
 * deals, the worst hit a rival could land next turn from threat.ts) and the seat's own hand. Nothing
 * here reads a rival's hand or the Draw Pile.
 */
import type { GameView, HintWords } from '../../core/contract';
import {
  ammoBudget,
  ammoToKill,
  attackDamage,
  cardValue,
  hpDamage,
  isBossCard,
  lead,
  seatOf,
  targetCard,
} from './botModel';
import { bossAmmo } from './botNormal';
import { cardDef } from './cards';
import { type Hit, threatReport } from './threat';
import type { CardId, KingpinAction, KingpinPrivate, KingpinPublic } from './types';
import { quarters } from './numbers';

type View = GameView<KingpinPublic, KingpinPrivate>;

const name = (id: CardId | null | undefined): string => (id ? cardDef(id).name : 'a card');
const num = quarters;
const dollars = (n: number): string => `$${num(n)}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function explainKingpin(view: View, action: KingpinAction): HintWords {
  const pub = view.public;
  const me = seatOf(pub);
  const mine = pub.players[me]!;
  const who = (seat: number): string => pub.players[seat]?.name ?? `Seat ${seat + 1}`;
  const slotName = (slot: number): string => name(mine.board[slot]?.id);

  switch (action.type) {
    case 'attack': {
      const m = attackDamage(pub, me, action.attackers);
      const t = targetCard(pub, action.target);
      const by = action.attackers.map(slotName).join(' + ');
      if (!t)
        return {
          label: `Attack ${who(action.target.seat)}'s hand with ${by}`,
          why: `${num(m.total)} damage on a random hand card: most hand cards have no shields and fall to it.`,
        };
      const label = `Attack ${who(action.target.seat)}'s ${name(t.id)} with ${by}`;
      const need = ammoToKill(t, m, ammoBudget(pub, me));
      if (need !== null)
        return {
          label,
          why:
            `${num(m.total)} damage${need > 0 ? ` plus ${dollars(need)} of ammunition` : ''} destroys it` +
            (isBossCard(t)
              ? ': that Boss is out of the game.'
              : ` (${t.shields} shields, ${num(t.hp)} HP left).`),
        };
      const leads =
        lead(pub, me, action.target.seat) > 0 ? ` ${who(action.target.seat)} leads the table.` : '';
      if (isBossCard(t)) {
        const spend = bossAmmo(pub, me);
        const hp = Math.min(t.hp, hpDamage(t, m.total + spend, m));
        return {
          label,
          why:
            (spend > 0 ? `With your spare ${dollars(spend)} as ammunition it` : 'It') +
            ` takes about ${num(hp)} of the Boss's ${num(t.hp)} HP.${leads}`,
        };
      }
      const hp = Math.min(t.hp, hpDamage(t, m.total, m));
      return { label, why: `It takes ${num(hp)} of its ${num(t.hp)} HP and wears down its shields.${leads}` };
    }
    case 'ammo': {
      const label =
        action.amount > 0 ? `Spend ${dollars(action.amount)} of ammunition` : 'Spend no ammunition';
      const atk = pub.prompt?.attack;
      const t = atk ? targetCard(pub, atk.target) : null;
      if (!atk || !t) return { label, why: 'Ammunition only adds damage; keep the money.' };
      const m = attackDamage(pub, me, atk.attackers);
      const kills = ammoToKill(t, m, action.amount) !== null;
      return {
        label,
        why: kills
          ? action.amount > 0
            ? `${num(m.total)} + ${num(action.amount)} damage is the least that destroys the ${name(t.id)}.`
            : `${num(m.total)} damage destroys the ${name(t.id)} without ammunition.`
          : action.amount > 0
            ? `Every dollar is one more damage on the ${name(t.id)}; you keep the rest for shields.`
            : `No amount you can spend destroys the ${name(t.id)}: keep your money.`,
      };
    }
    case 'safeToShield':
    case 'moveShield': {
      const slot = action.type === 'safeToShield' ? action.slot : action.to;
      const label =
        action.type === 'safeToShield'
          ? `Put a shield on your ${slotName(slot)} (from your safe)`
          : `Move a shield from your ${slotName(action.from)} to your ${slotName(slot)}`;
      return { label, why: shieldWhy(pub, me, slot, who) };
    }
    case 'shieldToSafe':
      return {
        label: `Turn a shield of your ${slotName(action.slot)} into money`,
        why: 'Money in your safe pays for buys, bribes and ammunition this turn.',
      };
    case 'deploy':
      return {
        label: `Deploy ${name(action.card)} from your hand`,
        why: `A card on the board can attack and defend (ATK ${cardDef(action.card).atk}); deploying is free once a turn.`,
      };
    case 'recall':
      return {
        label: `Take your ${slotName(action.slot)} back to your hand`,
        why: 'Its shields return to your safe and it is safe from attacks in your hand.',
      };
    case 'buy': {
      const cards = mine.board.filter((c) => c !== null).length + mine.handCount;
      if (action.source === 'pile')
        return {
          label: 'Buy the top of the Draw Pile',
          why: `You have ${plural(cards, 'card')}: a bigger crew attacks harder and spreads the damage.`,
        };
      const d = cardDef(action.card);
      return {
        label: `Buy ${d.name} from the Reserve (${dollars(d.price)})`,
        why: `ATK ${d.atk}, HP ${d.hp}: the best value on offer for your ${cards}-card crew.`,
      };
    }
    case 'bribe': {
      const t = pub.players[action.target.seat]?.board[action.target.slot];
      return {
        label: `Bribe ${who(action.target.seat)}'s ${name(t?.id)} (${dollars(t?.bribeCost ?? 0)})`,
        why: `It leaves their board and joins your hand: one threat less for you, one card more.`,
      };
    }
    case 'discard':
      return {
        label: `Discard ${name(action.card)}`,
        why: `Your crew is full and it is your least useful card (worth ${num(cardValue(action.card))} to the bot).`,
      };
    case 'sell':
      return {
        label: `Sell ${name(action.card)}`,
        why: 'Your crew is full: the money is worth more than the card.',
      };
    case 'pass':
      return { label: 'End your turn', why: 'No attack, buy or bribe is worth its price right now.' };
    case 'place': {
      const card = pub.prompt?.card;
      if (action.to === 'hand')
        return {
          label: `Keep ${name(card)} in your hand`,
          why: 'No free slot or no money to shield it on the board.',
        };
      return {
        label: `Play ${name(card)} to the board with ${action.shields} shield${action.shields === 1 ? '' : 's'}`,
        why: `Shields protect it from the next attacks; the rest of your ${dollars(mine.safe)} stays for later.`,
      };
    }
    case 'pick': {
      if (!action.target) return { label: 'Skip the ability', why: 'No target is worth it.' };
      const t = pub.players[action.target.seat]?.board[action.target.slot];
      return {
        label: `${pub.prompt?.pick === 'freeze' ? 'Freeze' : 'Hit'} ${who(action.target.seat)}'s ${name(t?.id)}`,
        why:
          pub.prompt?.pick === 'freeze'
            ? `It is their hardest hitter (ATK ${t?.atk ?? 0}): frozen, it cannot attack.`
            : 'It is the card this hit damages most for what it is worth.',
      };
    }
    case 'emergencyShield':
      return {
        label: `Move a shield from your ${slotName(action.from)} onto the attacked hand card`,
        why: 'With enough shields the hand card survives the attack.',
      };
    case 'emergencyDone':
      return { label: 'Let the attack resolve', why: 'More shields would not save the card.' };
  }
}

/** Why a shield on `slot`: the worst hit a rival could land there next turn, and what shields save. */
function shieldWhy(pub: KingpinPublic, me: number, slot: number, who: (s: number) => string): string {
  const card = pub.players[me]!.board[slot];
  const worst: Hit | null | undefined = threatReport(pub, me).cards.find((c) => c.slot === slot)?.worst;
  if (!card || !worst)
    return `Nobody can reach your ${name(card?.id)} next turn: the shield is ready for when they can.`;
  const threat = `${who(worst.seat)} could deal ${num(worst.total)} damage to your ${name(card.id)} next turn`;
  const after = (k: number) => threatReport(pub, me, { [slot]: k }).cards.find((c) => c.slot === slot)?.worst;
  if (worst.destroyed) {
    const room = Math.max(1, card.shieldLimit - card.shields);
    for (let k = 1; k <= room; k++)
      if (!after(k)?.destroyed)
        return k === 1
          ? `${threat} and destroy it; this shield saves it.`
          : `${threat} and destroy it; ${k} shields more would save it.`;
    return `${threat} and destroy it; each shield takes a point off.`;
  }
  const one = after(1);
  if (one && one.hpLost < worst.hpLost)
    return `${threat} (${num(worst.hpLost)} HP); the shield saves ${num(worst.hpLost - one.hpLost)} HP.`;
  return `${threat}: each shield takes a point off.`;
}
