/**
 * Drives a match of any game through real clients the way any client would: the seat in `toAct`
 * picks one of its `private.legal` payloads (uniformly, by a game's own chooser, or by the game's
 * bot from the seat's decoded view) and sends it; seats held by bots are waited for. After each
 * accepted action every client is awaited until its decoded state equals what the server's schema
 * holds for it (its own private child included, others' excluded), so a test can inspect a settled
 * picture after each step.
 */
import { type AnyGameDefinition, ClientMsg, type GameView, decodeView } from '@parlor/shared';
import type { Chooser } from '@parlor/shared/core/testPlan';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type StateJson, type Tracked, sendAnswered, waitUntil } from './clients';

/**
 * `privateHidden`: true, other seats' private children must be absent; false, every client decodes
 * every one (a test-only schema without @view); 'ignored', they are not compared (a test that leaks
 * some on purpose).
 */
export type PrivateHidden = boolean | 'ignored';

/** What `viewerSeat` should have decoded, from the server's schema JSON: other seats' private children taken out. */
function expectedFor(server: StateJson, viewerSeat: number, privateHidden: PrivateHidden): StateJson {
  if (!privateHidden) return server;
  return {
    ...server,
    seats: server.seats.map(({ private: p, ...seat }: StateJson, i: number) =>
      i === viewerSeat ? { ...seat, private: p } : seat,
    ),
  };
}

/**
 * Waits until every client's decoded state equals what the server's schema holds for it. Polled every
 * few ms: the server's JSON is read once a poll, and each seat's expectation made once (spectators
 * share one).
 */
export async function waitSynced(
  room: GameRoom,
  clients: { t: Tracked; seat: number }[],
  privateHidden: PrivateHidden = true,
  /** Called at every poll (a test that changes what clients see keeps doing so). */
  poll?: () => void,
): Promise<void> {
  await waitUntil(() => {
    poll?.();
    const server = room.state.toJSON();
    const expected = new Map<number, string>();
    return clients.every(({ t, seat }) => {
      if (t.room.state === undefined) return false;
      const got = syncKey(decodedJson(t, seat, privateHidden));
      let want = expected.get(seat);
      if (want === undefined) expected.set(seat, (want = syncKey(expectedFor(server, seat, privateHidden))));
      return got === want;
    });
  }, 'clients synced with the server');
}

function decodedJson(t: Tracked, seat: number, privateHidden: PrivateHidden): StateJson {
  const json = t.json();
  if (privateHidden === 'ignored')
    json.seats?.forEach((s: StateJson, i: number) => {
      if (i !== seat) delete s.private;
    });
  return json;
}

const sortedKeys = (v: object) =>
  Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));

/** JSON with sorted keys: decoded and server-side objects list their fields in different orders. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? sortedKeys(v) : v,
  );
}

/**
 * `canonical`, every number at float32 precision: float32 fields decode with less precision than the
 * server's doubles (what one decodes to is exactly Math.fround of the server's value).
 */
export function syncKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'number'
      ? Math.fround(v)
      : v && typeof v === 'object' && !Array.isArray(v)
        ? sortedKeys(v)
        : v,
  );
}

/** How a player picks from its legal payloads (JSON strings), seeing its decoded state. */
export type Choose = (legal: string[], state: StateJson, seat: number, random: () => number) => string;

/** A uniformly random legal payload: drives any game. */
export const randomChoice: Choose = (legal, _state, _seat, random) =>
  legal[Math.floor(random() * legal.length)]!;

/**
 * The game's own bot decides, from the seat's view as rebuilt from the client's decoded state
 * (`viewOf`) and the synced legal list; an unlisted answer is replaced by a random payload, as the
 * room replaces a bot's unlisted answer.
 */
export function botChoice(
  def: AnyGameDefinition,
  viewOf: (state: StateJson, seat: number) => GameView<unknown, unknown>,
): Choose {
  return (legal, state, seat, random) => {
    const actions = legal.map((l) => JSON.parse(l));
    const decided = canonical(def.bot.decide(viewOf(state, seat), actions, random));
    return (
      legal.find((l) => canonical(JSON.parse(l)) === decided) ?? randomChoice(legal, state, seat, random)
    );
  };
}

/**
 * A test plan's chooser (core/testPlan.ts) as a driver's choice: it sees the legal actions parsed and
 * the seat's view read from the client's decoded state by the game's view description. Without one,
 * the game's bot decides.
 */
export function planChoice(
  def: AnyGameDefinition,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  chooser?: Chooser<any, any>,
): Choose {
  const shape = def.table?.view;
  if (!shape) throw new Error(`${def.id} has no view description`);
  const viewOf = (state: StateJson, seat: number) => decodeView(shape, state, seat);
  if (!chooser) return botChoice(def, viewOf);
  return (legal, state, seat, random) =>
    JSON.stringify(
      chooser(
        legal.map((l) => JSON.parse(l)),
        viewOf(state, seat),
        seat,
        random,
      ),
    );
}

/** A small deterministic generator for the drivers' choices. */
export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 0x100000000;
  };
}

export interface DriveOptions {
  room: GameRoom;
  /** Players by seat (undefined: a bot's seat, waited for while it is due). */
  players: (Tracked | undefined)[];
  /** Every client to keep in sync (players and spectators), with its seat (-1 for spectators). */
  watchers: () => { t: Tracked; seat: number }[];
  seed?: number;
  maxSteps?: number;
  /** How a player picks from its legal payloads (default: randomChoice). */
  choose?: Choose;
  /** False for a test-only schema without @view: then every client decodes every private child. */
  privateHidden?: PrivateHidden;
  /** Called while the clients are awaited after each action (see waitSynced). */
  onSync?: () => void;
  /** Called after every settled step, with the seat that acted and its action. */
  afterStep?: (step: number, seat: number, action: { type: string }) => Promise<void> | void;
}

/** Plays until the match is finished; returns the number of actions sent. */
export async function driveToEnd(o: DriveOptions): Promise<number> {
  const random = lcg(o.seed ?? 7);
  const maxSteps = o.maxSteps ?? 3000;
  await waitSynced(o.room, o.watchers(), o.privateHidden, o.onSync);
  for (let step = 0; step < maxSteps; step++) {
    if (o.room.state.status !== 'playing') return step;
    // Nobody due (Devices with the Clock Off): the table's host moves time.
    const due = o.room.state.toAct.length ? [...o.room.state.toAct] : [o.room.state.host];
    const seat = due.find((s) => o.players[s] !== undefined);
    if (seat === undefined) {
      // Only bots are due: they act on their own.
      const before = o.room.match!.record.actions.length;
      await waitUntil(
        () => o.room.match!.record.actions.length > before || o.room.state.status !== 'playing',
        'the bots to act',
      );
      await waitSynced(o.room, o.watchers(), o.privateHidden, o.onSync);
      step--;
      continue;
    }
    const player = o.players[seat]!;
    const legal: string[] = player.json().seats[seat].private.legal;
    if (legal.length === 0) throw new Error(`seat ${seat} is to act but has no legal action`);
    const choice = (o.choose ?? randomChoice)(legal, player.json(), seat, random);
    const action = JSON.parse(choice);
    const before = o.room.match!.record.actions.length;
    await sendAnswered(
      player,
      ClientMsg.action,
      action,
      () => o.room.match!.record.actions.length > before,
      `seat ${seat}'s ${action.type} accepted`,
    );
    await waitSynced(o.room, o.watchers(), o.privateHidden, o.onSync);
    await o.afterStep?.(step, seat, action);
  }
  throw new Error(`match not finished after ${maxSteps} steps`);
}
