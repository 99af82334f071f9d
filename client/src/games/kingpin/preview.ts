/**
 * The attack planner's damage preview: the rules' own `attackPreview` (shared, computed from the
 * public view, checked against the rules by a property test), plus the words the planner shows.
 */
import { attackPreview, bossInstead } from '@parlor/shared/games/kingpin/preview';
import type { AttackTarget, KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { nameOf } from './cards';
import { quarters as fmt } from './numbers';

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
  /**
   * A small card that falls to this attack: what the same attackers and ammunition would take off
   * its owner's Boss instead, when they may attack it now (only a Boss's fall wins). From the rules'
   * shared preview (`bossInstead`), checked against the rules by a property test.
   */
  boss: { hp: number; hpLost: number; shieldsLost: number; destroyed: boolean } | null;
}

export function damagePreview(
  pub: KingpinPublic,
  seat: number,
  attackers: number[],
  target: AttackTarget | null,
  ammo = 0,
  legal: readonly KingpinAction[] = [],
): DamagePreview {
  const p = attackPreview(pub, seat, attackers, ammo, target);
  const kills = p.outcome?.destroyed ?? false;
  const instead = kills ? bossInstead(pub, seat, attackers, ammo, target, legal) : null;
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
    kills,
    notes,
    boss: instead ? { hp: instead.hp, ...instead.outcome } : null,
  };
}

/**
 * The planner's words beside a small card's "destroys it" (issue 33: a newcomer spent her hits on
 * small cards; only a Boss's fall wins): "on their Boss: 10¼ of 20 HP".
 */
export function bossInsteadWords(b: NonNullable<DamagePreview['boss']>): string {
  if (b.destroyed) return 'on their Boss: destroys it, they are out';
  const after = b.shieldsLost ? ` after ${b.shieldsLost} shield${b.shieldsLost === 1 ? '' : 's'}` : '';
  return `on their Boss: ${fmt(b.hpLost)} of ${fmt(b.hp)} HP${after}`;
}

type Attack = Extract<KingpinAction, { type: 'attack' }>;

/**
 * The hand view's "Attack with" choices for one target (party mode's phone, handView.ts): each
 * legal attacker set with its damage at $0, strongest first (a kill, then the damage, then fewer
 * attackers), in words: "Gunman + Thug: 6 dmg, destroys · on their Boss: 3¼ of 20 HP". Beside a
 * small card's fall, what the same attackers would take off its owner's Boss, as the planner says
 * it (the rules' shared bossInstead, with the legal check: not in the truce).
 */
export function attackChoices(
  pub: KingpinPublic,
  seat: number,
  attacks: readonly Attack[],
  legal: readonly KingpinAction[],
): { a: Attack; pv: DamagePreview; text: string }[] {
  const board = pub.players[seat]?.board ?? [];
  return attacks
    .map((a) => ({ a, pv: damagePreview(pub, seat, a.attackers, a.target, 0, legal) }))
    .sort(
      (x, y) =>
        Number(y.pv.kills) - Number(x.pv.kills) ||
        y.pv.total - x.pv.total ||
        x.a.attackers.length - y.a.attackers.length,
    )
    .map(({ a, pv }) => ({
      a,
      pv,
      text: `${a.attackers.map((sl) => nameOf(board[sl]?.id ?? '')).join(' + ')}: ${fmt(pv.total)} dmg${pv.kills ? ', destroys' : ''}${pv.boss ? ` · ${bossInsteadWords(pv.boss)}` : ''}`,
    }));
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
