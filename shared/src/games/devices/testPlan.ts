/** Devices' test plan (core/testPlan.ts): how the platform's checks play it. */
import type { GameView } from '../../core/contract';
import { defineTestPlan } from '../../core/testPlan';
import type { DevicesAction, DevicesPrivate, DevicesPublic, DevicesState } from './types';

/** A draft of this seat's own for this nweek: a name and a Power text no other seat writes. */
export function secretDraft(seat: number, nweek: number): DevicesAction {
  const tag = `${'QRSTUVWX'[seat]}${nweek}`;
  return {
    type: 'draft',
    spec: {
      name: `Hush Engine ${tag}`,
      uniqueness: 'Player',
      count: 'Infinite',
      price: 12,
      powers: [`Murmur ${tag} (Tap): Gain m3`],
    },
  };
}

/**
 * Plays a real market from a seat's synced legal actions: drafts (secret until submitted), submits,
 * votes, buys, bids, activates, then passes so time moves.
 */
export function devicesChoice(
  legal: DevicesAction[],
  view: GameView<DevicesPublic, DevicesPrivate>,
  seat: number,
  random: () => number,
): DevicesAction {
  const of = <T extends DevicesAction['type']>(type: T) =>
    legal.filter((a): a is Extract<DevicesAction, { type: T }> => a.type === type);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const { phase, nweek } = view.public;
  if (phase === 'clockOff' || phase === 'emergency') {
    const vote = of('emergencyVote').find((a) => a.choice === 'resume');
    if (vote) return vote;
    return of('startClock')[0]!;
  }
  const votes = of('vote');
  if (votes.length) {
    const yes = random() < 0.7;
    const want = votes.filter((a) => a.yes === yes);
    return pick(want.length ? want : votes);
  }
  const r = random();
  if (of('draft').length && r < 0.3) return secretDraft(seat, nweek);
  const submit = of('submit');
  if (submit.length && r < 0.2) return submit[0]!;
  const activate = of('activate');
  if (activate.length && r < 0.5) return pick(activate);
  const bids = of('bid');
  if (bids.length && r < 0.6) return pick(bids);
  const buys = of('purchase');
  if (buys.length && r < 0.75) return pick(buys);
  return of('pass')[0] ?? pick(legal);
}

export const testPlan = defineTestPlan<
  DevicesState,
  DevicesAction,
  GameView<DevicesPublic, DevicesPrivate>
>()({
  contract: {
    options: [
      { nweeks: 1, targetPoints: 10 },
      { nweeks: 1, targetPoints: 25, botPace: 'quick' },
    ],
    seats: [2, 3, 5],
    matches: 3,
    maxActions: 250,
  },
  choose: () => devicesChoice,
  leak: {
    seats: 3,
    options: { ndaySeconds: 60, nweeks: 2, targetPoints: 200 },
    steps: 60,
    // The late spectator arrives while someone holds a draft, so its first full state is checked.
    lateJoin: (_step, s) => s.drafts.some(Boolean),
    newSeed: () => () => 7,
    busy: { holds: (s) => s.drafts.some(Boolean), atLeast: 10 },
    // Drafts were submitted (and so became public) along the way.
    verify: ({ actions }) =>
      actions.some((a) => a.action.type === 'submit') ? [] : ['no draft was submitted'],
    hooks: {
      // Other seats' drafts (name and Power texts) before they are submitted.
      secrets: (s, viewer) => s.drafts.flatMap((d, i) => (i === viewer || !d ? [] : [d.name, ...d.powers])),
    },
  },
});
