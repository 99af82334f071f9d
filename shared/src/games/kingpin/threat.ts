/**
 * The threat line: from one seat's PUBLIC view only (boards, safes, prompts; never a hand or the
 * pile), the most damage each opponent could deal to that seat's board cards on its next turn with
 * what is on the table, and what the seat could do now to bring it down.
 *
 * What an opponent may do before attacking is its free Defense Management: flip its shields into
 * money (ammunition) and money into shields on its attackers (+0.25 each), with the table's base
 * income it takes at the start of that turn (while its safe is under $3, as far as the Fund and the
 * Bank hold it). Not counted:
 * cards it could deploy from its hidden hand, card abilities at the start of its turn (income, heals), a bribe before the
 * attack, hand attacks, and several opponents hitting the same card one after the other (each
 * opponent is measured against the board as it stands). A card the view shows `frozen` (its
 * `frozenTurns` > 0: it cannot attack at its owner's next turn) is counted as not attacking.
 * Two figures per card: `worst` (every shield flipped too) and `withSafe` (the
 * money in the safe only, the line's headline). The buy advice counts the deck's printed card list
 * (public) against the cards in sight, never the pile's order. Browser-safe: no state, no Node.
 */
import { cardDef, DECK_IDS, isEvent, modOf } from './cards';
import { hitPreview } from './preview';
import { INCOME_BELOW } from './state';
import type { CardId, KingpinCardView, KingpinPublic, ModifierKey } from './types';

/** Turns every player must have started before a Boss can be attacked (state.ts TRUCE_TURNS). */
const TRUCE_TURNS = 2;

/** One opponent's best attack on one card of ours. */
export interface Hit {
  seat: number;
  /** The opponent's board slots that attack. */
  attackers: number[];
  /** Money spent as ammunition (safe plus flipped shields, within the table's cap). */
  ammo: number;
  /** Shields kept (or put) on the attackers: 0.25 each. */
  attackerShields: number;
  /** The attack's total damage. */
  total: number;
  shieldsLost: number;
  hpLost: number;
  destroyed: boolean;
  /** The damage reaches this card as a SWAT's excess through `via` (a slot of ours it destroys). */
  via: number | null;
  /** A hit that destroys its target directly: the least of `ammo` that still does (else `ammo`). */
  least: number;
}

export interface CardThreat {
  slot: number;
  id: CardId;
  boss: boolean;
  hp: number;
  shields: number;
  /**
   * The worst single opponent attack on this card next turn (null: nobody can reach it): the rules'
   * worst case, every dollar of the opponent's safe and every shield on its board flipped into
   * ammunition.
   */
  worst: Hit | null;
  /**
   * The worst attack with the money in the opponent's safe only (and the income it takes first):
   * its shields stay where they are (issue 33: no bot and few players strip their own cards to fire
   * them; the line leads with this figure and names the worst case beside it).
   */
  withSafe: Hit | null;
  /** The same with one attacking card (the easy bot's way, and a cautious player's): the strongest one. */
  oneCard: Hit | null;
}

export interface ThreatReport {
  seat: number;
  /** One entry per card on the seat's board, in slot order. */
  cards: CardThreat[];
  /** The truce protects Bosses now but is over before some opponent's next turn. */
  truceEnds: boolean;
}

/** Extra shields on our own cards (slot -> shields), to measure what adding shields would change. */
export type ShieldPlan = Partial<Record<number, number>>;

const EPS = 1e-9;

/** Seats that start a turn after the current one, up to and including `o` (living, in turn order). */
function startsBefore(pub: KingpinPublic, o: number): number[] {
  const n = pub.players.length;
  const out: number[] = [];
  if (o === pub.turn) return out;
  for (let k = 1; k <= n; k++) {
    const seat = (pub.turn + k) % n;
    if (pub.players[seat]!.eliminated) continue;
    out.push(seat);
    if (seat === o) break;
  }
  return out;
}

/**
 * The base income `o` takes when its next turn starts (while its safe holds under $3): the seats
 * starting before it take theirs first, from the Fund and then the Bank (nothing if `o` is on turn
 * now: it has had it).
 */
