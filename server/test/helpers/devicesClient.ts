/**
 * Devices test helpers: a driver's choice from a seat's synced legal payloads that plays a real
 * market (drafts, submits, votes, buys, bids, activates, then passes so time moves). Its drafts are
 * the secret the leak test looks for (rooms/leak.test.ts, helpers/leakHooks.ts).
 */
import type { StateJson } from './clients';

type Payload = { type: string; [k: string]: unknown };

/** A draft of this seat's own for this nweek: a name and a Power text no other seat writes. */
export function secretDraft(seat: number, nweek: number): Payload {
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

export function devicesChoice(legal: string[], state: StateJson, seat: number, random: () => number): string {
  const parsed = legal.map((raw) => ({ raw, a: JSON.parse(raw) as Payload }));
  const of = (type: string) => parsed.filter((p) => p.a.type === type);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  if (state.phase === 'clockOff' || state.phase === 'emergency') {
    const vote = of('emergencyVote').find((p) => p.a.choice === 'resume');
    if (vote) return vote.raw;
    return of('startClock')[0]!.raw;
  }
  const votes = of('vote');
  if (votes.length) {
    const yes = random() < 0.7;
    const want = votes.filter((p) => p.a.yes === yes);
    return pick(want.length ? want : votes).raw;
  }
  const r = random();
  const draft = of('draft');
  if (draft.length && r < 0.3) return JSON.stringify(secretDraft(seat, Number(state.nweek)));
  const submit = of('submit');
  if (submit.length && r < 0.2) return submit[0]!.raw;
  const activate = of('activate');
  if (activate.length && r < 0.5) return pick(activate).raw;
  const bids = of('bid');
  if (bids.length && r < 0.6) return pick(bids).raw;
  const buys = of('purchase');
  if (buys.length && r < 0.75) return pick(buys).raw;
  return (of('pass')[0] ?? pick(parsed)).raw;
}
