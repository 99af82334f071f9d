/**
 * Tactical Risk: a variant of a level's profile against another (default: hard against normal),
 * 1-vs-1 at the default table (the bot-levels bench's setup), over seed pairs (seats swapped) on seeds the levels bench does not use.
 * Prints the variant's wins per side and its mean limit lead (Axis production x5 - Allies x3, from
 * the variant's side): a continuous measure that shows a difference in fewer matches than wins do.
 *
 *   TR_PAIRS=10 TR_VARIANT=hard npx tsx bench/tactical-risk-hard.ts
 *   TR_VARIANT=normal ...   normal against itself (how much the side decides)
 *   TR_VARIANT=normal TR_SET=attackOdds=0.3,guard=0 TR_VS=easy ...   a changed profile against another
 *     (TR_SET / TR_VS_SET: field=value, field=<profile> copies that profile's field, guard=x keeps
 *     infantry for x times the threat in the capital; see profile() below)
 */
import { createHash } from 'node:crypto';
import type { Bot, GameAction } from '../shared/src/core/contract';
import { playout, type PlayoutRules } from '../shared/src/core/playout';
import { decideWith } from '../shared/src/games/tactical-risk/bot';
import type { BotProfile } from '../shared/src/games/tactical-risk/botLevel';
import { PROFILES } from '../shared/src/games/tactical-risk/botLevel';
import { tacticalRisk } from '../shared/src/games/tactical-risk/index';
import { DEFAULT_OPTIONS } from '../shared/src/games/tactical-risk/options';
import { limitLead } from '../shared/src/games/tactical-risk/turns';
import type { TacticalRiskState } from '../shared/src/games/tactical-risk/types';

const PAIRS = Number(process.env.TR_PAIRS ?? 10);
const FIRST = Number(process.env.TR_FIRST ?? 0);
const name = process.env.TR_VARIANT ?? 'hard';
/**
 * A profile by name with TR_SET-style changes: `k=v` sets a field (a number, true/false, or a
 * profile's name to copy that profile's field); `guard=x` makes the capital keep infantry enough to
 * defend x times the threat (2 defence each).
 */
function profile(base: string, set: string): BotProfile {
  const p: BotProfile = { ...(PROFILES as Record<string, BotProfile>)[base]! };
  for (const kv of set.split(',').filter(Boolean)) {
    const [k, v] = kv.split('=');
    if (k === 'guard') {
      p.reserve = (threat) => Math.ceil((threat * Number(v)) / 2);
      continue;
    }
    const rec = p as unknown as Record<string, unknown>;
    const from = (PROFILES as Record<string, BotProfile>)[v!];
    rec[k!] = from
      ? (from as unknown as Record<string, unknown>)[k!]
      : v === 'true'
        ? true
        : v === 'false'
          ? false
          : Number(v);
  }
  return p;
}
const variant = profile(name, process.env.TR_SET ?? '');
// The opponent: TR_VS names a profile (default normal), TR_VS_SET changes it as TR_SET does.
const normal = profile(process.env.TR_VS ?? 'normal', process.env.TR_VS_SET ?? '');

const botOf = (p: BotProfile): Bot<GameAction, unknown, unknown> => ({
  // The playout's seeded draws (a profile with `spread` uses them for variety).
  decide: (view, legal, random) => decideWith(view as never, legal as never, p, random) as GameAction,
});

const rules = tacticalRisk as unknown as PlayoutRules<
  TacticalRiskState,
  GameAction,
  unknown,
  unknown,
  unknown
>;
let wins = 0;
let n = 0;
const bySide: Record<string, { w: number; n: number; lead: number }> = {};
for (let k = FIRST; k < FIRST + PAIRS; k++) {
  const seed = createHash('sha256').update(`hard-probe:${k}`).digest('hex');
  for (const vSeat of [0, 1]) {
    const bots = vSeat === 0 ? [botOf(variant), botOf(normal)] : [botOf(normal), botOf(variant)];
    const r = playout(rules, DEFAULT_OPTIONS, seed, bots, { label: 'hard-probe' });
    const s = r.state;
    const vFaction = Object.entries(s.controller).find(([, seat]) => seat === vSeat)![0];
    const side = s.alliance[vFaction as keyof typeof s.alliance]!;
    const winners = rules.outcome(s)?.winners ?? [];
    const won = winners.length === 1 && winners[0] === vSeat;
    const lead = (side === 'Axis' ? 1 : -1) * limitLead(s);
    const e = (bySide[side] ??= { w: 0, n: 0, lead: 0 });
    e.n++;
    e.w += Number(won);
    e.lead += lead;
    wins += Number(won);
    n++;
    console.log(
      `pair ${k} ${side.padEnd(6)} ${won ? 'WIN ' : 'loss'} round ${s.round} lead ${lead} | ${s.winner?.reason ?? ''}`,
    );
  }
}
console.log(
  `${name} ${process.env.TR_SET ?? ''} vs ${normal.level} ${process.env.TR_VS_SET ?? ''}: ${wins}/${n} (${((100 * wins) / n).toFixed(0)}%) | ` +
    Object.entries(bySide)
      .map(([side, e]) => `${side} ${e.w}/${e.n} mean lead ${(e.lead / e.n).toFixed(0)}`)
      .join(' | '),
);
