/**
 * Hidden-information leak detection for any game, over what each client decoded AND every raw frame
 * it received. At each settled moment a watcher's secrets are:
 * - every field of another seat's private part (numbers and booleans included), read from the
 *   watcher's decoded state by the game's view description: a field it decodes with that seat's
 *   value is a leak;
 * - every string of another seat's private view that its own view (and legal list) does not show;
 * - the game's own extra secrets (its test plan's `leak.hooks.secrets`, core/testPlan.ts): hidden
 *   strings in no view at all (a deck, a draw pile), or secrets in the shape its schema carries them.
 * No string secret may appear in its decoded state (the log aside) nor in any frame received since
 * the previous check, except what the rules showed it meanwhile: its views of the states the match
 * went through since that check, and the events it was sent (public ones, and its own). Events
 * addressed to a seat must reach that seat only. Numbers are compared in the decoded state only: a
 * small number's bytes are in every frame.
 */
import type { AnyGameDefinition, GameEvent, ViewShape } from '@parlor/shared';
import { ServerMsg, decodeView } from '@parlor/shared';
import type { LeakHooks, Spelling } from '@parlor/shared/core/testPlan';
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

const DAY_MS = 86_400_000;
/** Each frame's number spans, found once (a frame is searched for many secrets). */
const spansOf = new WeakMap<Buffer, [number, number][]>();

/**
 * Byte ranges of a frame that hold numbers with arbitrary bytes: little-endian float64 times near
 * now (log lines' `at`, deadlines) and float32 values in [0.0001, 1] (Bankout's bustRisk). A short
 * id is two or three bytes after its length byte, so such bytes spell one now and then by chance (a
 * few runs in a hundred with a timestamp in every log line): a match lying wholly inside one of these
 * ranges is a number, not a string. A real leak is still caught: in any other place of the frame,
 * and in the decoded state, which is checked on its own.
 */
export function numberSpans(frame: Buffer): [number, number][] {
  let spans = spansOf.get(frame);
  if (spans) return spans;
  spans = [];
  spansOf.set(frame, spans);
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

/** The msgpack header of a string of `length` bytes (as schema and messages encode strings). */
function stringHeader(length: number): Buffer {
  if (length < 32) return Buffer.from([0xa0 | length]);
  if (length < 256) return Buffer.from([0xd9, length]);
  return Buffer.from([0xda, length >> 8, length & 0xff]);
}

/** Does this frame carry `text` as a whole string value (msgpack) or as a JSON string? */
export function frameHas(frame: Buffer, text: string): boolean {
  const bytes = Buffer.from(text);
  const encoded = Buffer.concat([stringHeader(bytes.length), bytes]);
  const hits = indexesOf(frame, encoded);
  if (hits.length > 0) {
    const spans = numberSpans(frame);
    const inNumber = (at: number) => spans.some(([a, b]) => at >= a && at + encoded.length <= b);
    if (hits.some((at) => !inNumber(at))) return true;
  }
  return frame.indexOf(Buffer.from(JSON.stringify(text))) >= 0;
}

/** Every string leaf of a JSON value (and inside JSON-string leaves such as `legal`); `keys`: object keys too. */
export function strings(value: unknown, out = new Set<string>(), keys = false): Set<string> {
  if (typeof value === 'string') {
    out.add(value);
    if (value.startsWith('{') || value.startsWith('[')) {
      try {
        strings(JSON.parse(value), out, keys);
      } catch {
        // not JSON
      }
    }
  } else if (Array.isArray(value)) value.forEach((v) => strings(v, out, keys));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (keys) out.add(k);
      strings(v, out, keys);
    }
  }
  return out;
}

const ALNUM = /[0-9A-Za-z]/;

/** Does this frame carry `secret` as a whole string, or in one of its other `spellings`? */
export function frameMentions(frame: Buffer, secret: string, spellings: readonly Spelling[] = []): boolean {
  if (frameHas(frame, secret)) return true;
  for (const { text, wordEnd } of spellings) {
    const needle = Buffer.from(text);
    for (let at = frame.indexOf(needle); at >= 0; at = frame.indexOf(needle, at + 1)) {
      const after = frame[at + needle.length];
      if (!wordEnd || after === undefined || !ALNUM.test(String.fromCharCode(after))) return true;
    }
  }
  return false;
}

