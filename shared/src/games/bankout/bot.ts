/**
 * The Bankout AI. From its view only, it counts cards to know the odds of the next draw, then runs a
 * short expectimax over the rest of its turn (draw, bank, Queen, King, Joker) whose leaves are
 * scored by the chance of winning: a race to $1,000 in Bankout mode, the final lead in Blitz. Cards in
 * hand carry a dollar value for later turns, so a King waits for a big loot and a Queen is spent when
 * it saves a turn. Swaps are weighed against the chance of a counter. A little noise on near-ties
 * keeps it from playing exactly the same way every time.
 */
import type { Bot, BotLevel } from '../../core/contract';
import { easyDecide } from './botEasy';
import { rankOf } from './cards';
import type { DrawOdds, View } from './botmodel';
import { drawOdds, laterCards, leadWin, opponentJokerChance, raceWin } from './botmodel';
import type { BankoutAction, BankoutPrivate, BankoutPublic, JokerChoice } from './types';

/** How far each level searches (draws ahead) and how much noise it puts on near-ties (dollars). */
export const SEARCH: Record<'normal' | 'hard', { depth: number; jitter: number }> = {
  normal: { depth: 3, jitter: 6 },
  hard: { depth: 5, jitter: 0.5 },
};
/** Dollar value of keeping a card for later turns (scaled down as the round nears its end). */
const CARD_VALUE = { Q: 14, K: 40, X: 55 };

interface Node {
  loot: number;
  jacks: number;
  latent: number;
  q: number;
  k: number;
  x: number;
  /** Cards drawn so far in the search (the deck shrinks in Blitz). */
  drawn: number;
}

class Planner {
  readonly me: number;
  readonly a: number;
  readonly b: number;
  readonly odds: DrawOdds | null;
  readonly round: number;
  readonly pub: BankoutPublic;
  readonly target: boolean;
  readonly later: number;
  readonly mu: number;
  readonly values: { Q: number; K: number; X: number };
  readonly counterChance: number;

  constructor(
    view: View,
    readonly depth = SEARCH.normal.depth,
  ) {
    const pub = view.public;
    this.pub = pub;
    this.me = pub.phase === 'counter' && pub.prompt ? pub.prompt.seat : pub.turn;
    this.a = pub.players[this.me]!.bank;
    this.b = pub.players[1 - this.me]!.bank;
    this.odds = drawOdds(view, this.me);
    this.round = pub.suddenDeath ? 0 : pub.round;
    this.target = pub.mode === 'bankout' || pub.suddenDeath;
    this.later = laterCards(pub);
    const loot = pub.players[this.me]!.loot;
    this.mu = Math.max(
      1e-7,
      (this.utility(this.a + loot + 40, this.b, 0) - this.utility(this.a + loot, this.b, 0)) / 40,
    );
    // Hands are emptied at the end of a round: cards are worth less as it nears.
    const scale =
      pub.mode === 'blitz' || pub.suddenDeath
        ? Math.min(1, pub.deckCount / 25)
        : Math.min(1, Math.max(0.1, (1000 - Math.max(this.a, this.b)) / 250));
    this.values = { Q: CARD_VALUE.Q * scale, K: CARD_VALUE.K * scale, X: CARD_VALUE.X * scale };
    this.counterChance = this.round === 3 ? opponentJokerChance(view, this.me) : 0;
  }

  /** Chance of winning once my turn ends with these banks, `drawn` cards taken from the deck. */
  utility(mine: number, theirs: number, drawn: number): number {
    if (this.target && mine >= 1000) return 1;
    if (this.pub.mode === 'bankout' && !this.pub.suddenDeath) return raceWin(mine, theirs, false);
    return leadWin(mine - theirs, Math.max(0, this.pub.deckCount - drawn) + this.later);
  }

  hand(n: Pick<Node, 'q' | 'k' | 'x'>): number {
    return this.mu * (n.q * this.values.Q + n.k * this.values.K + n.x * this.values.X);
  }

  canDraw(n: Node): boolean {
    if (!this.odds) return false;
    if (this.pub.mode === 'bankout' && !this.pub.suddenDeath) return true;
    return this.pub.deckCount - n.drawn > 0;
  }

  bankValue(n: Node, mult: 1 | 2): number {
    return this.utility(this.a + mult * n.loot, this.b, n.drawn);
  }

  swapValue(n: Node): number {
    const swapped = this.utility(this.b, this.a, n.drawn);
    const countered = this.utility(this.a, this.b, n.drawn);
    return (1 - this.counterChance) * swapped + this.counterChance * countered;
  }

