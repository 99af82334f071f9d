/**
 * Kingpin's easy bot: a newcomer who does what the screen says, from its seat's view only.
 * - It plays the obvious move: attack a rival Boss when it can (else the card it can hurt most; one
 *   time in four it forgets to attack), otherwise buy from the pile while its board is small, otherwise pass.
 * - It misses combinations: it attacks with its single strongest card, never a combined attack
 *   (even a lethal one); it never bribes, sells or discards.
 * - It takes the screen's advice: the ammunition the prompt starts at (the least that destroys the
 *   target, else a dollar or two) and the threat line's shields on its Boss (2 to begin with, more
 *   while the line advises them: threat.ts bossShieldAdvice, a hit that would destroy the Boss or
 *   take more than a third of its HP; it keeps the money for a smaller one). A new card goes in with one shield, and it never moves
 *   shields between cards.
 * Its seeded draws (which attack, how much ammunition) make two matches open differently.
 * Tuned on the newcomer stand-ins of bench/kingpin-balance.ts --spender (docs/rules/kingpin.md, Bots).
 */
import { ammoToKill, attackDamage, find, isBossCard, seatOf, targetCard, type View } from './botModel';
import { bossShieldAdvice } from './threat';
import type { KingpinAction } from './types';

/** Shields the easy bot puts on its own Boss (a newcomer's idea of "enough"). */
export const EASY_BOSS_SHIELDS = 2;
/**
 * How often it attacks when it can (else it buys or passes, as a newcomer sometimes forgets to):
 * tuned so the newcomer stand-ins of bench/kingpin-balance.ts --spender win 30-50% or a little more.
 */
export const EASY_ATTACK_CHANCE = 0.75;

const pickOne = <T>(xs: readonly T[], random: () => number): T =>
  xs[Math.min(xs.length - 1, Math.floor(random() * xs.length))]!;

function single(a: KingpinAction): a is Extract<KingpinAction, { type: 'attack' }> {
  return a.type === 'attack' && a.attackers.length === 1;
}

function decideTurn(view: View, legal: KingpinAction[], random: () => number): KingpinAction {
  const pub = view.public;
  const seat = seatOf(pub);
  const me = pub.players[seat]!;
  const deploy = find(legal, 'deploy')[0];
  if (deploy) return deploy;
  const bossSlot = me.board.findIndex((c) => c !== null && isBossCard(c));
  const boss = bossSlot >= 0 ? me.board[bossSlot]! : null;
  const shieldBoss = find(legal, 'safeToShield').find((a) => a.slot === bossSlot);
  if (shieldBoss && boss && boss.shields < EASY_BOSS_SHIELDS && me.safe > 6) return shieldBoss;
  // What the threat line tells a newcomer: shield the Boss when it advises a shield from the safe.
  if (shieldBoss && boss) {
    const advice = bossShieldAdvice(pub, seat);
    if (advice?.kind === 'shield' && advice.remedy.fromSafe > 0) return shieldBoss;
  }
  // Attacks with one card: its strongest, at a Boss if it can reach one, else the card it hurts most.
  const attacks = legal.filter(single);
  if (attacks.length > 0 && random() < EASY_ATTACK_CHANCE) {
    const strongest = Math.max(...attacks.map((a) => attackDamage(pub, seat, a.attackers).total));
    const mine = attacks.filter((a) => attackDamage(pub, seat, a.attackers).total === strongest);
    const atBoss = mine.filter((a) => {
      const t = targetCard(pub, a.target);
      return t !== null && isBossCard(t);
    });
    if (atBoss.length > 0) return pickOne(atBoss, random);
    const cards = mine.filter((a) => targetCard(pub, a.target) !== null);
    if (cards.length > 0) {
      const weakest = Math.min(...cards.map((a) => targetCard(pub, a.target)!.hp));
      return pickOne(
        cards.filter((a) => targetCard(pub, a.target)!.hp === weakest),
        random,
      );
    }
  }
  const myCards = me.board.filter((c) => c !== null).length + me.handCount;
  const pile = find(legal, 'buy').find((a) => a.source === 'pile');
  if (pile && myCards < 5) return pile;
  return { type: 'pass' };
}

function decidePlace(legal: KingpinAction[]): KingpinAction {
  const board = find(legal, 'place').filter((a) => a.to === 'board');
  if (board.length === 0) return { type: 'place', to: 'hand' };
  // A newcomer plays the card and puts one shield on it.
  return board.find((a) => a.to === 'board' && a.shields === 1) ?? board[0]!;
}

function decideAmmo(view: View, legal: KingpinAction[], random: () => number): KingpinAction {
  const pub = view.public;
  const seat = pub.prompt!.seat;
  const t = targetCard(pub, pub.prompt!.attack!.target);
  const amounts = find(legal, 'ammo').map((a) => a.amount);
  const most = Math.max(0, ...amounts);
  // The prompt's own suggestion: the least that destroys the target; when nothing does, a dollar or two.
  const kill = t && ammoToKill(t, attackDamage(pub, seat, pub.prompt!.attack!.attackers), most);
  if (kill !== null && kill !== undefined && amounts.includes(kill)) return { type: 'ammo', amount: kill };
  return { type: 'ammo', amount: Math.min(most, Math.floor(random() * 3)) };
}

function decidePick(legal: KingpinAction[], random: () => number): KingpinAction {
  const picks = find(legal, 'pick').filter((a) => a.target !== null);
  return picks.length > 0 ? pickOne(picks, random) : { type: 'pick', target: null };
}

/** The easy level's decision. */
export function easyDecide(view: View, legal: KingpinAction[], random: () => number): KingpinAction {
  switch (view.public.phase) {
    case 'place':
      return decidePlace(legal);
    case 'ammo':
      return decideAmmo(view, legal, random);
    case 'pick':
      return decidePick(legal, random);
    case 'emergency':
      return { type: 'emergencyDone' };
    default:
      return decideTurn(view, legal, random);
  }
}
