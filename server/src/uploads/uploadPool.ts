/**
 * The upload worker, from the event loop's side: one worker thread (the machines Parlor runs on
 * have few cores, and the tables need them), started at the first upload, given one job at a
 * time. A job that runs too long has its worker terminated (the next job starts a new one); a
 * queue that is too long refuses new jobs at once.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ImportChecked, LoadChecked, UploadJob, UploadRefusal } from './uploadCheck';

/** Longest a check may run before it is given up. */
export const UPLOAD_TIMEOUT_MS = 30_000;
/** Uploads waiting for the worker beyond this are refused (each waits its turn, one per client). */
export const UPLOAD_QUEUE_LIMIT = 16;
/** An idle worker is stopped after this long (its memory goes back; the next upload starts one). */
export const UPLOAD_WORKER_IDLE_MS = 60_000;

interface Pending {
  id: number;
  job: UploadJob;
  transfer: ArrayBuffer[];
  resolve: (answer: ImportChecked | LoadChecked) => void;
}

const refusal = (status: number, code: string, message: string): UploadRefusal => ({
  ok: false,
  status,
  code,
  message,
});

/**
 * Under Jest and tsx the sources are TypeScript: the worker then registers tsx (with the test
 * tsconfig's paths, so @parlor/shared is its source) before requiring its entry.
 */
function startWorker(): Worker {
  const compiled = __filename.endsWith('.js');
  if (compiled) return new Worker(path.join(__dirname, 'uploadWorker.js'));
  const root = path.resolve(__dirname, '..', '..', '..');
  const entry = path.join(__dirname, 'uploadWorker.ts');
  const code = [
    `process.env.TSX_TSCONFIG_PATH = ${JSON.stringify(path.join(root, 'tsconfig.tests.json'))};`,
    `require(${JSON.stringify(require.resolve('tsx/cjs/api', { paths: [root] }))}).register();`,
    `require(${JSON.stringify(entry)});`,
  ].join('\n');
  return new Worker(code, { eval: true });
}

export class UploadPool {
  private worker: Worker | null = null;
  private running: Pending | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private workerReady = false;
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(
    private readonly timeoutMs = UPLOAD_TIMEOUT_MS,
    private readonly queueLimit = UPLOAD_QUEUE_LIMIT,
  ) {}

  check(job: { kind: 'import'; body: Uint8Array }): Promise<ImportChecked>;
  check(job: Extract<UploadJob, { kind: 'load' }>): Promise<LoadChecked>;
  check(job: UploadJob): Promise<ImportChecked | LoadChecked> {
    if (this.queue.length >= this.queueLimit)
      return Promise.resolve(
        refusal(503, 'BUSY', 'The server is checking many files: try again in a minute.'),
      );
    // The body's bytes move to the worker (no copy); the caller is done with them.
    const transfer =
      job.kind === 'import' && job.body.byteOffset === 0 && job.body.buffer.byteLength === job.body.byteLength
        ? [job.body.buffer as ArrayBuffer]
        : [];
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, job, transfer, resolve });
      this.pump();
    });
  }

  /** Stops the worker (shutdown, tests); queued jobs are refused. */
  async close(): Promise<void> {
    for (const p of this.queue.splice(0)) p.resolve(refusal(503, 'SHUTTING_DOWN', 'The server is stopping.'));
    this.finish(refusal(503, 'SHUTTING_DOWN', 'The server is stopping.'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private pump(): void {
    if (this.running) return;
    if (this.queue.length === 0) {
      this.stopWhenIdle();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const next = this.queue.shift()!;
    this.running = next;
    const worker = this.ensureWorker();
    if (this.workerReady) this.startTimer();
    try {
      worker.postMessage({ id: next.id, job: next.job }, next.transfer);
    } catch (e) {
      this.finish(refusal(400, 'BAD_MATCH', `The file cannot be checked: ${(e as Error).message}`));
    }
  }

  /** The running job's time starts (once the worker has loaded). */
  private startTimer(): void {
    if (this.timer || !this.running) return;
    this.timer = setTimeout(() => {
      // Terminated, not waited for: the next job gets a fresh worker.
      this.dropWorker();
      this.finish(refusal(422, 'TOO_SLOW', 'Checking this file took too long: it was given up.'));
    }, this.timeoutMs);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    this.workerReady = false;
    worker.on('message', (m: { ready?: true; id?: number; answer?: ImportChecked | LoadChecked }) => {
      if (this.worker !== worker) return;
      if (m.ready) {
        this.workerReady = true;
        this.startTimer();
      } else if (this.running?.id === m.id) this.finish(m.answer!);
    });
    const failed = (message: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.finish(refusal(500, 'INTERNAL', message));
    };
    worker.on('error', (e) => failed(`The check failed: ${e.message}`));
    worker.on('exit', () => failed('The check stopped.'));
    this.worker = worker;
    return worker;
  }

  private stopWhenIdle(): void {
    if (!this.worker || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.running && this.queue.length === 0) this.dropWorker();
    }, UPLOAD_WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  private dropWorker(): void {
    const w = this.worker;
    this.worker = null;
    if (w) void w.terminate();
  }

  private finish(answer: ImportChecked | LoadChecked): void {
    const done = this.running;
    if (!done) return;
    this.running = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    done.resolve(answer);
    this.pump();
  }
}

let shared: UploadPool | null = null;

/** The process's upload worker (one for every router that checks files). */
export function uploadPool(): UploadPool {
  return (shared ??= new UploadPool());
}
