/**
 * The odds of one attack, as the rules compute them: which Interaction Matrix cell applies, the roll
 * modifier (enhancement, Exposed target, the cell's modifier, gadgets, Body Armor, Guard Dog) and the
 * chance of each result. Combat (resolve.ts) takes its cell and modifier from here, and the planning
 * panel shows `attackOdds` for what the attacker knows, so the odds on screen are the rules' odds.
 */
import type { DefenseChoice, GadgetId, OffenseId } from './data';
import { DEFENSES, DEFENSE_SPECS, OFFENSE_SPECS } from './data';
import type { Cell } from './matrix';
import { matrixFor } from './matrix';
import type { JamesBlandPrivate, JamesBlandPublic, Plan } from './types';

/** Everything about one attack that changes its odds, as seen when it resolves. */
export interface AttackSituation {
  offense: OffenseId;
  /** IP spent to enhance the roll (0-2). */
  enhance: number;
  /** The target's defense in force (a missed Preemptive Strike is 'none'). */
  defense: DefenseChoice;
  /** The gadget the attack brings (after Signal Jammers): Explosives, Anvil Drone, Listening Devices. */
  gadget?: GadgetId;
  /** The attacker owns Silenced Weapons (Assassination +1, Safe House rolled). */
  silenced?: boolean;
  /** The attacker's Mobile Operations guess matches the target's position. */
  positionGuessed?: boolean;
  /** The target was Exposed at round start (+1). */
  targetExposed?: boolean;
  /** The target owns Body Armor (-1 on direct attacks unless Underground). */
  bodyArmor?: boolean;
  /** The target's ACME Guard Dog bites this attack (the first on them this round, -1). */
  guardDog?: boolean;
  /** Last round's Disinformation: direct attacks on the target misfire half the time. */
  disinformation?: boolean;
  /** The target uses the ACME Mobile Fortress: direct attacks fail. */
  fortress?: boolean;
  /** A counter that stops this attack before the matrix: Bug Detectors, Fake Documents Kit, the counter. */
  countered?: boolean;
  /** This attack is not the first one the target's Bodyguard Detail / Sweep & Clear meets. */
  laterAttack?: boolean;
  /** The match is played under edition 1 (its matrix pays fewer defensive blocks). */
  legacy?: boolean;
}

/** The matrix cell that decides the attack, and whether a Safe House is breached (Silenced Weapons). */
export function attackCell(a: AttackSituation): { cell: Cell; breach: boolean } {
  const MATRIX = matrixFor(a.legacy === true);
  let cell: Cell = MATRIX[a.offense][a.defense];
  // "Automatically counters one attack/attempt": later ones meet no defense.
  if (
    (a.defense === 'bodyguardDetail' || a.defense === 'sweepAndClear') &&
    cell.mode === 'block' &&
    a.laterAttack
  )
    cell = MATRIX[a.offense].none;
  if (a.defense === 'safeHouse' && a.offense === 'assassination' && a.silenced)
    return { cell: MATRIX.assassination.none, breach: true };
  return { cell, breach: false };
}

/** The total modifier added to the die for a roll cell. */
export function rollModifier(a: AttackSituation, cell: Cell): number {
  const direct = OFFENSE_SPECS[a.offense].direct;
  let mod = cell.modifier + a.enhance;
  // Mobile Operations' -2 does not apply when the position was guessed or to the Anvil Drone.
  if (a.defense === 'mobileOperations' && (a.gadget === 'anvilDrone' || a.positionGuessed))
    mod -= cell.modifier;
  if (a.targetExposed) mod += 1;
  if (a.silenced && a.offense === 'assassination') mod += 1;
  if (a.gadget === 'explosivesBox' || a.gadget === 'anvilDrone') mod += 2;
  if (direct && a.defense !== 'underground' && a.bodyArmor) mod -= 1;
  if (direct && a.guardDog) mod -= 1;
  return mod;
}

/** Chance that a die of the offense plus `mod` reaches its threshold (1 for no-roll offenses). */
export function rollChance(offense: OffenseId, mod: number): number {
  const spec = OFFENSE_SPECS[offense];
  if (spec.threshold === null) return 1;
  const faces = spec.die - (spec.threshold - mod) + 1;
  return Math.max(0, Math.min(spec.die, faces)) / spec.die;
}

export type AttackResult = 'success' | 'failure' | 'blocked' | 'untargetable' | 'misfire';

