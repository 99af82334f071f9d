/**
 * Test-only helpers (never imported by product code): build exact positions and apply actions that
 * must succeed. Every card and token stays accounted for: unplaced cards go to the Draw Pile (after
 * `top`), unplaced tokens to the Golden Fund.
 */
import * as core from '../../core/testkit';
import { Random, seedRng } from '../../core/rng';
import { BOSS_IDS, DECK_IDS, cardDef } from './cards';
import { LEGACY_EDITION, stateOptions } from './edition';
import { DESIGN_RULES, optionsSchema } from './options';
import { apply } from './rules';
import { setup } from './setup';
import { normalize } from './turn';
import { Q, SLOTS, TOTAL_TOKENS, freshSeat } from './state';
import type { BoardCard, CardId, KingpinAction, KingpinOptions, KingpinState } from './types';

export const NAMES = ['Ada', 'Bo', 'Cy'];

export function newMatch(seats = 2, options: Partial<KingpinOptions> = {}, seed = 1): KingpinState {
  return setup(
    optionsSchema.parse(options),
    NAMES.slice(0, seats).map((name) => ({ name, bot: false })),
    seed,
  );
}

export type CardSpec =
  CardId | { id: CardId; shields?: number; damage?: number; frozenUntil?: number } | null;

export interface SeatSpec {
  board?: CardSpec[];
  hand?: CardId[];
  safe?: number;
  /** Defaults to a Boss on the board or in hand, else an unused one (put in hand). */
  boss?: CardId;
  turnsTaken?: number;
  lastBribeTurn?: number;
}

export interface Scenario {
  seats: SeatSpec[];
  turn?: number;
  top?: CardId[];
  /** Keep only `top` in the Draw Pile (the rest go to the Discard Pile). */
  onlyTop?: boolean;
  reserve?: CardId[];
  discard?: CardId[];
  bank?: number;
  options?: Partial<KingpinOptions>;
  seed?: number;
}

export function scenario(sc: Scenario): KingpinState {
  const n = sc.seats.length;
  const used = new Set<CardId>();
  const use = (id: CardId) => {
    cardDef(id);
    if (used.has(id)) throw new Error(`scenario: ${id} placed twice`);
    used.add(id);
  };
  const players = sc.seats.map((spec) => {
    const board: (BoardCard | null)[] = Array.from({ length: SLOTS }, (_, i) => {
      const c = spec.board?.[i] ?? null;
      if (c === null) return null;
      const o = typeof c === 'string' ? { id: c } : c;
      use(o.id);
      return {
        id: o.id,
        shields: o.shields ?? 0,
        damageQ: (o.damage ?? 0) * Q,
        frozenUntil: o.frozenUntil ?? -1,
      };
    });
    (spec.hand ?? []).forEach(use);
    const ids = [...(spec.hand ?? []), ...board.flatMap((c) => (c ? [c.id] : []))];
    const boss = spec.boss ?? ids.find((id) => cardDef(id).type === 'boss');
    const p = freshSeat(boss ?? '');
    p.board = board;
    p.hand = [...(spec.hand ?? [])];
    p.safe = spec.safe ?? 12;
    p.turnsTaken = spec.turnsTaken ?? 1;
    p.lastBribeTurn = spec.lastBribeTurn ?? -10;
    return p;
  });
  players.forEach((p) => {
    if (!p.boss) {
      p.boss = BOSS_IDS.find((b) => !used.has(b))!;
      use(p.boss);
      p.hand.push(p.boss);
    } else if (!used.has(p.boss)) {
      use(p.boss);
      p.hand.push(p.boss);
    }
  });
  for (const id of [...(sc.top ?? []), ...(sc.reserve ?? []), ...(sc.discard ?? [])]) use(id);
  const rest = DECK_IDS.filter((id) => !used.has(id));
  const shields = players.reduce((t, p) => t + p.board.reduce((m, c) => m + (c?.shields ?? 0), 0), 0);
  const safes = players.reduce((t, p) => t + p.safe, 0);
  const bank = sc.bank ?? 0;
  const fund = TOTAL_TOKENS - shields - safes - bank;
  if (fund < 0) throw new Error('scenario: more than 40 tokens');
  // Scenarios play the design's pure rules unless they say otherwise (the opening variant has its own tests).
  const options = optionsSchema.parse({ ...DESIGN_RULES, ...sc.options });
  return {
    // An edition-1 scenario has an edition-1 state's shape (see edition.ts).
    options: stateOptions(options),
    rng: seedRng(sc.seed ?? 7),
    names: NAMES.slice(0, n),
    turn: sc.turn ?? 0,
    turnNumber: 1,
    phase: 'turn',
    prompt: null,
    promptSeq: 0,
    deployedThisTurn: false,
    players,
    bank,
    fund,
    drawPile: [...(sc.top ?? []), ...(sc.onlyTop ? [] : rest)],
    reserve: [...(sc.reserve ?? [])],
    discard: [...(sc.discard ?? []), ...(sc.onlyTop ? rest : [])],
    unusedBosses: BOSS_IDS.filter((b) => !used.has(b)),
    blackout: null,
    lastRevealed: null,
    winner: null,
    capped: false,
    ...(options.edition === LEGACY_EDITION ? {} : { winReason: null, bribedThisTurn: false }),
  };
}