  private readonly memo = new Map<number, number>();

  /** The best value reachable from a turn state (memoised: many draw orders meet again). */
  best(n: Node, depth: number): number {
    const key =
      ((((((Math.round(n.loot * 64) * 3 + n.jacks) * 3 + n.latent) * 3 + n.q) * 3 + n.k) * 3 + n.x) * 8 +
        n.drawn) *
        8 +
      depth;
    let v = this.memo.get(key);
    if (v === undefined) {
      v = this.search(n, depth);
      this.memo.set(key, v);
    }
    return v;
  }

  private search(n: Node, depth: number): number {
    let v = this.bankValue(n, 1) + this.hand(n);
    if (n.k > 0) v = Math.max(v, this.bankValue(n, 2) + this.hand({ ...n, k: n.k - 1 }));
    if (n.x > 0) {
      const rest = this.hand({ ...n, x: n.x - 1 });
      v = Math.max(v, this.bankValue(n, 2) + rest);
      if (this.b > 0) v = Math.max(v, this.swapValue(n) + rest);
    }
    if (n.jacks > 0 || n.latent > 0) {
      if (n.q > 0) v = Math.max(v, this.best(queen({ ...n, q: n.q - 1 }), depth));
      else if (n.x > 0) v = Math.max(v, this.best(queen({ ...n, x: n.x - 1 }), depth));
    }
    if (depth > 0 && this.canDraw(n)) v = Math.max(v, this.drawValue(n, depth));
    return v;
  }

  /** Expected value of drawing one card, then playing on as well as possible. */
  drawValue(n: Node, depth: number): number {
    const o = this.odds!;
    const d = depth - 1;
    const next: Node = { ...n, drawn: n.drawn + 1 };
    const bust = this.utility(this.a, this.b, next.drawn) + this.hand(n);
    let v = 0;
    if (o.num > 0) v += o.num * this.best({ ...next, loot: n.loot + o.numMean }, d);
    if (o.J > 0) {
      let j: Node | null = { ...next, jacks: n.jacks + 1 };
      if (j.latent > 0) j = j.q > 0 ? queen({ ...j, q: j.q - 1 }) : null;
      if (j && j.jacks >= 3) j = null;
      v += o.J * (j ? this.best(j, d) : bust);
    }
    if (o.A > 0) {
      const busts = n.jacks > 0 || n.latent >= 2;
      v += o.A * (busts ? bust : this.best({ ...next, latent: n.latent + 1 }, d));
    }
    if (o.Q > 0) v += o.Q * this.best(this.withCard(next, 'q'), d);
    if (o.K > 0) v += o.K * this.best(this.withCard(next, 'k'), d);
    if (o.X > 0) {
      if (this.round === 3) v += o.X * this.best(this.withCard(next, 'x'), d);
      else v += o.X * this.jokerNow(next, d);
    }
    return v;
  }

  /** A round-2 Joker just drawn: the best of its three choices. */
  jokerNow(n: Node, depth: number): number {
    let v = Math.max(this.bankValue(n, 2) + this.hand(n), this.best(queen(n), depth));
    if (this.b > 0) v = Math.max(v, this.utility(this.b, this.a, n.drawn) + this.hand(n));
    return v;
  }

  /** Adds a hand card, dropping the least valuable one over the limit of 2. */
  withCard(n: Node, kind: 'q' | 'k' | 'x'): Node {
    const out = { ...n, [kind]: n[kind] + 1 };
    if (out.q + out.k + out.x <= 2) return out;
    const order: ('q' | 'k' | 'x')[] = (['q', 'k', 'x'] as const)
      .slice()
      .sort((p, r) => this.values[upper(p)] - this.values[upper(r)]);
    for (const c of order) {
      if (out[c] > 0) {
        out[c] -= 1;
        break;
      }
    }
    return out;
  }
}

function upper(k: 'q' | 'k' | 'x'): 'Q' | 'K' | 'X' {
  return k === 'q' ? 'Q' : k === 'k' ? 'K' : 'X';
}

/** The Queen effect on a search node. */
function queen(n: Node): Node {
  return { ...n, jacks: Math.max(0, n.jacks - 1), latent: Math.max(0, n.latent - 1) };
}

function nodeOf(view: View, me: number): Node {
  const p = view.public.players[me]!;
  const hand = view.private?.hand ?? [];
  const count = (r: string) => hand.filter((c) => rankOf(c) === r).length;
  return {
    loot: p.loot,
    jacks: p.jacks,
    latent: p.latent,
    q: count('Q'),
    k: count('K'),
    x: count('X'),
    drawn: 0,
  };
}

