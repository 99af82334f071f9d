/**
 * Bots off the game loop: a small pool of worker threads (botWorker.ts) that take a seat's view,
 * the legal actions and a generator state, and answer with the bot's action. A map game's AI
 * thinks for up to ~0.7 s, a hard searching bot longer; on the event loop that would hold every
 * other table for as long. In a thread it does not (the thread runs at a lower priority: the loop
 * wins the core whenever both want it).
 *
 * Which decisions go: every game and level starts in the pool; one whose decisions have been cheap
 * (under CHEAP_MS of CPU) INLINE_AFTER times in a row is decided in process from then on (a round
 * trip costs more than it), and goes back to the pool for good the first time one takes SLOW_MS or
 * more (one that ever took that long, in a thread too, is never decided in process).
 *
 * Where a thread cannot be used (it failed to start or crashed too often, or a game only this
 * process knows), the answer is `unavailable` and the caller decides in process, as before.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type BotLevel, DEFAULT_BOT_LEVEL } from '@parlor/shared';
import type { Hint } from '@parlor/shared/core/hint';
import type { BotChoice, BotJob, HintJob } from './botDecision';
import type { BotReply, BotRequest, BotTask, BotWorkerData } from './botWorker';
import { recordBotDecision, reportThreadHeaps } from './botStats';

/** A decision taking longer is given up (the thread is replaced) and the table plays a random legal action. */
export const BOT_TIMEOUT_MS = 10_000;
/** How long a new thread may take to load the games before its first job is given up. */
export const BOT_STARTUP_MS = 60_000;
/**
 * How much nicer the bot threads are than the server's event loop: the loop wins a shared core
 * (CFS weights about 3:1), and a bot still thinks at a fair pace beside a busy loop.
 */
export const BOT_NICE = 5;
/** An idle thread is stopped after this long (its memory goes back; the next decision starts one). */
export const BOT_IDLE_MS = 5 * 60_000;
/** A decision this cheap (ms of CPU) is not worth a thread... */
export const CHEAP_MS = 1;
/** ...once this many in a row were. */
export const INLINE_AFTER = 20;
/** An in-process decision this slow (ms of CPU) sends its game and level back to the pool. */
export const SLOW_MS = 4;
/** Threads that crashed beyond this many make the pool unavailable (everything decides in process). */
const MAX_CRASHES = 3;

type Failed = { ok: false; reason: 'unavailable' | 'timeout' | 'failed'; message: string };
export type BotAnswer = ({ ok: true; cpuMs: number } & BotChoice) | Failed;
export type HintAnswer = { ok: true; hint: Hint; cpuMs: number } | Failed;
/** What a thread answers, a decision or a hint. */
type ThreadAnswer = BotAnswer | HintAnswer;

export interface BotPoolOptions {
  threads?: number;
  timeoutMs?: number;
  /** Cheap decisions in a row before a game and level is decided in process (Infinity: never). */
  inlineAfter?: number;
  /** Test-only: modules whose `workerGames` the threads add to the registry's games. */
  modules?: string[];
  /** Test-only: handed to those modules in the thread (a SharedArrayBuffer gate, say). */
  shared?: unknown;
}

interface Pending {
  id: number;
  task: BotTask;
  resolve: (answer: ThreadAnswer) => void;
}

/** One thread, one decision at a time. */
class BotThread {
  readonly worker: Worker;
  running: Pending | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    data: BotWorkerData,
    private readonly onGone: (thread: BotThread, crashed: boolean) => void,
  ) {
    this.worker = startWorker(data);
    this.worker.unref();
    this.worker.on('message', (reply: BotReply) => this.answer(reply));
    this.worker.on('error', (e) => console.error('[bots] a bot thread failed', e));
    this.worker.on('exit', (code) => {
      this.fail('unavailable', `the bot thread stopped (${code})`);
      this.onGone(this, code !== 0 && code !== 1);
    });
  }

  run(task: Pending, timeoutMs: number): void {
    this.running = task;
    this.worker.postMessage({ id: task.id, ...task.task } satisfies BotRequest);
    // A decision's limit counts from when the thread is ready: loading every game (from TypeScript
    // under tests) on a busy core is not the bot thinking. A thread that never gets ready has its own.
    this.timeoutMs = timeoutMs;
    this.startClock(
      this.ready ? timeoutMs : Math.max(timeoutMs, BOT_STARTUP_MS),
      this.ready ? 'no decision' : 'no start',
    );
  }

  private timeoutMs = BOT_TIMEOUT_MS;
  private ready = false;

  private startClock(ms: number, what: 'no decision' | 'no start'): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fail(
        'timeout',
        what === 'no decision'
          ? `no decision within ${ms} ms`
          : `the bot thread did not start within ${ms} ms`,
      );
      void this.worker.terminate();
    }, ms);
    this.timer.unref();
  }

  private answer(reply: BotReply): void {
    if ('ready' in reply) {
      this.ready = true;
      if (this.running) this.startClock(this.timeoutMs, 'no decision');
      return;
    }
    const task = this.running;
    if (!task || task.id !== reply.id) return;
    this.settle(
      reply.ok
        ? 'hint' in reply
          ? { ok: true, hint: reply.hint, cpuMs: reply.cpuMs }
          : { ok: true, action: reply.action, index: reply.index, rng: reply.rng, cpuMs: reply.cpuMs }
        : {
            ok: false,
            reason: reply.reason === 'unknown-game' ? 'unavailable' : 'failed',
            message: reply.message,
          },
    );
  }

  private fail(reason: 'unavailable' | 'timeout', message: string): void {
    if (this.running) this.settle({ ok: false, reason, message });
  }

  private settle(answer: ThreadAnswer): void {
    const task = this.running!;
    this.running = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    task.resolve(answer);
  }
}

