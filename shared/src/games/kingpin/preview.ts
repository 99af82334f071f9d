/**
 * Attack preview from the PUBLIC view (browser-safe: no state, no Node): the same formula as the
 * rules, for the client's attack planner and the bot. `attackPreview(pub, seat, [0, 2], 2, target)`
 * gives the parts ("3 + 2 + 0.75 + 2 = 7.75") and, for a board target, what would happen to it.
 */
import { cardDef, modOf } from './cards';
import type {
  AttackTarget,
  CardId,
  KingpinAction,
  KingpinCardView,
  KingpinPublic,
  ModifierKey,
} from './types';

export interface AttackPreview {
  /** Sum of the attackers' ATK (auras included). */
  atk: number;
  /** Board Rage x number of attackers. */
  rage: number;
  /** 0.25 per shield on the attackers. */
  shields: number;
  ammo: number;
  /** +1 per Assassin among the attackers. */
  bonus: number;
  total: number;
  ignoreShields: boolean;
  ignoreFirstShield: boolean;
  /** Excess damage of a destroyed target hits its Boss (SWAT). */
  carryToBoss: boolean;
  /** For a board target: shields it would lose, HP it would lose, whether it is destroyed. */
  outcome: { shieldsLost: number; hpLost: number; destroyed: boolean } | null;
}

function active(pub: KingpinPublic, id: CardId, key: ModifierKey): boolean {
  return pub.blackout === null && modOf(id, key) > 0;
}

/** What `total` damage does to a board card with these shields and HP. */
export function hitPreview(
  target: Pick<KingpinCardView, 'shields' | 'hp'>,
  total: number,
  ignoreShields: boolean,
  ignoreFirstShield: boolean,
): { shieldsLost: number; hpLost: number; destroyed: boolean } {
  let absorbing = ignoreShields ? 0 : Math.max(0, target.shields - (ignoreFirstShield ? 1 : 0));
  absorbing = Math.min(absorbing, Math.ceil(total - 1e-9));
  const hpDamage = Math.max(0, total - absorbing);
  const destroyed = hpDamage >= target.hp - 1e-9;
  return { shieldsLost: absorbing, hpLost: Math.min(hpDamage, target.hp), destroyed };
}

export function attackPreview(
  pub: KingpinPublic,
  seat: number,
  attackers: readonly number[],
  ammo = 0,
  target: AttackTarget | null = null,
): AttackPreview {
  const me = pub.players[seat]!;
  let atk = 0;
  let shields = 0;
  let bonus = 0;
  let ignoreShields = false;
  let ignoreFirstShield = false;
  let carryToBoss = false;
  for (const slot of attackers) {
    const c = me.board[slot];
    if (!c) continue;
    atk += c.atk;
    shields += 0.25 * c.shields;
    bonus += pub.blackout === null ? modOf(c.id, 'damage') : 0;
    ignoreShields ||= active(pub, c.id, 'ignore_shields');
    ignoreFirstShield ||= active(pub, c.id, 'ignore_first_shield');
    carryToBoss ||= active(pub, c.id, 'multi_target');
  }
  const rage = me.rage * attackers.length;
  const total = atk + rage + shields + ammo + bonus;
  const t = target && target.zone === 'board' ? pub.players[target.seat]?.board[target.slot] : null;
  return {
    atk,
    rage,
    shields,
    ammo,
    bonus,
    total,
    ignoreShields,
    ignoreFirstShield,
    carryToBoss,
    outcome: t ? hitPreview(t, total, ignoreShields, ignoreFirstShield) : null,
  };
}

/** What an attack meant for a small card would do to that player's Boss instead. */
export interface BossInstead {
  seat: number;
  slot: number;
  /** The Boss's HP and shields now. */
  hp: number;
  shields: number;
  outcome: { shieldsLost: number; hpLost: number; destroyed: boolean };
}

/**
 * The same attackers and ammunition turned on the target owner's Boss (issue 33: a newcomer took
 * "destroys it" on a small card for a good hit while only a Boss's fall wins). Null when the target
 * is not a board card, is itself the Boss, or its owner has no Boss on the board; with `legal`, also
 * when these attackers may not attack that Boss now (the truce, a Guard).
 */
export function bossInstead(
  pub: KingpinPublic,
  seat: number,
  attackers: readonly number[],
  ammo: number,
  target: AttackTarget | null,
  legal?: readonly KingpinAction[],
): BossInstead | null {
  if (!target || target.zone !== 'board' || attackers.length === 0) return null;
  const board = pub.players[target.seat]?.board ?? [];
  const slot = board.findIndex((c) => c !== null && cardDef(c.id).type === 'boss');
  if (slot < 0 || slot === target.slot) return null;
  const same = JSON.stringify([...attackers].sort());
  const allowed = (a: KingpinAction) =>
    a.type === 'attack' &&
    a.target.zone === 'board' &&
    a.target.seat === target.seat &&
    a.target.slot === slot &&
    JSON.stringify([...a.attackers].sort()) === same;
  if (legal && !legal.some(allowed)) return null;
  const boss = board[slot]!;
  const p = attackPreview(pub, seat, attackers, ammo, { seat: target.seat, zone: 'board', slot });
  return { seat: target.seat, slot, hp: boss.hp, shields: boss.shields, outcome: p.outcome! };
}
