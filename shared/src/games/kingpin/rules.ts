/**
 * Legality and the reducer. `legalActions` enumerates the exact payloads a seat may send now;
 * `apply` accepts exactly those (compared by `actionKey`), so the two can never disagree.
 */
import type { ApplyResult, RuleError, SeatIndex } from '../../core/contract';
import { refuse } from '../../core/contract';
import { Random } from '../../core/rng';
import { onEnter, pickTargets, resolveEvent } from './abilities';
import { actionKey } from './actions';
import { cardDef, isEvent, isUnique } from './cards';
import { hittableHand, pickHandCard, resolveAttack, targetableSlots } from './combat';
import {
  boardCards,
  cloneState,
  findOwnCard,
  freeSlot,
  hasRoom,
  nameOf,
  opponents,
  plural,
  takeIncome,
  type Events,
} from './state';
import {
  boardIds,
  boardMod,
  bribeCost,
  cardAtk,
  cardHas,
  discount,
  isFrozen,
  maxAttackers,
  shieldLimit,
  shieldLimitOn,
} from './stats';
import { isLegacy, rulesOf } from './edition';
import { endTurn, normalize } from './turn';
import type { AttackTarget, CardId, KingpinAction, KingpinState, PendingAttack, PickReason } from './types';

export const Err = {
  GAME_OVER: 'GAME_OVER',
  NOT_A_SEAT: 'NOT_A_SEAT',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  WRONG_PHASE: 'WRONG_PHASE',
  ILLEGAL: 'ILLEGAL',
  INTERNAL: 'INTERNAL',
} as const;

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

export function toAct(s: KingpinState): SeatIndex[] {
  if (s.phase === 'finished') return [];
  return [s.prompt ? s.prompt.seat : s.turn];
}

// ─── Questions the enumeration and the bot share ────────────────────────────────────────────────

export function ownsUnique(s: KingpinState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.hand.some(isUnique) || boardCards(p).some((c) => isUnique(c.id));
}

export function canBuy(s: KingpinState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.noBuyTurn !== p.turnsTaken && hasRoom(p);
}

/** Price check for a card: the safe must hold at least Price - discount (nothing is paid). */
export function affordable(s: KingpinState, seat: number, id: CardId): boolean {
  return s.players[seat]!.safe >= cardDef(id).price - discount(s, seat);
}

export function bribeReady(s: KingpinState, seat: number): boolean {
  const p = s.players[seat]!;
  return p.lastBribeTurn < p.turnsTaken - 1;
}

/** Board slots that may attack now: a card, not frozen, ATK > 0. */
export function attackerSlots(s: KingpinState, seat: number): number[] {
  const p = s.players[seat]!;
  return p.board.flatMap((c, i) => (c && !isFrozen(s, seat, i) && cardAtk(s, seat, i) > 0 ? [i] : []));
}

function subsets(items: readonly number[], maxSize: number): number[][] {
  const out: number[][] = [];
  const n = items.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const pick = items.filter((_, i) => mask & (1 << i));
    if (pick.length <= maxSize) out.push(pick);
  }
  return out;
}

/** Every attack (attackers set + target) the seat may declare now. */
export function attackOptions(
  s: KingpinState,
  seat: number,
): { attackers: number[]; target: AttackTarget }[] {
  const out: { attackers: number[]; target: AttackTarget }[] = [];
  const sets = subsets(attackerSlots(s, seat), maxAttackers(s, seat));
  if (sets.length === 0) return out;
  const boardTargets: AttackTarget[] = [];
  const handSeats: number[] = [];
  for (const o of opponents(s, seat)) {
    for (const slot of targetableSlots(s, o)) boardTargets.push({ seat: o, zone: 'board', slot });
    if (hittableHand(s, o).length > 0) handSeats.push(o);
  }
  for (const attackers of sets) {
    for (const target of boardTargets) out.push({ attackers, target });
    if (
      handSeats.length > 0 &&
      attackers.some((i) => cardHas(s, s.players[seat]!.board[i]!.id, 'hand_attack'))
    ) {
      for (const o of handSeats) out.push({ attackers, target: { seat: o, zone: 'hand' } });
    }
  }
  return out;
}

/** The most ammunition the seat may spend on one attack now (its safe, within the table's cap). */
export function maxAmmo(s: KingpinState, seat: number): number {
  const safe = s.players[seat]!.safe;
  const cap = rulesOf(s).ammoCap;
  return cap > 0 ? Math.min(safe, cap) : safe;
}

