/**
 * The threat line shown on your turn before you end it: the most the opponents could take off your
 * Boss (and which of your other cards they could destroy) on their next turn, and what would bring
 * it down now. The figures come from shared/src/games/kingpin/threat.ts (the public view only); this
 * module only words them, short enough for a phone.
 */
import {
  bossShieldAdvice,
  counterHits,
  guardsInHand,
  LARGE_HIT,
  otherBossesAtRisk,
  shieldRemedy,
  threatReport,
  type Hit,
} from '@parlor/shared/games/kingpin/threat';
import type { KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { quarters as fmt } from './numbers';
import { nameOf } from './cards';

export interface ThreatLine {
  /**
   * danger: one opponent card with its safe can destroy the Boss; warn: it can be hit (or destroyed
   * by cards together, or by flipping shields); calm: it cannot be reached.
   */
  level: 'danger' | 'warn' | 'calm';
  /** The headline (the Boss), then at most two short lines (other cards, what to do). */
  lines: string[];
  /** The truce protects Bosses now but ends before an opponent's next turn. */
  truceEnds: boolean;
  /** The opponents the line names (who could hit the Boss, then who could destroy a card): their rows must be seen. */
  seats: number[];
  /**
   * The line advises shields from your safe onto your Boss: that slot (the line's button adds one
   * shield a press). Null otherwise.
   */
  shieldSlot: number | null;
  /**
   * The line advises moving shields from your other cards onto your Boss (the safe has none left to
   * give, and the moves take the Boss out of the destruction): the next move (the button does one a
   * press: rules.ts moveShield, free Defense Management that keeps the turn's action). Null otherwise.
   */
  shieldMove: { from: number; to: number } | null;
}

/**
 * What the seat saw of its opponents' turns, kept by the client across snapshots (never a rule):
 * which opponents could destroy its Boss with one card and their safe when their turn came (threat.ts,
 * from the seat's own view) and did not. The line then says so instead of crying the same alarm
 * (issue 33; bench/kingpin-threat.ts: against easy bots such a repeat still came true 58-78% of the
 * time, as often as a first one, so it stays the red "could DESTROY").
 */
export interface ThreatMemory {
  /** The last turn number seen (a match started again goes back: the memory starts again). */
  seen: number;
  /** The opponent's turn being watched (its turnNumber), and whether it had the kill in a snapshot of it. */
  watching: { turnNumber: number; seat: number; kill: boolean } | null;
  /** Per opponent seat: its last turns in a row in which it had that kill and left the Boss standing. */
  passed: Record<number, number>;
}

export const noThreatMemory = (): ThreatMemory => ({ seen: -1, watching: null, passed: {} });

/**
 * The memory after one more snapshot of the table (`me`: the seat; a snapshot seen twice changes
 * nothing). An opponent on turn, in its turn phase: does the seat's view show it a one-card kill of
 * the Boss now? When that turn is over and the seat still stands, it passed it up (or not: the count
 * starts again). A match started again (the turn number went back) forgets everything.
 */
export function observeThreat(mem: ThreatMemory, pub: KingpinPublic, me: number): ThreatMemory {
  const mine = pub.players[me];
  if (!mine || mine.eliminated) return noThreatMemory();
  let { watching, passed } = mem;
  if (pub.turnNumber < mem.seen) ({ watching, passed } = noThreatMemory());
  if (watching && watching.turnNumber !== pub.turnNumber) {
    passed = { ...passed, [watching.seat]: watching.kill ? (passed[watching.seat] ?? 0) + 1 : 0 };
    watching = null;
  }
  const o = pub.turn;
  if (o !== me && !pub.players[o]?.eliminated) {
    const had = watching?.kill ?? false;
    const kill =
      had ||
      (pub.phase === 'turn' && !!threatReport(pub, me, {}, o).cards.find((c) => c.boss)?.oneCard?.destroyed);
    if (!watching || watching.kill !== kill) watching = { turnNumber: pub.turnNumber, seat: o, kill };
  }
  return watching === mem.watching && passed === mem.passed && pub.turnNumber === mem.seen
    ? mem
    : { seen: pub.turnNumber, watching, passed };
}

/** The legal action the line's button sends (a shield from the safe, or one moved), if it shows one. */
export function threatButtonAction(t: ThreatLine, legal: readonly KingpinAction[]): KingpinAction | null {
  const m = t.shieldMove;
  return (
    legal.find((a) => a.type === 'safeToShield' && a.slot === t.shieldSlot) ??
    (m ? legal.find((a) => a.type === 'moveShield' && a.from === m.from && a.to === m.to) : undefined) ??
    null
  );
}

/** The line that is the button's advice ("Add 3 shields to your Boss…", "Move 2 shields to your Boss…"). */
export const isShieldAdvice = (line: string) => /^(Add|Move) \d+ shields? to your Boss/.test(line);

const same = (a: Hit | null, b: Hit | null) =>
  (a?.destroyed ?? false) === (b?.destroyed ?? false) && Math.abs((a?.hpLost ?? 0) - (b?.hpLost ?? 0)) < 1e-9;

const seatName = (pub: KingpinPublic, seat: number) => pub.players[seat]!.name || `Seat ${seat + 1}`;

/** Who and with what: "Bo's Gangster Boss + General + $5". */
function who(pub: KingpinPublic, hit: Hit): string {
  const p = pub.players[hit.seat]!;
  const cards = hit.attackers.map((s) => nameOf(p.board[s]?.id ?? '')).join(' + ');
  // A hit that destroys: the least ammunition that does (what it needs, not all it has).
  const ammo = hit.destroyed ? hit.least : hit.ammo;
  return `${seatName(pub, hit.seat)}'s ${cards}${ammo ? ` + $${ammo}` : ''}`;
}

/**
 * What to do about the attack `w` when shields cannot stop it: a card of it the seat can destroy
 * now, named with what does it ("Hit Bo's Valkyrie first: your Boss + $2 destroys it."), else one
 * it can bribe, else honestly what its best hit would take (issue 33: the line named a card the
 * newcomer could not destroy that turn). Empty when the seat can do nothing to the attack's cards.
 */
function hitFirst(pub: KingpinPublic, me: number, w: Hit): string {
  const answers = counterHits(pub, me, w);
  const rival = seatName(pub, w.seat);
  const mine = pub.players[me]!;
  const yours = (h: Hit, ammo = h.ammo) =>
    `your ${h.attackers.map((s) => nameOf(mine.board[s]?.id ?? '')).join(' + ')}${ammo ? ` + $${ammo}` : ''}`;
  const kill = answers.find((a) => a.hit?.destroyed);
  // Their Boss falls: that ends their threat for good (and them), not a "first".
  if (kill && kill.id.startsWith('boss_'))
    return `You can destroy ${rival}'s ${nameOf(kill.id)} now: ${yours(kill.hit!, kill.hit!.least)} does it.`;
  if (kill)
    return `Hit ${rival}'s ${nameOf(kill.id)} first: ${yours(kill.hit!, kill.hit!.least)} destroys it.`;
  const bribe = answers.find((a) => a.bribe !== null);
  if (bribe) return `Bribe ${rival}'s ${nameOf(bribe.id)} away ($${bribe.bribe}).`;
  const weaken = answers
    .filter((a) => (a.hit?.hpLost ?? 0) > 0)
    .sort((a, b) => b.hit!.hpLost - a.hit!.hpLost)[0];
  if (weaken)
    return `No card of ${rival}'s falls to you this turn: at best ${yours(weaken.hit!)} takes ${fmt(weaken.hit!.hpLost)} of ${rival}'s ${nameOf(weaken.id)}'s ${fmt(weaken.hp)} HP.`;
  return '';
}

/**
 * The headline about the Boss: the attack with their safe first, the worst case beside it. "Could
 * DESTROY" in capitals when one card of theirs with their safe can do it; a destruction that needs
 * their cards together is told as such, calmer (issue 33: against easy bots, who attack with one
 * card and not every turn, a combined "could DESTROY" came true 22-31% of the time, a one-card one
 * 56-68%; bench/kingpin-threat.ts).
 */
function headline(
  pub: KingpinPublic,
  me: number,
  hp: number,
  likely: Hit | null,
  solo: Hit | null,
  worst: Hit,
  passed: number,
): string {
  // The worst case, short (a phone shows three lines of the box): "(14 if it flips its shields)".
  const flip = (h: Hit, same: boolean) =>
    `${same ? '' : `${seatName(pub, h.seat)}: `}${h.destroyed ? 'destroyed' : fmt(h.hpLost)} if it flips its shields`;
  if (!likely || likely.hpLost <= 0)
    return `${who(pub, worst)} could ${worst.destroyed ? 'destroy your Boss' : `hit your Boss for ${fmt(worst.hpLost)} of ${fmt(hp)} HP`} next turn, if it flips its shields into ammunition.`;
  const killer = solo?.destroyed ? solo : likely;
  const others = killer.destroyed ? otherBossesAtRisk(pub, me, killer.seat) : [];
  // Three players: the same attack could go to another Boss (its choice, told honestly).
  const or = others.length ? `, or ${others.map((t) => `${seatName(pub, t)}'s`).join(' or ')},` : '';
  const head = !likely.destroyed
    ? `${who(pub, likely)} could hit your Boss for ${fmt(likely.hpLost)} of ${fmt(hp)} HP next turn`
    : solo?.destroyed
      ? passed > 0
        ? // The same opponent could last turn too and did not: said, and still the danger it is.
          `${who(pub, solo)} could still DESTROY your Boss${or} next turn: ${seatName(pub, solo.seat)} could ${passed > 1 ? `on each of its last ${passed} turns` : 'last turn'} too, and did not`
        : `${who(pub, solo)} could DESTROY your Boss${or} next turn`
      : `${who(pub, likely)} together could destroy your Boss${or} next turn`;
  const more = !likely.destroyed && (worst.destroyed || worst.hpLost > likely.hpLost + 1e-9);
  return `${head}${more ? ` (${flip(worst, worst.seat === likely.seat)})` : ''}.`;
}

/** The line for `me`'s turn (null when it is not your turn to arrange your board). */
export function threatLine(
  pub: KingpinPublic,
  me: number,
  hand: readonly string[],
  memory: ThreatMemory = noThreatMemory(),
): ThreatLine | null {
  const mine = pub.players[me];
  if (!mine || mine.eliminated || pub.turn !== me || pub.phase !== 'turn' || pub.bribedThisTurn) return null;
  const report = threatReport(pub, me);
  const boss = report.cards.find((c) => c.boss);
  if (!boss) return null;
  const lines: string[] = [];
  let level: ThreatLine['level'] = 'calm';
  let shieldSlot: number | null = null;
  let shieldMove: ThreatLine['shieldMove'] = null;
  const w = boss.worst;
  if (!w || w.hpLost <= 0) {
    lines.push(
      pub.truceActive && !report.truceEnds
        ? 'Boss safe next turn: the opening truce still holds.'
        : 'Boss out of reach next turn with what is on the table.',
    );
  } else {
    // Danger: the attack with their safe alone destroys it (issue 33: the rules' worst case, every
    // shield flipped into ammunition, cried wolf; bench/kingpin-threat.ts measures both).
    // Danger: one of their cards with their safe destroys it (see headline).
    level = boss.oneCard?.destroyed ? 'danger' : 'warn';
    const truce = report.truceEnds ? 'The truce ends: ' : '';
    const passed = boss.oneCard?.destroyed ? (memory.passed[boss.oneCard.seat] ?? 0) : 0;
    lines.push(truce + headline(pub, me, boss.hp, boss.withSafe, boss.oneCard, w, passed));
  }
  const lost = report.cards.filter((c) => !c.boss && c.worst?.destroyed).map((c) => nameOf(c.id));
  if (lost.length) lines.push(`Could also be destroyed: ${lost.join(', ')}.`);
  if (w && w.hpLost > 0) {
    const guards = guardsInHand(pub, me, hand);
    const remedy = shieldRemedy(pub, me, boss.slot);
    // Shields only when they change the outcome (shared threat.ts bossShieldAdvice); else keep the money.
    const advice = bossShieldAdvice(pub, me);
    if (guards.length)
      lines.push(`Deploy ${nameOf(guards[0]!)} from your hand: it shields your Boss from attacks.`);
    else if (advice?.kind === 'take') {
      const buys = advice.reserve.map(nameOf);
      // A large hit taken for a card: what the shields would have saved, said.
      const large = advice.hpLost > LARGE_HIT * boss.hp + 1e-9;
      lines.push(
        (large ? `Shields would save ${fmt(advice.saved)} HP, but ` : '') +
          `${large ? 'your' : 'Your'} Boss can take it (${fmt(advice.hpLeft)} HP left). Keep your $${advice.safe}: ` +
          (buys.length
            ? `it buys ${buys.slice(0, 2).join(' or ')} from the Reserve.`
            : advice.pileNow > 0
              ? `about ${Math.max(1, Math.round(advice.pileNow * 10))} in 10 pile buys stay yours at that price.`
              : `a pile card priced up to $${advice.safe} stays yours, or it is $${advice.safe} of ammunition.`),
      );
    } else if (remedy) {
      const after = remedy.after;
      const likely = remedy.afterSafe;
      const figure = (h: Hit | null) =>
        !h || h.hpLost <= 0 ? 'no damage' : h.destroyed ? 'still destroyed' : `at most ${fmt(h.hpLost)}`;
      // The attack with their safe first, as the headline; the worst case when it differs.
      const result =
        likely && likely.hpLost > 0 && !same(likely, after)
          ? `${figure(likely)} (${after?.destroyed ? 'destroyed' : figure(after).replace('at most ', '')} if they flip shields)`
          : figure(after);
      // Where the shields come from: the safe, and cards named ("2 moved from your Driver").
      const cards = [...new Set(remedy.sources)].map((i) => nameOf(mine.board[i]?.id ?? '')).join(' and ');
      const n = remedy.fromSafe + remedy.moved;
      const plural = `${n} shield${n === 1 ? '' : 's'}`;
      const act = remedy.fromSafe
        ? `Add ${plural} to your Boss ($${remedy.fromSafe} from your safe${remedy.moved ? `, ${remedy.moved} moved from your ${cards}` : ''})`
        : `Move ${plural} to your Boss (from your ${cards})`;
      const bare = remedy.exposed.length
        ? ` Your ${remedy.exposed.map(nameOf).join(' and ')} could then be destroyed.`
        : '';
      lines.push(`${act}: ${result}.${bare}`);
      if (remedy.fromSafe > 0) shieldSlot = boss.slot;
      else if (remedy.sources.length) shieldMove = { from: remedy.sources[0]!, to: boss.slot };
    } else if (boss.shields < (mine.board[boss.slot]?.shieldLimit ?? 0) && mine.safe === 0)
      lines.push(
        pub.income > 0
          ? `No money left for shields this turn: $${pub.income} comes in at the start of your next.`
          : 'No money left for shields: money does not come back by itself.',
      );
    else {
      // Shields would not change the outcome (the Boss is at its shield limit, or the attack goes
      // through shields): say so, and what is left to do, rather than nothing.
      const limit = mine.board[boss.slot]?.shieldLimit ?? 0;
      const more = Math.min(Math.max(0, limit - boss.shields), mine.safe);
      const after = more ? threatReport(pub, me, { [boss.slot]: more }).cards.find((c) => c.boss)?.worst : w;
      const hit = hitFirst(pub, me, w);
      if (more && after?.destroyed) {
        // Their strongest attack would still destroy it, but shields still stop 1 damage each of
        // whatever attack does come (a newcomer told "would not help" kept the money and lost the
        // Boss to a smaller hit that 4 shields would have survived): advised, with the button.
        lines.push(
          `Add ${more} shield${more === 1 ? '' : 's'} to your Boss ($${more} from your safe): each stops 1 damage, though their strongest attack would still destroy it.`,
          ...(hit ? [hit] : []),
        );
        shieldSlot = boss.slot;
      } else
        lines.push(
          more
            ? `Even ${more} more shield${more === 1 ? '' : 's'} (its limit) would not help: it would still be hit as hard.${hit ? ` ${hit}` : ''}`
            : `Your Boss is at its shield limit (${limit}).${hit ? ` ${hit}` : ''}`,
        );
    }
  }
  const seats = [
    ...(boss.oneCard?.destroyed ? [boss.oneCard.seat] : []),
    ...(boss.withSafe && boss.withSafe.hpLost > 0 ? [boss.withSafe.seat] : []),
    ...(w && w.hpLost > 0 ? [w.seat] : []),
    ...report.cards.flatMap((c) => (!c.boss && c.worst?.destroyed ? [c.worst.seat] : [])),
  ];
  return { level, lines, truceEnds: report.truceEnds, seats: [...new Set(seats)], shieldSlot, shieldMove };
}
