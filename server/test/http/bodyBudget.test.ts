/**
 * The budget of request bytes in flight (http/bodyLimit.ts), on streams standing in for requests:
 * shares are taken before reading, refused past the client's or the total, and given back when a
 * body is refused, aborted or too slow (nothing keeps what was received).
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { BodyBudget, BodyRefused, type BodyReservation, readBody } from '../../src/http/bodyLimit';

/** A stream with the headers readBody looks at. */
function fakeRequest(headers: Record<string, string> = {}): IncomingMessage & PassThrough {
  return Object.assign(new PassThrough(), { headers }) as unknown as IncomingMessage & PassThrough;
}

const refusalOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  return e instanceof BodyRefused ? e.refusal.code : e instanceof Error ? e.message : e;
};

test('shares add up per client and in total, and go back once', () => {
  const budget = new BodyBudget({ perClient: 100, total: 150 });
  const a = budget.open('a');
  expect(a.ensure(60)).toBeNull();
  expect(a.ensure(100)).toBeNull();
  expect(a.ensure(101)?.code).toBe('BODIES_IN_FLIGHT');
  const b = budget.open('b');
  expect(b.ensure(50)).toBeNull();
  expect(b.ensure(51)).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
  expect([budget.inFlight, budget.inFlightOf('a'), budget.inFlightOf('b')]).toEqual([150, 100, 50]);
  a.release();
  a.release();
  expect([budget.inFlight, budget.clients]).toEqual([50, 1]);
  b.release();
  expect([budget.inFlight, budget.clients]).toEqual([0, 0]);
  // 0 is no limit.
  expect(new BodyBudget({ perClient: 0, total: 0 }).open('a').ensure(1e12)).toBeNull();
});

test('a declared length is reserved whole before anything is read, or refused unread', async () => {
  const budget = new BodyBudget({ perClient: 1000, total: 1000 });
  const req = fakeRequest({ 'content-length': '800' });
  let share: BodyReservation | undefined;
  const body = readBody(req, { limit: 900, budget, client: 'a' }, (s) => (share = s));
  expect(budget.inFlight).toBe(800);
  expect(
    await refusalOf(readBody(fakeRequest({ 'content-length': '300' }), { limit: 900, budget, client: 'b' })),
  ).toBe('SERVER_BUSY');
  expect(
    await refusalOf(readBody(fakeRequest({ 'content-length': '901' }), { limit: 900, budget, client: 'b' })),
  ).toBe('TOO_LARGE');
  req.end(Buffer.alloc(800, 0x20));
  expect((await body).length).toBe(800);
  // Still held while the caller uses the body, given back when it says so.
  expect(budget.inFlight).toBe(800);
  share!.release();
  expect(budget.inFlight).toBe(0);
});

test('a chunked body takes its share as it arrives, and is refused at the byte over it', async () => {
  const budget = new BodyBudget({ perClient: 1000, total: 10_000 });
  const req = fakeRequest();
  const body = readBody(req, { limit: 5000, budget, client: 'a' });
  req.write(Buffer.alloc(600));
  await new Promise((r) => setImmediate(r));
  expect(budget.inFlight).toBe(600);
  req.write(Buffer.alloc(600));
  expect(await refusalOf(body)).toBe('BODIES_IN_FLIGHT');
  expect(budget.inFlight).toBe(0);
});

test('an aborted or too slow body gives its share back', async () => {
  const budget = new BodyBudget({ perClient: 1000, total: 1000 });
  const aborted = fakeRequest({ 'content-length': '500' });
  const a = readBody(aborted, { limit: 1000, budget, client: 'a' });
  aborted.write(Buffer.alloc(100));
  aborted.destroy();
  expect(await refusalOf(a)).toBe('The request was aborted.');
  expect(budget.inFlight).toBe(0);

  const slow = fakeRequest({ 'content-length': '500' });
  const s = readBody(slow, { limit: 1000, budget, client: 'a', deadlineMs: 20 });
  slow.write(Buffer.alloc(100));
  expect(await refusalOf(s)).toBe('TOO_SLOW');
  expect(budget.inFlight).toBe(0);
});