/** Whether discarding `card` could move some of its shields onto the seat's other board cards. */
export function shieldsCanMove(s: KingpinState, seat: number, card: CardId): boolean {
  const p = s.players[seat]!;
  const slot = p.board.findIndex((c) => c?.id === card);
  if (slot < 0 || p.board[slot]!.shields === 0) return false;
  return p.board.some((c, i) => c && i !== slot && shieldLimitAfter(s, seat, i, card) > c.shields);
}

/** The shield limit of the card in `slot` once `gone` has left the board (auras and synergy change). */
function shieldLimitAfter(s: KingpinState, seat: number, slot: number, gone: CardId): number {
  const ids = boardIds(s, seat).filter((id) => id !== gone);
  return shieldLimitOn(s, seat, s.players[seat]!.board[slot]!.id, ids);
}

/** Shield limit a card would have once placed on the seat's board. */
export function limitOnEntry(s: KingpinState, seat: number, id: CardId): number {
  return shieldLimitOn(s, seat, id, [...boardIds(s, seat), id]);
}

// ─── Enumeration ────────────────────────────────────────────────────────────────────────────────

function turnActions(s: KingpinState, seat: number): KingpinAction[] {
  const p = s.players[seat]!;
  const out: KingpinAction[] = [];
  if (s.bribedThisTurn) {
    // §6.2 "bribe defenders, then attack": after a bribe only an attack or the end of the turn remain.
    for (const a of attackOptions(s, seat))
      out.push({ type: 'attack', attackers: a.attackers, target: a.target });
    out.push({ type: 'pass' });
    return out;
  }
  const slots = p.board.flatMap((c, i) => (c ? [i] : []));
  const room = (i: number) => shieldLimit(s, seat, i) - p.board[i]!.shields;
  // Defense Management
  for (const from of slots) {
    if (p.board[from]!.shields === 0) continue;
    out.push({ type: 'shieldToSafe', slot: from });
    for (const to of slots) if (to !== from && room(to) > 0) out.push({ type: 'moveShield', from, to });
  }
  if (p.safe > 0) for (const i of slots) if (room(i) > 0) out.push({ type: 'safeToShield', slot: i });
  if (!s.deployedThisTurn && freeSlot(p) >= 0) {
    for (const card of new Set(p.hand)) out.push({ type: 'deploy', card });
  }
  for (const i of slots) if (cardHas(s, p.board[i]!.id, 'return_hand')) out.push({ type: 'recall', slot: i });
  // Main actions
  if (canBuy(s, seat)) {
    if (s.drawPile.length + s.reserve.length > 0) out.push({ type: 'buy', source: 'pile' });
    const hasUnique = ownsUnique(s, seat);
    for (const card of new Set(s.reserve)) {
      if (affordable(s, seat, card) && !(hasUnique && isUnique(card)))
        out.push({ type: 'buy', source: 'reserve', card });
    }
  }
  if (bribeReady(s, seat) && hasRoom(p)) {
    const hasUnique = ownsUnique(s, seat);
    for (const o of opponents(s, seat)) {
      s.players[o]!.board.forEach((c, slot) => {
        if (!c || (hasUnique && isUnique(c.id))) return;
        const cost = bribeCost(s, o, slot);
        if (cost !== null && cost <= p.safe) out.push({ type: 'bribe', target: { seat: o, slot } });
      });
    }
  }
  for (const a of attackOptions(s, seat))
    out.push({ type: 'attack', attackers: a.attackers, target: a.target });
  const own = [...p.hand, ...boardCards(p).map((c) => c.id)].filter((id) => cardDef(id).type !== 'boss');
  for (const card of own) {
    out.push({ type: 'discard', card });
    if (!isLegacy(s) && shieldsCanMove(s, seat, card)) out.push({ type: 'discard', card, shields: 'board' });
  }
  if (boardMod(s, seat, 'sell') > 0) for (const card of own) out.push({ type: 'sell', card });
  out.push({ type: 'pass' });
  return out;
}

