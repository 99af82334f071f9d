/** Helpers for driving real @colyseus/sdk clients: message capture and waiting on conditions. */
import type { RuleError, StateLogLine, WelcomeMessage } from '@parlor/shared';
import { ErrorCode, ServerMsg, decodeStateLogLine } from '@parlor/shared';
import type { Room } from '@colyseus/sdk';

/** Decoded state as JSON: tests read it loosely, as a client would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StateJson = any;

export interface Tracked {
  room: Room;
  messages: { type: string; payload: unknown }[];
  errors: RuleError[];
  welcome: WelcomeMessage | null;
  /** The decoded state as plain JSON. */
  json(): StateJson;
}

/** Records every message the room receives (call right after joining). */
export function track(room: Room): Tracked {
  const tracked: Tracked = {
    room,
    messages: [],
    errors: [],
    welcome: null,
    json: () => (room.state as { toJSON(): unknown }).toJSON(),
  };
  room.onMessage('*', (type, payload) => {
    tracked.messages.push({ type: String(type), payload });
    if (type === ServerMsg.error) tracked.errors.push(payload as RuleError);
    if (type === ServerMsg.welcome) tracked.welcome = payload as WelcomeMessage;
  });
  return tracked;
}

/** Polls `cond` until true. A throwing `cond` (state not decoded yet) counts as false. */
export async function waitUntil(cond: () => boolean, label = 'condition', timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      if (cond()) return;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() - start > timeoutMs) {
      throw new Error(
        `Timed out waiting for ${label}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How long a client told RATE_LIMITED waits before it sends again: refusals are answered once a
 * second at most (see FloodGuard), so a retry sooner than that could be refused without a word. */
export const RATE_LIMIT_RETRY_MS = 1100;

/**
 * Sends one message and waits until `answered` reads true, as a well-behaved client would. A refusal
 * fails at once with its code and message (not as a timeout on `label` later); RATE_LIMITED alone is
 * answered by waiting past the refusal window and sending the same message again (a refusal within a
 * second of the last one is silent: sent sooner, the message would be lost without a word). Returns
 * how many times the client was told to slow down.
 */
export async function sendAnswered(
  t: Tracked,
  type: string,
  payload: unknown,
  answered: () => boolean,
  label: string,
  timeoutMs = 10_000,
): Promise<number> {
  for (let limited = 0; ; limited++) {
    const errors = t.errors.length;
    t.room.send(type, payload);
    await waitUntil(() => t.errors.length > errors || answered(), label, timeoutMs);
    const refused = t.errors.slice(errors);
    if (refused.length === 0) return limited;
    const other = refused.find((e) => e.code !== ErrorCode.RATE_LIMITED);
    if (other)
      throw new Error(
        `${label}: ${type} ${JSON.stringify(payload) ?? ''} refused ${other.code} (${other.message})`,
      );
    await sleep(RATE_LIMIT_RETRY_MS);
  }
}

/** Waits for the next error this client receives after now, and returns it. */
export async function nextError(t: Tracked, label = 'an error'): Promise<RuleError> {
  const seen = t.errors.length;
  await waitUntil(() => t.errors.length > seen, label);
  return t.errors[seen]!;
}

export function messagesOf<T = unknown>(t: Tracked, type: string): T[] {
  return t.messages.filter((m) => m.type === type).map((m) => m.payload as T);
}

/** What every viewer sees alike: the state without private children, connections and clocks. */
export function publicPart(json: StateJson): StateJson {
  const {
    serverTime: _t,
    spectators: _s,
    log: _l,
    deadline: _d,
    host: _h,
    ...rest
  } = JSON.parse(JSON.stringify(json));
  rest.seats = rest.seats.map(({ private: _p, connected: _c, ...seat }: StateJson) => seat);
  return rest;
}

/** The decoded public log, oldest line first (the state keeps it as a ring of encoded lines). */
export function logOf(json: StateJson): StateLogLine[] {
  return ((json.log ?? []) as string[])
    .map((encoded) => {
      const line = decodeStateLogLine(encoded);
      if (!line) throw new Error(`not a log line: ${encoded}`);
      return line;
    })
    .sort((a, b) => a.seq - b.seq);
}

/** What changes with every accepted action: the public state and the newest log line. */
export function changeKey(json: StateJson): string {
  const seqs = logOf(json).map((l) => l.seq);
  return `${JSON.stringify(publicPart(json))}|${Math.max(0, ...seqs)}`;
}