function incomeBefore(pub: KingpinPublic, o: number): number {
  const starting = startsBefore(pub, o);
  if (starting.length === 0 || pub.income <= 0 || pub.players[o]!.safe >= INCOME_BELOW) return 0;
  // The seats starting before `o` that take theirs (a safe under $3) draw on the same Fund and Bank.
  const before = starting.slice(0, -1).filter((seat) => pub.players[seat]!.safe < INCOME_BELOW).length;
  return Math.min(pub.income, Math.max(0, pub.fund + pub.bank - pub.income * before));
}

/** Whether the opening truce still protects Bosses during `o`'s next turn. */
function truceAt(pub: KingpinPublic, o: number): boolean {
  if (!pub.bossTruce) return false;
  const starting = new Set(startsBefore(pub, o));
  return pub.players.some(
    (p, seat) => !p.eliminated && p.turnsTaken + (starting.has(seat) ? 1 : 0) < TRUCE_TURNS,
  );
}

/** Whether abilities are on during `o`'s next turn (a Blackout ends after its player's turn). */
function abilitiesAt(pub: KingpinPublic, o: number): boolean {
  const b = pub.blackout;
  if (!b) return true;
  // The Blackout ends at the end of its player's turn once their turnsTaken reaches untilTurn.
  const order = [pub.turn, ...startsBefore(pub, o)];
  order.pop(); // `o`'s own turn is not over when it attacks (or `o` is on turn now)
  if (o === pub.turn) return false;
  let taken = pub.players[b.seat]!.turnsTaken;
  for (const [i, seat] of order.entries()) {
    if (seat !== b.seat) continue;
    if (i > 0) taken += 1;
    if (taken >= b.untilTurn) return true;
  }
  return false;
}

function has(on: boolean, id: CardId, key: ModifierKey): boolean {
  return on && modOf(id, key) > 0;
}

/** Our board slots an opponent may target (guards force attacks onto themselves). */
function targetable(board: readonly (KingpinCardView | null)[], truce: boolean, on: boolean): number[] {
  const occupied = board.flatMap((c, i) => (c && !(truce && cardDef(c.id).type === 'boss') ? [i] : []));
  const bodyguards = occupied.filter((i) => has(on, board[i]!.id, 'guard_all'));
  if (bodyguards.length > 0) return bodyguards;
  if (occupied.some((i) => has(on, board[i]!.id, 'guard')))
    return occupied.filter((i) => cardDef(board[i]!.id).type !== 'boss');
  return occupied;
}

function subsets(items: readonly number[], maxSize: number): number[][] {
  const out: number[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) {
    const pick = items.filter((_, i) => mask & (1 << i));
    if (pick.length <= maxSize) out.push(pick);
  }
  return out;
}

/**
 * The opponent's best split of its tokens between ammunition and shields on the attackers: each
 * token is worth 1 as ammunition, 0.25 as a shield on an attacker; a cap on ammunition leaves the
 * rest as shields (up to the attackers' limits).
 */
function bestTokens(pool: number, capacity: number, ammoCap: number): { ammo: number; shields: number } {
  if (ammoCap <= 0) return { ammo: pool, shields: 0 };
  const shields = Math.min(capacity, Math.max(0, pool - ammoCap));
  return { ammo: Math.min(ammoCap, pool - shields), shields };
}

function better(a: Hit, b: Hit | null): boolean {
  if (!b) return true;
  if (a.destroyed !== b.destroyed) return a.destroyed;
  if (Math.abs(a.hpLost - b.hpLost) > EPS) return a.hpLost > b.hpLost;
  return a.shieldsLost > b.shieldsLost;
}

/**
 * `seat`'s board cards and what the worst attack of each opponent's next turn would do to them
 * (`from`: that opponent's attacks only). For the seat on turn's opponent, `threatReport(pub,
 * rival, {}, me)` is what `me` can do to the rival's cards now (its `withSafe`: from its safe,
 * its shields kept).
 */
