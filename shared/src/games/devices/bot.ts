/**
 * The Devices AI. It scores every legal action from its own view with a small value model and plays
 * the best one, or passes when nothing is worth doing:
 *   - a Point is worth 6 mackerel, and far more in the last nweek (money then only breaks ties);
 *   - a Device is worth the Points it will score at each remaining Thirnight plus what its Powers
 *     yield each nweek (Powers read from their text);
 *   - it buys what is worth more than its Price, bids up to a share of a Biddable Device's worth (and
 *     not beyond what it can pay), activates every Power that gains more than it costs, accepts an
 *     offer worth more than its price, proposes one of a few modest Blueprints each nweek, votes for
 *     its own proposals and for others worth more than their Price to it (unless their author leads
 *     it by 3 Points), never starts a Panic but joins one when it leads, and in an emergency votes to
 *     end only when it leads on Points (by 2, or at all in the last nweek), to resume otherwise;
 *   - it draws among its good moves (seeded noise on each score), so matches do not open alike;
 *   - like a person it keeps to a few market moves per nday (its pace's budget), then passes, and
 *     spreads its hostile Powers: it leans a little towards the leader and, in turn, towards each
 *     other player (one favoured victim per nday), so no one player takes every hit.
 * Levels: that is `normal`; `easy` values Blueprints crudely and overlooks bids, offers, proposals and
 * aimed Powers; `hard` puts a third of the noise on the same scores (docs/rules/devices.md, "Bots").
 */
import type { BotLevel, GameView } from '../../core/contract';
import type { Power } from '../../devices-engine';
import { parsePower } from '../../devices-engine';
import { isBudgeted } from './rules';
import type {
  BotPaceName,
  DeviceView,
  DevicesAction,
  DevicesBot,
  DevicesPrivate,
  DevicesPublic,
  PowerView,
} from './types';

/** Market moves a bot makes per nday at each pace (then it passes; votes are not counted). */
export const BOT_BUDGET: Record<BotPaceName, number> = { relaxed: 2, normal: 3, quick: 5 };

type View = GameView<DevicesPublic, DevicesPrivate>;

export interface Model {
  pub: DevicesPublic;
  me: number;
  /** Thirnights left that count: this nweek's included; 1 once someone will reach the target Points. */
  weeksLeft: number;
  /** Value of one Point and of one mackerel now, in the same scale (a Point is PV). */
  pv: number;
  mv: number;
  /** Value of one mackerel with k Thirnights left (index k, 1..weeksLeft): what it can still buy. */
  mvAt: number[];
  leader: number;
  /** This nday's favoured victim among the others (each in turn, a different one per bot). */
  favoured: number;
  mine: Set<string>;
  /** The most a Tap on another player's untapped Device takes from them this nweek (see tapLoss). */
  bestTap: number;
  /** 0 = the bot before issue 32 (one template proposal, no Panic, near-deterministic). */
  variety: number;
}

/** A Point's value: the scale of every score (noise, pass and vote scores are in it). */
const PV = 6;

const parsedCache = new Map<string, Power | null>();
export function parsed(p: PowerView): Power | null {
  let r = parsedCache.get(p.text);
  if (r === undefined) {
    const x = parsePower(p.text);
    r = x.ok ? x.value : null;
    if (parsedCache.size > 5000) parsedCache.clear();
    parsedCache.set(p.text, r);
  }
  return r;
}

/**
 * Thirnights that count: those left, or 1 when some player will reach the target Points at this
 * nweek's Thirnight (their Points plus one per Device they own): the game then ends there.
 */
function countedWeeks(pub: DevicesPublic): number {
  const left = Math.max(1, pub.nweeks - pub.nweek + 1);
  const ending = pub.players.some(
    (p, i) => p.points + pub.devices.filter((d) => d.owner === i).length >= pub.targetPoints,
  );
  return ending ? 1 : left;
}

export function modelOf(v: View, me: number, variety: number): Model {
  const pub = v.public;
  const weeksLeft = countedWeeks(pub);
  const rank = (i: number) => pub.players[i]!.points * 1000 + pub.players[i]!.money;
  let leader = -1;
  pub.players.forEach((_, i) => {
    if (i !== me && (leader < 0 || rank(i) > rank(leader))) leader = i;
  });
  const others = pub.players.map((_, i) => i).filter((i) => i !== me);
  const favoured = others[(pub.nweek * 12 + pub.nday + me) % Math.max(1, others.length)] ?? -1;
  const mvAt = moneyValues(pub, weeksLeft);
  const m: Model = {
    pub,
    me,
    favoured,
    weeksLeft,
    pv: PV,
    mv: weeksLeft <= 1 && moneyToSpare(pub, me) ? PV * LAST_MONEY : mvAt[weeksLeft]!,
    mvAt,
    leader,
    mine: new Set(pub.devices.filter((d) => d.owner === me).map((d) => d.name)),
    bestTap: 0,
    variety,
  };
  for (const d of pub.devices)
    if (d.owner !== me && !d.tapped)
      m.bestTap = Math.max(m.bestTap, tapLoss(m, d) * leaderBonusOf(m, d.owner));
  return m;
}

