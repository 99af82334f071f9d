/**
 * Kingpin's threat line against what really happens (issue 33: "could DESTROY your Boss next turn"
 * five turns in a row, and it never happened). Prints numbers measured in one run, no pass/fail.
 *
 *   npx tsx bench/kingpin-threat.ts     200 seeded matches per row (KINGPIN_THREAT_MATCHES to change)
 *
 * Seats: one newcomer stand-in (bench/kingpin-spender.ts followerBot: it follows the threat line's
 * advice), its seat rotating, against normal bots; 2 and 3 players, today's default table. At the
 * end of each of the stand-in's turns the line it last read (threat.ts, from its seat's view only)
 * is compared with the opponents' next turns, until its own next turn:
 * - "could destroy" (the rules' worst case: the opponent's best attack with every dollar and every
 *   shield flipped into ammunition) and whether the Boss was destroyed;
 * - the same for "with its safe" (the worst attack with the money in its safe only, no shield flipped:
 *   threat.ts `withSafe`), the line's headline since this change;
 * - why a "could destroy" did not happen: what the opponent named did on its turn.
 */
import { createHash } from 'node:crypto';
import { playout } from '../shared/src/core/playout';
import { kingpin } from '../shared/src/games/kingpin/index';
import { threatReport, type Hit } from '../shared/src/games/kingpin/threat';
import type { KingpinAction, KingpinState } from '../shared/src/games/kingpin/types';
import { view } from '../shared/src/games/kingpin/view';
import { DEFAULT_OPTIONS } from '../shared/src/games/kingpin/options';
import { followerBot } from './kingpin-spender';

const GAMES = Number(process.env.KINGPIN_THREAT_MATCHES ?? 200);
const SEED = 3300;

interface Row {
  /** Turns of the stand-in read to their end (it was not eliminated and an opponent played after). */
  turns: number;
  /** Turns whose Boss headline was "could destroy", and those after which the Boss was destroyed. */
  destroyWorst: number;
  destroyWorstHappened: number;
  /** The same for the worst attack with the safe only (withSafe). */
  destroySafe: number;
  destroySafeHappened: number;
  /** Boss destroyed before the stand-in's next turn, and how many of those the line had announced. */
  bossLost: number;
  bossLostAnnouncedWorst: number;
  bossLostAnnouncedSafe: number;
  /** Why an announced (worst case) destruction did not happen: the named opponent's turn. */
  why: Record<string, number>;
  whySafe: Record<string, number>;
  unannounced: Record<string, number>;
  /** The named opponent's turn when it hit our Boss but not enough: the ammunition it fired vs announced. */
  ammoFired: number[];
  ammoAnnounced: number[];
  /** Turns with a "could destroy" headline in a row (longest per match). */
  longestRun: number[];
}

function bossSlot(s: KingpinState, seat: number): number {
  return s.players[seat]!.board.findIndex((c) => c !== null && c.id.startsWith('boss_'));
}

