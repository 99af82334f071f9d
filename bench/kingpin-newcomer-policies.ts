/**
 * How a newcomer's habits move her wins against easy bots (default table, her seat rotating): the
 * bench's newcomer stand-in (the follower of bench/kingpin-spender.ts, the scripted newcomer of
 * tests/browser/tools/kingpinNewcomer.ts as a bench seat) with one habit changed at a time. Prints
 * the stand-in's wins.
 *
 *   npx tsx bench/kingpin-newcomer-policies.ts   (KINGPIN_POLICY_MATCHES=120 per cell,
 *                                                 KINGPIN_POLICY_PLAYERS=2,3, KINGPIN_POLICY_ROWS=1,4,
 *                                                 KINGPIN_POLICY_SEED=4242)
 *
 * Target habits (the planner's preview is the attack at $0 of ammunition, as on screen):
 * - "Boss whenever it can": hits the rival Boss whenever it can be hit, else the weakest card
 *   (bench/kingpin-spender.ts followerBot, the bench's stand-in before issue 33's twelfth session).
 * - "UI newcomer" (the default stand-in here, the UI tool's habit): attacks the weakest card (HP +
 *   shields) when the planner says it "destroys it" and the Boss would not fall; the Boss otherwise.
 * - "reads the Boss label": the UI newcomer who also reads what the planner shows beside a small
 *   card's "destroys it" ("on their Boss: 10¼ of 20 HP", shared/src/games/kingpin/preview.ts
 *   bossInstead) and turns the same attack on that Boss when the Boss would lose at least X% of its
 *   HP, or more HP than the small card has (HP + shields: what its fall takes off their board).
 * Other habits of the UI tool, each on top of the UI newcomer's target:
 * - shields: the stand-in adds shields whenever the line advises them (bossShieldAdvice 'shield');
 *   the tool taps the line's + button (also offered when shields cannot save the Boss) only when the
 *   line's level is 'danger' or its headline hit is half the Boss's HP or more.
 * - buy: the stand-in buys from the pile; the tool buys the Reserve card with the strongest face
 *   (ATK + HP) it can take, and with a thin board (hand + board < 3) cancels an attack that destroys
 *   nothing (and is not a third of the Boss) to buy instead.
 * - the line's named card ("Hit Bo's Informant first"): attacked first, as the tool does.
 */
import type { BotLevel } from '../shared/src/core/contract';
import { measureBalance } from '../shared/src/games/kingpin/balance';
import { kingpinBot } from '../shared/src/games/kingpin/bot';
import {
  attackDamage,
  find,
  hpDamage,
  isBossCard,
  seatOf,
  targetCard,
} from '../shared/src/games/kingpin/botModel';
import { cardDef } from '../shared/src/games/kingpin/cards';
import { DEFAULT_OPTIONS } from '../shared/src/games/kingpin/options';
import { attackPreview, bossInstead } from '../shared/src/games/kingpin/preview';
import type { KingpinBot } from '../shared/src/games/kingpin/playout';
import {
  bossShieldAdvice,
  counterHits,
  guardsInHand,
  shieldRemedy,
  threatReport,
} from '../shared/src/games/kingpin/threat';
import type { KingpinAction, KingpinPublic } from '../shared/src/games/kingpin/types';
import { followerBot } from './kingpin-spender';

let namedHits = 0;
/** Boss labels shown to the label reader, and those it turned on the Boss. */
let labels = 0;
let turned = 0;
const GAMES = Number(process.env.KINGPIN_POLICY_MATCHES ?? 120);
const SEED = Number(process.env.KINGPIN_POLICY_SEED ?? 4242);

interface Habits {
  /** 'boss': the Boss whenever it can be hit; 'ui': the UI newcomer's target; 'label': reads the Boss label. */
  target: 'boss' | 'ui' | 'label';
  /** 'label': the Boss when it would lose at least this share of its HP (else only the worth rule). */
  bossShare?: number;
  /** 'label': the Boss when it would lose more HP than the small card has (HP + shields). */
  worth?: boolean;
  uiShields: boolean;
  uiBuy: boolean;
  /** The line's named card ("Hit Bo's Informant first"): attacked first, as the tool does. */
  uiNamed?: boolean;
}

/** Whether the planner says "destroys it": the attack's preview at $0 of ammunition, as on screen. */
function falls(pub: KingpinPublic, a: Extract<KingpinAction, { type: 'attack' }>, seat: number): boolean {
  return attackPreview(pub, seat, a.attackers, 0, a.target).outcome?.destroyed ?? false;
}

function bigBossHit(
  pub: KingpinPublic,
  a: Extract<KingpinAction, { type: 'attack' }>,
  seat: number,
): boolean {
  const t = targetCard(pub, a.target);
  if (!t || !isBossCard(t)) return false;
  const m = attackDamage(pub, seat, a.attackers);
  return hpDamage(t, m.total, m) >= t.hp / 3;
}