/** Hostile Powers lean towards the leader and this nday's favoured victim, never all on one player. */
const leaderBonusOf = (m: Model, owner: number) =>
  (owner === m.leader ? 1.1 : 1) * (owner === m.favoured ? 1.25 : 1);

/**
 * What a Tap on a Device costs its owner until the next Breakday: its best Power's yield, or, for a
 * scoring Sacrifice whose Blueprint its owner can buy again (a Lucky Charm), every Wish they could
 * still make this nweek (a tapped one cannot be Wished, and blocks another of its name).
 */
function tapLoss(m: Model, d: DeviceView): number {
  let loss = 0;
  const owner = m.pub.players[d.owner];
  for (const pv of d.powers) {
    const p = parsed(pv);
    if (!p) continue;
    if (p.costs.some((c) => c.kind === 'sacrifice')) {
      const points = pointsOf(p, 0);
      const b = m.pub.blueprints.find((x) => x.name === d.name);
      const loops = b && b.price > 0 && owner ? Math.min(13 - m.pub.nday, 1 + owner.money / b.price) : 1;
      loss = Math.max(loss, points * loops * m.pv);
    } else loss = Math.max(loss, powerYield(m, p));
  }
  return loss;
}

/**
 * Money is worth what it can still buy. With k Thirnights left, a mackerel is worth a share
 * (MONEY_SHARE) of the best rate, in Points, at which mackerel turn into Points from then to the end:
 * a Device bought again and again (a Mint's Coin, reinvested each nweek, plus its Point at each
 * Thirnight), or a Device whose Sacrifice scores (a Lucky Charm: m5 for a Point, bought again). So in
 * the last nweek m5 is worth about a Point and no more, and early on a Mint's yield counts. The share
 * below 1 keeps the best purchase worth making; money after the last Thirnight only breaks ties.
 */
const MONEY_SHARE = 0.75;
const LAST_MONEY = 0.02;

function moneyValues(pub: DevicesPublic, weeks: number): number[] {
  const rates = [LAST_MONEY];
  const repeatable = pub.blueprints.filter(
    (b) => !b.biddable && (b.count === 'Infinite' || b.count >= 2) && b.price > 0 && b.uniqueness !== 'Game',
  );
  const powersOf = (b: (typeof repeatable)[number]) => b.powers.map(parsed).filter((p): p is Power => !!p);
  for (let k = 1; k <= weeks; k++) {
    let rate = LAST_MONEY;
    // A scoring Sacrifice: its Points for its price (bought again after each use).
    for (const b of repeatable)
      for (const p of powersOf(b))
        if (p.costs.some((c) => c.kind === 'sacrifice')) rate = Math.max(rate, pointsOf(p, 0) / b.price);
    // A Non-Unique Device held to the end: a Point per Thirnight and its best Power's yield each nweek,
    // money from it worth what it buys then (this nweek's rate found by a few rounds of iteration).
    for (let round = 0; round < 3; round++) {
      let best = rate;
      for (const b of repeatable) {
        if (b.uniqueness !== 'Non-Unique') continue;
        let v = 0;
        for (let j = 1; j <= k; j++) {
          const mv = MONEY_SHARE * (j === k ? rate : rates[j]!);
          const use = Math.max(
            0,
            ...powersOf(b)
              // Not a Power that spends Points (a Fish Stall's Sell): the rate would feed on itself.
              .filter((p) => !p.costs.some((c) => c.kind === 'sacrifice' || c.kind === 'lose'))
              .map((p) => pointsOf(p, mv)),
          );
          v += 1 + use;
        }
        best = Math.max(best, v / b.price);
      }
      rate = best;
    }
    rates.push(rate);
  }
  return rates.map((r, k) => PV * (k === 0 ? r : MONEY_SHARE * r));
}

/**
 * In the last nweek: more money than the bot's moves left can turn into Points (a Lucky Charm
 * bought and Wished, two moves, m5 a Point; its budget of moves per nday) only breaks ties.
 */
