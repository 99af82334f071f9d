/**
 * Hidden-information leak detection for Bankout, over what each client decoded AND every raw
 * frame it received. At each settled moment, a watcher's secrets are the cards in other seats'
 * hands and in the deck, minus any card its own rules view shows it (face-up cards, its own hand).
 * None of them may appear in its decoded state (the log aside: old lines are never re-sent) nor
 * in any frame received since the previous check.
 */
import type { BankoutState } from '@parlor/shared';
import { bankout } from '@parlor/shared';
import { cardLabel } from '@parlor/shared/games/bankout/cards';
import { Room } from '@colyseus/sdk';
import type { GameRoom } from '../../src/rooms/GameRoom';
import type { StateJson, Tracked } from './clients';

const frames = new WeakMap<Room, Buffer[]>();
let installed = false;

/** Hooks @colyseus/sdk so every incoming frame of every Room is kept as bytes (install before joining). */
export function installFrameCapture(): void {
  if (installed) return;
  installed = true;
  const proto = Room.prototype as unknown as { onMessageCallback(event: { data: ArrayBuffer }): void };
  const original = proto.onMessageCallback;
  proto.onMessageCallback = function (this: Room, event: { data: ArrayBuffer }) {
    const list = frames.get(this) ?? [];
    list.push(Buffer.from(new Uint8Array(event.data)));
    frames.set(this, list);
    return original.call(this, event);
  };
}

export function framesOf(room: Room): Buffer[] {
  return frames.get(room) ?? [];
}

const ALNUM = /[0-9A-Za-z]/;

const DAY_MS = 86_400_000;

/**
 * Byte ranges of a frame that hold numbers with arbitrary bytes: little-endian float64 times near
 * now (log lines' `at`, deadlines) and float32 values in [0.0001, 1] (Bankout's bustRisk). A card id is
 * two or three bytes after its length byte, so such bytes spell one now and then by chance (a few
 * runs in a hundred with a timestamp in every log line): a match lying wholly inside one of these
 * ranges is a number, not a string. A real leak is still caught: in any other place of the frame,
 * and in the decoded state, which is checked on its own.
 */
function numberSpans(frame: Buffer): [number, number][] {
  const spans: [number, number][] = [];
  const now = Date.now();
  for (let i = 0; i + 8 <= frame.length; i++) {
    const t = frame.readDoubleLE(i);
    if (Math.abs(t - now) < 30 * DAY_MS) spans.push([i, i + 8]);
  }
  for (let i = 0; i + 4 <= frame.length; i++) {
    const f = frame.readFloatLE(i);
    if (f >= 1e-4 && f <= 1) spans.push([i, i + 4]);
  }
  return spans;
}

function indexesOf(frame: Buffer, needle: Buffer): number[] {
  const out: number[] = [];
  for (let at = frame.indexOf(needle); at >= 0; at = frame.indexOf(needle, at + 1)) out.push(at);
  return out;
}

/** Does this frame carry `card` as a string value, a JSON string, or a card label in a text? */
export function frameMentions(frame: Buffer, card: string): boolean {
  const ascii = Buffer.from(card);
  const fixstr = Buffer.concat([Buffer.from([0xa0 | ascii.length]), ascii]);
  const hits = indexesOf(frame, fixstr);
  if (hits.length > 0) {
    const spans = numberSpans(frame);
    const inNumber = (at: number) => spans.some(([a, b]) => at >= a && at + fixstr.length <= b);
    if (hits.some((at) => !inNumber(at))) return true;
  }
  if (frame.indexOf(Buffer.from(`"${card}"`)) >= 0) return true;
  // Both Jokers are labelled "Joker": the label names no card, so only ids count for them.
  const texts = card.startsWith('X') ? [` ${card}`] : [` ${card}`, ` ${cardLabel(card)}`];
  for (const text of texts) {
    const needle = Buffer.from(text);
    for (let at = frame.indexOf(needle); at >= 0; at = frame.indexOf(needle, at + 1)) {
      const after = frame[at + needle.length];
      if (after === undefined || !ALNUM.test(String.fromCharCode(after))) return true;
    }
  }
  return false;
}

