/**
 * The reducer. `legalActions` (legal.ts) enumerates the exact payloads a seat may send now; `apply`
 * accepts exactly those (compared by `sameKingpinAction`: field by field, attackers in any order),
 * so the two can never disagree.
 */
import type { ApplyResult, RuleError, SeatIndex } from '../../core/contract';
import { Random } from '../../core/rng';
import { onEnter, resolveEvent } from './abilities';
import { listsAction } from './actions';
import { cardDef, isEvent, isUnique } from './cards';
import { pickHandCard, resolveAttack } from './combat';
import { cloneState, findOwnCard, freeSlot, nameOf, plural, takeIncome, type Events } from './state';
import { boardMod, bribeCost, discount, shieldLimit } from './stats';
import { isLegacy } from './edition';
import { endTurn, normalize } from './turn';
import { bribeNotes, watchedEvents } from './logNotes';
import type { CardId, KingpinAction, KingpinState, PendingAttack, PickReason } from './types';
import { affordable, attackOptions, legalActions, ownsUnique, toAct } from './legal';
import { Err, err, refuse } from './refusals';

/** The contract's `legalActions` and `toAct` (legal.ts), beside `apply`. */
export { legalActions, toAct };

const PHASE_OF: Record<KingpinAction['type'], KingpinState['phase']> = {
  moveShield: 'turn',
  shieldToSafe: 'turn',
  safeToShield: 'turn',
  deploy: 'turn',
  recall: 'turn',
  buy: 'turn',
  bribe: 'turn',
  attack: 'turn',
  discard: 'turn',
  sell: 'turn',
  pass: 'turn',
  place: 'place',
  ammo: 'ammo',
  pick: 'pick',
  emergencyShield: 'emergency',
  emergencyDone: 'emergency',
};

// ─── Apply ──────────────────────────────────────────────────────────────────────────────────────

