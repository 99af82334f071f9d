/**
 * The app's upload checks (uploads/uploadPool.ts's shared pool) for a test file about what is
 * checked and where, not about the checks' deadlines: the same pool, but its processes at the
 * server's priority and with deadlines that are only ceilings. At its usual nice value (10) on a
 * machine loaded by other work (nice 0, load ~24 on 2 cores) the checker got almost no CPU: the
 * longest legal file came back TOO_SLOW after the product's 30 s, and small imports ran past the
 * tests' ceilings. uploadPool.test.ts covers the deadlines and the nice value themselves.
 * Call before bootParlor (the app takes the pool from `uploadPool()`).
 */
import * as uploads from '../../src/uploads/uploadPool';

/** The pool's options here: the server's priority, deadlines that are only ceilings. */
export const PATIENT_UPLOADS: uploads.UploadPoolOptions = {
  timeoutMs: 300_000,
  identifyTimeoutMs: 300_000,
  nice: 0,
};

export function patientUploadPool(): uploads.UploadPool {
  const pool = new uploads.UploadPool(PATIENT_UPLOADS);
  jest.spyOn(uploads, 'uploadPool').mockReturnValue(pool);
  return pool;
}
