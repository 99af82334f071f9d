/// <reference lib="dom" />
/**
 * Countdowns agree with the server: one player's clock runs 37 s fast and everything the server
 * sends it (the welcome first) is held back 3 s after it connects, as on a busy device. The page
 * measures its clock offset by ping (keeping the shortest round trip), so its countdowns and a
 * spectator's stay within 0.5 s of the server's deadline.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Page } from 'playwright-core';
import { ClientMsg } from '@parlor/shared/core/protocol';
import { byTestId, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2863;
const SKEW_MS = 37_000;
const HOLD_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Shown {
  /** snapshot().deadline - Date.now() on the page (its own, maybe skewed, clock). */
  leftMs: number;
  /** The top bar's countdown, in whole seconds. */
  text: string;
}

async function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const t = (window as any).__parlor?.table; // eslint-disable-line @typescript-eslint/no-explicit-any
    const snap = t?.snapshot();
    return {
      leftMs: snap && snap.deadline > 0 ? snap.deadline - Date.now() : NaN,
      text: document.querySelector('[data-testid="turn-countdown"]')?.textContent ?? '',
    };
  });
}

describe('countdowns', () => {
  const env = useServerAndBrowser(PORT);

  test('a skewed clock and a late welcome: every countdown within 0.5 s of the server', async () => {
    const host: Room = await new Client(env.server.ws).create('bankout', {
      name: 'Ada',
      options: { turnSeconds: 120 },
    });
    const bo = await person(env.browser, 'Bo');
    await bo.context.addInitScript((skew) => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + skew;
    }, SKEW_MS);
    // Hold everything the server sends this page for HOLD_MS after its room socket opens (the
    // welcome first). In the page: Playwright's routeWebSocket does not suit colyseus.js, which
    // first calls the WebSocket constructor with an object for the protocols and expects a throw.
    await bo.context.addInitScript((hold) => {
      const Native = WebSocket;
      const setOnMessage = Object.getOwnPropertyDescriptor(Native.prototype, 'onmessage')!.set!;
      class Held extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          if (!/sessionId=/.test(String(url))) return;
          const opened = performance.now();
          let handler: ((e: MessageEvent) => void) | null = null;
          let queue: MessageEvent[] | null = [];
          setTimeout(() => {
            const q = queue ?? [];
            queue = null;
            for (const e of q) handler?.(e);
          }, hold);
          setOnMessage.call(this, (e: MessageEvent) => {
            if (queue && performance.now() - opened < hold + 1000) queue.push(e);
            else handler?.(e);
          });
          Object.defineProperty(this, 'onmessage', {
            set: (fn: (e: MessageEvent) => void) => (handler = fn),
            get: () => handler,
          });
        }
      }
      window.WebSocket = Held;
    }, HOLD_MS);
    await bo.page.goto(`${env.server.url}/#/table/${host.roomId}`);
    await bo.page.waitForFunction(
      () => (window as any).__parlor?.table?.snapshot()?.mySeat === 1, // eslint-disable-line @typescript-eslint/no-explicit-any
      undefined,
      { timeout: 30_000 },
    );
    const cy = await person(env.browser, 'Cy');
    await cy.page.goto(`${env.server.url}/#/watch/${host.roomId}`);
    await byTestId(cy.page, 'topbar').waitFor({ timeout: 30_000 });

    host.send(ClientMsg.start, {});
    const deadline = await new Promise<number>((resolve) => {
      const check = () => {
        const d = (host.state as { deadline?: number }).deadline ?? 0;
        if (d > 0) resolve(d);
        else setTimeout(check, 100);
      };
      check();
    });
    // Long enough for the held-back start to have passed and a few pings to have come back.
    await sleep(HOLD_MS + 5000);
    for (const [who, page] of [
      ['Bo (clock 37 s fast, welcome 3 s late)', bo.page],
      ['Cy (spectator)', cy.page],
    ] as const) {
      const before = Date.now();
      const s = await shown(page);
      const after = Date.now();
      const trueLeft = deadline - (before + after) / 2;
      const clock = await page.evaluate(() => (window as any).__parlor?.table?.clock()); // eslint-disable-line @typescript-eslint/no-explicit-any
      console.log(
        `${who}: shows ${s.text} (${(s.leftMs / 1000).toFixed(2)} s left), server ${(trueLeft / 1000).toFixed(2)} s; offset ${JSON.stringify(clock)}`,
      );
      expect(Math.abs(s.leftMs - trueLeft)).toBeLessThan(500 + (after - before) / 2);
      const secs = Number(s.text.replace(/[^0-9]/g, ''));
      expect(secs - trueLeft / 1000).toBeGreaterThan(-0.5);
      expect(secs - trueLeft / 1000).toBeLessThan(1.5);
    }
    await shoot(bo.page, 'table-skewed-clock');
    await bo.context.close();
    await cy.context.close();
    await host.leave();
  }, 120_000);
});
