/**
 * One upload process, from the event loop's side: a child process (uploadWorker.ts) running one
 * task at a time, in the order given, at a lower CPU priority than the server (its nice value), so
 * the tables' event loop wins the cores whenever both want them. A worker thread could not: it
 * shares the process's priority and its garbage collector's threads. Started at its first task;
 * a task that runs too long has the process killed (the next task starts a new one); an idle
 * process is stopped.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { UploadRefusal, UploadTask } from './uploadCheck';

/**
 * How much nicer the upload processes are than the server (nice values: 0 = default, 19 = only what
 * is left over). Relative: a server started with `nice` gets processes nicer still (at most 19).
 */
export const UPLOAD_NICE = 10;
/**
 * An idle process is stopped after this long (its memory goes back; the next upload starts one).
 * Starting one holds the event loop for a moment (a fork: ~0.1-0.2 s on a busy 2-core machine),
 * so it is not done often.
 */
export const UPLOAD_WORKER_IDLE_MS = 5 * 60_000;

const refusal = (status: number, code: string, message: string): UploadRefusal => ({
  ok: false,
  status,
  code,
  message,
});

/**
 * The built server forks `uploadWorker.js` beside it. Under Jest and tsx the sources are
 * TypeScript: the child then loads tsx first (with the test tsconfig's paths, so @parlor/shared is
 * its source).
 */
function startChild(nicer: number): ChildProcess {
  const nice = Math.min(19, os.getPriority() + nicer);
  const compiled = __filename.endsWith('.js');
  const root = path.resolve(__dirname, '..', '..', '..');
  const child = fork(path.join(__dirname, compiled ? 'uploadWorker.js' : 'uploadWorker.ts'), [], {
    serialization: 'advanced',
    execArgv: compiled ? [] : ['--require', require.resolve('tsx/cjs', { paths: [root] })],
    env: {
      ...process.env,
      PARLOR_UPLOAD_NICE: String(nice),
      ...(compiled ? {} : { TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.tests.json') }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Its first thread at once (the child renices all of its threads when it starts).
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, nice);
    } catch {
      // gone already, or not permitted: the child tries again itself
    }
  }
  return child;
}

interface Task {
  id: number;
  task: UploadTask;
  resolve: (answer: unknown) => void;
}

export class UploadProcess {
  private child: ChildProcess | null = null;
  private ready = false;
  private running: Task | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly queue: Task[] = [];
  private nextId = 1;
  /** Processes started so far (tests: a killed one is replaced). */
  started = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly nice = UPLOAD_NICE,
  ) {}

  /** The running process's id, if one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether a task is running or waiting. */
  get busy(): boolean {
    return this.running !== null || this.queue.length > 0;
  }

  /** Runs `task` after the ones given before it; a refusal if it fails or takes too long. */
  run<T>(task: UploadTask): Promise<T | UploadRefusal> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, task, resolve: resolve as (answer: unknown) => void });
      this.pump();
    });
  }

  /** Stops the process (shutdown, tests); tasks under way or waiting are refused. */
  close(): void {
    const stopping = refusal(503, 'SHUTTING_DOWN', 'The server is stopping.');
    for (const t of this.queue.splice(0)) t.resolve(stopping);
    this.finish(stopping);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.kill();
  }

  private pump(): void {
    if (this.running) return;
    const next = this.queue.shift();
    if (!next) {
      this.stopWhenIdle();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running = next;
    const child = this.ensureChild();
    // Held open while it works (an idle one does not keep the server from exiting).
    child.channel?.ref();
    if (this.ready) this.startTimer();
    child.send({ id: next.id, task: next.task }, (e) => {
      if (e && this.running === next)
        this.finish(refusal(400, 'BAD_MATCH', `The file cannot be checked: ${e.message}`));
    });
  }

  /** The running task's time starts (once the process has loaded). */
  private startTimer(): void {
    if (this.timer || !this.running) return;
    this.timer = setTimeout(() => {
      // Killed, not waited for: the next task gets a fresh process.
      this.kill();
      this.finish(refusal(422, 'TOO_SLOW', 'Checking this file took too long: it was given up.'));
    }, this.timeoutMs);
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const child = startChild(this.nice);
    this.started++;
    this.ready = false;
    child.unref();
    child.on('message', (m: { ready?: true; id?: number; answer?: unknown }) => {
      if (this.child !== child) return;
      if (m.ready) {
        this.ready = true;
        this.startTimer();
      } else if (this.running?.id === m.id) this.finish(m.answer);
    });
    const failed = (message: string) => {
      if (this.child !== child) return;
      this.child = null;
      this.finish(refusal(500, 'INTERNAL', message));
    };
    child.on('error', (e) => failed(`The check failed: ${e.message}`));
    child.on('exit', () => failed('The check stopped.'));
    this.child = child;
    return child;
  }

  private stopWhenIdle(): void {
    if (!this.child || this.idleTimer) return;
    this.child.channel?.unref();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.busy) this.kill();
    }, UPLOAD_WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  private kill(): void {
    const child = this.child;
    this.child = null;
    child?.kill('SIGKILL');
  }

  private finish(answer: unknown): void {
    const done = this.running;
    if (!done) return;
    this.running = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    done.resolve(answer);
    this.pump();
  }
}
