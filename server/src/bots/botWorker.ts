/**
 * A bot thread (see botPool.ts): decides each job it is sent from the seat's view alone
 * (botDecision.ts) and answers with the action, the generator after it and the thread's CPU time.
 * First thing, its own thread is reniced: the tables' event loop wins the core whenever both want it.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type AnyGameDefinition, gameById } from '@parlor/shared';
import type { Hint } from '@parlor/shared/core/hint';
import { type BotJob, type HintJob, decideFrom, hintFrom } from './botDecision';

/** What a thread is asked: a bot's decision, or a hint (the normal bot's choice with its words). */
export type BotTask = { job: BotJob } | { hint: HintJob };
export type BotRequest = { id: number } & BotTask;
export type BotReply =
  | {
      id: number;
      ok: true;
      action: BotJob['legal'][number];
      index: number;
      rng: BotJob['rng'];
      cpuMs: number;
    }
  | { id: number; ok: true; hint: Hint; cpuMs: number }
  | { id: number; ok: false; reason: 'failed' | 'unknown-game'; message: string }
  /** Sent once, when the games are loaded and the thread takes jobs (a decision's clock starts then). */
  | { ready: true };

export interface BotWorkerData {
  /** Nice value for this thread (Linux: per thread). */
  nice: number;
  /** Test-only: modules whose `workerGames` export adds games the registry does not hold. */
  modules: string[];
  /** Test-only: handed to those modules (a gate a test opens, say). */
  shared?: unknown;
}

function reniceThisThread(nice: number): void {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>": this thread's id.
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) os.setPriority(tid, nice);
    // Named for `top -H` and the party bench's CPU by thread.
    fs.writeFileSync('/proc/thread-self/comm', 'parlor-bot');
  } catch {
    // not Linux, or not permitted: the decisions still run, at the server's priority
  }
}

const data = workerData as BotWorkerData;
reniceThisThread(data.nice);

const extra = new Map<string, AnyGameDefinition>();
for (const file of data.modules) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { workerGames?: AnyGameDefinition[] };
  for (const def of mod.workerGames ?? []) extra.set(def.id, def);
}

parentPort!.on('message', (request: BotRequest) => {
  const { id } = request;
  const game = 'job' in request ? request.job.game : request.hint.game;
  const def = extra.get(game) ?? gameById(game);
  let reply: BotReply;
  if (!def) {
    reply = { id, ok: false, reason: 'unknown-game', message: `no game ${game} in the bot thread` };
  } else {
    const before = process.threadCpuUsage();
    try {
      const answer = 'job' in request ? decideFrom(def, request.job) : { hint: hintFrom(def, request.hint) };
      const used = process.threadCpuUsage(before);
      reply = { id, ok: true, ...answer, cpuMs: (used.user + used.system) / 1000 };
    } catch (e) {
      reply = { id, ok: false, reason: 'failed', message: (e as Error).message };
    }
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true } satisfies BotReply);