export function threatReport(
  pub: KingpinPublic,
  seat: number,
  plan: ShieldPlan = {},
  from: number | null = null,
): ThreatReport {
  const mine = pub.players[seat]!;
  const board = mine.board.map((c, i) => (c && plan[i] ? { ...c, shields: c.shields + plan[i]! } : c));
  const cards: CardThreat[] = board.flatMap((c, slot) =>
    c
      ? [
          {
            slot,
            id: c.id,
            boss: cardDef(c.id).type === 'boss',
            hp: c.hp,
            shields: c.shields,
            worst: null,
            withSafe: null,
            oneCard: null,
          },
        ]
      : [],
  );
  const bySlot = new Map(cards.map((c) => [c.slot, c]));
  const bossSlot = cards.find((c) => c.boss)?.slot ?? -1;
  let truceEnds = false;
  if (mine.eliminated) return { seat, cards, truceEnds };
  pub.players.forEach((p, o) => {
    if (o === seat || p.eliminated || (from !== null && o !== from)) return;
    const truce = truceAt(pub, o);
    if (pub.truceActive && !truce) truceEnds = true;
    const on = abilitiesAt(pub, o);
    const ready = p.board.flatMap((c, i) => (c && !c.frozen && c.atk > 0 ? [i] : []));
    const income = incomeBefore(pub, o);
    const money = p.safe + income;
    const pool = money + p.board.reduce((n, c) => n + (c?.shields ?? 0), 0);
    const targets = targetable(board, truce, on);
    for (const attackers of subsets(ready, p.maxAttackers)) {
      const ids = attackers.map((i) => p.board[i]!.id);
      const capacity = attackers.reduce((n, i) => n + p.board[i]!.shieldLimit, 0);
      const kept = attackers.reduce((n, i) => n + p.board[i]!.shields, 0);
      let atk = p.rage * attackers.length;
      for (const [k, id] of ids.entries())
        atk += p.board[attackers[k]!]!.atk + (on ? modOf(id, 'damage') : 0);
      const ignoreShields = ids.some((id) => has(on, id, 'ignore_shields'));
      const ignoreFirst = ids.some((id) => has(on, id, 'ignore_first_shield'));
      const carry = ids.some((id) => has(on, id, 'multi_target'));
      // The worst case: every token split at best; with the safe only: the money as ammunition (past
      // a cap, as shields on the attackers), the shields already on the attackers kept.
      const all = bestTokens(pool, capacity, pub.ammoCap);
      const fromSafe = bestTokens(money, capacity - kept, pub.ammoCap);
      const safeTokens = { ammo: fromSafe.ammo, shields: fromSafe.shields + kept };
      const keys: ['worst' | 'withSafe' | 'oneCard', { ammo: number; shields: number }][] = [
        ['worst', all],
        ['withSafe', safeTokens],
      ];
      if (attackers.length === 1) keys.push(['oneCard', safeTokens]);
      for (const [key, tokens] of keys) {
        const total = atk + tokens.ammo + 0.25 * tokens.shields;
        const base = { seat: o, attackers, ammo: tokens.ammo, attackerShields: tokens.shields, total };
        for (const slot of targets) {
          const target = board[slot]!;
          const out = hitPreview(target, total, ignoreShields, ignoreFirst);
          let least = tokens.ammo;
          if (out.destroyed)
            while (
              least > 0 &&
              hitPreview(target, total - tokens.ammo + least - 1, ignoreShields, ignoreFirst).destroyed
            )
              least -= 1;
          const hit: Hit = { ...base, ...out, via: null, least };
          const entry = bySlot.get(slot)!;
          if (better(hit, entry[key])) entry[key] = hit;
          // SWAT: a destroyed card's excess damage goes on to our Boss (its shields count, the
          // Assassin's first-shield skip does not).
          if (carry && out.destroyed && slot !== bossSlot && bossSlot >= 0) {
            const absorbed = ignoreShields
              ? 0
              : Math.min(Math.max(0, target.shields - (ignoreFirst ? 1 : 0)), Math.ceil(total - EPS));
            const excess = total - absorbed - target.hp;
            if (excess <= EPS) continue;
            const boss = board[bossSlot]!;
            const onBoss: Hit = {
              ...base,
              ...hitPreview(boss, excess, ignoreShields, false),
              via: slot,
              least: tokens.ammo,
            };
            const bossEntry = bySlot.get(bossSlot)!;
            if (better(onBoss, bossEntry[key])) bossEntry[key] = onBoss;
          }
        }
      }
    }
  });
  return { seat, cards, truceEnds };
}

/** A way to bring a card's threat down this turn. */
export interface Remedy {
  /** Shields to add from the safe and to move from other cards onto the card. */
  fromSafe: number;
  moved: number;
  /**
   * The slot each moved shield comes from, in order (`moved` entries). A move is free Defense
   * Management (rules.ts moveShield: it does not take the turn's action), but it takes the shield
   * off that card.
   */
  sources: number[];
  /** Source cards the attack with the opponents' safes could destroy after the moves and not before. */
  exposed: CardId[];
  /** The worst hit on that card afterwards (the rules' worst case), and with the opponents' safes only. */
  after: Hit | null;
  afterSafe: Hit | null;
}

