/**
 * A real server process run as `npm start` runs it (`node server/dist/index.js`, built on demand:
 * see builtServer.ts; the LAN test does the same), on loopback, with its own DATA_DIR; and a client seat that reconnects by itself the way
 * the web client's ColyseusTable does: the reconnection token first, then `joinById` with the seat
 * token, with backoff, until it is back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { ServerMsg } from '@parlor/shared';
import { Client, type Room } from '@colyseus/sdk';
import { ROOT, ensureBuiltServer } from '../helpers/builtServer';
import { type Tracked, messagesOf, sleep, track } from '../helpers/clients';

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  startedInMs: number;
}

/**
 * Every server process started here that has not exited yet. A test file's afterAll ends them with
 * stopAllServers(), including one whose start failed or timed out before the test got its handle;
 * should the jest worker exit anyway, they are killed with it.
 */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * `signal` (SIGTERM: a graceful stop) to every server process still running, and SIGKILL to any
 * that has not exited within `graceMs` (the server's own stop deadline is 8 s): resolves once none
 * is left.
 */
export async function stopAllServers(signal: NodeJS.Signals = 'SIGTERM', graceMs = 12_000): Promise<void> {
  const children = [...live];
  const gone = children.map(
    (c) =>
      new Promise<void>((resolve) => {
        if (c.exitCode !== null || c.signalCode !== null) resolve();
        else c.once('exit', () => resolve());
      }),
  );
  for (const c of children) c.kill(signal);
  const all = Promise.all(gone);
  if ((await Promise.race([all.then(() => true), sleep(graceMs).then(() => false)])) === false)
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await all;
}

export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  /** Another built entry to run (a test's own server, see builtServer.ts). */
  script?: string,
): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['ADVERTISE_HOST', 'MONITOR_PASSWORD', 'REDIS_URL', 'PUBLIC_ADDRESS', 'CLIENT_DIR'])
    delete childEnv[key];
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    SERVER_NAME: 'Persistence test',
    DISCOVERY: 'off',
    QR: 'off',
    DATA_DIR: dataDir,
    BOT_DELAY_MS: '30',
    RECONNECT_SECONDS: '60',
    ...env,
  });
  const entry = script ?? ensureBuiltServer();
  const started = Date.now();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  const deadline = Date.now() + 120_000; // a ceiling only: a loaded machine starts it slowly
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/info`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { port, child, output: () => log, exited, startedInMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(`The server did not start. Its output:\n${log}`);
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill(signal);
  return server.exited;
}

/**
 * One person's (or a spectator's) connection to a table, kept alive across server restarts without
 * the test doing anything, like the web client: the SDK reconnects a dropped connection by itself,
 * and when it cannot, the seat rejoins with its seat token, 250 ms doubling up to 2 s.
 */
export class AutoSeat {
  /** Every seat made, so a test can end their retry loops whatever happened. */
  static readonly all = new Set<AutoSeat>();
  t: Tracked;
  /** Every Room this seat has had, oldest first, and what each received. */
  readonly rooms: Room[] = [];
  readonly tracked: Tracked[] = [];
  /** Each unexpected drop, with how many `shutdown` messages that connection had received first. */
  readonly drops: { at: number; shutdownsBefore: number }[] = [];
  reconnectedAt: number[] = [];
  private leaving = false;
  private retrying: Promise<void> | null = null;

  private constructor(
    private readonly endpoint: string,
    readonly roomId: string,
    private readonly name: string,
    private readonly spectator: boolean,
    room: Room,
  ) {
    this.t = this.attach(room);
  }

  static async create(port: number, game: string, options: Record<string, unknown>): Promise<AutoSeat> {
    const endpoint = `ws://127.0.0.1:${port}`;
    const room = await new Client(endpoint).create(game, options);
    return new AutoSeat(endpoint, room.roomId, String(options.name), false, room);
  }

  static async join(port: number, roomId: string, name: string, spectator = false): Promise<AutoSeat> {
    const endpoint = `ws://127.0.0.1:${port}`;
    const room = await new Client(endpoint).joinById(roomId, spectator ? { name, spectator } : { name });
    return new AutoSeat(endpoint, roomId, name, spectator, room);
  }

  /** The seat token from the first welcome (a spectator has none). */
  get seatToken(): string {
    const first = this.tracked.find((t) => t.welcome?.seatToken);
    return first?.welcome?.seatToken ?? '';
  }

  /** `shutdown` messages received over every connection so far. */
  get shutdowns(): number {
    return this.tracked.reduce((n, t) => n + messagesOf(t, ServerMsg.shutdown).length, 0);
  }

  private attach(room: Room): Tracked {
    this.rooms.push(room);
    // track() takes every message through onMessage('*'): no per-type handler here, or '*' misses it.
    const t = track(room);
    this.tracked.push(t);
    // As ColyseusTable: after a drop the SDK reconnects this same Room by itself; when it cannot
    // (the server restarted, or shut down), the seat rejoins with its seat token.
    room.reconnection.minUptime = 0;
    let away = false;
    let back: ((rejoin?: Promise<void>) => void) | null = null;
    const noteDrop = () => {
      if (away) return;
      away = true;
      this.drops.push({ at: Date.now(), shutdownsBefore: messagesOf(t, ServerMsg.shutdown).length });
    };
    room.onDrop(() => {
      if (room !== this.t?.room || this.leaving || away) return;
      this.retrying = new Promise<void>((resolve) => (back = (rejoin) => resolve(rejoin)));
      noteDrop();
    });
    room.onReconnect(() => {
      if (room !== this.t?.room) return;
      away = false;
      this.reconnectedAt.push(Date.now());
      back?.();
      back = null;
    });
    room.onLeave(() => {
      if (room !== this.t?.room || this.leaving) return back?.();
      noteDrop();
      const rejoin = this.retry();
      if (back) back(rejoin);
      else this.retrying = rejoin;
      back = null;
    });
    this.t = t;
    AutoSeat.all.add(this);
    return t;
  }

  private async retry(): Promise<void> {
    for (let attempt = 0; !this.leaving; attempt++) {
      await sleep(Math.min(250 * 2 ** attempt, 2000));
      const client = new Client(this.endpoint);
      let room: Room | null = null;
      const options = this.spectator
        ? { name: this.name, spectator: true }
        : { name: this.name, seatToken: this.seatToken };
      try {
        room = await client.joinById(this.roomId, options);
      } catch {
        // server still down, or not ready: try again
      }
      if (room) {
        if (this.leaving) {
          void room.leave(true);
          return;
        }
        this.attach(room);
        this.reconnectedAt.push(Date.now());
        return;
      }
    }
  }

  /** Resolves once a retry in progress has landed. */
  async settled(): Promise<void> {
    while (this.retrying) {
      const r = this.retrying;
      await r;
      if (this.retrying === r) this.retrying = null;
    }
  }

  async leave(): Promise<void> {
    this.leaving = true;
    AutoSeat.all.delete(this);
    await this.t.room.leave(true).catch(() => undefined);
  }

  static async leaveAll(): Promise<void> {
    await Promise.all([...AutoSeat.all].map((s) => s.leave()));
  }
}
