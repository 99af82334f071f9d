/**
 * The Devices AI. It scores every legal action from its own view with a small value model and plays
 * the best one, or passes when nothing is worth doing:
 *   - a Point is worth 6 mackerel, and far more in the last nweek (money then only breaks ties);
 *   - a Device is worth the Points it will score at each remaining Thirnight plus what its Powers
 *     yield each nweek (Powers read from their text);
 *   - it buys what is worth more than its Price, bids up to a share of a Biddable Device's worth (and
 *     not beyond what it can pay), activates every Power that gains more than it costs (taking from
 *     and jamming the leader), accepts gifts, proposes a Workshop once, votes for its own proposals
 *     and for others only when it is not behind their author, never panics, and in an emergency
 *     votes to end when it leads and to resume otherwise.
 */
import type { GameView } from '../../core/contract';
import type { Power } from '../../devices-engine';
import { parsePower } from '../../devices-engine';
import type { DevicesBot } from './playout';
import type { DeviceView, DevicesAction, DevicesPrivate, DevicesPublic, PowerView } from './types';

type View = GameView<DevicesPublic, DevicesPrivate>;

interface Model {
  pub: DevicesPublic;
  me: number;
  weeksLeft: number;
  /** Value of one Point and of one mackerel, in the same scale. */
  pv: number;
  mv: number;
  leader: number;
  mine: Set<string>;
}

const parsedCache = new Map<string, Power | null>();
function parsed(p: PowerView): Power | null {
  let r = parsedCache.get(p.text);
  if (r === undefined) {
    const x = parsePower(p.text);
    r = x.ok ? x.value : null;
    if (parsedCache.size > 5000) parsedCache.clear();
    parsedCache.set(p.text, r);
  }
  return r;
}

function modelOf(v: View, me: number): Model {
  const pub = v.public;
  const weeksLeft = Math.max(1, pub.nweeks - pub.nweek + 1);
  const rank = (i: number) => pub.players[i]!.points * 1000 + pub.players[i]!.money;
  let leader = -1;
  pub.players.forEach((_, i) => {
    if (i !== me && (leader < 0 || rank(i) > rank(leader))) leader = i;
  });
  return {
    pub,
    me,
    weeksLeft,
    pv: weeksLeft <= 1 ? 40 : 6,
    mv: 1,
    leader,
    mine: new Set(pub.devices.filter((d) => d.owner === me).map((d) => d.name)),
  };
}

const amountOf = (a: number | 'X', x = 5) => (a === 'X' ? x : a);

/** What one use of a Power is worth, without specific targets (for valuing Devices). */
function powerYield(m: Model, p: Power): number {
  let v = 0;
  for (const c of p.costs) {
    if (c.kind === 'spend') v -= amountOf(c.amount) * m.mv;
    if (c.kind === 'lose') v -= amountOf(c.amount) * m.pv;
    if (c.kind === 'requires' && !m.mine.has(c.device)) return 0;
  }
  for (const e of p.effects) {
    if (e.kind === 'gain' || e.kind === 'take') v += amountOf(e.amount) * m.mv;
    if (e.kind === 'score') v += amountOf(e.amount) * m.pv;
    if (e.kind === 'pay') v -= amountOf(e.amount) * m.mv;
    if (e.kind === 'everyoneGains') v += amountOf(e.amount) * m.mv * (1 - 0.5 * (m.pub.players.length - 1));
    if (e.kind === 'tapDevice') v += 3;
    if (e.kind === 'destroyDevice') v += 8;
  }
  return Math.max(0, v);
}

/** What holding a Device with these Powers is worth for the rest of the game. */
function worth(m: Model, powers: PowerView[]): number {
  let perWeek = 0;
  for (const pv of powers) {
    const p = parsed(pv);
    if (!p || p.costs.some((c) => c.kind === 'sacrifice')) continue;
    perWeek = Math.max(perWeek, powerYield(m, p));
  }
  return m.weeksLeft * (m.pv + perWeek);
}

function deviceWorth(m: Model, d: DeviceView): number {
  return worth(m, d.powers);
}

function activationValue(m: Model, a: Extract<DevicesAction, { type: 'activate' }>): number {
  const d = m.pub.devices.find((x) => x.id === a.device);
  const pv = d?.powers.find((x) => x.name === a.power);
  const p = pv && parsed(pv);
  if (!d || !p) return -1;
  const x = a.x ?? 0;
  let v = 0;
  for (const c of p.costs) {
    if (c.kind === 'spend') v -= amountOf(c.amount, x) * m.mv;
    if (c.kind === 'lose') v -= amountOf(c.amount, x) * m.pv;
    if (c.kind === 'sacrifice') v -= m.weeksLeft * m.pv;
  }
  const target = a.target !== undefined ? m.pub.devices.find((t) => t.id === a.target) : undefined;
  const theirs = target !== undefined && target.owner !== m.me;
  const leaderBonus = (owner: number) => (owner === m.leader ? 1.3 : 1);
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
        v +=
          target && theirs && !target.tapped
            ? (deviceWorth(m, target) / m.weeksLeft - m.pv) * leaderBonus(target.owner)
            : -5;
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
      const cap = Math.min(0.7 * worth(m, b.powers), me.money + 5 * me.points);
      return a.amount <= cap ? (cap - a.amount) * 0.5 + 1 : -1;
    }
    case 'activate':
      return activationValue(m, a);
    case 'accept':
      return 5;
    case 'draft':
      return pub.nweek === 1 ? 1 : -1;
    case 'submit':
      return 1;
    case 'vote': {
      const p = pub.proposals.find((x) => x.id === a.proposal)!;
      const behind = pub.players[p.author]!.points > me.points;
      const want =
        p.author === m.me ||
        (!behind &&
          worth(
            m,
            p.spec.powers.map((t) => ({ name: '', text: t })),
          ) > p.spec.price);
      return a.yes === want ? 2 : -2;
    }
    case 'emergencyVote': {
      const lead = pub.players.every(
        (p, i) => i === m.me || p.points * 1000 + p.money < me.points * 1000 + me.money,
      );
      const want = lead ? 'end' : 'resume';
      return a.choice === want ? 2 : -2;
    }
    case 'panic':
      return a.on ? -10 : 1;
    case 'tick':
      // The host seat starts the Clock once its shopping is done; it never cuts an nday short.
      return pub.phase === 'clockOff' ? 0.5 : -10;
    case 'pass':
      return 0.5;
    case 'convert':
      return 5 * m.mv - m.pv;
    default:
      return -1;
  }
}

export const devicesBot: DevicesBot = {
  decide(view, legal, random) {
    const me = view.private?.seat ?? 0;
    const m = modelOf(view, me);
    let best = legal[0]!;
    let bestScore = -Infinity;
    for (const a of legal) {
      const s = score(m, a) + random() * 0.01;
      if (s > bestScore) {
        best = a;
        bestScore = s;
      }
    }
    return best;
  },
};
