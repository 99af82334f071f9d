/**
 * Kingpin test helpers: a driver's choice from a seat's legal payloads that keeps matches moving
 * toward a winner, and a leak detector over what each client decoded AND every raw frame it got.
 *
 * A watcher's secrets are the Draw Pile, the unused Bosses, every other seat's hand (its Boss
 * included until placed) and every other seat's deck look, minus any card id its own rules view
 * shows it. None may appear in its decoded state, nor in a frame received since the last check
 * (cards named by the events of those actions aside: public events for everyone, private ones for
 * their seat only; the events are recomputed from the rules, not taken from the clients).
 */
import { type KingpinState, kingpin } from '@parlor/shared';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { StateJson, Tracked } from './clients';
import { framesOf } from './leakDetector';

type Payload = { type: string; [k: string]: unknown };

/**
 * Mostly aggressive play so matches end: answer prompts (a little ammunition, board placement), make
 * a few Defense Management moves, then attack (the Boss if possible), buy, or anything else.
 */
export function kingpinChoice(
  legal: string[],
  _state: StateJson,
  _seat: number,
  random: () => number,
): string {
  const parsed = legal.map((l) => ({ raw: l, a: JSON.parse(l) as Payload }));
  const of = (type: string) => parsed.filter((p) => p.a.type === type);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const ammo = of('ammo');
  // A little ammunition only: full safes fired at a Boss would end matches in a few turns.
  if (ammo.length) {
    const small = ammo.filter((p) => Number(p.a.amount) <= 1);
    return pick(small.length ? small : ammo).raw;
  }
  const place = of('place');
  if (place.length) {
    const board = place.filter((p) => p.a.to === 'board');
    // Some cards stay in hand, so there are hands to hide.
    return (board.length && random() < 0.6 ? board[board.length - 1]! : place[0]!).raw;
  }
  const prompts = [...of('pick'), ...of('emergencyShield'), ...of('emergencyDone')];
  if (prompts.length) return pick(prompts).raw;
  const r = random();
  const deploy = of('deploy');
  if (deploy.length && r < 0.35) return pick(deploy).raw;
  const defense = [...of('safeToShield'), ...of('moveShield'), ...of('shieldToSafe')];
  if (defense.length && r < 0.12) return pick(defense).raw;
  const attacks = of('attack');
  if (attacks.length && r < 0.55) {
    const big = Math.max(...attacks.map((p) => (p.a.attackers as number[]).length));
    const strongest = attacks.filter((p) => (p.a.attackers as number[]).length === big);
    return pick(strongest).raw;
  }
  const buys = of('buy');
  if (buys.length && r < 0.95) return pick(buys).raw;
  const mains = [...of('bribe'), ...of('discard'), ...of('sell'), ...attacks, ...buys];
  if (mains.length) return pick(mains).raw;
  return (of('pass')[0] ?? pick(parsed)).raw;
}

/** Does this frame carry `id` as a msgpack string or a JSON string? */
export function frameHas(frame: Buffer, id: string): boolean {
  const ascii = Buffer.from(id);
  const head = ascii.length < 32 ? Buffer.from([0xa0 | ascii.length]) : Buffer.from([0xd9, ascii.length]);
  return frame.indexOf(Buffer.concat([head, ascii])) >= 0 || frame.indexOf(Buffer.from(`"${id}"`)) >= 0;
}

/** Every string leaf of a JSON value (and inside JSON-string leaves such as `legal`). */
export function strings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    out.add(value);
    if (value.startsWith('{') || value.startsWith('[')) {
      try {
        strings(JSON.parse(value), out);
      } catch {
        // not JSON
      }
    }
  } else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

export interface Leak {
  watcher: string;
  where: 'state' | 'frame';
  card: string;
}

export class KingpinLeakDetector {
  private readonly watched: { name: string; t: Tracked; seat: number; seen: number }[] = [];
  readonly leaks: Leak[] = [];
  checks = 0;
  framesChecked = 0;
  secretsChecked = 0;
  private prevState: KingpinState;
  private actionsSeen: number;

  constructor(private readonly room: GameRoom) {
    this.prevState = room.match!.state as KingpinState;
    this.actionsSeen = room.match!.record.actions.length;
  }

  /** A rematch began: follow the new match from its start (frames already seen stay seen). */
  newMatch(): void {
    this.prevState = this.room.match!.state as KingpinState;
    this.actionsSeen = this.room.match!.record.actions.length;
  }

  watch(name: string, t: Tracked, seat: number): void {
    this.watched.push({ name, t, seat, seen: 0 });
  }

  private get state(): KingpinState {
    return this.room.match!.state as KingpinState;
  }

  secretsFor(seat: number): string[] {
    const s = this.state;
    const hidden = new Set<string>([...s.drawPile, ...s.unusedBosses]);
    s.players.forEach((p, i) => {
      if (i === seat) return;
      p.hand.forEach((c) => hidden.add(c));
      if (!p.board.some((b) => b?.id === p.boss)) hidden.add(p.boss);
      p.deckLook?.cards.forEach((c) => hidden.add(c));
    });
    const visible = strings(kingpin.view(s, seat));
    return [...hidden].filter((c) => !visible.has(c));
  }

  /** Card ids named by the events since the last check, per viewer. */
  private eventCards(): (viewer: number) => Set<string> {
    const record = this.room.match!.record;
    const publicCards = new Set<string>();
    const privateCards = new Map<number, Set<string>>();
    let state = this.prevState;
    for (const { seat, action } of record.actions.slice(this.actionsSeen)) {
      const result = kingpin.apply(state, seat, action as never);
      if (!result.ok) throw new Error(`replay refused: ${result.error.message}`);
      for (const event of result.events) {
        const target = event.to === undefined ? publicCards : (privateCards.get(event.to) ?? new Set());
        if (event.to !== undefined) privateCards.set(event.to, target);
        strings(event.data ?? {}).forEach((c) => target.add(c));
      }
      state = result.state;
    }
    this.actionsSeen = record.actions.length;
    this.prevState = this.state;
    return (viewer) => new Set([...publicCards, ...(privateCards.get(viewer) ?? [])]);
  }

  /** Call when every watcher is in sync with the server. */
  check(): Leak[] {
    const found: Leak[] = [];
    this.checks++;
    const excused = this.eventCards();
    for (const w of this.watched) {
      const secrets = this.secretsFor(w.seat);
      this.secretsChecked += secrets.length;
      const { log: _log, ...decoded } = w.t.json() as StateJson;
      const decodedStrings = strings(decoded);
      for (const card of secrets) {
        if (decodedStrings.has(card)) found.push({ watcher: w.name, where: 'state', card });
      }
      const named = excused(w.seat);
      const frameSecrets = secrets.filter((c) => !named.has(c));
      const all = framesOf(w.t.room);
      for (const frame of all.slice(w.seen)) {
        this.framesChecked++;
        for (const card of frameSecrets) {
          if (frameHas(frame, card)) found.push({ watcher: w.name, where: 'frame', card });
        }
      }
      w.seen = all.length;
    }
    this.leaks.push(...found);
    return found;
  }
}
