/**
 * The upload checks, from the event loop's side. Every upload (an import into the history, a saved
 * game loaded at a new table) goes through two low-priority child processes (uploadProcess.ts):
 *
 * 1. identify: its content is read and hashed (uploadCheck.ts `identifyUpload`, a fraction of a
 *    second even for the largest file). A content answered lately is answered again at once from
 *    the remembered verdict; one the caller already knows (the history has this match) at once too;
 *    an import identical to one waiting or being checked joins that job. Only new content goes on.
 * 2. check: its replay (seconds for the largest file), one at a time, the next job taken fairly
 *    across clients (fairQueue.ts).
 *
 * Limits: a client has at most `perClientLimit` uploads under way, the server `queueLimit`, and the
 * replays of all clients together take at most a budget of actions a minute.
 */
import { FairQueue } from './fairQueue';
import type { Identified, ImportChecked, LoadChecked, UploadJob, UploadRefusal } from './uploadCheck';
import { UploadProcess } from './uploadProcess';

/** Longest a check (replay) may run before it is given up. */
export const UPLOAD_TIMEOUT_MS = 30_000;
/** Longest reading a file's content may take (a fraction of a second for the largest). */
export const IDENTIFY_TIMEOUT_MS = 10_000;
/** Uploads under way on the server (being read, waiting or checked) beyond which new ones are refused. */
export const UPLOAD_QUEUE_LIMIT = 16;
/** Uploads one client may have under way (an import and a saved game, say). */
export const UPLOAD_PER_CLIENT_LIMIT = 2;
/**
 * The replays of every client together, in recorded actions: a burst, then this many a minute.
 * The largest legal file has ~24,600 (40,000 at most): about 8 of those at once, then 4 a minute.
 */
export const UPLOAD_ACTIONS_BURST = 200_000;
export const UPLOAD_ACTIONS_PER_MINUTE = 100_000;
/** Verdicts remembered (refusals: a file refused is refused again at once), and for how long. */
const VERDICTS_KEPT = 256;
const VERDICT_MS = 10 * 60_000;

export interface UploadPoolOptions {
  timeoutMs?: number;
  identifyTimeoutMs?: number;
  queueLimit?: number;
  perClientLimit?: number;
  actionsBurst?: number;
  actionsPerMinute?: number;
  /** The processes' nice value (uploadProcess.ts UPLOAD_NICE). */
  nice?: number;
}

export type IdentifiedUpload = Extract<Identified, { ok: true }>;

export interface CheckOptions {
  /** An answer the caller knows from the content alone (the history has this match): no replay. */
  known?: (upload: IdentifiedUpload) => UploadRefusal | undefined;
}

type Answer = ImportChecked | LoadChecked;

/** A replay waiting or under way, and everyone waiting for its answer. */
interface Job {
  key: string;
  client: string;
  job: UploadJob;
  waiters: ((answer: Answer) => void)[];
}

const refusal = (status: number, code: string, message: string, retryAfter?: number): UploadRefusal => ({
  ok: false,
  status,
  code,
  message,
  ...(retryAfter === undefined ? {} : { retryAfter }),
});

/**
 * What a check refuses for the file itself is refused again. Not a crash or a shutdown, nor a check
 * given up for taking too long: at a low priority that depends on how busy the server was.
 */
const remembered = (answer: Answer): answer is UploadRefusal =>
  !answer.ok && answer.status < 500 && answer.code !== 'TOO_SLOW';

/** A token bucket counted in actions replayed. */
class ActionBudget {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
  ) {
    this.tokens = burst;
  }

  take(actions: number, now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 60_000) * this.perMinute);
    this.last = now;
    if (this.tokens < Math.min(actions, this.burst)) return false;
    this.tokens -= actions;
    return true;
  }
}

export class UploadPool {
  private readonly identifier: UploadProcess;
  private readonly checker: UploadProcess;
  private readonly queue = new FairQueue<Job>();
  /** Imports waiting or being checked, by content: an identical one joins. */
  private readonly inFlight = new Map<string, Job>();
  private readonly verdicts = new Map<string, { answer: UploadRefusal; at: number }>();
  private readonly perClient = new Map<string, number>();
  private readonly budget: ActionBudget;
  private readonly queueLimit: number;
  private readonly perClientLimit: number;
  private underWay = 0;
  private running: Job | null = null;
  /** What became of the uploads so far (tests count these; nothing here is timed). */
  readonly counts = { identified: 0, replayed: 0, remembered: 0, known: 0, joined: 0 };
  /** Each replay's client, in the order they started. */
  readonly replayOrder: string[] = [];