/**
 * What the tool reads on the screen's threat line (client/src/games/kingpin/threatLine.ts, mirrored
 * here: no bench imports client code, and tsconfig.tests.json rejects it: the client is an ESM package
 * whose relative imports have no extension, TS2835 under node16 resolution). Not exact: with the real client line
 * (one run, 90 matches a cell) the named-card row read 88%/59% with 91 named attacks, this mirror
 * 90%/53% with 373; the target, shield and buy rows do not use the named card: whether it taps the line's + button
 * (the line offers it, and its level is 'danger' or its headline "could hit your Boss for X of Y"
 * has X at least half of Y), and the card a "Hit Bo's Informant first" names.
 */
function screenLine(
  pub: KingpinPublic,
  seat: number,
  hand: readonly string[],
): { tapsShield: boolean; named: { seat: number; slot: number } | null } {
  const none = { tapsShield: false, named: null };
  const report = threatReport(pub, seat);
  const boss = report.cards.find((c) => c.boss);
  const w = boss?.worst;
  if (!boss || !w || w.hpLost <= 0) return none;
  const likely = boss.withSafe && boss.withSafe.hpLost > 0 ? boss.withSafe : w;
  const real = !!boss.oneCard?.destroyed || (!likely.destroyed && likely.hpLost >= boss.hp / 2);
  if (guardsInHand(pub, seat, hand as never).length) return none;
  const advice = bossShieldAdvice(pub, seat);
  if (advice?.kind === 'take') return none;
  const remedy = shieldRemedy(pub, seat, boss.slot);
  if (remedy) return { tapsShield: real && remedy.fromSafe > 0, named: null };
  const mine = pub.players[seat]!;
  if (boss.shields < (mine.board[boss.slot]?.shieldLimit ?? 0) && mine.safe === 0) return none;
  const limit = mine.board[boss.slot]?.shieldLimit ?? 0;
  const more = Math.min(Math.max(0, limit - boss.shields), mine.safe);
  const after = more ? threatReport(pub, seat, { [boss.slot]: more }).cards.find((c) => c.boss)?.worst : w;
  const kill = counterHits(pub, seat, w).find((a) => a.hit?.destroyed);
  const named = kill && !kill.id.startsWith('boss_') ? { seat: kill.seat, slot: kill.slot } : null;
  return { tapsShield: real && !!more && !!after?.destroyed, named };
}

function uiFollower(h: Habits): KingpinBot {
  return {
    decide(view, legal, random) {
      if (legal.length <= 1) return legal[0]!;
      const pub = view.public;
      if (pub.phase !== 'turn') return followerBot.decide(view, legal, random);
      const seat = seatOf(pub);
      const me = pub.players[seat]!;
      const boss = me.board.findIndex((c) => c !== null && isBossCard(c));
      const shield = find(legal, 'safeToShield').find((a) => a.slot === boss);
      if (boss >= 0 && shield) {
        const advice = bossShieldAdvice(pub, seat);
        let wants = advice?.kind === 'shield' && advice.remedy.fromSafe > 0;
        if (h.uiShields) wants = screenLine(pub, seat, view.private?.hand ?? []).tapsShield;
        if (wants) return shield;
      }
      const deploy = find(legal, 'deploy')[0];
      if (deploy) return deploy;
      const hand = view.private?.hand.length ?? 0;
      const onBoard = me.board.filter(Boolean).length;
      const reserveBuys = find(legal, 'buy').filter((a) => a.source === 'reserve');
      const face = (id: string) => {
        const d = cardDef(id as never);
        return d.atk + d.hp;
      };
      const bestReserve = reserveBuys.length
        ? reserveBuys.reduce((x, y) => (face(y.card) > face(x.card) ? y : x))
        : undefined;
      const pile = find(legal, 'buy').find((a) => a.source === 'pile');
      const buy = h.uiBuy ? (bestReserve ?? pile) : pile;
      const attacks = find(legal, 'attack').filter((a) => a.target.zone === 'board');
      if (attacks.length > 0) {
        const most = Math.max(...attacks.map((a) => a.attackers.length));
        const full = attacks.filter((a) => a.attackers.length === most);
        const atBoss = full.find((a) => {
          const t = targetCard(pub, a.target);
          return t !== null && isBossCard(t);
        });
        const weakest = full.reduce((x, y) => {
          const tx = targetCard(pub, x.target);
          const ty = targetCard(pub, y.target);
          const ui = h.target !== 'boss';
          return (ty?.hp ?? 99) + (ui ? (ty?.shields ?? 0) : 0) <
            (tx?.hp ?? 99) + (ui ? (tx?.shields ?? 0) : 0)
            ? y
            : x;
        });
        let pick = atBoss ?? weakest;
        if (h.uiNamed) {
          const card = screenLine(pub, seat, view.private?.hand ?? []).named;
          const named =
            card &&
            full.find(
              (a) => a.target.seat === card.seat && a.target.zone === 'board' && a.target.slot === card.slot,
            );
          if (named) {
            namedHits++;
            return named;
          }
        }
        if (h.target !== 'boss' && atBoss && !falls(pub, atBoss, seat) && falls(pub, weakest, seat)) {
          pick = weakest;
          // What the planner shows beside "destroys it": the same attack on that rival's Boss.
          const label =
            h.target === 'label' ? bossInstead(pub, seat, weakest.attackers, 0, weakest.target, legal) : null;
          const small = targetCard(pub, weakest.target);
          if (label && small) {
            labels++;
            const lost = label.outcome.hpLost;
            const share = h.bossShare !== undefined && lost >= h.bossShare * label.hp;
            const worth = !!h.worth && lost > small.hp + small.shields;
            if (share || worth) {
              turned++;
              pick = {
                ...weakest,
                target: { seat: label.seat, zone: 'board', slot: label.slot },
              };
            }
          }
        }
        if (h.uiBuy && buy && onBoard + hand < 3 && !falls(pub, pick, seat) && !bigBossHit(pub, pick, seat))
          return buy;
        return pick;
      }
      if (buy) return buy;
      return { type: 'pass' };
    },
  };
}

