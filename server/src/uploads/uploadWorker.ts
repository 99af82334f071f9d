/** The upload worker thread: runs each job it is sent (uploadCheck.ts) and posts the answer back. */
import { parentPort } from 'node:worker_threads';
import { runUploadJob, type UploadJob } from './uploadCheck';

parentPort?.on('message', ({ id, job }: { id: number; job: UploadJob }) => {
  let answer;
  try {
    answer = runUploadJob(job);
  } catch (e) {
    answer = {
      ok: false,
      status: 500,
      code: 'INTERNAL',
      message: `The check failed: ${(e as Error).message}`,
    };
  }
  parentPort!.postMessage({ id, answer });
});
// Loaded: the time a job may take counts from now (not the worker's start-up).
parentPort?.postMessage({ ready: true });
