/**
 * Where a game and level's bot decisions run (bots/botPool.ts routeAfter): in process after a run of
 * cheap ones, back to the threads after a slow one, and never in process again once one was slow
 * (a cheap run says nothing of the next decision: James Bland's early tricks are cheap, its later
 * ones took up to 125 ms on the event loop).
 */
import { CHEAP_MS, type Route, SLOW_MS, routeAfter } from '../../src/bots/botPool';

const fresh: Route = { inline: false, cheapRun: 0, slowSeen: false };
const after = (route: Route, cpuMs: number[], inlineAfter = 3) =>
  cpuMs.reduce((r, ms) => routeAfter(r, ms, inlineAfter), route);
const cheap = CHEAP_MS / 2;

test('a run of cheap decisions moves them in process; a costlier one breaks the run', () => {
  expect(after(fresh, [cheap, cheap]).inline).toBe(false);
  expect(after(fresh, [cheap, cheap, cheap]).inline).toBe(true);
  expect(after(fresh, [cheap, cheap, CHEAP_MS, cheap, cheap]).inline).toBe(false);
});

test('a slow decision sends them back to the threads, for good', () => {
  const inline = after(fresh, [cheap, cheap, cheap]);
  const back = routeAfter(inline, SLOW_MS, 3);
  expect(back).toEqual({ inline: false, cheapRun: 0, slowSeen: true });
  expect(
    after(
      back,
      Array.from({ length: 50 }, () => cheap),
    ).inline,
  ).toBe(false);
});

test('a slow one in a thread keeps them out of process too', () => {
  expect(after(fresh, [SLOW_MS, cheap, cheap, cheap, cheap]).inline).toBe(false);
  expect(after(fresh, [SLOW_MS - 0.5, cheap, cheap, cheap]).inline).toBe(true);
});