/**
 * The built server starts `botWorker.js` beside its bundle. Under Jest and tsx the sources are
 * TypeScript: the thread registers tsx first (with the test tsconfig's paths, as the upload
 * processes do).
 */
function startWorker(data: BotWorkerData): Worker {
  const compiled = __filename.endsWith('.js');
  if (compiled) return new Worker(path.join(__dirname, 'botWorker.js'), { workerData: data });
  const root = path.resolve(__dirname, '..', '..', '..');
  const tsx = require.resolve('tsx/cjs/api', { paths: [root] });
  const file = path.join(__dirname, 'botWorker.ts');
  return new Worker(`require(${JSON.stringify(tsx)}).register();require(${JSON.stringify(file)});`, {
    eval: true,
    workerData: data,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json') },
  });
}

/**
 * Per game and level: decided in process now? the cheap decisions in a row so far, and whether one
 * was ever slow. One that was stays in the pool for good: cheap decisions in a row (a card game's
 * early tricks) do not say the next one is, and a 100 ms one in process holds every table.
 */
export interface Route {
  inline: boolean;
  cheapRun: number;
  slowSeen: boolean;
}

/** A game and level's route after one of its decisions (or hints) took `cpuMs`, in a thread or in process. */
export function routeAfter(route: Route, cpuMs: number, inlineAfter: number): Route {
  if (cpuMs >= SLOW_MS) return { inline: false, cheapRun: 0, slowSeen: true };
  const cheapRun = cpuMs < CHEAP_MS ? route.cheapRun + 1 : 0;
  return { ...route, cheapRun, inline: route.inline || (cheapRun >= inlineAfter && !route.slowSeen) };
}

export class BotPool {
  private readonly threads: BotThread[] = [];
  private readonly queue: Pending[] = [];
  private readonly routes = new Map<string, Route>();
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly inlineAfter: number;
  private readonly data: BotWorkerData;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private crashes = 0;
  private nextId = 1;
  private closed = false;
  /** What became of the decisions (tests count these; nothing here is timed). */
  readonly counts = { sent: 0, answered: 0, unavailable: 0, timedOut: 0, failed: 0, inline: 0, hints: 0 };

