/// <reference lib="dom" />
/**
 * Phaser draws the table with either renderer: WebGL (what most devices get) and canvas (what the
 * other browser tests use, see harness.ts, and what Phaser.AUTO falls back to). A spectator watches
 * a Bankout match against the AI; the test waits for a face-up card and then looks at the pixels
 * of the stage: card faces are the only large off-white areas on the table.
 */
import { existsSync } from 'node:fs';
import { Client, type Room } from '@colyseus/sdk';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  launchBrowser,
  person,
  type Renderer,
  type RunningServer,
  shoot,
  startServer,
} from './harness';

const PORT = 2714;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** The share of the stage's pixels that are off-white (a card face), from a screenshot. */
async function offWhiteShare(page: Page): Promise<number> {
  const png = (await byTestId(page, 'stage').screenshot()).toString('base64');
  // The page decodes its own screenshot: no image library needed on the test side.
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! > 215 && px[i + 1]! > 210 && px[i + 2]! > 195) n++;
    return n / (px.length / 4);
  }, png);
}

/** Which kind of context Phaser's canvas holds (asking for the other kind returns null). */
function contextKind(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.querySelector('#stage canvas') as HTMLCanvasElement | null;
    if (!canvas) return 'none';
    if (canvas.getContext('webgl2') || canvas.getContext('webgl')) return 'webgl';
    return canvas.getContext('2d') ? 'canvas' : 'none';
  });
}

/** Ada at a table against the AI; she draws whenever she may, so cards turn face up. */
async function tableAgainstTheAi(server: RunningServer): Promise<Room> {
  const ada = await new Client(server.ws).create('bankout', { name: 'Ada', vsBots: true });
  ada.onMessage('*', () => {});
  let asked = '';
  ada.onStateChange((state) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const mine = (state as any).seats?.find((s: any) => s?.private)?.private?.legal as string[] | undefined;
    const draw = mine ? [...mine].find((a) => JSON.parse(a).type === 'draw') : undefined;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const key = `${(state as any).turnNumber}|${(state as any).deckCount}`;
    if (draw && key !== asked) {
      asked = key;
      ada.send('action', JSON.parse(draw));
    }
  });
  return ada;
}

maybe('the table drawn by each renderer', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(PORT);
  }, 240_000); // a server's start on a busy machine (see startServer)
  afterAll(async () => {
    await server?.stop();
  });

  test.each<Renderer>(['webgl', 'canvas'])(
    'with %s, a spectator sees the cards',
    async (renderer) => {
      const browser = await launchBrowser(renderer);
      const ada = await tableAgainstTheAi(server);
      try {
        const eve = await person(browser, 'Eve');
        await eve.page.goto(`${server.url}/#/watch/${ada.roomId}`);
        await eve.page.waitForFunction(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          () => ((window as any).__parlor?.table?.snapshot()?.view?.public?.lastRevealed ?? '') !== '',
          undefined,
          { timeout: 20_000 },
        );
        expect(await contextKind(eve.page)).toBe(renderer);

        // The card flips, then lies face up: wait for it rather than for a fixed time.
        let share = 0;
        for (const until = Date.now() + 15_000; Date.now() < until;) {
          share = await offWhiteShare(eve.page);
          if (share > 0.01) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        await shoot(eve.page, `renderer-${renderer}`);
        expect(share).toBeGreaterThan(0.01);

        // The control: without the canvas, what is left on the stage (the page's own HTML) is not
        // counted as a card, so the share above came from Phaser's drawing.
        await eve.page.evaluate(() => {
          (document.querySelector('#stage canvas') as HTMLElement).style.visibility = 'hidden';
        });
        expect(await offWhiteShare(eve.page)).toBeLessThan(0.002);
        await eve.context.close();
      } finally {
        await ada.leave();
        await browser.close();
      }
    },
    90_000,
  );

  test('a still table draws no frames; a patch is drawn by the next loop steps', async () => {
    const browser = await launchBrowser();
    // Ada draws only when told: between her draws nothing on the table moves.
    const ada = await new Client(server.ws).create('bankout', { name: 'Ada', vsBots: true });
    ada.onMessage('*', () => {});
    let draw: unknown = null;
    ada.onStateChange((state) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const mine = (state as any).seats?.find((s: any) => s?.private)?.private?.legal as string[] | undefined;
      const d = mine ? [...mine].find((a) => JSON.parse(a).type === 'draw') : undefined;
      draw = d ? JSON.parse(d) : null;
    });
    try {
      const eve = await person(browser, 'Eve');
      await eve.page.goto(`${server.url}/#/watch/${ada.roomId}`);
      // Ada's turn (the bots wait for her). The deal's animations end; then a whole second in
      // which the loop steps (timers and countdowns run) and draws nothing: drawing at 30 fps, a
      // page never gets such a second.
      const until = Date.now() + 40_000;
      while (draw === null && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const counts = () =>
        eve.page.evaluate(() => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const st = (window as any).__parlor?.stage;
          return { steps: (st?.steps() ?? 0) as number, drawn: (st?.drawn() ?? 0) as number };
        });
      let still = false;
      for (let a = await counts(); Date.now() < until && !still;) {
        await new Promise((r) => setTimeout(r, 1000));
        const b = await counts();
        still = b.drawn === a.drawn && b.steps - a.steps >= 5;
        a = b;
      }
      expect({ still, adasTurn: draw !== null }).toEqual({ still: true, adasTurn: true });

      // A patch from elsewhere (no input on this page): drawn within two steps of its arrival.
      await eve.page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const w = window as any;
        const key = () => JSON.stringify(w.__parlor.table.snapshot()?.view ?? null);
        const was = key();
        let at: { steps: number; drawn: number } | null = null;
        const timer = setInterval(() => {
          const st = w.__parlor.stage;
          if (!at && key() !== was) at = { steps: st.steps(), drawn: st.drawn() };
          else if (at && st.steps() >= at.steps + 2) {
            clearInterval(timer);
            w.__patchDrawn = st.drawn() - at.drawn;
          }
        }, 2);
      });
      ada.send('action', draw);
      type Seen = { __patchDrawn?: number };
      await eve.page.waitForFunction(() => (window as Seen).__patchDrawn !== undefined, undefined, {
        timeout: 20_000,
      });
      expect(await eve.page.evaluate(() => (window as Seen).__patchDrawn)).toBeGreaterThan(0);
      await eve.context.close();
    } finally {
      await ada.leave();
      await browser.close();
    }
  }, 90_000);
});
