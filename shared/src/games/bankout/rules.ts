/**
 * Legality and the reducer. `check` is the single validator: `legalActions` enumerates candidate
 * moves and keeps those `check` accepts, and `apply` refuses anything not in that list, so the two
 * can never disagree.
 */
import type { ApplyResult, RuleError, SeatIndex } from '../../core/contract';
import { sameAction } from '../../core/actions';
import { rankOf } from './cards';
import { drawCard } from './draw';
import { isLegacy } from './edition';
import {
  bankAction,
  counterAction,
  discardAction,
  endTurnAction,
  jokerEffect,
  playAction,
  timeUpAction,
} from './effects';
import type { Events } from './state';
import { canDraw, cloneState, other } from './state';
import type { BankoutAction, BankoutState, CardId, JokerChoice } from './types';
import { Err, err, refuse } from './refusals';

const CHOICES: readonly JokerChoice[] = ['swap', 'king', 'queen'];

/** Seats expected to act now. */
export function toAct(s: BankoutState): SeatIndex[] {
  if (s.phase === 'finished') return [];
  if (s.phase === 'counter' && s.prompt) return [s.prompt.seat];
  return [s.turn];
}

/** toAct(s).includes(seat), without the array (asked for every candidate of every seat after every action). */
function isDue(s: BankoutState, seat: SeatIndex): boolean {
  if (s.phase === 'finished') return false;
  if (s.phase === 'counter' && s.prompt) return s.prompt.seat === seat;
  return s.turn === seat;
}

const PHASE_OF: Record<BankoutAction['type'], BankoutState['phase']> = {
  draw: 'turn',
  bank: 'turn',
  timeUp: 'turn',
  endTurn: 'turn',
  play: 'turn',
  joker: 'joker',
  counter: 'counter',
  discard: 'discard',
};

const PHASE_WORDS: Record<BankoutState['phase'], string> = {
  turn: 'the turn is waiting for a draw, a play, a bank or an end of turn',
  joker: 'a Joker choice is pending',
  counter: 'a counter decision is pending',
  discard: 'a hand-limit discard is pending',
  finished: 'the match is over',
};

function swapError(s: BankoutState): RuleError | null {
  return s.players[other(s.turn)]!.bank > 0
    ? null
    : err(Err.SWAP_NOT_ALLOWED, "You can't swap while your opponent's bank is $0.");
}

/** Why this seat may not take this action now, or null if it may. */
export function check(s: BankoutState, seat: SeatIndex, action: BankoutAction): RuleError | null {
  if (s.phase === 'finished') return err(Err.GAME_OVER, 'The match is over.');
  if (seat !== 0 && seat !== 1) return err(Err.NOT_A_SEAT, 'Only the two players can act.');
  const type = action?.type;
  if (typeof type !== 'string' || !(type in PHASE_OF)) return err(Err.BAD_ACTION, 'Unknown action.');
  if (!isDue(s, seat)) return err(Err.NOT_YOUR_TURN, "It's not your turn.");
  if (PHASE_OF[type] !== s.phase)
    return err(Err.WRONG_PHASE, `You can't do that now: ${PHASE_WORDS[s.phase]}.`);
  const hand = s.players[seat]!.hand;
  switch (action.type) {
    case 'draw':
      return canDraw(s) ? null : err(Err.DECK_EMPTY, 'The deck is empty: bank or end your turn.');
    case 'bank':
    case 'endTurn':
      return null;
    case 'timeUp':
      // Edition 1 had no such action.
      return isLegacy(s) ? err(Err.BAD_ACTION, "That move isn't allowed now.") : null;
    case 'play': {
      if (!hand.includes(action.card)) return err(Err.NOT_IN_HAND, "That card isn't in your hand.");
      if (rankOf(action.card) !== 'X') {
        return action.choice === undefined ? null : err(Err.NO_CHOICE_HERE, 'Only a Joker takes a choice.');
      }
      if (!CHOICES.includes(action.choice as JokerChoice)) {
        return err(Err.CHOICE_REQUIRED, 'Choose swap, king or queen for the Joker.');
      }
      return action.choice === 'swap' ? swapError(s) : null;
    }
    case 'joker':
      if (!CHOICES.includes(action.choice)) return err(Err.CHOICE_REQUIRED, 'Choose swap, king or queen.');
      return action.choice === 'swap' ? swapError(s) : null;
    case 'counter':
      // (Edition 1 asked only a defender holding a Joker, so the Joker check below never refuses there.)
      if (typeof action.accept !== 'boolean') return err(Err.BAD_ACTION, 'Answer yes or no.');
      return !action.accept || hand.some((c) => rankOf(c) === 'X')
        ? null
        : err(Err.NO_JOKER, 'You need a Joker in hand to counter: let the swap through.');
    case 'discard':
      return hand.includes(action.card) ? null : err(Err.NOT_IN_HAND, "That card isn't in your hand.");
  }
}

