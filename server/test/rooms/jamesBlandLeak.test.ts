/**
 * James Bland's planning secrecy, on top of the generic leak test (leak.test.ts checks every game's
 * private views and its agents' secrets, the leaky variant, and that events reach their seat only).
 * Six agents (six real colyseus.js clients), a spectator from the start and one who joins mid-match
 * play whole matches with plans chosen as the planning panel lets a person choose them; after every
 * client action, for every client, on what it decoded AND on every raw frame it received:
 * - while planning, a submission changes nothing another client decodes except that seat's
 *   `submitted` flag (and toAct / the log / the clock), and no frame carries its offense, defense or
 *   banner text; the banner text stays secret until the reveal;
 * - the reveal as decoded is the rules' public reveal (attackers hidden unless identified).
 */
import { ClientMsg, SPECTATOR } from '@parlor/shared';
import type { JamesBlandState } from '@parlor/shared/games/james-bland/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const jamesBlandAdapter = gameAdapter('james-bland');
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type StateJson, type Tracked, track, waitUntil } from '../helpers/clients';
import { framesOf, installFrameCapture, strings } from '../helpers/leakDetector';
import { canonical, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { driveJamesBland } from './jamesBlandDriver';

const PORT = freePort();
const SEED = Number(process.env.LEAK_SEED ?? 20261122);
const OPTIONS = { roundLimit: 4 };
let matchNo = 0;
// A ceiling only: whole matches, each step's waits with their own ceilings; the file took 5 s on a
// quiet machine and more than 120 s at a load of 25 on two cores (each step waiting for a core).
jest.setTimeout(600_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT, {}, [
    { name: 'jb_fast', adapter: jamesBlandAdapter, limits: FAST_LIMITS, newSeed: () => SEED + matchNo++ },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

interface Watcher {
  t: Tracked;
  seat: number;
  name: string;
  seen: number;
}
interface Table {
  room: GameRoom;
  players: (Tracked | undefined)[];
  watchers: Watcher[];
}

const NAMES = ['ada', 'bob', 'cy', 'dee', 'flo', 'gus'];

async function startTable(roomName: string, privateHidden = true): Promise<Table> {
  const a = track(await app.client().create(roomName, { name: 'ada', seats: 6, options: OPTIONS }));
  const rest: Tracked[] = [];
  for (const name of NAMES.slice(1)) rest.push(track(await app.client().joinById(a.room.roomId, { name })));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'eve', spectator: true }));
  await waitUntil(() => [a, ...rest, spec].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.seats.filter((s) => s.occupied).length === 6, 'six seats');
  a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  const players = [a, ...rest];
  const table: Table = {
    room,
    players,
    watchers: [
      ...players.map((t, seat) => ({ t, seat, name: NAMES[seat]!, seen: 0 })),
      { t: spec, seat: -1, name: 'spectator', seen: 0 },
    ],
  };
  await waitSynced(room, table.watchers, privateHidden);
  return table;
}

async function addLateSpectator(table: Table, privateHidden = true): Promise<void> {
  const late = track(await app.client().joinById(table.room.roomId, { name: 'late', spectator: true }));
  await waitUntil(() => late.welcome !== null, 'late welcome');
  table.watchers.push({ t: late, seat: -1, name: 'late spectator', seen: 0 });
  await waitSynced(table.room, table.watchers, privateHidden);
}

/** What `viewer` may not learn now: other seats' unrevealed banners (the rest: leak.test.ts). */
function secretsFor(s: JamesBlandState, viewer: number): string[] {
  const visible = [...strings(jamesBland.view(s, viewer))].join('\n');
  const out = new Set<string>();
  s.agents.forEach((a, i) => {
    if (i === viewer) return;
    // Banners the driver wrote (bots all fly the same default text, public once one is revealed).
    if (s.phase === 'planning' && a.plan?.banner?.text.startsWith('Qz')) out.add(a.plan.banner.text);
  });
  return [...out].filter((x) => x.length > 0 && !visible.includes(x));
}

interface Leak {
  watcher: string;
  where: string;
  secret: string;
}

function check(table: Table, leaks: Leak[], extra: (w: Watcher) => string[] = () => []): number {
  const s = table.room.match!.state as JamesBlandState;
  let checked = 0;
  for (const w of table.watchers) {
    const secrets = secretsFor(s, w.seat);
    // The submission's own words are checked in frames only: a past reveal may hold the same ids.
    const frameSecrets = [...secrets, ...extra(w)];
    checked += frameSecrets.length;
    const decoded = [...strings(w.t.json())].join('\n');
    for (const x of secrets)
      if (decoded.includes(x)) leaks.push({ watcher: w.name, where: 'state', secret: x });
    const frames = framesOf(w.t.room);
    for (const frame of frames.slice(w.seen))
      for (const x of frameSecrets)
        if (frame.indexOf(Buffer.from(x)) >= 0) leaks.push({ watcher: w.name, where: 'frame', secret: x });
    w.seen = frames.length;
  }
  return checked;
}

