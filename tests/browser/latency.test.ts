/// <reference lib="dom" />
/**
 * How long a click takes to leave the page: from the pointer press on Bankout's Draw button to the
 * WebSocket frame it sends (printed, never asserted as a time: this machine's load decides it).
 */
import { byTestId, person, useServerAndBrowser } from './harness';

const PORT = 2871;

describe('a click to the socket', () => {
  const env = useServerAndBrowser(PORT);

  test('Bankout: Draw (printed)', async () => {
    const { page, context } = await person(env.browser, 'Ada');
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
    await page.goto(env.server.url);
    await byTestId(page, 'create-bankout').click({ timeout: 30_000 });
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
      await page.waitForTimeout(300);
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
    for (const game of ['bankout', 'kingpin', 'devices', 'tactical-risk', 'james-bland']) {
      const { page, context } = await person(env.browser, 'Bo');
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
      await page.goto(env.server.url);
      await byTestId(page, `create-${game}`).click({ timeout: 30_000 });
      await byTestId(page, 'create-vs-ai').check();
      await byTestId(page, 'create-submit').click();
      await page.waitForFunction(() => document.body.dataset.tableStatus === 'playing', undefined, {
        timeout: 30_000,
      });
      // Whatever the game offers first, once the opening moves (bots, animations) have settled.
      await page.waitForTimeout(2500);
      const button = page.locator('[data-testid="game-actions"] button:not([disabled]):visible').first();
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
    expect(lines).toHaveLength(5);
  }, 240_000);
});