/** Every primitive leaf of a value by its path (`hand.2`, `prompt.seat`); numbers at float32 precision. */
export function leaves(value: unknown, at = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${at}${at ? '.' : ''}${i}`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, `${at}${at ? '.' : ''}${k}`, out);
  else if (value !== undefined && value !== null)
    out.set(at, typeof value === 'number' ? Math.fround(value) : value);
  return out;
}

export interface Leak {
  watcher: string;
  where: 'state' | 'frame' | 'event';
  secret: string;
  /** For a frame: the bytes around the match, to read what carried it. */
  context?: string;
}

function contextOf(frame: Buffer, secret: string): string {
  const at = Math.max(0, frame.indexOf(Buffer.from(secret)) - 40);
  const bytes = frame.subarray(at, at + 80);
  return `${bytes.toString('hex')} | ${bytes.toString('latin1').replace(/[^\x20-\x7e]/g, '.')}`;
}

interface Watched {
  name: string;
  t: Tracked;
  seat: number;
  seen: number;
  messagesSeen: number;
}

export class LeakDetector {
  private readonly watched: Watched[] = [];
  readonly leaks: Leak[] = [];
  checks = 0;
  framesChecked = 0;
  /** How many secrets were checked in total (to show the detector had something to look for). */
  secretsChecked = 0;
  /** Checks where a player decoded its own private secrets: the detector would see them elsewhere. */
  ownSecretsSeen = 0;
  /** Events addressed to one seat that reached it. */
  privateEvents = 0;
  private prevState: unknown;
  private actionsSeen = 0;

  /** String secrets checked (part of secretsChecked): the only ones a raw frame is searched for. */
  stringSecretsChecked = 0;
  /** Fields of other seats' private parts compared (part of secretsChecked). */
  privateFieldsChecked = 0;

  private readonly def: AnyGameDefinition;
  private readonly hooks: LeakHooks<unknown>;
  private readonly seats: number;
  private readonly shape: ViewShape<unknown, unknown> | undefined;

  /**
   * `room`: read for `match.state` and `match.record.actions` only. `hooks`: the game's test plan's
   * (`leak.hooks`). The view description is the game's (`def.table.view`).
   */
  constructor(
    private readonly room: Pick<GameRoom, 'match'>,
    o: { def: AnyGameDefinition; seats: number; hooks?: LeakHooks<never> },
  ) {
    this.def = o.def;
    this.seats = o.seats;
    this.hooks = (o.hooks ?? {}) as LeakHooks<unknown>;
    this.shape = o.def.table?.view;
    this.newMatch();
  }

  /** Seat `seat`'s private part as it travels (the wire fold of it, for a game whose description is of one). */
  private wirePrivate(state: unknown, seat: number): unknown {
    const view = this.def.view(state, seat);
    const wire = this.def.table?.wire;
    return wire && view.private !== null ? wire.private(view.private, view.public) : view.private;
  }

  /**
   * Every field of every other seat's private part, as `json` (what the watcher decoded) holds it
   * when read by the view description: a field holding that seat's value is a leak.
   */
  private privateFieldLeaks(truths: Map<string, unknown>[], watcher: Watched, json: StateJson): Leak[] {
    if (!this.shape) return [];
    const found: Leak[] = [];
    for (let seat = 0; seat < this.seats; seat++) {
      if (seat === watcher.seat) continue;
      const truth = truths[seat]!;
      this.privateFieldsChecked += truth.size;
      this.secretsChecked += truth.size;
      if (!json.seats?.[seat]?.private) continue;
      const decoded = decodeView(this.shape, json, seat).private;
      if (decoded === null) continue;
      const got = leaves(decoded);
      for (const [path, value] of truth)
        if (got.has(path) && got.get(path) === value)
          found.push({
            watcher: watcher.name,
            where: 'state',
            secret: `seat ${seat}'s ${path} = ${String(value)}`,
          });
    }
    return found;
  }

  /** A match began (a rematch): follow it from its start (frames already seen stay seen). */
  newMatch(): void {
    this.prevState = this.room.match!.state;
    this.actionsSeen = this.room.match!.record.actions.length;
  }

  watch(name: string, t: Tracked, seat: number): void {
    this.watched.push({ name, t, seat, seen: 0, messagesSeen: 0 });
  }

  /** The states since the last check (the previous one first) and the events of their actions. */
  private interval(): { states: unknown[]; events: GameEvent[] } {
    const record = this.room.match!.record;
    const states = [this.prevState];
    const events: GameEvent[] = [];
    let state = this.prevState;
    for (const { seat, action } of record.actions.slice(this.actionsSeen)) {
      const result = this.def.apply(state, seat, action);
      if (!result.ok) throw new Error(`replay refused: ${result.error.message}`);
      events.push(...result.events);
      state = result.state;
      states.push(state);
    }
    this.actionsSeen = record.actions.length;
    this.prevState = this.room.match!.state;
    return { states, events };
  }

  /** Does `json` hold one of `seat`'s own private fields, read by the view description? */
  private ownFieldsSeen(truth: Map<string, unknown>, seat: number, json: StateJson): boolean {
    if (!this.shape || !json.seats?.[seat]?.private) return false;
    const decoded = decodeView(this.shape, json, seat).private;
    if (decoded === null) return false;
    const got = leaves(decoded);
    return [...truth].some(([path, v]) => got.get(path) === v);
  }

  /**
   * What was worked out for a state during one check, by viewer (several watchers share a seat, the
   * spectators; a state is looked at for each watcher): read only, dropped when the check ends.
   */
  private memo = new WeakMap<object, Map<string, unknown>>();
  private memoized<T>(state: unknown, key: string, make: () => T): T {
    let m = this.memo.get(state as object);
    if (!m) this.memo.set(state as object, (m = new Map()));
    if (!m.has(key)) m.set(key, make());
    return m.get(key) as T;
  }

  /** Every string (and key) the rules show `viewer` in `state`: its view and its legal actions. */
  private shown(state: unknown, viewer: number): ReadonlySet<string> {
    return this.memoized(state, `shown ${viewer}`, () => {
      const out = strings(this.def.view(state, viewer), new Set(), true);
      if (viewer >= 0) strings(this.def.legalActions(state, viewer), out, true);
      return out;
    });
  }

  private privateSecrets(state: unknown, viewer: number, visible: ReadonlySet<string>): string[] {
    if (typeof this.hooks.privateParts === 'string') return [];
    const out = new Set<string>();
    for (let seat = 0; seat < this.seats; seat++)
      if (seat !== viewer) strings(this.def.view(state, seat).private, out);
    return [...out].filter((x) => x.length > 0 && !visible.has(x));
  }

  /** `viewer`'s secrets now: other seats' private strings, and the game's own (see the file comment). */
  private secretsOf(state: unknown, viewer: number): { privates: string[]; extras: string[] } {
    return this.memoized(state, `secrets ${viewer}`, () => {
      const visible = this.shown(state, viewer);
      return {
        privates: this.privateSecrets(state, viewer, visible),
        extras: (this.hooks.secrets?.(state as never, viewer) ?? []).filter((x) => !visible.has(x)),
      };
    });
  }

  /**
   * The schema's field names: the handshake describes every field by name, so a secret that is also
   * a field name (a James Bland fact is called `codename`) is no leak there.
   */
  private fieldNames(): Set<string> {
    const out = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          out.add(k);
          walk(x);
        }
    };
    walk((this.room as { state?: { toJSON(): unknown } }).state?.toJSON());
    return out;
  }

  /** Call when every watcher is in sync with the server. */
  check(): Leak[] {
    const found: Leak[] = [];
    this.checks++;
    this.memo = new WeakMap();
    const state = this.room.match!.state;
    const { states, events } = this.interval();
    const fieldNames = this.fieldNames();
    // Each seat's private part as it travels, by its leaves (see privateFieldLeaks).
    const truths = this.shape
      ? Array.from({ length: this.seats }, (_, seat) => leaves(this.wirePrivate(state, seat)))
      : [];
    for (const w of this.watched) {
      const visible = this.shown(state, w.seat);
      // What the rules showed this watcher since the last check: frames may carry it.
      const shownMeanwhile = new Set([...visible, ...fieldNames]);
      for (const s of states) this.shown(s, w.seat).forEach((x) => shownMeanwhile.add(x));
      for (const e of events)
        if (e.to === undefined || e.to === w.seat) strings({ text: e.text, data: e.data }, shownMeanwhile);
      const { privates, extras } = this.secretsOf(state, w.seat);
      this.secretsChecked += privates.length + extras.length;
      this.stringSecretsChecked += privates.length + extras.length;

      const json = w.t.json() as StateJson;
      found.push(...this.privateFieldLeaks(truths, w, json));
      const { log: _log, ...decoded } = json;
      const decodedStrings = strings(decoded);
      const shows = this.hooks.decoded?.(json) ?? ((x: string) => decodedStrings.has(x));
      for (const x of privates)
        if (decodedStrings.has(x)) found.push({ watcher: w.name, where: 'state', secret: x });
      for (const x of extras) if (shows(x)) found.push({ watcher: w.name, where: 'state', secret: x });
      if (w.seat >= 0 && this.seats > 1) {
        // The detector would see this player's own secrets where they may be: in its own state.
        const theirs = this.secretsOf(state, (w.seat + 1) % this.seats);
        if (
          theirs.privates.some((x) => decodedStrings.has(x)) ||
          theirs.extras.some(shows) ||
          this.ownFieldsSeen(truths[w.seat]!, w.seat, json)
        )
          this.ownSecretsSeen++;
      }

      const spellings = this.hooks.spellings ?? (() => []);
      const framePrivates = privates.filter((x) => !shownMeanwhile.has(x));
      const frameExtras = extras.filter((x) => !shownMeanwhile.has(x));
      const all = framesOf(w.t.room);
      for (const frame of all.slice(w.seen)) {
        this.framesChecked++;
        for (const x of framePrivates)
          if (frameHas(frame, x))
            found.push({ watcher: w.name, where: 'frame', secret: x, context: contextOf(frame, x) });
        for (const x of frameExtras)
          if (frameMentions(frame, x, spellings(x)))
            found.push({ watcher: w.name, where: 'frame', secret: x, context: contextOf(frame, x) });
      }
      w.seen = all.length;

      // An event addressed to a seat reaches that seat only.
      for (const m of w.t.messages.slice(w.messagesSeen)) {
        if (m.type !== ServerMsg.events) continue;
        for (const e of m.payload as GameEvent[]) {
          if (e.to === undefined) continue;
          if (e.to === w.seat) this.privateEvents++;
          else found.push({ watcher: w.name, where: 'event', secret: e.text });
        }
      }
      w.messagesSeen = w.t.messages.length;
    }
    this.leaks.push(...found);
    return found;
  }
}
