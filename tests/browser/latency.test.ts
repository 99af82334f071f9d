/// <reference lib="dom" />
/**
 * How long a click takes to leave the page: from the pointer press to the WebSocket frame it sends,
 * on a table of each game against the AI (Bankout's Draw, the first button of every registered
 * game's action strip, and a scripted single-click action of each game with a file in latency/).
 * Printed, never asserted as a time (this machine's load decides it); asserted: each click sent its
 * frame.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { games } from '@parlor/shared';
import { byTestId, frames, openCreateDialog, person, QUICK_BOTS, useServerAndBrowser } from './harness';
import type { SingleClick } from './latency/singleClick';

/** latency/<id>.ts: a game's scripted single-click action. */
const singleClicks = readdirSync(path.join(__dirname, 'latency'))
  .filter((f) => f.endsWith('.ts') && f !== 'singleClick.ts')
  .map((f) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { singleClick } = require(path.join(__dirname, 'latency', f)) as { singleClick: SingleClick };
    return [f.replace(/\.ts$/, ''), singleClick.name, singleClick.ids, singleClick.clicks] as const;
  });

const PORT = 2871;

/** Notes the time of every pointer press and of every WebSocket send that is not a clock ping. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __clickAt: number; __sentAt: number[] };
    w.__clickAt = 0;
    w.__sentAt = [];
    window.addEventListener('pointerdown', () => (w.__clickAt = performance.now()), true);
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      // Clock-sync pings are not the click's message.
      const bytes =
        data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : ArrayBuffer.isView(data)
            ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
            : null;
      const text = bytes ? String.fromCharCode(...bytes.slice(0, 64)) : String(data);
      if (!/ping/.test(text)) w.__sentAt.push(performance.now());
      return send.call(this, data);
    };
  });
}

/** Clicks `control` and returns the milliseconds from its pointer press to the frame it sent. */
async function clickToSocket(page: Page, control: Locator): Promise<number> {
  await page.evaluate(() => ((window as unknown as { __sentAt: number[] }).__sentAt = []));
  // Visible and enabled are checked by the caller; skip Playwright's wait for a still frame.
  await control.click({ force: true });
  const ms = await page.waitForFunction(
    () => {
      const w = window as unknown as { __clickAt: number; __sentAt: number[] };
      const sent = w.__sentAt.find((t) => t >= w.__clickAt);
      return sent === undefined ? null : sent - w.__clickAt;
    },
    undefined,
    { timeout: 10_000 },
  );
  return (await ms.jsonValue()) as number;
}

/** A table of `game` against the AI, playing. */
async function tableVsAi(page: Page, url: string, game: string): Promise<void> {
  await page.goto(url);
  await openCreateDialog(page, game);
  await byTestId(page, 'create-vs-ai').check();
  await byTestId(page, 'create-submit').click();
  await page.waitForFunction(() => document.body.dataset.tableStatus === 'playing', undefined, {
    timeout: 30_000,
  });
}

/**
 * The first of `ids` that is on screen and enabled, once the page's seat has a legal action (the
 * AI may move first), or null after `timeout`.
 */
async function firstReady(page: Page, ids: readonly string[], timeout = 90_000): Promise<string | null> {
  const found = await page
    .waitForFunction(
      (list) => {
        const snap = (
          window as unknown as { __parlor?: { table?: { snapshot(): { legal: unknown[] } | null } } }
        ).__parlor?.table?.snapshot();
        if (!snap || snap.legal.length === 0) return null;
        for (const id of list) {
          const el = document.querySelector(`[data-testid="${id}"]`) as HTMLButtonElement | null;
          if (el && !el.disabled && el.offsetParent !== null) return id;
        }
        return null;
      },
      ids,
      { timeout, polling: 100 },
    )
    .catch(() => null);
  return found ? ((await found.jsonValue()) as string) : null;
}

