/**
 * The attack planner's damage preview, from the public figures only (seeds/kingpin.md 6.1):
 * sum of the attackers' ATK + Rage per attacking card + 0.25 per shield on the attackers +
 * ammunition, against the target's HP plus its shields. Abilities that bend this (ignoring shields,
 * extra damage) are the server's to apply: the preview says what the table shows.
 */
import type { AttackTarget, KingpinPublic } from '@parlor/shared/games/kingpin/types';

export interface DamagePreview {
  atk: number;
  rage: number;
  shields: number;
  ammo: number;
  total: number;
  /** Target HP + shields (null for a hand attack: the card is unknown until it is hit). */
  defense: number | null;
  targetHp: number | null;
  targetShields: number;
  kills: boolean;
}

export function damagePreview(
  pub: KingpinPublic,
  seat: number,
  attackers: number[],
  target: AttackTarget | null,
  ammo = 0,
): DamagePreview {
  const me = pub.players[seat];
  let atk = 0;
  let shields = 0;
  for (const slot of attackers) {
    const c = me?.board[slot];
    if (!c) continue;
    atk += c.atk;
    shields += c.shields * 0.25;
  }
  const rage = (me?.rage ?? 0) * attackers.length;
  const total = atk + rage + shields + ammo;
  const t = target && target.zone === 'board' ? pub.players[target.seat]?.board[target.slot] : null;
  const defense = t ? t.hp + t.shields : null;
  return {
    atk,
    rage,
    shields,
    ammo,
    total,
    defense,
    targetHp: t ? t.hp : null,
    targetShields: t ? t.shields : 0,
    kills: defense !== null && t !== null && total - t.shields >= t.hp,
  };
}
