/**
 * The James Bland panel's words, worked out from the view: the status line, the countdown, the odds
 * lines. Pure (no DOM), so tests check them; Panel.ts and its forms put them on screen.
 */
import {
  DEFENSE_SPECS,
  OFFENSE_SPECS,
  type DefenseChoice,
  type OffenseChoice,
} from '@parlor/shared/games/james-bland/data';
import type { DefenseOdds } from '@parlor/shared/games/james-bland/odds';
import type {
  JamesBlandAction,
  JamesBlandPrivate,
  JamesBlandPublic,
} from '@parlor/shared/games/james-bland/types';

export const offenseName = (o: OffenseChoice) => (o === 'safeTurn' ? 'Safe Turn' : OFFENSE_SPECS[o].name);
export const defenseName = (d: DefenseChoice) => (d === 'none' ? 'No defense' : DEFENSE_SPECS[d].name);

export interface PanelInput {
  pub: JamesBlandPublic;
  priv: JamesBlandPrivate | null;
  legal: JamesBlandAction[];
  mySeat: number;
  toAct: number[];
  deadline: number;
  /** The table's status: the dossier, warnings and recap show only while the match is played. */
  status: string;
}

export const pctOf = (p: number) => `${Math.round(p * 100)}%`;

/** One line per distinct result, naming the defenses that give it ("60%: No defense, Sweep & Clear"). */
export function oddsLines(table: DefenseOdds[]): { label: string; defenses: string[] }[] {
  const label = ({ defense, odds, guessed }: DefenseOdds) => {
    const c = odds.chance;
    let text = c.untargetable === 1 ? 'untouchable' : c.blocked === 1 ? 'blocked' : pctOf(c.success);
    if (guessed) text += ` (${pctOf(guessed.chance.success)} if your spot guess is right)`;
    if (defense === 'preemptiveStrike') text += ', cancelled if they suspect you';
    return text;
  };
  const lines = new Map<string, string[]>();
  for (const row of table) {
    const k = label(row);
    lines.set(k, [...(lines.get(k) ?? []), defenseName(row.defense)]);
  }
  return [...lines].map(([l, defenses]) => ({ label: l, defenses }));
}

/** The status line under the board while this seat has nothing to choose. */
export function statusText({ pub, priv, toAct, mySeat }: PanelInput): string {
  const names = toAct.map((i) => pub.agents[i]?.name ?? '?');
  if (pub.phase === 'finished') return pub.summary || 'The match is over.';
  if (pub.phase === 'planning')
    return mySeat >= 0 && priv?.plan
      ? `Plan in: ${offenseName(priv.plan.offense)} + ${defenseName(priv.plan.defense)}. Waiting for ${names.length} agent${names.length === 1 ? '' : 's'}…`
      : `Agents are planning in secret… ${pub.agents.filter((x) => x.submitted).length} submitted.`;
  if (pub.phase === 'banner') return `A biplane is overhead: waiting for ${names.join(', ')}…`;
  if (pub.phase === 'adaptation') return `Adaptation: waiting for ${names.join(', ')} to be Ready.`;
  return `Final Showdown: ${names.join(' and ')} choose…`;
}

/** The countdown ("1:40 left", "9 s left", "no clock" in an untimed match); `low` in the last 10 s. */
export function clockText(
  deadline: number,
  pub: JamesBlandPublic,
  now: number,
): { text: string; low: boolean } {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const untimed = pub.planningMs === 0 && pub.phase !== 'finished';
  const text =
    deadline > 0
      ? left >= 100
        ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`
        : `${left} s left`
      : untimed
        ? 'no clock'
        : '';
  return { text, low: deadline > 0 && left <= 10 };
}
