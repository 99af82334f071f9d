/**
 * Devices test helpers: a driver's choice from a seat's synced legal payloads that plays a real
 * market (drafts, submits, votes, buys, bids, activates, then passes so time moves), and a leak
 * detector for the one secret, each seat's draft proposal, over what each client decoded AND every
 * raw frame it got.
 */
import { type DevicesState, devices } from '@parlor/shared';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { StateJson, Tracked } from './clients';
import { frameHas, strings } from './kingpinClient';
import { framesOf } from './leakDetector';

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
    return of('tick')[0]!.raw;
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

export interface Leak {
  watcher: string;
  where: 'state' | 'frame';
  secret: string;
}

/** Secrets: every other seat's current draft (its name and each Power text), unless the viewer's own view shows it. */
export class DraftLeakDetector {
  private readonly watched: { name: string; t: Tracked; seat: number; seen: number }[] = [];
  readonly leaks: Leak[] = [];
  checks = 0;
  framesChecked = 0;
  secretsChecked = 0;

  constructor(private readonly room: GameRoom) {}

  watch(name: string, t: Tracked, seat: number): void {
    this.watched.push({ name, t, seat, seen: 0 });
  }

  secretsFor(seat: number): string[] {
    const s = this.room.match!.state as DevicesState;
    const hidden = new Set<string>();
    s.drafts.forEach((d, i) => {
      if (i === seat || !d) return;
      hidden.add(d.name);
      d.powers.forEach((p) => hidden.add(p));
    });
    const visible = strings(devices.view(s, seat));
    return [...hidden].filter((x) => !visible.has(x));
  }

  /** Call when every watcher is in sync with the server. */
  check(): Leak[] {
    const found: Leak[] = [];
    this.checks++;
    for (const w of this.watched) {
      const secrets = this.secretsFor(w.seat);
      this.secretsChecked += secrets.length;
      const { log: _log, ...decoded } = w.t.json() as StateJson;
      const seen = strings(decoded);
      for (const secret of secrets)
        if (seen.has(secret)) found.push({ watcher: w.name, where: 'state', secret });
      const all = framesOf(w.t.room);
      for (const frame of all.slice(w.seen)) {
        this.framesChecked++;
        for (const secret of secrets)
          if (frameHas(frame, secret)) found.push({ watcher: w.name, where: 'frame', secret });
      }
      w.seen = all.length;
    }
    this.leaks.push(...found);
    return found;
  }
}