/** The value of each legal action; the bot picks the best (with a little jitter). */
function valueOf(plan: Planner, n: Node, action: BankoutAction): number {
  switch (action.type) {
    case 'draw':
      return plan.drawValue(n, plan.depth);
    case 'bank':
      return plan.bankValue(n, 1) + plan.hand(n);
    case 'endTurn':
      return plan.utility(plan.a, plan.b, 0) + plan.hand(n);
    case 'play': {
      const r = rankOf(action.card);
      if (r === 'Q') return plan.best(queen({ ...n, q: n.q - 1 }), plan.depth);
      if (r === 'K') return plan.bankValue(n, 2) + plan.hand({ ...n, k: n.k - 1 });
      return jokerValue(plan, { ...n, x: n.x - 1 }, action.choice ?? 'queen', true);
    }
    case 'joker':
      return jokerValue(plan, n, action.choice, false);
    default:
      return 0;
  }
}

function jokerValue(plan: Planner, n: Node, choice: JokerChoice, counterable: boolean): number {
  if (choice === 'queen') return plan.best(queen(n), plan.depth);
  if (choice === 'king') return plan.bankValue(n, 2) + plan.hand(n);
  const swapped = counterable ? plan.swapValue(n) : plan.utility(plan.b, plan.a, 0);
  return swapped + plan.hand(n);
}

/** A move that wins the round or Sudden Death at once ($1,000 banked), preferring to keep cards. */
function winningNow(plan: Planner, n: Node, legal: BankoutAction[]): BankoutAction | undefined {
  if (!plan.target) return undefined;
  if (plan.a + n.loot >= 1000) return legal.find((a) => a.type === 'bank');
  if (plan.a + 2 * n.loot < 1000) return undefined;
  return legal.find(
    (a) =>
      (a.type === 'play' && (rankOf(a.card) === 'K' || a.choice === 'king')) ||
      (a.type === 'joker' && a.choice === 'king'),
  );
}

/** Whether to counter a swap declared against me (I hold a Joker). */
function counterDecision(view: View): boolean {
  const plan = new Planner(view);
  const pub = view.public;
  const mine = plan.a;
  const theirs = plan.b;
  // After either answer the attacker's turn ends and I move next.
  const win = (m: number, t: number) =>
    pub.mode === 'bankout' && !pub.suddenDeath
      ? raceWin(m, t, true)
      : leadWin(m - t, pub.deckCount + plan.later);
  const keep = win(theirs, mine);
  const counter = win(mine, theirs) - plan.mu * plan.values.X;
  return counter > keep;
}

/** Hand limit: drop the card worth least to keep (ties: the oldest). */
function discardDecision(view: View, legal: BankoutAction[]): BankoutAction {
  const plan = new Planner(view);
  const p = view.public.players[plan.me]!;
  let best = legal[0]!;
  let bestValue = Infinity;
  for (const a of legal) {
    if (a.type !== 'discard') continue;
    const r = rankOf(a.card) as 'Q' | 'K' | 'X';
    let v = plan.values[r] ?? 0;
    // A Queen is worth more while it can still save this turn.
    if (r === 'Q' && (p.jacks > 0 || p.latent > 0)) v += 30;
    if (v < bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best;
}

/**
 * The Bankout bot at every level: `easy` plays a newcomer's threshold rule (botEasy.ts); `normal`
 * and `hard` run the search above, `hard` two draws deeper and with less noise on near-ties.
 */
export const bankoutBot: Bot<BankoutAction, BankoutPublic, BankoutPrivate> = {
  decide(view, legal, random, level: BotLevel = 'normal') {
    if (level === 'easy') return easyDecide(view, legal, random);
    const { depth, jitter } = SEARCH[level];
    const pub = view.public;
    if (legal.length <= 1) return legal[0]!;
    if (pub.phase === 'counter') {
      const accept = counterDecision(view);
      return legal.find((a) => a.type === 'counter' && a.accept === accept) ?? legal[0]!;
    }
    if (pub.phase === 'discard') return discardDecision(view, legal);
    const plan = new Planner(view, depth);
    const n = nodeOf(view, plan.me);
    const sure = winningNow(plan, n, legal);
    if (sure) return sure;
    let best = legal[0]!;
    let bestValue = -Infinity;
    for (const a of legal) {
      const v = valueOf(plan, n, a) + (random() - 0.5) * 2 * jitter * plan.mu;
      if (v > bestValue) {
        bestValue = v;
        best = a;
      }
    }
    return best;
  },
};
