/**
 * Kingpin test helpers: a driver's choice from a seat's legal payloads that keeps matches moving
 * toward a winner. Its secrets for the leak test are in helpers/leakHooks.ts.
 */
import type { StateJson } from './clients';

type Payload = { type: string; [k: string]: unknown };

/**
 * Mostly aggressive play so matches end: answer prompts (a little ammunition, board placement), make
 * a few Defense Management moves, then attack (the Boss if possible), buy, or anything else.
 */
export function kingpinChoice(
  legal: string[],
  _state: StateJson,
  _seat: number,
  random: () => number,
): string {
  const parsed = legal.map((l) => ({ raw: l, a: JSON.parse(l) as Payload }));
  const of = (type: string) => parsed.filter((p) => p.a.type === type);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const ammo = of('ammo');
  // A little ammunition only: full safes fired at a Boss would end matches in a few turns.
  if (ammo.length) {
    const small = ammo.filter((p) => Number(p.a.amount) <= 1);
    return pick(small.length ? small : ammo).raw;
  }
  const place = of('place');
  if (place.length) {
    const board = place.filter((p) => p.a.to === 'board');
    // Some cards stay in hand, so there are hands to hide.
    return (board.length && random() < 0.6 ? board[board.length - 1]! : place[0]!).raw;
  }
  const prompts = [...of('pick'), ...of('emergencyShield'), ...of('emergencyDone')];
  if (prompts.length) return pick(prompts).raw;
  const r = random();
  const deploy = of('deploy');
  if (deploy.length && r < 0.35) return pick(deploy).raw;
  const defense = [...of('safeToShield'), ...of('moveShield'), ...of('shieldToSafe')];
  if (defense.length && r < 0.12) return pick(defense).raw;
  const attacks = of('attack');
  if (attacks.length && r < 0.55) {
    const big = Math.max(...attacks.map((p) => (p.a.attackers as number[]).length));
    const strongest = attacks.filter((p) => (p.a.attackers as number[]).length === big);
    return pick(strongest).raw;
  }
  const buys = of('buy');
  if (buys.length && r < 0.95) return pick(buys).raw;
  const mains = [...of('bribe'), ...of('discard'), ...of('sell'), ...attacks, ...buys];
  if (mains.length) return pick(mains).raw;
  return (of('pass')[0] ?? pick(parsed)).raw;
}

export { frameHas, strings } from './leakDetector';