/** Every string leaf of a JSON value (and the strings inside JSON-string leaves such as `legal`). */
function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') {
    out.add(value);
    if (value.startsWith('{')) {
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
  /** For a frame: the bytes around the match, to read what carried it. */
  context?: string;
}

function contextOf(frame: Buffer, card: string): string {
  const at = Math.max(0, frame.indexOf(Buffer.from(card)) - 40);
  const bytes = frame.subarray(at, at + 80);
  return `${bytes.toString('hex')} | ${bytes.toString('latin1').replace(/[^\x20-\x7e]/g, '.')}`;
}

interface Watched {
  name: string;
  t: Tracked;
  seat: number;
  seen: number;
}

export class LeakDetector {
  private readonly watched: Watched[] = [];
  readonly leaks: Leak[] = [];
  checks = 0;
  framesChecked = 0;
  /** How many secrets were checked in total (to show the detector had something to look for). */
  secretsChecked = 0;

  private prevState: BankoutState;
  private actionsSeen = 0;

  constructor(private readonly room: GameRoom) {
    this.prevState = room.match!.state as BankoutState;
    this.actionsSeen = room.match!.record.actions.length;
  }

  /**
   * Cards named by the events of the actions since the last check, per viewer: public events
   * excuse a card for everyone, an event sent `to` a seat only for that seat. (A new round deals a
   * new deck with the same card ids, so "played K♥" may name an id that is back in the deck.)
   * The events are recomputed from the rules, not taken from what clients received.
   */
  private eventCards(): (viewer: number) => Set<string> {
    const record = this.room.match!.record;
    const publicCards = new Set<string>();
    const privateCards = new Map<number, Set<string>>();
    let state = this.prevState;
    for (const { seat, action } of record.actions.slice(this.actionsSeen)) {
      const result = bankout.apply(state, seat, action as never);
      if (!result.ok) throw new Error(`replay refused: ${result.error.message}`);
      for (const event of result.events) {
        const cards = [...strings(event.data ?? {}, new Set())].filter((c) => this.isCard(c));
        const target =
          event.to === undefined ? publicCards : (privateCards.get(event.to) ?? new Set<string>());
        if (event.to !== undefined) privateCards.set(event.to, target);
        cards.forEach((c) => target.add(c));
      }
      state = result.state;
    }
    this.actionsSeen = record.actions.length;
    this.prevState = this.room.match!.state as BankoutState;
    return (viewer) => new Set([...publicCards, ...(privateCards.get(viewer) ?? [])]);
  }

  private isCard(value: string): boolean {
    return /^(10|[2-9JQKA])[SHDC]$|^X[12]$/.test(value);
  }

  watch(name: string, t: Tracked, seat: number): void {
    this.watched.push({ name, t, seat, seen: 0 });
  }

  secretsFor(seat: number): string[] {
    const s = this.room.match!.state as BankoutState;
    const hidden = new Set<string>(s.deck);
    s.players.forEach((p, i) => {
      if (i !== seat) p.hand.forEach((c) => hidden.add(c));
    });
    const visible = strings(bankout.view(s, seat), new Set());
    return [...hidden].filter((c) => !visible.has(c));
  }

  /** Call when every watcher is in sync with the server. */
  check(): Leak[] {
    const found: Leak[] = [];
    this.checks++;
    const excused = this.eventCards();
    for (const w of this.watched) {
      const named = excused(w.seat);
      const secrets = this.secretsFor(w.seat);
      const frameSecrets = secrets.filter((c) => !named.has(c));
      this.secretsChecked += secrets.length;
      const { log: _log, ...decoded } = w.t.json() as StateJson;
      const decodedStrings = strings(decoded, new Set());
      for (const card of secrets) {
        if (decodedStrings.has(card)) found.push({ watcher: w.name, where: 'state', card });
      }
      const all = framesOf(w.t.room);
      for (const frame of all.slice(w.seen)) {
        this.framesChecked++;
        for (const card of frameSecrets) {
          if (frameMentions(frame, card)) {
            found.push({ watcher: w.name, where: 'frame', card, context: contextOf(frame, card) });
          }
        }
      }
      w.seen = all.length;
    }
    this.leaks.push(...found);
    return found;
  }
}
