/**
 * A newcomer stand-in for bench/kingpin-balance.ts: the "spender", who does what the screen tells a
 * new player and spends every dollar doing it (the scripted newcomer of issue 33 ran dry by turns
 * 13-21). It plays the easy bot's first rules of thumb (kingpin-easy-v1.ts) with a newcomer's money habits:
 * - it follows the threat line: while it advises shields on the Boss, it adds them from the safe
 *   (threat.ts bossShieldAdvice, the same advice the screen prints: only for a hit that would
 *   destroy the Boss or take more than a third of its HP);
 * - a card it buys goes to the board with as many shields as it can pay for;
 * - an attack fires the least ammunition that destroys the target (what the prompt starts at), and
 *   when no amount does, all it may (the "Max" button).
 * It never flips shields back into money (nothing on screen asks it to). Bench only: not a bot level.
 */
import type { Bot } from '../shared/src/core/contract';
import { easyV1Decide as easyDecide } from './kingpin-easy-v1';
import {
  ammoBudget,
  ammoToKill,
  attackDamage,
  find,
  isBossCard,
  seatOf,
  targetCard,
} from '../shared/src/games/kingpin/botModel';
import { bossShieldAdvice } from '../shared/src/games/kingpin/threat';
import type { KingpinAction, KingpinPrivate, KingpinPublic } from '../shared/src/games/kingpin/types';

export const spenderBot: Bot<KingpinAction, KingpinPublic, KingpinPrivate> = {
  decide(view, legal, random) {
    if (legal.length <= 1) return legal[0]!;
    const pub = view.public;
    switch (pub.phase) {
      case 'place': {
        const board = find(legal, 'place').filter((a) => a.to === 'board');
        if (board.length === 0) return { type: 'place', to: 'hand' };
        return board.reduce((a, b) =>
          (b.to === 'board' ? b.shields : 0) > (a.to === 'board' ? a.shields : 0) ? b : a,
        );
      }
      case 'ammo': {
        const amounts = find(legal, 'ammo');
        const a = pub.prompt!.attack!;
        const target = targetCard(pub, a.target);
        const kill =
          target && ammoToKill(target, attackDamage(pub, a.seat, a.attackers), ammoBudget(pub, a.seat));
        const exact =
          kill === null || kill === undefined ? undefined : amounts.find((x) => x.amount === kill);
        return exact ?? amounts.reduce((x, y) => (y.amount > x.amount ? y : x));
      }
      case 'turn': {
        const deploy = find(legal, 'deploy')[0];
        if (deploy) return deploy;
        const seat = seatOf(pub);
        const boss = pub.players[seat]!.board.findIndex((c) => c !== null && isBossCard(c));
        if (boss >= 0) {
          const advice = bossShieldAdvice(pub, seat);
          const shield = find(legal, 'safeToShield').find((a) => a.slot === boss);
          if (advice?.kind === 'shield' && advice.remedy.fromSafe > 0 && shield) return shield;
        }
        return easyDecide(view, legal, random);
      }
      default:
        return easyDecide(view, legal, random);
    }
  },
};

const leastKill = (pub: KingpinPublic, legal: KingpinAction[]): number => {
  const a = pub.prompt!.attack!;
  const target = targetCard(pub, a.target);
  const kill = target && ammoToKill(target, attackDamage(pub, a.seat, a.attackers), ammoBudget(pub, a.seat));
  return kill !== null && kill !== undefined && find(legal, 'ammo').some((x) => x.amount === kill) ? kill : 0;
};

/**
 * The "follower": the scripted newcomer of tests/browser/tools/kingpinNewcomer.ts as a bench seat
 * (what a new player does by reading the screen, no more). It adds the shields the threat line asks
 * for, deploys, attacks with every card that can (the rival Boss when it can be hit, else the
 * weakest card) at the ammunition the prompt starts at (the least that destroys, else 0), else buys
 * from the pile (a bought card goes to the board with one shield), else ends its turn.
 */
export const followerBot = follower(true);

/**
 * The follower who does not yet read the threat line (issue 33: a newcomer who does not know to stack
 * shields): the same play, but it never adds shields to its Boss.
 */
export const heedlessBot = follower(false);

function follower(readsThreat: boolean): Bot<KingpinAction, KingpinPublic, KingpinPrivate> {
  return {
    decide(view, legal, random) {
      if (legal.length <= 1) return legal[0]!;
      const pub = view.public;
      const seat = seatOf(pub);
      switch (pub.phase) {
        case 'place': {
          const one = Math.min(1, pub.players[seat]!.safe);
          return (
            find(legal, 'place').find((a) => a.to === 'board' && a.shields === one) ?? {
              type: 'place',
              to: 'hand',
            }
          );
        }
        case 'ammo':
          return { type: 'ammo', amount: leastKill(pub, legal) };
        case 'pick':
          return find(legal, 'pick').find((a) => a.target !== null) ?? legal[0]!;
        case 'emergency':
          return { type: 'emergencyDone' };
        case 'turn': {
          const me = pub.players[seat]!;
          const boss = me.board.findIndex((c) => c !== null && isBossCard(c));
          if (boss >= 0 && readsThreat) {
            const advice = bossShieldAdvice(pub, seat);
            const shield = find(legal, 'safeToShield').find((a) => a.slot === boss);
            if (advice?.kind === 'shield' && advice.remedy.fromSafe > 0 && shield) return shield;
          }
          const deploy = find(legal, 'deploy')[0];
          if (deploy) return deploy;
          const attacks = find(legal, 'attack').filter((a) => a.target.zone === 'board');
          if (attacks.length > 0) {
            const most = Math.max(...attacks.map((a) => a.attackers.length));
            const full = attacks.filter((a) => a.attackers.length === most);
            const atBoss = full.find((a) => {
              const t = targetCard(pub, a.target);
              return t !== null && isBossCard(t);
            });
            return (
              atBoss ??
              full.reduce((x, y) =>
                (targetCard(pub, y.target)?.hp ?? 99) < (targetCard(pub, x.target)?.hp ?? 99) ? y : x,
              )
            );
          }
          const pile = find(legal, 'buy').find((a) => a.source === 'pile');
          if (pile) return pile;
          void random;
          return { type: 'pass' };
        }
        default:
          return easyDecide(view, legal, random);
      }
    },
  };
}
