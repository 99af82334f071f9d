/// <reference lib="dom" />
/**
 * The lobby holds still while its lists arrive: the layout shifts of its first seconds (a
 * PerformanceObserver on 'layout-shift', buffered, so the shifts before the observer count too)
 * add up to under 0.1 on a phone (360x740, touch) and on a desktop (1280x800).
 *
 * On loopback everything would arrive before the first paint and nothing could shift, so each
 * answer the lobby waits for is held back (the game list, this server, discovery, the history)
 * and the fonts, the way a phone on a busy Wi-Fi gets them: they land after the page has painted.
 * The sum of every shift is taken (not Lighthouse's worst 5 s window), so it is the stricter number.
 */
import type { Page, Route } from 'playwright-core';
import { byTestId, launchBrowser, person, shoot, startServer, type RunningServer } from './harness';
import type { Browser } from 'playwright-core';

const PORT = 2983;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ShiftWindow = Window & { __shifts?: { value: number; at: number; sources: string[] }[] };

/** Sums the page's layout shifts (none caused by input) from its start, with what moved. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as ShiftWindow;
    w.__shifts = [];
    const describe = (n: Node | null | undefined): string => {
      const el = n instanceof Element ? n : n?.parentElement;
      if (!el) return '?';
      const id = el.closest('[data-testid]')?.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/ +/g, '.')}${id ? `@${id}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (e.hadRecentInput) continue;
        w.__shifts!.push({
          value: e.value,
          at: Math.round(e.startTime),
          sources: (e.sources ?? []).map(
            (s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds back every answer the lobby's lists wait for by `ms`. */
async function slowLists(page: Page, ms: number): Promise<void> {
  const slow = async (route: Route) => {
    await sleep(ms);
    await route.continue().catch(() => undefined);
  };
  // The fonts too: text drawn first in a fallback font and then in Inter must not move the page.
  for (const p of [
    '**/api/games',
    '**/api/info',
    '**/api/discovery',
    '**/api/history**',
    '**/matchmake/**',
    '**/*.woff2',
  ])
    await page.route(p, slow);
}

describe('the lobby holds still while its lists arrive', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer(PORT);
    browser = await launchBrowser();
  }, 240_000); // a server's start on a busy machine (see startServer)
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const size of [
    { name: 'phone', width: 360, height: 740 },
    { name: 'desktop', width: 1280, height: 800 },
  ])
    test(`${size.name} ${size.width}x${size.height}: cumulative layout shift under 0.1`, async () => {
      const { page, context } = await person(browser, 'Ada', { width: size.width, height: size.height });
      await watchShifts(page);
      await slowLists(page, 900);
      await page.goto(server.url);
      await byTestId(page, 'create-bankout').waitFor({ timeout: 30_000 });
      await byTestId(page, 'server-self').waitFor({ timeout: 30_000 });
      await byTestId(page, 'history-self').waitFor({ timeout: 30_000 });
      await sleep(1500); // the history's answer and anything late
      const shifts = await page.evaluate(() => (window as ShiftWindow).__shifts ?? []);
      const cls = shifts.reduce((a, s) => a + s.value, 0);
      console.log(
        `lobby ${size.width}x${size.height}: layout shift ${cls.toFixed(4)} in ${shifts.length} shifts` +
          shifts.map((s) => `\n  ${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join('; ')}`).join(''),
      );
      await shoot(page, `lobby-settled-${size.width}x${size.height}`);
      expect(cls).toBeLessThan(0.1);
      await context.close();
    }, 60_000);
});