function moneyToSpare(pub: DevicesPublic, me: number): boolean {
  const moves = (13 - pub.nday) * BOT_BUDGET[pub.botPace ?? 'normal'];
  return pub.players[me]!.money > 5 * (moves / 2) + 5;
}

/** One use of a Power in Points, mackerel at `mv` Points each (no targets: a Take counts its mackerel). */
function pointsOf(p: Power, mv: number): number {
  let v = 0;
  for (const c of p.costs) {
    if (c.kind === 'spend') v -= amountOf(c.amount) * mv;
    if (c.kind === 'lose') v -= amountOf(c.amount);
    if (c.kind === 'requires') return 0;
  }
  for (const e of p.effects) {
    if (e.kind === 'gain' || e.kind === 'take') v += amountOf(e.amount) * mv;
    if (e.kind === 'score') v += amountOf(e.amount);
    if (e.kind === 'pay') v -= amountOf(e.amount) * mv;
  }
  return v;
}

const amountOf = (a: number | 'X', x = 5) => (a === 'X' ? x : a);

/** What one use of a Power is worth, without specific targets (for valuing Devices). */
export function powerYield(m: Model, p: Power, mv = m.mv): number {
  let v = 0;
  for (const c of p.costs) {
    if (c.kind === 'spend') v -= amountOf(c.amount) * mv;
    if (c.kind === 'lose') v -= amountOf(c.amount) * m.pv;
    if (c.kind === 'requires' && !m.mine.has(c.device)) return 0;
  }
  for (const e of p.effects) {
    if (e.kind === 'gain' || e.kind === 'take') v += amountOf(e.amount) * mv;
    if (e.kind === 'score') v += amountOf(e.amount) * m.pv;
    if (e.kind === 'pay') v -= amountOf(e.amount) * mv;
    if (e.kind === 'everyoneGains') v += amountOf(e.amount) * mv * (1 - 0.5 * (m.pub.players.length - 1));
    // A Tap held in hand: what the best target on the table loses, shared among the rivals it helps.
    if (e.kind === 'tapDevice') v += Math.max(3, m.bestTap / Math.max(1, m.pub.players.length - 1));
    if (e.kind === 'destroyDevice') v += 8;
  }
  return Math.max(0, v);
}

/**
 * What holding a Device with these Powers is worth for the rest of the game: a Point at each
 * Thirnight that counts, and its best Power's yield each nweek, money valued at what it buys then.
 */
export function worth(m: Model, powers: PowerView[]): number {
  const kept = powers
    .map(parsed)
    .filter((p): p is Power => !!p && !p.costs.some((c) => c.kind === 'sacrifice'));
  let v = 0;
  for (let k = 1; k <= m.weeksLeft; k++)
    v += m.pv + Math.max(0, ...kept.map((p) => powerYield(m, p, m.mvAt[k] ?? m.mv)));
  return v;
}

/** In mackerel: what a value is worth now (for the hint's words and bid caps). */
export const inMackerel = (m: Model, value: number) => value / m.mv;

export function deviceWorth(m: Model, d: DeviceView): number {
  return worth(m, d.powers);
}

export function activationValue(m: Model, a: Extract<DevicesAction, { type: 'activate' }>): number {
  const d = m.pub.devices.find((x) => x.id === a.device);
  const pv = d?.powers.find((x) => x.name === a.power);
  const p = pv && parsed(pv);
  if (!d || !p) return -1;
  const x = a.x ?? 0;
  let v = 0;
  for (const c of p.costs) {
    if (c.kind === 'spend') v -= amountOf(c.amount, x) * m.mv;
    if (c.kind === 'lose') v -= amountOf(c.amount, x) * m.pv;
    if (c.kind === 'sacrifice') v -= sacrificeCost(m, d);
  }
  const target = a.target !== undefined ? m.pub.devices.find((t) => t.id === a.target) : undefined;
  const theirs = target !== undefined && target.owner !== m.me;
  const leaderBonus = (owner: number) => leaderBonusOf(m, owner);
  for (const e of p.effects) {
    const n = 'amount' in e ? amountOf(e.amount, x) : 0;
    switch (e.kind) {
      case 'gain':
        v += n * m.mv;
        break;
      case 'score':
        v += n * m.pv;
        break;
      case 'take':
        v += n * m.mv * leaderBonus(a.player ?? -1);
        break;
      case 'pay':
        v -= n * m.mv;
        break;
      case 'everyoneGains':
        v += n * m.mv * (1 - 0.5 * (m.pub.players.length - 1));
        break;
      case 'tapDevice':
        v += target && theirs && !target.tapped ? tapLoss(m, target) * leaderBonus(target.owner) : -5;
        break;
      case 'untapDevice':
        v += target && !theirs && target.tapped ? deviceWorth(m, target) / m.weeksLeft - m.pv : -5;
        break;
      case 'destroyDevice':
        v +=
          target && theirs
            ? 0.8 * deviceWorth(m, target) * leaderBonus(target.owner)
            : -deviceWorth(m, target ?? d);
        break;
    }
  }
  return v;
}