export function check(s: KingpinState, seat: SeatIndex, action: KingpinAction): RuleError | null {
  if (s.phase === 'finished') return err(Err.GAME_OVER, 'The match is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players.length)
    return err(Err.NOT_A_SEAT, 'Not a seat.');
  const type = action?.type;
  if (typeof type !== 'string' || !(type in PHASE_OF)) return err(Err.ILLEGAL, 'Unknown action.');
  if (!toAct(s).includes(seat)) return err(Err.NOT_YOUR_TURN, "It's not your turn.");
  if (PHASE_OF[type] !== s.phase) return err(Err.WRONG_PHASE, `You can't do that now (phase: ${s.phase}).`);
  if (!listsAction(legalActions(s, seat), action)) {
    return err(Err.ILLEGAL, "That move isn't allowed now.");
  }
  return null;
}

export function apply(
  state: KingpinState,
  seat: SeatIndex,
  action: KingpinAction,
): ApplyResult<KingpinState> {
  try {
    const problem = check(state, seat, action);
    if (problem) return { ok: false, error: problem };
    const s = cloneState(state);
    // Each line is followed by the clan bonuses its change took or gave (logNotes.ts).
    const log = watchedEvents(s);
    perform(s, seat, action, log.ev);
    if (s.phase !== 'finished') normalize(s, log.ev);
    log.settle();
    return { ok: true, state: s, events: log.done() };
  } catch (e) {
    return refuse(Err.INTERNAL, `Internal rules error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function openPick(
  s: KingpinState,
  seat: number,
  card: CardId,
  reason: PickReason | null,
  then: 'turn' | 'end',
  ev: Events,
) {
  if (reason) {
    s.phase = 'pick';
    s.promptSeq++;
    s.prompt = { kind: 'pick', seat, card, pick: reason, attack: null, then };
  } else if (then === 'end') endTurn(s, ev);
}

/** Closes a prompt: back to the turn, or the turn ends. */
function afterPrompt(s: KingpinState, then: 'turn' | 'end', ev: Events): void {
  if (s.phase === 'finished') return;
  s.prompt = null;
  s.phase = 'turn';
  if (then === 'end') endTurn(s, ev);
}

/** " Its 2 shields move to your cards (1) and your safe (1)." for the logs. */
function shieldNote(shields: number, moved: number): string {
  if (shields === 0) return '';
  const toSafe = shields - moved;
  const parts = [moved > 0 ? `${moved} to other cards` : '', toSafe > 0 ? `${toSafe} to the safe` : ''];
  return ` Its ${shields} shield${shields === 1 ? '' : 's'}: ${parts.filter(Boolean).join(', ')}.`;
}

/**
 * Takes one of the seat's cards off its hand or board. A board card's shields flip into the safe,
 * or (`redistribute`) move onto the seat's other cards, lowest slot first within their limits once
 * the card is gone, the rest into the safe. Returns how many shields moved to cards.
 */
function removeOwnCard(s: KingpinState, seat: number, id: CardId, redistribute = false): number {
  const p = s.players[seat]!;
  const where = findOwnCard(p, id)!;
  if (where.zone === 'hand') {
    p.hand.splice(p.hand.indexOf(id), 1);
    return 0;
  }
  let left = p.board[where.slot]!.shields;
  p.board[where.slot] = null;
  let moved = 0;
  if (redistribute) {
    p.board.forEach((c, i) => {
      if (!c || left === 0) return;
      const n = Math.min(left, Math.max(0, shieldLimit(s, seat, i) - c.shields));
      c.shields += n;
      left -= n;
      moved += n;
    });
  }
  p.safe += left;
  return moved;
}

function perform(s: KingpinState, seat: number, a: KingpinAction, ev: Events): void {
  const p = s.players[seat]!;
  const who = nameOf(s, seat);
  switch (a.type) {
    case 'moveShield':
      p.board[a.from]!.shields--;
      p.board[a.to]!.shields++;
      ev.push({
        type: 'shieldMove',
        text: `${who} moves a shield from ${cardDef(p.board[a.from]!.id).name} to ${cardDef(p.board[a.to]!.id).name}.`,
        seat,
      });
      return;
    case 'shieldToSafe':
      p.board[a.slot]!.shields--;
      p.safe++;
      ev.push({
        type: 'shieldMove',
        text: `${who} flips a shield of ${cardDef(p.board[a.slot]!.id).name} into $1 in the safe.`,
        seat,
      });
      return;
    case 'safeToShield':
      p.safe--;
      p.board[a.slot]!.shields++;
      ev.push({
        type: 'shieldMove',
        text: `${who} flips $1 from the safe into a shield on ${cardDef(p.board[a.slot]!.id).name}.`,
        seat,
      });
      return;
    case 'deploy': {
      p.hand.splice(p.hand.indexOf(a.card), 1);
      const slot = freeSlot(p);
      p.board[slot] = { id: a.card, shields: 0, damageQ: 0, frozenUntil: -1 };
      s.deployedThisTurn = true;
      ev.push({
        type: 'deploy',
        text: `${who} plays ${cardDef(a.card).name}.`,
        seat,
        data: { card: a.card, slot },
      });
      normalize(s, ev);
      return openPick(s, seat, a.card, onEnter(s, seat, slot, ev), 'turn', ev);
    }
    case 'recall': {
      const card = p.board[a.slot]!;
      p.safe += card.shields;
      p.board[a.slot] = null;
      p.hand.push(card.id);
      ev.push({
        type: 'recall',
        text: `${who} takes ${cardDef(card.id).name} back to hand${card.shields ? ` (${plural(card.shields, 'shield')} flip into the safe)` : ''}.`,
        seat,
      });
      return;
    }
    case 'buy': {
      let id: CardId;
      if (a.source === 'pile') {
        if (s.drawPile.length === 0) {
          const random = new Random(s.rng);
          s.drawPile = random.shuffle(s.reserve);
          s.rng = random.state;
          s.reserve = [];
          ev.push({ type: 'refill', text: 'The Reserve is shuffled into a new Draw Pile.' });
        }
        id = s.drawPile.shift()!;
        s.lastRevealed = id;
        for (const q of s.players) if (q.deckLook) q.deckLook = null;
        ev.push({
          type: 'reveal',
          text: `${who} reveals ${cardDef(id).name} from the Draw Pile.`,
          seat,
          data: { card: id },
        });
        if (isEvent(id)) {
          resolveEvent(s, seat, id, ev);
          return endTurn(s, ev);
        }
        if (!affordable(s, seat, id) || (isUnique(id) && ownsUnique(s, seat))) {
          s.reserve.push(id);
          // Why it is not kept: the Price is checked against the safe (not paid), one unique each.
          const off = discount(s, seat);
          const price = `$${cardDef(id).price - off}${off ? ' after the discount' : ''}`;
          const why = affordable(s, seat, id)
            ? `${who} already has a unique card`
            : `its Price is ${price}, ${who}'s safe holds $${p.safe}`;
          ev.push({
            type: 'toReserve',
            text: `${cardDef(id).name} goes to the Reserve (${why}).`,
            seat,
            data: { card: id },
          });
          return endTurn(s, ev);
        }
      } else {
        id = a.card;
        s.reserve.splice(s.reserve.indexOf(id), 1);
        ev.push({
          type: 'buy',
          text: `${who} buys ${cardDef(id).name} from the Reserve.`,
          seat,
          data: { card: id },
        });
      }
      const bonus = boardMod(s, seat, 'purchase_bonus');
      if (bonus > 0) {
        const got = takeIncome(s, bonus);
        p.safe += got;
        if (got > 0) ev.push({ type: 'income', text: `Trader: ${who} gains $${got} for the buy.`, seat });
      }
      s.phase = 'place';
      s.promptSeq++;
      s.prompt = { kind: 'place', seat, card: id, pick: null, attack: null, then: 'end' };
      return;
    }
    case 'place': {
      const id = s.prompt!.card!;
      s.prompt = null;
      s.phase = 'turn';
      if (a.to === 'hand') {
        p.hand.push(id);
        ev.push({ type: 'keep', text: `${who} keeps ${cardDef(id).name} in hand.`, seat });
        return endTurn(s, ev);
      }
      const slot = freeSlot(p);
      p.board[slot] = { id, shields: a.shields, damageQ: 0, frozenUntil: -1 };
      p.safe -= a.shields;
      ev.push({
        type: 'deploy',
        text: `${who} plays ${cardDef(id).name}${a.shields ? ` with ${plural(a.shields, 'shield')} from the safe` : ''}.`,
        seat,
        data: { card: id, slot },
      });
      normalize(s, ev);
      return openPick(s, seat, id, onEnter(s, seat, slot, ev), 'end', ev);
    }
    case 'bribe': {
      const owner = s.players[a.target.seat]!;
      const card = owner.board[a.target.slot]!;
      const cost = bribeCost(s, a.target.seat, a.target.slot)!;
      const why = bribeNotes(s, a.target.seat, a.target.slot);
      p.safe -= cost;
      s.bank += cost;
      owner.safe += card.shields;
      owner.board[a.target.slot] = null;
      p.hand.push(card.id);
      p.lastBribeTurn = p.turnsTaken;
      ev.push({
        type: 'bribe',
        text: `${who} bribes ${cardDef(card.id).name} away from ${nameOf(s, a.target.seat)} for $${cost} (${why}).`,
        seat,
        data: { card: card.id, from: a.target.seat, cost },
      });
      if (card.shields > 0) {
        ev.push({
          type: 'shieldsBack',
          text: `${plural(card.shields, 'shield')} of ${cardDef(card.id).name} ${card.shields === 1 ? 'flips' : 'flip'} into ${nameOf(s, a.target.seat)}'s safe.`,
          seat: a.target.seat,
        });
      }
      // Edition 1: a bribe ends the turn.
      if (isLegacy(s)) return endTurn(s, ev);
      // §6.2: a bribe may be followed by an attack in the same turn (nothing else).
      normalize(s, ev);
      if (attackOptions(s, seat).length === 0) return endTurn(s, ev);
      s.bribedThisTurn = true;
      return;
    }
    case 'attack': {
      const handCard = a.target.zone === 'hand' ? pickHandCard(s, a.target.seat) : null;
      const attack: PendingAttack = {
        seat,
        attackers: [...a.attackers],
        target: { ...a.target },
        handCard,
        ammo: 0,
        entry: false,
        emergencyShields: 0,
      };
      s.phase = 'ammo';
      s.promptSeq++;
      s.prompt = { kind: 'ammo', seat, card: null, pick: null, attack, then: 'end' };
      return;
    }
    case 'ammo': {
      const attack = s.prompt!.attack!;
      attack.ammo = a.amount;
      p.safe -= a.amount;
      s.bank += a.amount;
      if (attack.target.zone === 'hand' && attack.handCard && s.options.emergencyDefense) {
        s.phase = 'emergency';
        s.promptSeq++;
        s.prompt = {
          kind: 'emergency',
          seat: attack.target.seat,
          card: attack.handCard,
          pick: null,
          attack,
          then: 'end',
        };
        return;
      }
      resolveAttack(s, seat, attack.attackers, attack.target, attack.ammo, attack.handCard, 0, ev);
      return afterPrompt(s, 'end', ev);
    }
    case 'emergencyShield': {
      p.board[a.from]!.shields--;
      s.prompt!.attack!.emergencyShields++;
      ev.push({
        type: 'shieldMove',
        text: `${who} moves a shield from ${cardDef(p.board[a.from]!.id).name} onto the attacked hand card.`,
        seat,
      });
      return;
    }
    case 'emergencyDone': {
      const attack = s.prompt!.attack!;
      s.prompt = null;
      resolveAttack(
        s,
        attack.seat,
        attack.attackers,
        attack.target,
        attack.ammo,
        attack.handCard,
        attack.emergencyShields,
        ev,
      );
      return afterPrompt(s, 'end', ev);
    }
    case 'pick': {
      const pr = s.prompt!;
      s.prompt = null;
      if (a.target) {
        if (pr.pick === 'freeze') {
          const target = s.players[a.target.seat]!;
          target.board[a.target.slot]!.frozenUntil = target.turnsTaken + 1;
          ev.push({
            type: 'freeze',
            text: `${cardDef(target.board[a.target.slot]!.id).name} of ${nameOf(s, a.target.seat)} is frozen through ${nameOf(s, a.target.seat)}'s next turn.`,
            seat,
          });
        } else {
          const slot = p.board.findIndex((c) => c?.id === pr.card);
          if (slot >= 0) {
            resolveAttack(
              s,
              seat,
              [slot],
              { seat: a.target.seat, zone: 'board', slot: a.target.slot },
              0,
              null,
              0,
              ev,
            );
          }
        }
      }
      return afterPrompt(s, pr.then, ev);
    }
    case 'discard': {
      const slot = p.board.findIndex((c) => c?.id === a.card);
      const shields = slot >= 0 ? p.board[slot]!.shields : 0;
      const moved = removeOwnCard(s, seat, a.card, a.shields === 'board');
      s.discard.push(a.card);
      ev.push({
        type: 'discard',
        text: `${who} discards ${cardDef(a.card).name}.${shieldNote(shields, moved)}`,
        seat,
        data: { card: a.card },
      });
      const bonus = boardMod(s, seat, 'discard_bonus');
      if (bonus > 0) {
        const got = takeIncome(s, bonus);
        p.safe += got;
        if (got > 0) ev.push({ type: 'income', text: `Broker: ${who} gains $${got} for the discard.`, seat });
      }
      return endTurn(s, ev);
    }
    case 'sell': {
      const value = boardMod(s, seat, 'sell');
      removeOwnCard(s, seat, a.card);
      s.reserve.push(a.card);
      const got = takeIncome(s, value);
      p.safe += got;
      ev.push({
        type: 'sell',
        text: `${who} sells ${cardDef(a.card).name} to the Reserve for $${got}.`,
        seat,
        data: { card: a.card },
      });
      return endTurn(s, ev);
    }
    case 'pass':
      ev.push({ type: 'pass', text: s.bribedThisTurn ? `${who} ends the turn.` : `${who} passes.`, seat });
      return endTurn(s, ev);
  }
}