/**
 * The candidate actions, each made once and frozen: asked for every seat after every action, the
 * same objects then come back (no allocation, and the server turns each into its JSON once).
 */
const once = <A extends BankoutAction>(a: A): Readonly<A> => Object.freeze(a);
const TURN: readonly BankoutAction[] = [
  once({ type: 'draw' }),
  once({ type: 'bank' }),
  once({ type: 'endTurn' }),
];
const JOKER: readonly BankoutAction[] = CHOICES.map((choice) => once({ type: 'joker', choice }));
const COUNTER: readonly BankoutAction[] = [
  once({ type: 'counter', accept: true }),
  once({ type: 'counter', accept: false }),
];
/** Per card id: its plays (a Joker's three choices, any other card's one) and its discard. */
const PLAYS = new Map<CardId, readonly BankoutAction[]>();
const DISCARDS = new Map<CardId, BankoutAction>();

function playsOf(card: CardId): readonly BankoutAction[] {
  let plays = PLAYS.get(card);
  if (!plays) {
    plays =
      rankOf(card) === 'X'
        ? CHOICES.map((choice) => once({ type: 'play', card, choice }))
        : [once({ type: 'play', card })];
    PLAYS.set(card, plays);
  }
  return plays;
}

function discardOf(card: CardId): BankoutAction {
  let discard = DISCARDS.get(card);
  if (!discard) DISCARDS.set(card, (discard = once({ type: 'discard', card })));
  return discard;
}

function candidates(s: BankoutState, seat: SeatIndex): readonly BankoutAction[] {
  switch (s.phase) {
    case 'turn': {
      const hand = s.players[seat]!.hand;
      if (hand.length === 0) return TURN;
      const out = TURN.slice();
      for (const card of hand) out.push(...playsOf(card));
      return out;
    }
    case 'joker':
      return JOKER;
    case 'counter':
      return COUNTER;
    case 'discard':
      return s.players[seat]!.hand.map(discardOf);
    default:
      return [];
  }
}

function isCandidate(s: BankoutState, seat: SeatIndex, action: BankoutAction): boolean {
  const all = candidates(s, seat);
  // The server hands on the listed object itself for a payload sent as listed: found by identity.
  if (all.includes(action)) return true;
  for (const c of all) if (c.type === action.type && sameAction(c, action)) return true;
  return false;
}

export function legalActions(s: BankoutState, seat: SeatIndex): BankoutAction[] {
  if (seat !== 0 && seat !== 1) return [];
  // Asked for every seat after every action: a seat not to act has nothing (check would refuse all).
  if (!isDue(s, seat)) return [];
  return candidates(s, seat).filter((a) => check(s, seat, a) === null);
}

export function apply(
  state: BankoutState,
  seat: SeatIndex,
  action: BankoutAction,
): ApplyResult<BankoutState> {
  try {
    const problem = check(state, seat, action);
    if (problem) return { ok: false, error: problem };
    // The clock's own action is never offered to a player (nor to a bot) as a legal move. Listed
    // among the candidates is listed among the legal actions: `check` accepted this action, and it
    // reads nothing but the action's fields, so it accepts the candidate equal to it too.
    if (action.type !== 'timeUp' && !isCandidate(state, seat, action)) {
      return refuse(Err.BAD_ACTION, "That move isn't allowed now.");
    }
    const s = cloneState(state);
    const ev: Events = [];
    perform(s, action, ev);
    return { ok: true, state: s, events: ev };
  } catch (e) {
    return refuse(Err.INTERNAL, `Internal rules error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function perform(s: BankoutState, action: BankoutAction, ev: Events): void {
  switch (action.type) {
    case 'draw':
      return drawCard(s, ev);
    case 'bank':
      return bankAction(s, ev);
    case 'timeUp':
      return timeUpAction(s, ev);
    case 'endTurn':
      return endTurnAction(s, ev);
    case 'play':
      return playAction(s, action.card, action.choice, ev);
    case 'joker':
      return jokerEffect(s, s.pendingCard ?? 'X1', action.choice, ev);
    case 'counter':
      return counterAction(s, action.accept, ev);
    case 'discard':
      return discardAction(s, action.card, ev);
  }
}
