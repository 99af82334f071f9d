/**
 * The victory check (design 8, RULINGS 16), at the end of every round: Last Spy Standing, Network
 * Control, Intelligence Supremacy, Mission Completion (full game only for the last two but
 * Supremacy), then the Alliance Victory that starts the Final Showdown. A tie goes to the higher IP,
 * then is shared. After the round limit the higher IP wins.
 */
import type { GameEvent } from '../../core/contract';
import type { Random } from '../../core/rng';
import { ASSETS } from './data';
import { planComplete } from './planCompletion';
import { MASTER_PLAN_SPECS } from './plans';
import { isLegacy } from './edition';
import { activePacts, addIp, assetsOf, fullDossier, inPlay, livingSeats } from './state';
import type { JamesBlandState } from './types';

export const NETWORK_CONTROL_ASSETS = 3;
export const SHOWDOWN_BONUS = 3;

export function bestByIp(s: JamesBlandState, seats: number[]): number[] {
  const top = Math.max(...seats.map((i) => s.agents[i]!.ip));
  return seats.filter((i) => s.agents[i]!.ip === top);
}

function win(s: JamesBlandState, seats: number[], how: string, events: GameEvent[]): true {
  s.winners = bestByIp(s, seats).sort((a, b) => a - b);
  s.phase = 'finished';
  s.summary = `${s.winners.map((i) => s.names[i]).join(' and ')} ${s.winners.length > 1 ? 'share the win' : 'wins'}: ${how}`;
  events.push({ type: 'victory', text: s.summary });
  return true;
}

/** The assets `seat` has held without a break since this round began (and still holds). */
export function heldThroughRound(s: JamesBlandState, seat: number): number {
  const since = s.heldSinceStart ?? s.assetsAtStart ?? s.assets;
  return ASSETS.filter((id) => since[id] === seat && s.assets[id] === seat).length;
}

/**
 * Network Control (design 8: "three of five Strategic Assets simultaneously at round start"): the
 * same three assets held from the start of this round to its end, so every rival gets one round of
 * Planning (Network Attacks) to break a network bought in an Adaptation. An asset taken during the
 * round breaks the network for this round, even if its holder buys another one in Adaptation.
 */
export function networkControl(s: JamesBlandState, seat: number): boolean {
  if (isLegacy(s)) {
    // Edition 1: as many assets at the round start as now, whichever they are.
    const atStart = Object.values(s.assetsAtStart ?? s.assets).filter((o) => o === seat).length;
    return atStart >= NETWORK_CONTROL_ASSETS && assetsOf(s, seat).length >= NETWORK_CONTROL_ASSETS;
  }
  return heldThroughRound(s, seat) >= NETWORK_CONTROL_ASSETS;
}

/**
 * The agents a dossier must cover (design 8, RULINGS 12: "every other Active agent"): those whose
 * status is Active, except the given seats. Compromised, Burned, Captured and Eliminated agents need
 * none. With no such agent there is nothing to collect, and no Supremacy.
 */
export function dossierTargets(s: JamesBlandState, except: number[]): number[] {
  return s.agents.flatMap((a, i) => (a.status === 'active' && !except.includes(i) ? [i] : []));
}

/** Does `seat` hold a full dossier on every other Active agent (at least one)? */
export function supremacy(s: JamesBlandState, seat: number): boolean {
  const others = dossierTargets(s, [seat]);
  return others.length > 0 && others.every((o) => fullDossier(s, [seat], o));
}

/** The pacts whose partners jointly hold full dossiers on every Active agent outside the pact. */
export function jointDossierPacts(s: JamesBlandState): [number, number][] {
  const out: [number, number][] = [];
  for (const p of activePacts(s, s.round + 1)) {
    if (!inPlay(s.agents[p.a]!.status) || !inPlay(s.agents[p.b]!.status)) continue;
    const others = dossierTargets(s, [p.a, p.b]);
    if (others.length > 0 && others.every((o) => fullDossier(s, [p.a, p.b], o))) out.push([p.a, p.b]);
  }
  return out;
}

/** Returns true when the match ended or the Final Showdown began. */
export function checkVictory(s: JamesBlandState, _rnd: Random, events: GameEvent[]): boolean {
  const living = livingSeats(s);
  if (living.length <= 1) {
    const pool =
      living.length === 1
        ? living
        : s.agents.map((_, i) => i).filter((i) => s.agents[i]!.status !== 'eliminated');
    return win(s, pool.length ? pool : s.agents.map((_, i) => i), 'Last Spy Standing', events);
  }
  const full = s.mode === 'full';
  if (full) {
    const network = living.filter((i) => networkControl(s, i));
    if (network.length) return win(s, network, 'Network Control', events);
  }
  const supreme = living.filter((i) => supremacy(s, i));
  if (supreme.length) return win(s, supreme, 'Intelligence Supremacy', events);
  if (full) {
    const done = living.filter((i) => planComplete(s, i));
    if (done.length) {
      for (const i of done) {
        s.agents[i]!.missionComplete = true;
        addIp(s, i, MASTER_PLAN_SPECS[s.agents[i]!.masterPlan].reward, 'master plan reward');
      }
      return win(
        s,
        done,
        `Mission Completion (${done.map((i) => MASTER_PLAN_SPECS[s.agents[i]!.masterPlan].name).join(', ')})`,
        events,
      );
    }
    const joint = jointDossierPacts(s);
    if (joint.length) {
      const pair = joint[0]!;
      for (const i of pair) addIp(s, i, SHOWDOWN_BONUS, 'final showdown');
      s.showdown = { seats: pair, choices: [null, null] };
      s.phase = 'showdown';
      events.push({
        type: 'showdown',
        text: `${s.names[pair[0]]} and ${s.names[pair[1]]} complete their joint dossier: Final Showdown!`,
      });
      return true;
    }
  }
  if (s.round >= s.options.roundLimit)
    return win(s, living, 'the most IP when the Agency recalls everyone', events);
  return false;
}

const MOVE = { assassination: 'Assassination', sabotage: 'Sabotage' } as const;

/** Final Showdown: Assassination rolls d10, Sabotage 2+d6; higher roll, then higher IP; else shared. */
export function resolveShowdown(s: JamesBlandState, rnd: Random, events: GameEvent[]): void {
  const sd = s.showdown!;
  const rolls = sd.choices.map((c) => (c === 'sabotage' ? 2 + rnd.int(1, 6) : rnd.int(1, 10)));
  const [a, b] = sd.seats;
  events.push({
    type: 'showdownRoll',
    text: `${s.names[a]} rolls ${rolls[0]} (${MOVE[sd.choices[0] ?? 'assassination']}), ${s.names[b]} rolls ${rolls[1]} (${MOVE[sd.choices[1] ?? 'assassination']})`,
  });
  let first: number[];
  if (rolls[0]! !== rolls[1]!) first = [rolls[0]! > rolls[1]! ? a : b];
  else first = bestByIp(s, [a, b]);
  const runnerUp = first.length === 1 ? (first[0] === a ? b : a) : null;
  s.winners = first.sort((x, y) => x - y);
  s.phase = 'finished';
  s.summary =
    runnerUp === null
      ? `${s.names[a]} and ${s.names[b]} share the Alliance Victory`
      : `${s.names[first[0]!]} wins the Final Showdown; ${s.names[runnerUp]} is runner-up`;
  events.push({ type: 'victory', text: s.summary });
}