/**
 * What a Sacrifice gives up: the Device's worth held to the end, or, when its Blueprint can be
 * bought again, its Price (a Lucky Charm Wished and bought again each nday).
 */
function sacrificeCost(m: Model, d: DeviceView): number {
  const held = deviceWorth(m, d);
  const b = m.pub.blueprints.find((x) => x.name === d.name);
  const again = b && !b.biddable && b.uniqueness !== 'Game' && (b.count === 'Infinite' || b.count >= 1);
  return again ? Math.min(held, b.price * m.mv) : held;
}

/**
 * A proposal on its merits for this bot: its own, or a Blueprint worth more than its Price to the bot
 * (it may buy one too), unless its author leads the bot by 3 Points or more (a Device they would buy
 * first helps them more).
 */
export function wantsProposal(m: Model, id: number): boolean {
  const p = m.pub.proposals.find((x) => x.id === id)!;
  if (p.author === m.me) return true;
  const lead = m.pub.players[p.author]!.points - m.pub.players[m.me]!.points;
  const value = worth(
    m,
    p.spec.powers.map((t) => ({ name: '', text: t })),
  );
  return lead < 3 && value > p.spec.price * m.mv;
}

/** End the game now only when ahead on Points: by 2 or more, or at all in the last nweek. */
export function wantsEnd(m: Model): boolean {
  const me = m.pub.players[m.me]!;
  const margin = m.weeksLeft <= 1 ? 1 : 2;
  return m.pub.players.every((p, i) => i === m.me || me.points - p.points >= margin);
}

/**
 * The Panic Button: a bot never starts a Panic, but joins one somebody else pressed when the
 * emergency it opens is good for it (it would vote to end the game there: it leads), and lets go
 * of its button otherwise. So one person's Panic is never stuck waiting on bots that would gain.
 */
function wantsPanic(m: Model): boolean {
  const othersPressed = m.pub.players.some((p, i) => i !== m.me && p.panic);
  return othersPressed && wantsEnd(m);
}

function score(m: Model, a: DevicesAction): number {
  const pub = m.pub;
  const me = pub.players[m.me]!;
  switch (a.type) {
    case 'purchase': {
      const b = pub.blueprints.find((x) => x.name === a.blueprint)!;
      return worth(m, b.powers) - b.price * m.mv;
    }
    case 'bid': {
      const b = pub.blueprints.find((x) => x.name === a.blueprint)!;
      if (b.highBid?.seat === m.me) return -1;
      const cap = Math.min(0.7 * inMackerel(m, worth(m, b.powers)), me.money + 5 * me.points);
      return a.amount <= cap ? (cap - a.amount) * 0.5 + 1 : -1;
    }
    case 'activate':
      return activationValue(m, a);
    case 'accept': {
      const o = pub.offers.find((x) => x.id === a.offer);
      const d = o && pub.devices.find((x) => x.id === o.device);
      if (!o || !d) return -1;
      return deviceWorth(m, d) - (o.money ?? 0) * m.mv - (o.points ?? 0) * m.pv;
    }
    case 'draft': {
      // The old bot proposed the first template once, in nweek 1; now one proposal each nweek but
      // the last, the template worth the most to it (with the noise, bots draw among them).
      if (m.variety === 0) return pub.nweek === 1 && a.spec.name.startsWith('Workshop') ? 1 : -1;
      if (m.weeksLeft <= 1 && pub.nweek > 1) return -1;
      const value = worth(
        m,
        a.spec.powers.map((t) => ({ name: '', text: t })),
      );
      return 1 + Math.max(-0.9, Math.min(0.9, (value - a.spec.price * m.mv) / 100));
    }
    case 'submit':
      return 1;
    case 'vote':
      return a.yes === wantsProposal(m, a.proposal) ? 2 : -2;
    case 'emergencyVote':
      return a.choice === (wantsEnd(m) ? 'end' : 'resume') ? 2 : -2;
    case 'panic': {
      // In an emergency the vote is what counts: the button is left alone (letting go could end it).
      if (pub.phase === 'emergency') return -10;
      // Joining comes before anything (the others are waiting on the button); letting go is minor.
      const want = m.variety > 0 && wantsPanic(m);
      return a.on ? (want ? 1000 : -10) : want ? -10 : 1;
    }
    case 'startClock':
      // Edition 1's seat 0 starts the Clock once its shopping is done.
      return 0.5;
    case 'pass':
      // Below a last-nweek Lucky Charm (a Point for m5, worth a little more than its m5).
      return 0.2;
    case 'convert':
      // A Point for m5 when the mackerel buy more than the Point (early, for a Mint).
      return 5 * m.mv - m.pv;
    default:
      // Destroying, giving away or declining: never drawn by the noise over a pass.
      return -20;
  }
}

