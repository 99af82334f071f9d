/**
 * The attack planner's damage preview: the rules' own `attackPreview` (shared, computed from the
 * public view, checked against the rules by a property test), plus the words the planner shows.
 */
import { attackPreview } from '@parlor/shared/games/kingpin/preview';
import type { AttackTarget, KingpinPublic } from '@parlor/shared/games/kingpin/types';

export interface DamagePreview {
  atk: number;
  rage: number;
  shields: number;
  ammo: number;
  /** Ability damage (Assassin). */
  bonus: number;
  total: number;
  /** The board target's HP and shields (null for a hand target: unknown until hit). */
  targetHp: number | null;
  targetShields: number;
  /** The target is a hand (a random card of it). */
  handTarget: boolean;
  kills: boolean;
  /** Abilities that bend the sum ("ignores shields"). */
  notes: string[];
}

export function damagePreview(
  pub: KingpinPublic,
  seat: number,
  attackers: number[],
  target: AttackTarget | null,
  ammo = 0,
): DamagePreview {
  const p = attackPreview(pub, seat, attackers, ammo, target);
  const t = target && target.zone === 'board' ? pub.players[target.seat]?.board[target.slot] : null;
  const notes: string[] = [];
  if (p.ignoreShields) notes.push('ignores shields');
  else if (p.ignoreFirstShield) notes.push('ignores the first shield');
  if (p.carryToBoss) notes.push('excess hits the Boss');
  return {
    atk: p.atk,
    rage: p.rage,
    shields: p.shields,
    ammo: p.ammo,
    bonus: p.bonus,
    total: p.total,
    targetHp: t ? t.hp : null,
    targetShields: t ? t.shields : 0,
    handTarget: target?.zone === 'hand',
    kills: p.outcome?.destroyed ?? false,
    notes,
  };
}

/** The smallest legal amount that destroys the target, or the smallest legal amount. */
export function leastAmmo(
  ammo: { amount: number }[],
  preview: ((ammo: number) => DamagePreview) | undefined,
): number {
  const amounts = ammo.map((a) => a.amount).sort((a, b) => a - b);
  const kills = preview ? amounts.find((n) => preview(n).kills) : undefined;
  return kills ?? amounts[0] ?? 0;
}