const same = (a: Hit | null, b: Hit | null) =>
  (a?.destroyed ?? false) === (b?.destroyed ?? false) && Math.abs((a?.hpLost ?? 0) - (b?.hpLost ?? 0)) < EPS;

/** The source cards the attack with the opponents' safes could destroy in `after` and not in `before`. */
function exposedBy(before: ThreatReport, after: ThreatReport, sources: readonly number[]): CardId[] {
  return [...new Set(sources)].flatMap((from) => {
    const was = before.cards.find((c) => c.slot === from)!;
    const now = after.cards.find((c) => c.slot === from)!;
    return !was.withSafe?.destroyed && now.withSafe?.destroyed ? [was.id] : [];
  });
}

/** Whether `after` takes the card out of a destruction `before` had (the worst case or with their safes). */
function savedFrom(before: CardThreat, after: CardThreat): boolean {
  return (
    (!!before.worst?.destroyed && !after.worst?.destroyed) ||
    (!!before.withSafe?.destroyed && !after.withSafe?.destroyed)
  );
}

/**
 * Shielding a threatened card now: as many shields from the safe as its limit allows; then, when
 * those do not take it out of a destruction next turn (the worst case or with the opponents' safes)
 * and shields moved from the seat's other cards would, those moves too (issue 33: the line's "+"
 * came only from the safe): the fewest that do it, or as many as there is room for when that bares
 * no card more. Moves are free but bare their source: they are taken first from cards whose
 * shields do not save them anyway (destroyed by the attack with their safes all the same), then
 * from cards nobody can reach, then from the most shielded; a source the attack with their safes
 * would then destroy is named (`exposed`). Null when nothing is added or shields do not help (an attack that ignores
 * them, or a hit that destroys it anyway, in the worst case and with the opponents' safes alike).
 */
export function shieldRemedy(pub: KingpinPublic, seat: number, slot: number): Remedy | null {
  const mine = pub.players[seat]!;
  const card = mine.board[slot];
  if (!card) return null;
  const room = Math.max(0, card.shieldLimit - card.shields);
  const fromSafe = Math.min(room, mine.safe);
  const report = threatReport(pub, seat);
  const before = report.cards.find((c) => c.slot === slot)!;
  const at = (plan: ShieldPlan) => threatReport(pub, seat, plan);
  const of = (r: ThreatReport) => r.cards.find((c) => c.slot === slot)!;
  const safeOnly = fromSafe ? at({ [slot]: fromSafe }) : report;
  let sources: number[] = [];
  let after = safeOnly;
  if (!savedFrom(before, of(safeOnly)) && room > fromSafe) {
    const rank = (c: CardThreat) => (c.withSafe?.destroyed ? 0 : c.worst === null ? 1 : 2);
    const order = report.cards
      .filter((c) => c.slot !== slot && c.shields > 0)
      .sort((a, b) => rank(a) - rank(b) || b.shields - a.shields || a.slot - b.slot);
    const moves = order.flatMap((c) => Array<number>(c.shields).fill(c.slot)).slice(0, room - fromSafe);
    const tryMoves = (k: number) => {
      const plan: ShieldPlan = { [slot]: fromSafe + k };
      for (const from of moves.slice(0, k)) plan[from] = (plan[from] ?? 0) - 1;
      const r = at(plan);
      return { k, r, saves: savedFrom(before, of(r)) };
    };
    // The fewest moves that do it; all the room's worth when that bares no card more.
    let least: ReturnType<typeof tryMoves> | undefined;
    for (let k = 1; k <= moves.length && !least; k++) {
      const t = tryMoves(k);
      if (t.saves) least = t;
    }
    if (least) {
      const all = least.k < moves.length ? tryMoves(moves.length) : least;
      const use = exposedBy(report, all.r, moves).length ? least : all;
      sources = moves.slice(0, use.k);
      after = use.r;
    }
  }
  if (fromSafe + sources.length === 0) return null;
  const card2 = of(after);
  if (same(before.worst, card2.worst) && same(before.withSafe, card2.withSafe)) return null;
  const exposed = exposedBy(report, after, sources);
  return { fromSafe, moved: sources.length, sources, exposed, after: card2.worst, afterSafe: card2.withSafe };
}