const easy: KingpinBot = {
  decide: (view, legal, random) => kingpinBot.decide(view, legal, random, 'easy' as BotLevel),
};

function wins(bot: KingpinBot, players: number): number {
  let w = 0;
  for (let seat = 0; seat < players; seat++) {
    const bots = Array<KingpinBot>(players).fill(easy);
    bots[seat] = bot;
    w += measureBalance(DEFAULT_OPTIONS, bots, Math.round(GAMES / players), SEED + 1000 * seat).winsBySeat[
      seat
    ]!;
  }
  return w / (players * Math.round(GAMES / players));
}

const base: Habits = { target: 'ui', uiShields: false, uiBuy: false };
const ROWS: [string, KingpinBot][] = [
  ['Boss whenever it can (old stand-in)', followerBot],
  ['same, re-coded', uiFollower({ ...base, target: 'boss' })],
  ['UI newcomer (default stand-in)', uiFollower(base)],
  ['+ UI shields', uiFollower({ ...base, uiShields: true })],
  ['+ UI buying', uiFollower({ ...base, uiBuy: true })],
  ["+ line's named card", uiFollower({ ...base, uiNamed: true })],
  ['UI tool (all habits)', uiFollower({ ...base, uiShields: true, uiBuy: true, uiNamed: true })],
  [
    'reads Boss label: ≥25% or > card',
    uiFollower({ ...base, target: 'label', bossShare: 0.25, worth: true }),
  ],
  ['reads Boss label: ≥50% or > card', uiFollower({ ...base, target: 'label', bossShare: 0.5, worth: true })],
  ['reads Boss label: ≥25%', uiFollower({ ...base, target: 'label', bossShare: 0.25 })],
  ['reads Boss label: > card', uiFollower({ ...base, target: 'label', worth: true })],
  [
    'UI tool reading the label (≥25% or > card)',
    uiFollower({
      target: 'label',
      bossShare: 0.25,
      worth: true,
      uiShields: true,
      uiBuy: true,
      uiNamed: true,
    }),
  ],
];
const only = process.env.KINGPIN_POLICY_PLAYERS?.split(',').map(Number) ?? [2, 3];
/** KINGPIN_POLICY_ROWS=1,3: only these rows (1-based), for a short run. */
const rows = process.env.KINGPIN_POLICY_ROWS?.split(',').map(Number);
console.log(`Newcomer policies against easy bots, default table, ${GAMES} matches per cell: stand-in wins`);
console.log(`  ${'policy'.padEnd(44)} ${only.map((p) => `${p} players`.padStart(10)).join('')}`);
ROWS.forEach(([label, bot], i) => {
  if (rows && !rows.includes(i + 1)) return;
  namedHits = labels = turned = 0;
  const cells = only.map((p) => `${(100 * wins(bot, p)).toFixed(0)}%`.padStart(10)).join('');
  const notes = [
    namedHits ? `attacks on the line's named card: ${namedHits}` : '',
    labels ? `Boss labels read: ${labels}, turned on the Boss: ${turned}` : '',
  ].filter(Boolean);
  console.log(`  ${label.padEnd(44)} ${cells}${notes.length ? `   (${notes.join('; ')})` : ''}`);
});