function promptActions(s: KingpinState): KingpinAction[] {
  const pr = s.prompt!;
  const p = s.players[pr.seat]!;
  switch (pr.kind) {
    case 'place': {
      const out: KingpinAction[] = [{ type: 'place', to: 'hand' }];
      if (freeSlot(p) >= 0) {
        const max = Math.min(limitOnEntry(s, pr.seat, pr.card!), p.safe);
        for (let n = 0; n <= max; n++) out.push({ type: 'place', to: 'board', shields: n });
      }
      return out;
    }
    case 'ammo':
      return Array.from({ length: maxAmmo(s, pr.seat) + 1 }, (_, amount) => ({ type: 'ammo', amount }));
    case 'pick':
      return [
        ...pickTargets(s, pr.seat, pr.pick as PickReason).map((target) => ({
          type: 'pick' as const,
          target,
        })),
        { type: 'pick', target: null },
      ];
    case 'emergency': {
      const out: KingpinAction[] = [];
      const atk = pr.attack!;
      const id = atk.handCard!;
      if (atk.emergencyShields < limitOnEntry(s, pr.seat, id)) {
        p.board.forEach((c, from) => {
          if (c && c.shields > 0) out.push({ type: 'emergencyShield', from });
        });
      }
      out.push({ type: 'emergencyDone' });
      return out;
    }
  }
}

export function legalActions(s: KingpinState, seat: SeatIndex): KingpinAction[] {
  if (s.phase === 'finished' || !toAct(s).includes(seat)) return [];
  return s.phase === 'turn' ? turnActions(s, seat) : promptActions(s);
}

// ─── Apply ──────────────────────────────────────────────────────────────────────────────────────

function err(code: string, message: string): RuleError {
  return { code, message };
}

export function check(s: KingpinState, seat: SeatIndex, action: KingpinAction): RuleError | null {
  if (s.phase === 'finished') return err(Err.GAME_OVER, 'The match is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players.length)
    return err(Err.NOT_A_SEAT, 'Not a seat.');
  const type = action?.type;
  if (typeof type !== 'string' || !(type in PHASE_OF)) return err(Err.ILLEGAL, 'Unknown action.');
  if (!toAct(s).includes(seat)) return err(Err.NOT_YOUR_TURN, "It's not your turn.");
  if (PHASE_OF[type] !== s.phase) return err(Err.WRONG_PHASE, `You can't do that now (phase: ${s.phase}).`);
  const key = actionKey(action);
  if (!legalActions(s, seat).some((a) => actionKey(a) === key)) {
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
    const ev: Events = [];
    perform(s, seat, action, ev);
    if (s.phase !== 'finished') normalize(s, ev);
    return { ok: true, state: s, events: ev };
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

/**
 * Takes one of the seat's cards off its hand or board. A board card's shields flip into the safe,
 * or (`redistribute`) move onto the seat's other cards, lowest slot first within their limits once
 * the card is gone, the rest into the safe. Returns how many shields moved to cards.
 */
/** " Its 2 shields move to your cards (1) and your safe (1)." for the logs. */
function shieldNote(shields: number, moved: number): string {
  if (shields === 0) return '';
  const toSafe = shields - moved;
  const parts = [moved > 0 ? `${moved} to other cards` : '', toSafe > 0 ? `${toSafe} to the safe` : ''];
  return ` Its ${shields} shield${shields === 1 ? '' : 's'}: ${parts.filter(Boolean).join(', ')}.`;
}

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
        ev.push({ type: 'reveal', text: `${who} reveals ${cardDef(id).name}.`, seat, data: { card: id } });
        if (isEvent(id)) {
          resolveEvent(s, seat, id, ev);
          return endTurn(s, ev);
        }
        if (!affordable(s, seat, id) || (isUnique(id) && ownsUnique(s, seat))) {
          s.reserve.push(id);
          ev.push({
            type: 'toReserve',
            text: `${cardDef(id).name} goes to the Reserve.`,
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
        ev.push({ type: 'keep', text: `${who} keeps the card in hand.`, seat });
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
      p.safe -= cost;
      s.bank += cost;
      owner.safe += card.shields;
      owner.board[a.target.slot] = null;
      p.hand.push(card.id);
      p.lastBribeTurn = p.turnsTaken;
      ev.push({
        type: 'bribe',
        text: `${who} bribes ${cardDef(card.id).name} away from ${nameOf(s, a.target.seat)} for ${cost}.`,
        seat,
        data: { card: card.id, from: a.target.seat, cost },
      });
      if (card.shields > 0) {
        ev.push({
          type: 'shieldsBack',
          text: `${card.shields} shield${card.shields === 1 ? '' : 's'} of ${cardDef(card.id).name} flip into ${nameOf(s, a.target.seat)}'s safe.`,
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
            text: `${cardDef(target.board[a.target.slot]!.id).name} of ${nameOf(s, a.target.seat)} is frozen.`,
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
