/** The HTTP helpers: backoff, retrying until a slow server answers, and reading join refusals. */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { JoinErrorCode } from '@parlor/shared/core/protocol';
import {
  backoffMs,
  describeError,
  getJsonRetrying,
  HttpError,
  isClaimNeeded,
  isKicked,
  isTableFull,
  isUnreachable,
  type RetryProgress,
} from './client';

describe('backoffMs', () => {
  it('doubles from half a second and stays at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(backoffMs)).toEqual([500, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('getJsonRetrying', () => {
  const realFetch = globalThis.fetch;
  let answers: (() => Promise<Response>)[];
  let asked: string[];
  beforeEach(() => {
    jest.useFakeTimers();
    answers = [];
    asked = [];
    globalThis.fetch = ((url: string) => {
      asked.push(url);
      const next = answers.shift();
      return next ? next() : Promise.reject(new TypeError('Failed to fetch'));
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });
  const json =
    (body: unknown, status = 200) =>
    () =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('retries network errors and 5xx with backoff until an answer, reporting each attempt', async () => {
    answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      json({}, 503),
      json([{ id: 'bankout' }]),
    ];
    const progress: RetryProgress[] = [];
    const p = getJsonRetrying<{ id: string }[]>(
      '/api/games',
      (r) => progress.push(r),
      () => false,
    );
    await jest.advanceTimersByTimeAsync(500); // backoff after attempt 1
    await jest.advanceTimersByTimeAsync(1000); // after attempt 2
    await expect(p).resolves.toEqual([{ id: 'bankout' }]);
    expect(asked).toEqual(['/api/games', '/api/games', '/api/games']);
    expect(progress).toEqual([
      { attempt: 1, lastError: '' },
      { attempt: 2, lastError: 'Failed to fetch' },
      { attempt: 3, lastError: '/api/games: HTTP 503' },
    ]);
  });

  it('rejects a 4xx at once (retrying would not change it), but retries 429', async () => {
    answers = [json({}, 429), json({}, 404)];
    const p = getJsonRetrying(
      '/api/tables/code/ZZZZ',
      () => undefined,
      () => false,
    );
    const settled = p.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await jest.advanceTimersByTimeAsync(500);
    const err = await settled;
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(404);
    expect(asked).toHaveLength(2);
  });

  it('stops asking once the screen is gone (the promise never settles)', async () => {
    let stopped = false;
    const p = getJsonRetrying(
      '/api/info',
      () => undefined,
      () => stopped,
    );
    let settled = false;
    void p.finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    stopped = true;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(1);
    expect(settled).toBe(false);
  });
});

describe('reading errors', () => {
  it('describes anything thrown', () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('plain')).toBe('plain');
    expect(describeError({ message: 4212 })).toBe('4212');
    expect(describeError(null)).toBe('Something went wrong');
  });

  it('tells unreachable servers from refusals', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new HttpError(502, 'bad gateway'))).toBe(true);
    expect(isUnreachable(new HttpError(429, 'slow down'))).toBe(true);
    expect(isUnreachable(new HttpError(404, 'no such code'))).toBe(false);
  });

  it('recognises the join refusals by code', () => {
    expect(isClaimNeeded({ code: JoinErrorCode.CLAIM_NEEDED })).toBe(true);
    expect(isClaimNeeded({ code: JoinErrorCode.KICKED })).toBe(false);
    expect(isKicked({ code: JoinErrorCode.KICKED })).toBe(true);
    expect(isKicked(new Error('kicked'))).toBe(false);
    expect(isTableFull({ code: JoinErrorCode.TABLE_FULL })).toBe(true);
    expect(isTableFull(new Error('room "abc" is locked'))).toBe(true);
    expect(isTableFull(new Error('room not found'))).toBe(false);
  });
});