  constructor(options: BotPoolOptions = {}) {
    // Two even on one core (they share it at a lower priority than the loop): a cheap decision
    // need not wait behind a map game AI's second. More cores: one per core left, up to four.
    this.size = options.threads ?? Math.max(2, Math.min(4, os.availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? BOT_TIMEOUT_MS;
    this.inlineAfter = options.inlineAfter ?? INLINE_AFTER;
    const nice = Math.min(19, os.getPriority() + BOT_NICE);
    this.data = { nice, modules: options.modules ?? [], shared: options.shared };
    reportThreadHeaps(async () => ({
      kind: 'bot threads',
      heaps: await Promise.all(this.threads.map((t) => t.worker.getHeapStatistics())),
    }));
  }

  get available(): boolean {
    return !this.closed && this.crashes < MAX_CRASHES;
  }

  /** True when this game and level's next decision should go to a thread. */
  wants(game: string, level: BotLevel | undefined): boolean {
    return this.available && !this.route(game, level).inline;
  }

  /** An in-process decision took `cpuMs`: a slow one sends its game and level back to the pool. */
  decidedInline(game: string, level: BotLevel | undefined, cpuMs: number): void {
    this.counts.inline++;
    recordBotDecision(game, cpuMs, 'inline');
    this.reroute(game, level, cpuMs);
  }

  decide(job: BotJob): Promise<BotAnswer> {
    return this.run({ job }).then((answer) => {
      this.tally(job.game, job.level, answer);
      return answer as BotAnswer;
    });
  }

  /**
   * A hint (roomHints.ts): the normal bot's choice and words, from the seat's view, in a thread.
   * Routed as the normal bot's decisions are: wants(game, DEFAULT_BOT_LEVEL) says whether to send it.
   */
  hint(job: HintJob): Promise<HintAnswer> {
    return this.run({ hint: job }).then((answer) => {
      if (answer.ok) this.counts.hints++;
      this.tally(job.game, DEFAULT_BOT_LEVEL, answer);
      return answer as HintAnswer;
    });
  }

  /** A hint worked out in process took `cpuMs` (its game's normal level is routed by it too). */
  hintedInline(game: string, cpuMs: number): void {
    this.counts.inline++;
    this.reroute(game, DEFAULT_BOT_LEVEL, cpuMs);
  }

  private run(task: BotTask): Promise<ThreadAnswer> {
    if (!this.available)
      return Promise.resolve({ ok: false, reason: 'unavailable', message: 'no bot threads' });
    this.counts.sent++;
    return new Promise<ThreadAnswer>((resolve) => {
      this.queue.push({ id: this.nextId++, task, resolve });
      this.pump();
    });
  }

  /** Threads running now (tests). */
  get threadCount(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      task.resolve({ ok: false, reason: 'unavailable', message: 'the server is stopping' });
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private reroute(game: string, level: BotLevel | undefined, cpuMs: number): void {
    this.routes.set(`${game}/${level ?? ''}`, routeAfter(this.route(game, level), cpuMs, this.inlineAfter));
  }

  private route(game: string, level: BotLevel | undefined): Route {
    const key = `${game}/${level ?? ''}`;
    let route = this.routes.get(key);
    if (!route) this.routes.set(key, (route = { inline: false, cheapRun: 0, slowSeen: false }));
    return route;
  }

  private tally(game: string, level: BotLevel | undefined, answer: ThreadAnswer): void {
    if (!answer.ok) {
      const key = answer.reason === 'timeout' ? 'timedOut' : answer.reason;
      this.counts[key]++;
      return;
    }
    this.counts.answered++;
    if (!('hint' in answer)) recordBotDecision(game, answer.cpuMs, 'thread');
    this.reroute(game, level, answer.cpuMs);
  }

  private pump(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    while (this.queue.length > 0 && this.available) {
      let thread = this.threads.find((t) => !t.running);
      if (!thread && this.threads.length < this.size) {
        try {
          thread = new BotThread(this.data, (gone, crashed) => this.gone(gone, crashed));
        } catch (e) {
          console.error('[bots] no bot thread could start; bots decide in process', e);
          this.crashes = MAX_CRASHES;
          break;
        }
        this.threads.push(thread);
      }
      if (!thread) return;
      thread.run(this.queue.shift()!, this.timeoutMs);
    }
    if (!this.available)
      for (const task of this.queue.splice(0))
        task.resolve({ ok: false, reason: 'unavailable', message: 'no bot threads' });
    if (this.threads.length > 0 && this.threads.every((t) => !t.running)) {
      this.idleTimer = setTimeout(() => void this.stopIdle(), BOT_IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private async stopIdle(): Promise<void> {
    for (const t of this.threads.filter((t) => !t.running)) await t.worker.terminate();
  }

  private gone(thread: BotThread, crashed: boolean): void {
    const i = this.threads.indexOf(thread);
    if (i >= 0) this.threads.splice(i, 1);
    if (crashed) this.crashes++;
    if (!this.closed) this.pump();
  }
}

let shared: BotPool | null | undefined;

/**
 * The process's bot threads: the built server's (PARLOR_BENCH_STATS, PARLOR_BOT_THREADS: bench-only). Under Jest and tsx (sources run as TypeScript) a
 * thread would load every game from source, seconds each: there bots decide in process unless a
 * test gives its room a pool of its own (registerRooms.ts RoomVariant.botPool).
 */
export function botPool(): BotPool | null {
  // PARLOR_BOT_THREADS=0: bench/party.ts's comparison run, bots on the event loop as before.
  const off = process.env.PARLOR_BOT_THREADS === '0';
  if (shared === undefined) shared = __filename.endsWith('.js') && !off ? new BotPool() : null;
  return shared;
}
