/**
 * The round recap's words (the client's recap card and the tests read the same lines): each
 * revealed operation as "Bot 2's Network Attack: succeeded (rolled 8): Bot 2 took the ACME Bank
 * from Bea". The attacker is named only when identified; what a success did comes from the reveal
 * entry's `effect` (edition 3).
 */
import { DEFENSE_SPECS, OFFENSE_SPECS, type DefenseChoice } from './data';
import type { RevealedOffense } from './types';

export const defenseName = (d: DefenseChoice): string =>
  d === 'none' ? 'no defense' : DEFENSE_SPECS[d].name;

export function resultWords(o: RevealedOffense, defense: DefenseChoice | undefined): string {
  const roll = o.roll !== null ? ` (rolled ${o.roll})` : '';
  switch (o.result) {
    case 'success':
      return `succeeded${roll}`;
    case 'failure':
      return `missed${roll}`;
    case 'blocked':
      return defense && defense !== 'none' ? `blocked by ${defenseName(defense)}` : 'blocked';
    case 'untargetable':
      return defense === 'underground' ? 'could not reach them Underground' : 'could not reach them';
    case 'cancelled':
      return 'stopped by a Bat-Torpedo';
    case 'misfire':
      return 'misfired';
    case 'fizzled':
      return 'fizzled';
    default:
      return 'pending';
  }
}

export interface RecapLine {
  /** "Bot 2's Network Attack: " (who, what, on whom when it is not the row's agent). */
  head: string;
  /** "succeeded (rolled 8)". */
  result: string;
  /** "Bot 2 took the ACME Bank from Bea" (empty when the entry carries no effect). */
  effect: string;
}

/** One revealed operation in words; `names` are the seats' names. */
export function recapLine(
  names: readonly string[],
  o: RevealedOffense,
  defense: DefenseChoice | undefined,
): RecapLine {
  const name = (i: number | null) => (i === null ? 'Someone' : (names[i] ?? '?'));
  const frame = o.offense === 'falseFlag' && o.target2 !== null ? `, framing ${name(o.target2)}` : '';
  const pact = o.offense === 'allianceDisruption' && o.target2 !== null ? ` (with ${name(o.target2)})` : '';
  return {
    head: `${name(o.attacker)}'s ${OFFENSE_SPECS[o.offense].name}${frame}${pact}: `,
    result: resultWords(o, defense),
    effect: o.result === 'success' ? (o.effect ?? '') : '',
  };
}