  constructor(options: UploadPoolOptions = {}) {
    this.identifier = new UploadProcess(options.identifyTimeoutMs ?? IDENTIFY_TIMEOUT_MS, options.nice);
    this.checker = new UploadProcess(options.timeoutMs ?? UPLOAD_TIMEOUT_MS, options.nice);
    this.queueLimit = options.queueLimit ?? UPLOAD_QUEUE_LIMIT;
    this.perClientLimit = options.perClientLimit ?? UPLOAD_PER_CLIENT_LIMIT;
    this.budget = new ActionBudget(
      options.actionsBurst ?? UPLOAD_ACTIONS_BURST,
      options.actionsPerMinute ?? UPLOAD_ACTIONS_PER_MINUTE,
    );
  }

  /** The ids of the upload processes running now. */
  processIds(): number[] {
    return [this.identifier.pid, this.checker.pid].filter((pid) => pid !== undefined);
  }

  /** Replay processes started so far (a killed one is replaced by the next check). */
  get checkersStarted(): number {
    return this.checker.started;
  }

  check(
    job: Extract<UploadJob, { kind: 'import' }>,
    client: string,
    options?: CheckOptions,
  ): Promise<ImportChecked>;
  check(
    job: Extract<UploadJob, { kind: 'load' }>,
    client: string,
    options?: CheckOptions,
  ): Promise<LoadChecked>;
  check(job: UploadJob, client: string, options: CheckOptions = {}): Promise<Answer> {
    if (this.underWay >= this.queueLimit)
      return Promise.resolve(
        refusal(503, 'UPLOAD_QUEUE_FULL', 'The server is checking many files: try again in a minute.', 60),
      );
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.perClientLimit)
      return Promise.resolve(refusal(429, 'UPLOAD_BUSY', 'Your previous file is still being checked.'));
    this.perClient.set(client, mine + 1);
    this.underWay++;
    return this.identifyThenCheck(job, client, options).finally(() => {
      this.underWay--;
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    });
  }

  /** Stops both processes (shutdown, tests); uploads under way are refused (a later one starts them again). */
  async close(): Promise<void> {
    const stopping = refusal(503, 'SHUTTING_DOWN', 'The server is stopping.');
    for (const job of this.queue.drain()) for (const w of job.waiters) w(stopping);
    this.identifier.close();
    this.checker.close();
  }

  private async identifyThenCheck(job: UploadJob, client: string, options: CheckOptions): Promise<Answer> {
    const identified = await this.identifier.run<Identified>({ step: 'identify', job });
    this.counts.identified++;
    if (!identified.ok) return identified;
    const { key } = identified;
    const verdict = this.verdicts.get(key);
    if (verdict && Date.now() - verdict.at < VERDICT_MS) {
      this.counts.remembered++;
      return verdict.answer;
    }
    const known = options.known?.(identified);
    if (known) {
      this.counts.known++;
      return known;
    }
    // Two imports of one match get one answer (and only one of them goes into the history). Two
    // tables loading one saved game each get their own state: those are not joined.
    const twin = job.kind === 'import' ? this.inFlight.get(key) : undefined;
    if (twin) {
      this.counts.joined++;
      return new Promise((resolve) => twin.waiters.push(resolve));
    }
    if (!this.budget.take(identified.actions))
      return refusal(
        503,
        'UPLOADS_PAUSED',
        'The server has checked many files lately: try again in a minute.',
        60,
      );
    return new Promise((resolve) => {
      const entry: Job = { key, client, job, waiters: [resolve] };
      if (job.kind === 'import') this.inFlight.set(key, entry);
      this.queue.add(client, entry);
      this.pump();
    });
  }

  private pump(): void {
    if (this.running) return;
    const next = this.queue.next();
    if (!next) return;
    this.running = next;
    this.counts.replayed++;
    this.replayOrder.push(next.client);
    void this.checker.run<Answer>({ step: 'check', job: next.job }).then((answer) => {
      this.running = null;
      if (this.inFlight.get(next.key) === next) this.inFlight.delete(next.key);
      if (remembered(answer)) this.remember(next.key, answer);
      for (const w of next.waiters) w(answer);
      this.pump();
    });
  }

  private remember(key: string, answer: UploadRefusal): void {
    this.verdicts.delete(key);
    this.verdicts.set(key, { answer, at: Date.now() });
    // The oldest go first (a Map keeps insertion order).
    for (const old of this.verdicts.keys()) {
      if (this.verdicts.size <= VERDICTS_KEPT) break;
      this.verdicts.delete(old);
    }
  }
}

let shared: UploadPool | null = null;

/** The process's upload checks (one pool for every router that checks files). */
export function uploadPool(): UploadPool {
  return (shared ??= new UploadPool());
}
