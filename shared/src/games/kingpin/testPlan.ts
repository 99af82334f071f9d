/** Kingpin's test plan (core/testPlan.ts): how the platform's checks play it. */
import { defineTestPlan } from '../../core/testPlan';
import type { KingpinAction, KingpinState } from './types';

const SEED = 20261122;

/**
 * Mostly aggressive play so matches end: answer prompts (a little ammunition, board placement), make
 * a few Defense Management moves, then attack (the Boss if possible), buy, or anything else.
 */
export function kingpinChoice(legal: KingpinAction[], random: () => number): KingpinAction {
  const of = <T extends KingpinAction['type']>(type: T) =>
    legal.filter((a): a is Extract<KingpinAction, { type: T }> => a.type === type);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const ammo = of('ammo');
  // A little ammunition only: full safes fired at a Boss would end matches in a few turns.
  if (ammo.length) {
    const small = ammo.filter((a) => Number(a.amount) <= 1);
    return pick(small.length ? small : ammo);
  }
  const place = of('place');
  if (place.length) {
    const board = place.filter((a) => a.to === 'board');
    // Some cards stay in hand, so there are hands to hide.
    return board.length && random() < 0.6 ? board[board.length - 1]! : place[0]!;
  }
  const prompts: KingpinAction[] = [...of('pick'), ...of('emergencyShield'), ...of('emergencyDone')];
  if (prompts.length) return pick(prompts);
  const r = random();
  const deploy = of('deploy');
  if (deploy.length && r < 0.35) return pick(deploy);
  const defense: KingpinAction[] = [...of('safeToShield'), ...of('moveShield'), ...of('shieldToSafe')];
  if (defense.length && r < 0.12) return pick(defense);
  const attacks = of('attack');
  if (attacks.length && r < 0.55) {
    const big = Math.max(...attacks.map((a) => a.attackers.length));
    return pick(attacks.filter((a) => a.attackers.length === big));
  }
  const buys = of('buy');
  if (buys.length && r < 0.95) return pick(buys);
  const mains: KingpinAction[] = [...of('bribe'), ...of('discard'), ...of('sell'), ...attacks, ...buys];
  if (mains.length) return pick(mains);
  return of('pass')[0] ?? pick(legal);
}

let matchNo = 0;

export const testPlan = defineTestPlan<KingpinState, KingpinAction>()({
  contract: { options: [{}, { emergencyDefense: true, economicCollapse: true }], matches: 8 },
  choose: () => (legal, _view, _seat, random) => kingpinChoice(legal, random),
  leak: {
    seats: 3,
    // Matches are short (a Boss can fall to one attack): rematches until enough steps were checked.
    steps: 60,
    secretsPerStep: 40,
    newSeed: () => () => SEED + matchNo++,
    hooks: {
      // The Draw Pile, the unused Bosses, other hands, a Boss not yet placed, other deck looks.
      secrets: (s, viewer) => [
        ...s.drawPile,
        ...s.unusedBosses,
        ...s.players.flatMap((p, i) =>
          i === viewer
            ? []
            : [
                ...p.hand,
                ...(p.board.some((b) => b?.id === p.boss) ? [] : [p.boss]),
                ...(p.deckLook?.cards ?? []),
              ],
        ),
      ],
    },
  },
});
