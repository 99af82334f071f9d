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
import type { KingpinPublic } from '@parlor/shared/games/kingpin/types';
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
}

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
      ? `${who(pub, solo)} could DESTROY your Boss${or} next turn`
      : `${who(pub, likely)} together could destroy your Boss${or} next turn`;
  const more = !likely.destroyed && (worst.destroyed || worst.hpLost > likely.hpLost + 1e-9);
  return `${head}${more ? ` (${flip(worst, worst.seat === likely.seat)})` : ''}.`;
}

/** The line for `me`'s turn (null when it is not your turn to arrange your board). */
export function threatLine(pub: KingpinPublic, me: number, hand: readonly string[]): ThreatLine | null {
  const mine = pub.players[me];
  if (!mine || mine.eliminated || pub.turn !== me || pub.phase !== 'turn' || pub.bribedThisTurn) return null;
  const report = threatReport(pub, me);
  const boss = report.cards.find((c) => c.boss);
  if (!boss) return null;
  const lines: string[] = [];
  let level: ThreatLine['level'] = 'calm';
  let shieldSlot: number | null = null;
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
    lines.push(truce + headline(pub, me, boss.hp, boss.withSafe, boss.oneCard, w));
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
      const from = [
        remedy.fromSafe ? `$${remedy.fromSafe} from your safe` : '',
        remedy.moved ? `${remedy.moved} moved from your cards` : '',
      ]
        .filter(Boolean)
        .join(', ');
      // The attack with their safe first, as the headline; the worst case when it differs.
      const result =
        likely && likely.hpLost > 0 && !same(likely, after)
          ? `${figure(likely)} (${after?.destroyed ? 'destroyed' : figure(after).replace('at most ', '')} if they flip shields)`
          : figure(after);
      const n = remedy.fromSafe + remedy.moved;
      lines.push(`Add ${n} shield${n === 1 ? '' : 's'} to your Boss (${from}): ${result}.`);
      if (remedy.fromSafe > 0) shieldSlot = boss.slot;
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
  return { level, lines, truceEnds: report.truceEnds, seats: [...new Set(seats)], shieldSlot };
}
