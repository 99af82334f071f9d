/**
 * The threat line shown on your turn before you end it: the most the opponents could take off your
 * Boss (and which of your other cards they could destroy) on their next turn, and what would bring
 * it down now. The figures come from shared/src/games/kingpin/threat.ts (the public view only); this
 * module only words them, short enough for a phone.
 */
import {
  bossShieldAdvice,
  guardsInHand,
  shieldRemedy,
  threatReport,
  type Hit,
} from '@parlor/shared/games/kingpin/threat';
import type { KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { quarters as fmt } from './numbers';
import { nameOf } from './cards';

export interface ThreatLine {
  /** danger: the Boss can be destroyed; warn: it can be hit; calm: it cannot be reached. */
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

function who(pub: KingpinPublic, hit: Hit): string {
  const p = pub.players[hit.seat]!;
  const cards = hit.attackers.map((s) => nameOf(p.board[s]?.id ?? '')).join(' + ');
  return `${p.name || `Seat ${hit.seat + 1}`} (${cards}${hit.ammo ? `, $${hit.ammo}` : ''})`;
}

/**
 * What to hit first when shields cannot save the Boss: the weakest of the attack's cards other than
 * their Boss, named with what it takes ("Hit Bot 2's Sniper first (4 HP + 1 shield), or bribe it
 * away."); when only their Boss attacks, the general advice.
 */
function hitFirst(pub: KingpinPublic, w: Hit): string {
  const p = pub.players[w.seat]!;
  const cards = w.attackers
    .map((slot) => p.board[slot])
    .filter((c): c is NonNullable<typeof c> => !!c && !c.id.startsWith('boss_'));
  if (!cards.length) return 'Hit their attackers first, or bribe one away.';
  const c = cards.reduce((a, b) => (b.hp + b.shields < a.hp + a.shields ? b : a));
  const shields = c.shields ? ` + ${c.shields} shield${c.shields === 1 ? '' : 's'}` : '';
  return `Hit ${p.name || `Seat ${w.seat + 1}`}'s ${nameOf(c.id)} first (${fmt(c.hp)} HP${shields}), or bribe it away.`;
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
    level = w.destroyed ? 'danger' : 'warn';
    const truce = report.truceEnds ? 'The truce ends: ' : '';
    lines.push(
      w.destroyed
        ? `${truce}${who(pub, w)} could DESTROY your Boss next turn.`
        : `${truce}${who(pub, w)} could hit your Boss for ${fmt(w.hpLost)} of ${fmt(boss.hp)} HP next turn.`,
    );
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
      lines.push(
        `Your Boss can take it (${fmt(advice.hpLeft)} HP left). Keep your $${advice.safe}: ` +
          (buys.length
            ? `it buys ${buys.slice(0, 2).join(' or ')} from the Reserve.`
            : `a pile card priced up to $${advice.safe} stays yours, or it is $${advice.safe} of ammunition.`),
      );
    } else if (remedy) {
      const after = remedy.after;
      const from = [
        remedy.fromSafe ? `$${remedy.fromSafe} from your safe` : '',
        remedy.moved ? `${remedy.moved} moved from your cards` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const result =
        !after || after.hpLost <= 0
          ? 'no damage'
          : after.destroyed
            ? 'still destroyed'
            : `at most ${fmt(after.hpLost)}`;
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
      const hit = hitFirst(pub, w);
      if (more && after?.destroyed) {
        // Their strongest attack would still destroy it, but shields still stop 1 damage each of
        // whatever attack does come (a newcomer told "would not help" kept the money and lost the
        // Boss to a smaller hit that 4 shields would have survived): advised, with the button.
        lines.push(
          `Add ${more} shield${more === 1 ? '' : 's'} to your Boss ($${more} from your safe): each stops 1 damage, though their strongest attack would still destroy it.`,
          hit,
        );
        shieldSlot = boss.slot;
      } else
        lines.push(
          more
            ? `Even ${more} more shield${more === 1 ? '' : 's'} (its limit) would not help: it would still be hit as hard. ${hit}`
            : `Your Boss is at its shield limit (${limit}): ${hit.charAt(0).toLowerCase()}${hit.slice(1)}`,
        );
    }
  }
  const seats = [
    ...(w && w.hpLost > 0 ? [w.seat] : []),
    ...report.cards.flatMap((c) => (!c.boss && c.worst?.destroyed ? [c.worst.seat] : [])),
  ];
  return { level, lines, truceEnds: report.truceEnds, seats: [...new Set(seats)], shieldSlot };
}