/**
 * Noise on each action's score at variety 1: the bot draws among the moves within about a mackerel
 * or two of the best (which Device to buy first, whom to hit), from the seeded `random`.
 */
const SCORE_NOISE = 1.5;
const LEVEL_NOISE: Record<BotLevel, number> = { easy: 3, normal: 1, hard: 0.3 };

/**
 * The easy bot's crude market sense: a Device is worth its Points at the Thirnights left and a rough
 * guess at its Powers (it misses what they combine to), votes yes on every proposal, and in an
 * emergency always votes to resume.
 */
function easyScore(m: Model, a: DevicesAction): number {
  switch (a.type) {
    case 'purchase': {
      const b = m.pub.blueprints.find((x) => x.name === a.blueprint)!;
      // The old flat rate: a Point worth m6 (m40 in the last nweek), a mackerel always m1.
      return m.weeksLeft * (m.weeksLeft <= 1 ? 40 : 6) + 2 * b.powers.length - b.price;
    }
    case 'vote':
      return a.yes ? 2 : -2;
    case 'emergencyVote':
      return a.choice === 'resume' ? 2 : -2;
    case 'destroy':
    case 'offer':
    case 'decline':
      // A newcomer's stray presses: its wide noise sometimes destroys or gives away a Device.
      return -1;
    default:
      return score(m, a);
  }
}

/** A Devices bot; `variety` 0 is the bot before issue 32 (kept for the bench's before/after). */
export function makeDevicesBot({ variety = 1 }: { variety?: number } = {}): DevicesBot {
  return {
    decide: (view, legal, random, level = 'normal') => decideDevices(view, legal, random, variety, level),
  };
}

/** Hostile or roundabout actions a newcomer does not see yet (the easy bot leaves them alone). */
function easyOverlooks(a: DevicesAction): boolean {
  switch (a.type) {
    case 'bid':
    case 'accept':
    case 'draft':
    case 'submit':
    case 'convert':
      return true;
    case 'activate':
      // Only its own plain Powers (gain, score); Powers aimed at someone or at a Device are missed.
      return a.player !== undefined || a.target !== undefined || a.x !== undefined;
    case 'panic':
      return a.on;
    default:
      return false;
  }
}

function decideDevices(
  view: View,
  legal: DevicesAction[],
  random: () => number,
  variety: number,
  level: BotLevel = 'normal',
): DevicesAction {
  const me = view.private?.seat ?? 0;
  const m = modelOf(view, me, variety);
  // Budget spent for this nday: only passing, voting and the Panic Button are left.
  const budget = BOT_BUDGET[view.public.botPace ?? 'normal'];
  if ((view.private?.actedThisNday ?? 0) >= budget) {
    const rest = legal.filter((a) => !isBudgeted(a));
    if (rest.length) legal = rest;
  }
  // At variety 0 the Panic Button is left alone, as the old bot did.
  if (variety === 0) legal = legal.filter((a) => a.type !== 'panic' || !a.on);
  if (level === 'easy') {
    const plain = legal.filter((a) => !easyOverlooks(a));
    if (plain.length) legal = plain;
  }
  // Grows with what a mackerel is worth (early on the scores are larger), more slowly than it.
  const noise = 0.01 + variety * SCORE_NOISE * LEVEL_NOISE[level] * Math.sqrt(Math.max(1, m.mv));
  let best = legal[0]!;
  let bestScore = -Infinity;
  for (const a of legal) {
    const s = (level === 'easy' ? easyScore(m, a) : score(m, a)) + random() * noise;
    if (s > bestScore) {
      best = a;
      bestScore = s;
    }
  }
  return best;
}

export const devicesBot: DevicesBot = makeDevicesBot();
