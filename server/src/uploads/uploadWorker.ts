/**
 * The upload process (a child process, see uploadProcess.ts): runs each task it is sent
 * (uploadCheck.ts) and sends the answer back. It runs at a lower priority than the server: first
 * thing, every thread it has is reniced (on Linux a nice value is per thread, and node started its
 * helper threads before this line; threads started later inherit it).
 */
import fs from 'node:fs';
import os from 'node:os';
import { type UploadTask, runUploadTask } from './uploadCheck';

function renice(nice: number): void {
  let threads: number[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // not Linux: the process's own priority is all there is
  }
  for (const tid of threads.length ? threads : [0]) {
    try {
      os.setPriority(tid, nice);
    } catch {
      // a thread that is gone, or a system that does not let us: the check still runs
    }
  }
}

renice(Number(process.env.PARLOR_UPLOAD_NICE ?? 10));

process.on('message', ({ id, task }: { id: number; task: UploadTask }) => {
  let answer;
  try {
    answer = runUploadTask(task);
  } catch (e) {
    answer = {
      ok: false,
      status: 500,
      code: 'INTERNAL',
      message: `The check failed: ${(e as Error).message}`,
    };
  }
  process.send!({ id, answer });
});
// The parent gone: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
// Loaded: the time a task may take counts from now (not the process's start-up).
process.send!({ ready: true });