describe('a click to the socket', () => {
  // The bots' pace is not measured here: quick bots get the openings over with.
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS, fullFrameRate: true });

  test('Bankout: Draw (printed)', async () => {
    const { page, context } = await person(env.browser, 'Ada');
    await instrument(page);
    await page.goto(env.server.url);
    await openCreateDialog(page, 'bankout');
    await byTestId(page, 'create-vs-ai').check();
    await byTestId(page, 'create-submit').click();
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const draw = byTestId(page, 'action-draw');
      await page.waitForFunction(
        () => {
          const b = document.querySelector('[data-testid="action-draw"]') as HTMLButtonElement | null;
          return !!b && !b.disabled && b.offsetParent !== null;
        },
        undefined,
        { timeout: 30_000 },
      );
      await frames(page);
      await page.evaluate(() => ((window as unknown as { __sentAt: number[] }).__sentAt = []));
      await draw.click();
      const ms = await page.waitForFunction(
        () => {
          const w = window as unknown as { __clickAt: number; __sentAt: number[] };
          const sent = w.__sentAt.find((t) => t >= w.__clickAt);
          return sent === undefined ? null : sent - w.__clickAt;
        },
        undefined,
        { timeout: 10_000 },
      );
      samples.push((await ms.jsonValue()) as number);
      const over = await page.evaluate(() => document.body.dataset.tableStatus !== 'playing');
      if (over) break;
    }
    samples.sort((a, b) => a - b);
    console.log(
      `Bankout Draw, pointer press to WebSocket send: ${samples.map((s) => s.toFixed(1)).join(', ')} ms (median ${samples[Math.floor(samples.length / 2)]?.toFixed(1)})`,
    );
    expect(samples.length).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  test('every game: the first enabled button of its action strip (printed)', async () => {
    const lines: string[] = [];
    for (const { id: game } of games) {
      const { page, context } = await person(env.browser, 'Bo');
      await instrument(page);
      await page.goto(env.server.url);
      await openCreateDialog(page, game);
      await byTestId(page, 'create-vs-ai').check();
      await byTestId(page, 'create-submit').click();
      await page.waitForFunction(() => document.body.dataset.tableStatus === 'playing', undefined, {
        timeout: 30_000,
      });
      // Whatever the game offers first, once the seat has something to do (the AI may open; after
      // 10 s, whatever shows) and the page has drawn it.
      const enabled = '[data-testid="game-actions"] button:not([disabled]):not([data-keyboard-only])';
      await page
        .waitForFunction(
          () =>
            ((
              window as unknown as { __parlor?: { table?: { snapshot(): { legal: unknown[] } | null } } }
            ).__parlor?.table?.snapshot()?.legal.length ?? 0) > 0,
          undefined,
          { timeout: 10_000, polling: 100 },
        )
        .catch(() => undefined);
      await frames(page);
      const button = page.locator(`${enabled}:visible`).first();
      if ((await button.count()) === 0) {
        lines.push(`${game}: no enabled button in the action strip at the start (not measured)`);
        await context.close();
        continue;
      }
      const label = ((await button.textContent()) ?? '').trim();
      await page.evaluate(() => ((window as unknown as { __sentAt: number[] }).__sentAt = []));
      await button.click();
      const ms = await page
        .waitForFunction(
          () => {
            const w = window as unknown as { __clickAt: number; __sentAt: number[] };
            const sent = w.__sentAt.find((t) => t >= w.__clickAt);
            return sent === undefined ? null : sent - w.__clickAt;
          },
          undefined,
          { timeout: 3000 },
        )
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(() => null);
      lines.push(
        ms === null
          ? `${game}: "${label}" sent nothing by itself (a choice comes first; not measured)`
          : `${game}: "${label}" pointer press to WebSocket send ${ms.toFixed(1)} ms`,
      );
      await context.close();
    }
    console.log(`A click to the socket, per game:\n${lines.join('\n')}`);
    expect(lines).toHaveLength(games.length);
  }, 240_000);
  // A scripted path to a single-click action, for the games whose first strip button is not one.
  test.each(singleClicks)(
    '%s: a single-click action (printed)',
    async (game, name, ids, clicks) => {
      const { page, context } = await person(env.browser, 'Cy');
      await instrument(page);
      await tableVsAi(page, env.server.url, game);
      const samples: { id: string; ms: number }[] = [];
      for (let i = 0; i < clicks; i++) {
        const id = await firstReady(page, ids);
        if (!id) break;
        // The scene draws what came in before the click, as a person looks before clicking.
        await frames(page);
        const control = byTestId(page, id);
        if (!(await control.isVisible()) || !(await control.isEnabled())) continue;
        const before = await page.evaluate(() =>
          JSON.stringify(
            (window as unknown as { __parlor: { table: { snapshot(): unknown } } }).__parlor.table.snapshot(),
          ),
        );
        samples.push({ id, ms: await clickToSocket(page, control) });
        // The server's answer before the next click.
        await page
          .waitForFunction(
            (b) =>
              JSON.stringify(
                (
                  window as unknown as { __parlor: { table: { snapshot(): unknown } } }
                ).__parlor.table.snapshot(),
              ) !== b,
            before,
            { timeout: 15_000, polling: 100 },
          )
          .catch(() => undefined);
        if (await page.evaluate(() => document.body.dataset.tableStatus !== 'playing')) break;
      }
      console.log(
        `${name}, pointer press to WebSocket send: ${samples.map((s) => `${s.id} ${s.ms.toFixed(1)} ms`).join(', ')}`,
      );
      // Each click sent its frame (clickToSocket waits for it); the times are printed, not judged.
      expect(samples.length).toBeGreaterThan(0);
      await context.close();
    },
    180_000,
  );
});