/** Every path whose value differs between two JSON values. */
function changedPaths(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) === !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys)
      changedPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
  } else if (canonical(a) !== canonical(b)) out.push(path);
  return out;
}

test("a plan stays secret until the reveal, and the reveal is the rules' public one, over whole six-agent matches", async () => {
  const table = await startTable('jb_fast');
  const leaks: Leak[] = [];
  const hiddenAttackers = { total: 0 };
  let secretsChecked = check(table, leaks);
  let submissionsChecked = 0;
  let bannersKept = 0;
  let steps = 0;
  let matches = 0;
  while (steps < 100) {
    if (matches > 0) {
      table.players[0]!.room.send(ClientMsg.rematch);
      await waitUntil(() => table.room.state.status === 'playing', 'rematch');
      await waitSynced(table.room, table.watchers);
    }
    let before: StateJson[] = [];
    let submit: { seat: number; offense: string; defense: string; banner: string } | null = null;
    const base = steps;
    steps += await driveJamesBland({
      room: table.room,
      players: table.players,
      watchers: () => table.watchers,
      seed: 5 + matches,
      beforeStep: (seat, action) => {
        check(table, leaks);
        before = table.watchers.map((w) => JSON.parse(JSON.stringify(w.t.json())));
        submit =
          action.type === 'plan'
            ? {
                seat,
                offense: action.plan!.offense,
                defense: action.plan!.defense,
                banner: action.plan!.banner?.text ?? '',
              }
            : null;
      },
      afterStep: async (step, seat) => {
        if (base + step === 9) await addLateSpectator(table);
        const s = table.room.match!.state as JamesBlandState;
        const stillPlanning = submit && s.phase === 'planning';
        // The submission itself: only "has submitted" may reach the others before the reveal.
        const extra = (w: Watcher): string[] => {
          if (!stillPlanning || !submit || w.seat === seat) return [];
          return [
            ...(submit.offense !== 'safeTurn' ? [`"${submit.offense}"`, submit.offense] : []),
            ...(submit.defense !== 'none' ? [submit.defense] : []),
            ...(submit.banner ? [submit.banner] : []),
          ].filter((x) => !(w.seat >= 0 && w.t.json().seats[w.seat].private.legal.join().includes(x)));
        };
        if (stillPlanning && submit) {
          submissionsChecked++;
          if (submit.banner) bannersKept++;
          table.watchers.forEach((w, k) => {
            if (w.seat === seat || !before[k]) return;
            const allowed = (p: string) =>
              p === '.toAct' ||
              p.startsWith('.toAct.') ||
              p === '.serverTime' ||
              p.startsWith('.log') ||
              p === `.seats.${seat}.submitted` ||
              p === `.seats.${w.seat}.private.cameraView` ||
              p === '.spectators';
            const changed = changedPaths(before[k], w.t.json()).filter((p) => !allowed(p));
            if (changed.length) leaks.push({ watcher: w.name, where: 'state diff', secret: changed.join() });
          });
        }
        secretsChecked += check(table, leaks, extra);
        if (s.reveal) {
          const pub = jamesBland.view(s, SPECTATOR).public.reveal;
          for (const w of table.watchers) expect(JSON.parse(w.t.json().reveal)).toEqual(pub);
          hiddenAttackers.total += s.reveal.offenses.filter((o) => o.attacker === null).length;
        }
        if (leaks.length) throw new Error(`leak at step ${step}: ${JSON.stringify(leaks.slice(0, 5))}`);
      },
    });
    matches++;
  }
  expect(leaks).toEqual([]);
  // Whole matches: at least two played to their end (round limit or a victory).
  expect(matches).toBeGreaterThanOrEqual(2);
  expect(table.room.state.status).toBe('finished');
  expect(submissionsChecked).toBeGreaterThan(15);
  expect(bannersKept).toBeGreaterThan(0);
  expect(hiddenAttackers.total).toBeGreaterThan(0);
  expect(secretsChecked).toBeGreaterThan(submissionsChecked);
  console.info(
    `jamesBlandLeak: ${matches} matches, ${steps} client actions, ${submissionsChecked} submissions, ${secretsChecked} secrets checked`,
  );
});