/** Hand cards that would shut attacks off the Boss once deployed (a Guard or a Bodyguard). */
export function guardsInHand(pub: KingpinPublic, seat: number, hand: readonly CardId[]): CardId[] {
  const mine = pub.players[seat]!;
  const canDeploy =
    pub.turn === seat && !pub.deployedThisTurn && !pub.bribedThisTurn && mine.board.some((c) => c === null);
  if (!canDeploy || pub.blackout) return [];
  return [...new Set(hand)].filter((id) => modOf(id, 'guard') > 0 || modOf(id, 'guard_all') > 0);
}

/**
 * A hit the Boss should not simply take: more than this share of the HP it has left (with 20-HP
 * Bosses a first hit of 5 is taken; once the Boss is down to 15 or less, a hit of 5 is shielded).
 */
export const LARGE_HIT = 1 / 3;

/** What the threat line advises about the Boss's shields (bossShieldAdvice). */
export interface ShieldAdvice {
  /**
   * shield: add the remedy's shields (they save the Boss from destruction next turn, they cost
   * nothing from the safe, or the hit is a large share of its HP and no card the money buys now
   * would do more); take: the Boss can take the hit, keep the money (for the Reserve cards named).
   */
  kind: 'shield' | 'take';
  remedy: Remedy;
  /**
   * The hit weighed, without the shields (the attack with the opponent's safe; the worst case when
   * only that reaches the Boss): HP it takes, HP left after it.
   */
  hpLost: number;
  hpLeft: number;
  /** HP the remedy's shields would save from that hit. */
  saved: number;
  /** What the money kept buys: the safe, and the Reserve cards whose Price it meets (by id). */
  safe: number;
  reserve: CardId[];
  /** The share of pile buys that would stay yours (Price met) now, and after the remedy's shields. */
  pileNow: number;
  pileAfter: number;
}

/**
 * Shields take buying power (the Price is checked against the safe, not paid): they are "lost buys"
 * when a Reserve card affordable now would not be after them, or the share of pile buys that stay
 * yours drops by this much.
 */
export const BUYS_LOST = 0.25;

/**
 * Whether shielding the Boss now changes the outcome enough to spend money on it (issue 33: asking
 * for every dollar as a shield, every turn, kept a newcomer from ever saving for a card; her hand and
 * Reserve stayed empty all match). A shield is advised when it saves the Boss from destruction next
 * turn (the rules' worst case, or the attack with the opponent's safe only), or when it costs
 * nothing from the safe (shields moved from other cards), or when the hit would take more than
 * LARGE_HIT of the HP the Boss has left and keeping the money does not buy more: the shields would
 * not cost a buy (BUYS_LOST: a rich safe keeps its buys), or the Boss would be left within one more
 * such hit of destruction. Otherwise the Boss can take it, and the line says what the money buys. Null when no hit reaches the Boss or
 * shields cannot help (see shieldRemedy).
 */
