/**
 * Test-only helpers (never imported by product code): build a match, stack the deck so scenarios are
 * exact, and apply actions that must succeed.
 */
import * as core from '../../core/testkit';
import { buildDeck } from './cards';
import { optionsSchema } from './options';
import { apply } from './rules';
import { setup } from './setup';
import type { BankoutAction, BankoutOptions, BankoutState, CardId } from './types';

export const SEATS = [
  { name: 'Ada', bot: false },
  { name: 'Bo', bot: false },
];

export function newMatch(options: Partial<BankoutOptions> = {}, seed = 1): BankoutState {
  return setup(optionsSchema.parse(options), SEATS, seed);
}

export interface Scenario {
  /** Cards on top of the deck, drawn first. */
  top?: CardId[];
  /** Cards in each seat's hand (oldest first). */
  hands?: [CardId[], CardId[]];
  /** Cards already in the discard pile. */
  discard?: CardId[];
  banks?: [number, number];
  turn?: number;
  /** Keep only the `top` cards in the deck (the rest go to the discard pile). */
  onlyTop?: boolean;
  /** Move the match to this round first (its deck and Joker count). */
  round?: number;
  suddenDeath?: boolean;
}

/**
 * Rearranges the current round's cards: `top` first, then the rest of the round's deck in a fixed
 * order; hand and discard cards are taken out of the deck, so every card stays accounted for.
 */
export function stackDeck(state: BankoutState, sc: Scenario): BankoutState {
  const s: BankoutState = structuredClone(state);
  if (sc.round !== undefined) s.round = sc.round;
  if (sc.suddenDeath !== undefined) s.suddenDeath = sc.suddenDeath;
  const all = buildDeck(s.round, s.options.jokers, s.suddenDeath);
  const placed = new Set<CardId>([...(sc.top ?? []), ...(sc.hands?.flat() ?? []), ...(sc.discard ?? [])]);
  for (const c of placed)
    if (!all.includes(c)) throw new Error(`stackDeck: ${c} is not in this round's deck`);
  if (placed.size !== (sc.top?.length ?? 0) + (sc.hands?.flat().length ?? 0) + (sc.discard?.length ?? 0)) {
    throw new Error('stackDeck: a card is placed twice');
  }
  const rest = all.filter((c) => !placed.has(c));
  s.deck = [...(sc.top ?? []), ...(sc.onlyTop ? [] : rest)];
  s.discard = [...(sc.discard ?? []), ...(sc.onlyTop ? rest : [])];
  s.drawnThisTurn = [];
  s.players.forEach((p, i) => {
    p.hand = sc.hands ? [...sc.hands[i]!] : [];
    if (sc.banks) p.bank = sc.banks[i]!;
  });
  if (sc.turn !== undefined) {
    s.turn = sc.turn;
    s.firstPlayerOfRound = sc.turn;
  }
  return s;
}

export type Step = core.Step<BankoutState>;

/** Applies an action that must be accepted. */
export const act = core.accepting(apply);

/** Applies several actions by the seat(s) to act. */
export function run(state: BankoutState, seat: number, actions: BankoutAction[]): Step {
  let step: Step = { state, events: [] };
  for (const a of actions) {
    const next = act(step.state, seat, a);
    step = { state: next.state, events: [...step.events, ...next.events] };
  }
  return step;
}

export const DRAW: BankoutAction = { type: 'draw' };
export const BANK: BankoutAction = { type: 'bank' };
export const END: BankoutAction = { type: 'endTurn' };

/** Every card of the match's current round, wherever it is, sorted. */
export function cardsInPlay(s: BankoutState): CardId[] {
  return [...s.deck, ...s.discard, ...s.drawnThisTurn, ...s.players.flatMap((p) => p.hand)].sort();
}
