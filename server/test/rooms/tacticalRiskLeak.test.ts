/**
 * Tactical Risk's fog-of-war leak test. Two people (Allies, Axis) and a spectator; after every action
 * each watcher's secrets are the enemy stacks (`Faction@Territory`) the rules' view does not give it.
 * None may appear in what it decoded (public stacks, any private child) nor in any raw frame it
 * received since the previous check. A variant whose seat schema lacks `@view()` on `private` proves
 * the detector catches such a leak, in the decoded state and in the raw frames.
 */
import { ClientMsg, type TacticalRiskState, tacticalRisk } from '@parlor/shared';
import { tacticalRiskAdapter } from '../../src/games/tactical-risk/adapter';
import type { GameAdapter } from '../../src/rooms/GameAdapter';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type StateJson, type Tracked, track, waitUntil } from '../helpers/clients';
import { framesOf, installFrameCapture } from '../helpers/leakDetector';
import { lcg, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';

/** Test-only: the Tactical Risk classes exactly, except that the seat's `private` is NOT marked @view(). */
const leakyAdapter = {
  ...tacticalRiskAdapter,
  createState: () => new (tacticalRiskAdapter.classes.leaky().RoomState)(),
  createSeat: () => new (tacticalRiskAdapter.classes.leaky().SeatState)(),
} as unknown as GameAdapter;

const PORT = 2821;
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'tactical_risk_fast', adapter: tacticalRiskAdapter, limits: FAST_LIMITS },
    { name: 'tactical_risk_leaky', adapter: leakyAdapter, limits: FAST_LIMITS },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

interface Watcher {
  name: string;
  t: Tracked;
  seat: number;
  seen: number;
}

/** Every `Faction@Territory` a decoded state names: public stacks and stack strings anywhere. */
function decodedStacks(json: StateJson): Set<string> {
  const out = new Set<string>();
  for (const [at, t] of Object.entries(json.territories ?? {}) as [string, StateJson][])
    for (const f of Object.keys(t.units ?? {})) out.add(`${f}@${at}`);
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(/([A-Za-z]+@[^:;]+):/g)) out.add(m[1]!);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  const { log: _log, ...rest } = json;
  walk(rest);
  return out;
}

class FogDetector {
  readonly watchers: Watcher[] = [];
  readonly leaks: { watcher: string; where: 'state' | 'frame'; stack: string }[] = [];
  secretsChecked = 0;
  framesChecked = 0;

  constructor(private readonly room: GameRoom) {}

  watch(name: string, t: Tracked, seat: number): void {
    this.watchers.push({ name, t, seat, seen: 0 });
  }

  /** Enemy stacks on the board that the rules' view does not give this seat. */
  secretsFor(seat: number): string[] {
    const s = this.room.match!.state as TacticalRiskState;
    const view = tacticalRisk.view(s, seat);
    const visible = new Set(
      [...view.public.units, ...(view.private?.units ?? [])].map((u) => `${u.owner}@${u.at}`),
    );
    return [...new Set(s.units.map((u) => `${u.owner}@${u.at}`))].filter((k) => !visible.has(k));
  }

  check(): void {
    for (const w of this.watchers) {
      const secrets = this.secretsFor(w.seat);
      this.secretsChecked += secrets.length;
      const decoded = decodedStacks(w.t.json());
      for (const stack of secrets)
        if (decoded.has(stack)) this.leaks.push({ watcher: w.name, where: 'state', stack });
      const frames = framesOf(w.t.room);
      for (const frame of frames.slice(w.seen)) {
        this.framesChecked++;
        for (const stack of secrets)
          if (frame.indexOf(Buffer.from(`${stack}:`)) >= 0)
            this.leaks.push({ watcher: w.name, where: 'frame', stack });
      }
      w.seen = frames.length;
    }
  }
}

interface Table {
  room: GameRoom;
  players: Tracked[];
  detector: FogDetector;
}

async function startTable(roomName: string, privateHidden: boolean): Promise<Table> {
  const options = { fogOfWar: true };
  const a = track(await app.client().create(roomName, { name: 'ada', options, seats: 2 }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'dee', spectator: true }));
  await waitUntil(() => [a, b, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const detector = new FogDetector(room);
  detector.watch('ada', a, 0);
  detector.watch('bob', b, 1);
  detector.watch('spectator', spec, -1);
  await waitSynced(room, detector.watchers, privateHidden);
  return { room, players: [a, b], detector };
}

/**
 * Plays from the legal lists: a few buys and moves per phase (moves spread units into sight and
 * out of it), every battle fought, then the phase ends.
 */
async function drive(
  table: Table,
  steps: number,
  privateHidden: boolean,
  after: (step: number) => Promise<void> | void,
): Promise<void> {
  const random = lcg(5);
  let inPhase = 0;
  let phase = '';
  for (let step = 0; step < steps; step++) {
    const seat = table.room.state.toAct[0]!;
    const player = table.players[seat]!;
    const legal = (player.json().seats[seat].private.legal as string[]).map((l) => JSON.parse(l));
    if (table.room.state.phase !== phase) [phase, inPhase] = [table.room.state.phase, 0];
    const busy = legal.filter((a) => a.type === 'buy' || a.type === 'move' || a.type === 'place');
    const end = legal.find((a) => a.type === 'endPhase');
    const action =
      end && (busy.length === 0 || inPhase >= 3 || random() < 0.2)
        ? end
        : busy.length > 0
          ? busy[Math.floor(random() * busy.length)]
          : legal[0];
    inPhase++;
    const before = table.room.match!.record.actions.length;
    player.room.send(ClientMsg.action, action);
    await waitUntil(() => table.room.match!.record.actions.length > before, 'the action to be accepted');
    await waitSynced(table.room, table.detector.watchers, privateHidden);
    await after(step);
  }
}

test('under fog of war no enemy stack out of sight reaches a seat or a spectator', async () => {
  const table = await startTable('tactical_risk_fast', true);
  const { detector, room } = table;
  detector.check();
  // The spectator decodes no units at all; each seat sees its own.
  expect(decodedStacks(table.players[0]!.json()).has('Russians@Russia')).toBe(true);
  await drive(table, 90, true, async (step) => {
    // A spectator joining mid-game gets the full state through the view: it is checked too.
    if (step === 45) {
      const late = track(await app.client().joinById(room.roomId, { name: 'late', spectator: true }));
      await waitUntil(() => late.welcome !== null, 'late welcome');
      detector.watch('late spectator', late, -1);
      await waitSynced(room, detector.watchers);
    }
    detector.check();
  });
  expect(detector.leaks).toEqual([]);
  expect((room.match!.state as TacticalRiskState).turnNumber).toBeGreaterThan(3);
  expect(detector.secretsChecked).toBeGreaterThan(90 * 3 * 20);
  expect(detector.framesChecked).toBeGreaterThan(90 * 3);
  for (const spectator of detector.watchers.slice(2)) expect(decodedStacks(spectator.t.json()).size).toBe(0);
  expect(detector.watchers).toHaveLength(4);
});

test('the detector catches the leak when private lacks @view (decoded state and raw frames)', async () => {
  const table = await startTable('tactical_risk_leaky', false);
  table.detector.check();
  const wanted = ['spectator/state', 'spectator/frame', 'bob/state', 'bob/frame', 'ada/state', 'ada/frame'];
  const kinds = () => new Set(table.detector.leaks.map((l) => `${l.watcher}/${l.where}`));
  if (!wanted.every((k) => kinds().has(k))) await drive(table, 10, false, () => table.detector.check());
  expect([...kinds()]).toEqual(expect.arrayContaining(wanted));
});