export function bossShieldAdvice(pub: KingpinPublic, seat: number): ShieldAdvice | null {
  const report = threatReport(pub, seat);
  const boss = report.cards.find((c) => c.boss);
  const w = boss?.worst;
  if (!boss || !w || w.hpLost <= 0) return null;
  const remedy = shieldRemedy(pub, seat, boss.slot);
  if (!remedy) return null;
  const likelyAfter = remedy.afterSafe;
  const saves =
    (w.destroyed && !(remedy.after?.destroyed ?? false)) ||
    (!!boss.withSafe?.destroyed && !(likelyAfter?.destroyed ?? false));
  // The hit weighed: the attack with their safe (the headline's figure; issue 33: the worst case,
  // every shield flipped, rarely comes), the worst case only when the safe alone cannot reach it.
  const h = boss.withSafe && boss.withSafe.hpLost > 0 ? boss.withSafe : w;
  const large = h.hpLost > LARGE_HIT * boss.hp + EPS;
  const free = remedy.fromSafe === 0;
  const me = pub.players[seat]!;
  const discount = me.board.some((c) => c && modOf(c.id, 'discount') > 0 && !pub.blackout) ? 1 : 0;
  const meets = (id: CardId, money: number) => cardDef(id).price - discount <= money;
  const reserve = [...new Set(pub.reserve)].filter((id) => meets(id, me.safe));
  // The Price is checked, not paid: shields cost buying power. What a pile buy keeps at a price:
  // the share of the deck's cards out of sight (not on a board, in the Reserve or discarded: the
  // pile and the hands) that are not events and whose Price the money meets.
  const seen = new Set([
    ...pub.players.flatMap((p) => p.board.flatMap((c) => (c ? [c.id] : []))),
    ...pub.reserve,
    ...pub.discard,
  ]);
  const unseen = DECK_IDS.filter((id) => !seen.has(id));
  const pileKeeps = (money: number) =>
    unseen.filter((id) => !isEvent(id) && meets(id, money)).length / Math.max(1, unseen.length);
  const left = me.safe - remedy.fromSafe;
  const canBuy = !me.supplyDisrupted;
  const pileNow = canBuy && pub.drawCount > 0 ? pileKeeps(me.safe) : 0;
  const pileAfter = canBuy && pub.drawCount > 0 ? pileKeeps(left) : 0;
  const buysLost =
    canBuy && (reserve.some((id) => !meets(id, left)) || pileNow - pileAfter >= BUYS_LOST - EPS);
  const hpLeft = Math.max(0, boss.hp - h.hpLost);
  // Slack: after the hit the Boss would still take another one like it (shields can come next turn).
  const slack = hpLeft > h.hpLost + EPS;
  return {
    kind: saves || free || (large && !(slack && buysLost)) ? 'shield' : 'take',
    remedy,
    hpLost: h.hpLost,
    hpLeft,
    saved: Math.max(0, h.hpLost - ((h === w ? remedy.after : remedy.afterSafe)?.hpLost ?? 0)),
    safe: me.safe,
    reserve,
    pileNow,
    pileAfter,
  };
}

/** What the seat on turn can do now to one opponent card (its best attack with its safe, shields kept). */
export interface CounterHit {
  seat: number;
  slot: number;
  id: CardId;
  hp: number;
  shields: number;
  /** The seat's best attack on it now (null: none can reach it). */
  hit: Hit | null;
  /** Its bribe cost when the seat can pay it now (null otherwise). */
  bribe: number | null;
}

/**
 * The cards of an opponent's attack `w` (its Boss last) as the seat on turn could answer them now:
 * its best attack on each with the money in its safe (issue 33: "Hit Bo's General first" named a
 * card the newcomer could not destroy this turn), sorted: those it destroys first (the strongest
 * attacker), then the most HP taken.
 */
export function counterHits(pub: KingpinPublic, me: number, w: Hit): CounterHit[] {
  const rival = pub.players[w.seat]!;
  const mine = pub.players[me]!;
  const canAct = pub.turn === me && pub.phase === 'turn' && !mine.eliminated;
  const mineNow = canAct ? threatReport(pub, w.seat, {}, me) : null;
  // The rules' bribe check (legal.ts): no bribe yet this turn nor last turn, a free slot, the cost in the safe.
  const bribeOk = canAct && !pub.bribedThisTurn && !mine.bribeCooldown && mine.board.some((c) => c === null);
  const out = w.attackers.flatMap((slot): CounterHit[] => {
    const c = rival.board[slot];
    if (!c) return [];
    const hit = mineNow?.cards.find((x) => x.slot === slot)?.withSafe ?? null;
    const bribe = bribeOk && c.bribeCost !== null && c.bribeCost <= mine.safe ? c.bribeCost : null;
    return [{ seat: w.seat, slot, id: c.id, hp: c.hp, shields: c.shields, hit, bribe }];
  });
  const boss = (x: CounterHit) => cardDef(x.id).type === 'boss';
  return out.sort(
    (a, b) =>
      Number(boss(a)) - Number(boss(b)) ||
      Number(!!b.hit?.destroyed) - Number(!!a.hit?.destroyed) ||
      rival.board[b.slot]!.atk - rival.board[a.slot]!.atk ||
      (b.hit?.hpLost ?? 0) - (a.hit?.hpLost ?? 0),
  );
}

/** Other players whose Boss opponent `o` could destroy next turn with its safe (its choice of target). */
export function otherBossesAtRisk(pub: KingpinPublic, me: number, o: number): number[] {
  return pub.players.flatMap((p, t) => {
    if (t === me || t === o || p.eliminated) return [];
    const boss = threatReport(pub, t, {}, o).cards.find((c) => c.boss);
    return boss?.withSafe?.destroyed ? [t] : [];
  });
}
