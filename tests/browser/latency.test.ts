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
        w.__sentAt.push(performance.now());
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
});