function measure(players: number, watched: 'follower' | 'easy' | 'normal'): Row {
  const r: Row = {
    turns: 0,
    destroyWorst: 0,
    destroyWorstHappened: 0,
    destroySafe: 0,
    destroySafeHappened: 0,
    bossLost: 0,
    bossLostAnnouncedWorst: 0,
    bossLostAnnouncedSafe: 0,
    why: {},
    whySafe: {},
    unannounced: {},
    ammoFired: [],
    ammoAnnounced: [],
    longestRun: [],
  };
  for (let i = 0; i < GAMES; i++) {
    const w = i % players;
    const seed = createHash('sha256')
      .update(`kingpin-threat:${SEED + i}`)
      .digest('hex');
    const bots = Array.from({ length: players }, (_, k) =>
      k === w && watched === 'follower' ? followerBot : kingpin.bot,
    );
    const levels = Array.from({ length: players }, (_, k): 'easy' | 'normal' =>
      k === w && watched === 'easy' ? 'easy' : 'normal',
    );
    // The last state of the stand-in's turn (the line it read last), and what followed.
    let last: KingpinState | null = null;
    let open: {
      worst: Hit | null;
      safe: Hit | null;
      /** Per opponent: its attacks this round ([target seat, zone, slot, ammo fired]) and whether it played. */
      attacks: Map<number, { seat: number; zone: string; slot: number; ammo: number }[]>;
      played: Set<number>;
      /** Opponents that could destroy (with their safe) another player's Boss. */
      otherBoss: Set<number>;
      attackedBoss: boolean;
    } | null = null;
    let run = 0;
    let longest = 0;
    const close = (s: KingpinState) => {
      if (!open) return;
      const lost = s.players[w]!.eliminated;
      r.turns++;
      if (lost) r.bossLost++;
      const classify = (hit: Hit, why: Record<string, number>, mine: boolean) => {
        const o = hit.seat;
        const hits = open!.attacks.get(o) ?? [];
        const onBoss = hits.find((a) => a.seat === w && a.zone === 'board' && a.slot === bossSlotAtEnd);
        const k = !open!.played.has(o)
          ? 'the named opponent had no turn (eliminated, or match over)'
          : hits.length === 0
            ? 'the named opponent did not attack'
            : onBoss
              ? 'it hit your Boss, but with less'
              : hits.some((a) => a.seat === w)
                ? 'it hit another of your cards'
                : open!.otherBoss.has(o)
                  ? 'it attacked another player (whose Boss it could destroy too)'
                  : 'it attacked another player';
        why[k] = (why[k] ?? 0) + 1;
        if (mine && onBoss) {
          r.ammoFired.push(onBoss.ammo);
          r.ammoAnnounced.push(hit.ammo);
        }
      };
      if (open.worst?.destroyed) {
        r.destroyWorst++;
        if (lost) (r.destroyWorstHappened++, r.bossLostAnnouncedWorst++);
        else classify(open.worst, r.why, true);
      }
      if (open.safe?.destroyed) {
        r.destroySafe++;
        if (lost) (r.destroySafeHappened++, r.bossLostAnnouncedSafe++);
        else classify(open.safe, r.whySafe, false);
      }
      if (lost && !open.worst?.destroyed) {
        const k = open.attackedBoss ? 'destroyed by an attack not announced' : 'destroyed otherwise';
        r.unannounced[k] = (r.unannounced[k] ?? 0) + 1;
      }
      run = open.worst?.destroyed ? run + 1 : 0;
      longest = Math.max(longest, run);
      open = null;
    };
    let bossSlotAtEnd = -1;
    // The ammunition of an attack on its way: [seat, target].
    let pending: { seat: number; target: { seat: number; zone: string; slot: number } } | null = null;
    playout(kingpin, DEFAULT_OPTIONS, seed, bots, {
      label: 'kingpin-threat',
      levels,
      onStep: ({ before, after, seat, action }) => {
        if (before.turn === w && before.phase === 'turn' && !before.players[w]!.eliminated) last = before;
        if (open && seat !== w) {
          open.played.add(seat);
          const a = action as KingpinAction;
          if (a.type === 'attack') pending = { seat, target: a.target as never };
          if (a.type === 'ammo' && pending) {
            const list = open.attacks.get(pending.seat) ?? [];
            list.push({ ...pending.target, ammo: a.amount });
            if (pending.target.seat === w && pending.target.slot === bossSlotAtEnd) open.attackedBoss = true;
            open.attacks.set(pending.seat, list);
            pending = null;
          }
        }
        // The stand-in's turn ended: the line it read last is announced.
        if (before.turn === w && after.turn !== w && last && !open) {
          const report = threatReport(view(last, w).public, w);
          const boss = report.cards.find((c) => c.boss);
          bossSlotAtEnd = bossSlot(last, w);
          open = {
            worst: boss?.worst ?? null,
            safe: boss?.withSafe ?? null,
            attacks: new Map(),
            played: new Set(),
            otherBoss: new Set(
              last.players.flatMap((p, t) =>
                t === w || p.eliminated
                  ? []
                  : (threatReport(view(last!, w).public, t)
                      .cards.filter((c) => c.boss && c.withSafe?.destroyed && c.withSafe.seat !== w)
                      .map((c) => c.withSafe!.seat) ?? []),
              ),
            ),
            attackedBoss: false,
          };
          last = null;
        }
        // Its next turn starts, or it is out: close the round.
        if (open && ((after.turn === w && before.turn !== w) || after.players[w]!.eliminated)) close(after);
      },
    });
    longest = Math.max(longest, run);
    r.longestRun.push(longest);
  }
  return r;
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(0)}%`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};
const WATCHED = (process.env.KINGPIN_THREAT_SEATS ?? 'follower,easy,normal').split(',') as (
  'follower' | 'easy' | 'normal'
)[];
for (const watched of WATCHED)
  for (const players of [2, 3]) {
    const r = measure(players, watched);
    console.log(
      `\n${players} players, ${watched} vs normal bots, ${GAMES} matches, ${r.turns} ${watched} turns read`,
    );
    console.log(
      `  worst case "could destroy": ${r.destroyWorst} turns, happened ${r.destroyWorstHappened} (${pct(r.destroyWorstHappened, r.destroyWorst)})`,
    );
    console.log(
      `  with its safe "could destroy": ${r.destroySafe} turns, happened ${r.destroySafeHappened} (${pct(r.destroySafeHappened, r.destroySafe)})`,
    );
    console.log(
      `  Boss destroyed: ${r.bossLost}; announced by worst ${r.bossLostAnnouncedWorst}, by with-safe ${r.bossLostAnnouncedSafe}`,
    );
    console.log(
      `  longest "could destroy" run per match: median ${median(r.longestRun)}, max ${Math.max(...r.longestRun)}`,
    );
    console.log('  why an announced destruction did not happen:');
    for (const [k, v] of Object.entries(r.why).sort((a, b) => b[1] - a[1]))
      console.log(`    ${k}: ${v} (${pct(v, r.destroyWorst - r.destroyWorstHappened)})`);
    console.log('  why an announced destruction with its safe did not happen:');
    for (const [k, v] of Object.entries(r.whySafe).sort((a, b) => b[1] - a[1]))
      console.log(`    ${k}: ${v} (${pct(v, r.destroySafe - r.destroySafeHappened)})`);
    console.log('  Boss destroyed without "could destroy" announced:');
    for (const [k, v] of Object.entries(r.unannounced).sort((a, b) => b[1] - a[1]))
      console.log(`    ${k}: ${v}`);
    if (r.ammoFired.length)
      console.log(
        `  hit the Boss with less: ammunition fired median $${median(r.ammoFired)}, announced median $${median(r.ammoAnnounced)}`,
      );
  }