export interface AttackOdds {
  /** Probability of each result; they sum to 1. */
  chance: Record<AttackResult, number>;
  /** The die roll needed (roll cells), with the modifier already applied: roll >= need. */
  need: number | null;
  die: 6 | 10;
  modifier: number;
}

/** The chance of each result of one attack, following combat's order of checks. */
export function attackOdds(a: AttackSituation): AttackOdds {
  const spec = OFFENSE_SPECS[a.offense];
  const chance: Record<AttackResult, number> = {
    success: 0,
    failure: 0,
    blocked: 0,
    untargetable: 0,
    misfire: 0,
  };
  const out: AttackOdds = { chance, need: null, die: spec.die, modifier: 0 };
  const end = (result: AttackResult, p: number) => {
    chance[result] += p;
    return out;
  };
  if (a.fortress && spec.direct) return end('blocked', 1);
  let left = 1;
  const misfire = (p: number) => {
    chance.misfire += left * p;
    left *= 1 - p;
  };
  if (spec.direct && a.disinformation) misfire(1 / 2);
  if (a.gadget === 'explosivesBox') misfire(1 / 2);
  if (a.gadget === 'anvilDrone') misfire(1 / 4);
  if (a.countered) return end('blocked', left);
  const { cell } = attackCell(a);
  if (cell.minSpend !== undefined && spec.cost + a.enhance < cell.minSpend) return end('untargetable', left);
  if (a.gadget === 'listeningDevices' && cell.mode !== 'untargetable' && cell.mode !== 'block')
    return end('success', left);
  switch (cell.mode) {
    case 'untargetable':
      chance.untargetable += left;
      break;
    case 'auto':
      chance.success += left;
      break;
    case 'block':
      chance.blocked += left;
      break;
    case 'roll': {
      const mod = rollModifier(a, cell);
      const p = rollChance(a.offense, mod);
      out.modifier = mod;
      out.need = spec.threshold! - mod;
      chance.success += left * p;
      chance.failure += left * (1 - p);
    }
  }
  return out;
}

/** The odds against one defense the target may choose; `guessed` when the Mobile Operations guess is right. */
export interface DefenseOdds {
  defense: DefenseChoice;
  odds: AttackOdds;
  guessed?: AttackOdds;
}

/**
 * The planning panel's odds: for the attacker's plan, the odds against every defense the target may
 * choose, from what the attacker knows (its own gadgets, the target's Exposed marker, revealed
 * gadgets and last round's revealed Disinformation). The target's hidden gadgets, a Guard Dog or a
 * Fortress can only lower them; a Preemptive Strike naming the attacker cancels the attack (listed under its cell,
 * which is what happens when it names someone else). Null for a Safe Turn or a plan with no target.
 */
export function planOdds(pub: JamesBlandPublic, priv: JamesBlandPrivate, plan: Plan): DefenseOdds[] | null {
  if (plan.offense === 'safeTurn' || plan.target === undefined) return null;
  const target = pub.agents[plan.target];
  if (!target) return null;
  const offense = plan.offense;
  const owns = (id: GadgetId, ready: boolean) => priv.gadgets.some((g) => g.id === id && (!ready || g.ready));
  let gadget: GadgetId | undefined = plan.useGadget;
  if (!gadget && offense === 'surveillance' && owns('listeningDevices', true)) gadget = 'listeningDevices';
  const base: Omit<AttackSituation, 'defense'> = {
    offense,
    enhance: plan.enhance,
    gadget,
    silenced: offense === 'assassination' && owns('silencedWeapons', false),
    targetExposed: target.exposed,
    bodyArmor: target.revealedGadgets.includes('bodyArmor'),
    // A Disinformation defense revealed last round makes this round's attacks on it misfire.
    disinformation:
      pub.reveal?.round === pub.round - 1 &&
      pub.reveal.defenses.some((d) => d.seat === plan.target && d.defense === 'disinformation'),
  };
  const defenses: DefenseChoice[] = [
    'none',
    ...DEFENSES.filter(
      (d) =>
        !DEFENSE_SPECS[d].forbiddenFor.includes(target.status) &&
        (pub.mode === 'full' || !DEFENSE_SPECS[d].allianceOnly),
    ),
  ];
  return defenses.map((defense) => {
    const out: DefenseOdds = { defense, odds: attackOdds({ ...base, defense }) };
    if (defense === 'mobileOperations' && plan.positionGuess !== undefined && OFFENSE_SPECS[offense].direct)
      out.guessed = attackOdds({ ...base, defense, positionGuessed: true });
    return out;
  });
}