export type Step = core.Step<KingpinState>;

/** Applies an action that must be accepted. */
export const act = core.accepting(apply);

/** Applies several actions in turn (each by the seat the state expects: prompt seat, else the turn). */
export function run(state: KingpinState, actions: KingpinAction[]): Step {
  let step: Step = { state, events: [] };
  for (const a of actions) {
    const seat = step.state.prompt ? step.state.prompt.seat : step.state.turn;
    const next = act(step.state, seat, a);
    step = { state: next.state, events: [...step.events, ...next.events] };
  }
  return step;
}

/** Attack with a board target and a given ammunition, in one go. */
export function attack(state: KingpinState, attackers: number[], seat: number, slot: number, ammo = 0): Step {
  return run(state, [
    { type: 'attack', attackers, target: { seat, zone: 'board', slot } },
    { type: 'ammo', amount: ammo },
  ]);
}

export function card(s: KingpinState, seat: number, slot: number): BoardCard {
  const c = s.players[seat]!.board[slot];
  if (!c) throw new Error(`no card at ${seat}:${slot}`);
  return c;
}

/** A random mid-game position: 2-3 seats, each with its Boss and random cards on board and in hand. */
export function randomPosition(seed: number): KingpinState {
  const random = new Random(seedRng(seed));
  const n = random.int(2, 3);
  const bosses = random.shuffle(['boss_gangster', 'boss_authority', 'boss_loner']);
  const pool = random.shuffle(DECK_IDS.filter((id) => cardDef(id).type !== 'event'));
  const seats: SeatSpec[] = [];
  let budget = 40;
  for (let i = 0; i < n; i++) {
    const onBoard = random.int(0, 4);
    const inHand = random.int(0, 5 - onBoard);
    const board = [
      { id: bosses[i]!, shields: random.int(0, 4), damage: random.int(0, 8) },
      ...pool.splice(0, onBoard).map((id) => ({ id, shields: random.int(0, 2), damage: random.int(0, 1) })),
    ];
    const shields = board.reduce((t, c) => t + c.shields, 0);
    const safe = Math.max(0, Math.min(random.int(0, 12), budget - shields - 2));
    budget -= shields + safe;
    if (budget < 0) board.forEach((c) => (c.shields = 0));
    seats.push({ board, hand: pool.splice(0, inHand), safe, turnsTaken: 1 });
  }
  const s = scenario({
    seats,
    turn: random.int(0, n - 1),
    seed,
    options: { emergencyDefense: random.int(0, 1) === 1 },
  });
  normalize(s);
  return s;
}

/**
 * The design's worked attack: seat 0's Financier (ATK 2, 2 shields) and Nurse (ATK 1, 1 shield), with
 * the Fighter giving the board Rage 1, against seat 1's lone Boss.
 */
export function designExample(): KingpinState {
  return scenario({
    seats: [
      {
        board: [
          { id: 'authority_financier', shields: 2 },
          { id: 'loner_nurse', shields: 1 },
          'gangster_fighter',
        ],
      },
      { board: ['boss_gangster'] },
    ],
  });
}
