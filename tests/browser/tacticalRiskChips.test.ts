/// <reference lib="dom" />
/**
 * Tactical Risk's unit stacks as the map draws them, with each renderer: zoomed in, a chip per unit
 * type in its owner's colour with the unit's icon on it; zoomed out, a disc per owner in its colour.
 * The test reads the pixels of a screenshot where the map says the pieces are (they once came out
 * plain white: tinted white art, and the canvas renderer ignores tints).
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
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

const PORT = 2742;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** The design palette's Russians (docs/rules/tactical-risk.md); their icons are white on it. */
const RUSSIANS = [0x99, 0x33, 0x00];
const WHITE = [0xff, 0xff, 0xff];

interface Rect {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
const tr = (page: Page, fn: string, ...args: unknown[]) =>
  page.evaluate(
    ([f, a]) => (window as any).__parlor.tacticalRisk[f as string](...(a as unknown[])),
    [fn, args],
  );
const phaseOf = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    return { phase: s?.view?.public?.phase ?? '', legal: (s?.legal ?? []).length as number };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Ada (the Russians) against one AI, at her first purchase. */
async function startVsBot(page: Page, url: string): Promise<void> {
  await page.goto(url + '/');
  await byTestId(page, 'create-tactical-risk').click();
  await byTestId(page, 'create-dialog').waitFor();
  await byTestId(page, 'create-seats').selectOption('2');
  await byTestId(page, 'create-submit').click();
  await byTestId(page, 'waiting-room').waitFor();
  await byTestId(page, 'add-bot-1').click();
  await byTestId(page, 'start-button').click();
  for (let i = 0; i < 300; i++) {
    const p = await phaseOf(page);
    if (p.phase === 'purchase' && p.legal > 0) return;
    await page.waitForTimeout(100);
  }
  throw new Error('no purchase phase');
}

/**
 * The share of a rectangle's pixels (page coordinates, from a screenshot) near each colour, over
 * the whole rectangle and over its middle half (where a chip's icon is; its count sits at a corner).
 */
async function colourShares(
  page: Page,
  r: { x: number; y: number; w: number; h: number },
  colours: number[][],
): Promise<{ whole: number[]; middle: number[] }> {
  const clip = { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.w), height: Math.round(r.h) };
  const png = (await page.screenshot({ clip })).toString('base64');
  // The page decodes its own screenshot: no image library needed on the test side.
  return page.evaluate(
    async ([b64, cols]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      const whole = cols.map(() => 0);
      const middle = cols.map(() => 0);
      let nWhole = 0;
      let nMiddle = 0;
      for (let y = 0; y < c.height; y++)
        for (let x = 0; x < c.width; x++) {
          const i = (y * c.width + x) * 4;
          const mid =
            x >= c.width / 4 && x < (c.width * 3) / 4 && y >= c.height / 4 && y < (c.height * 3) / 4;
          nWhole++;
          if (mid) nMiddle++;
          cols.forEach((col, k) => {
            const d = Math.hypot(px[i]! - col[0]!, px[i + 1]! - col[1]!, px[i + 2]! - col[2]!);
            if (d > 40) return;
            whole[k]!++;
            if (mid) middle[k]!++;
          });
        }
      return { whole: whole.map((n) => n / nWhole), middle: middle.map((n) => n / nMiddle) };
    },
    [png, colours] as const,
  );
}

/** Where the map draws a territory's stack pieces now, in page coordinates. */
async function stackRects(page: Page, territory: string): Promise<Rect[]> {
  const canvas = (await page.locator('#stage canvas').first().boundingBox())!;
  const rects = (await tr(page, 'stackRects', territory)) as Rect[];
  return rects.map((r) => ({ ...r, x: r.x + canvas.x, y: r.y + canvas.y }));
}

maybe('Tactical Risk unit stacks, drawn by each renderer', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(PORT);
  }, 240_000); // a server's start on a busy machine (see startServer)
  afterAll(async () => {
    await server?.stop();
  });

  test.each<Renderer>(['canvas', 'webgl'])(
    'with %s, chips and discs show their owner colour, chips their unit icon',
    async (renderer) => {
      const browser: Browser = await launchBrowser(renderer);
      try {
        const { page } = await person(browser, 'Ada', { width: 1280, height: 800 });
        await startVsBot(page, server.url);
        await byTestId(page, 'tr-purchase').waitFor();
        // The side panel folded: the map has the screen.
        await byTestId(page, 'tr-fold').click();
        await byTestId(page, 'tr-unfold').waitFor();

        // Close: a chip per unit type in Russia.
        await tr(page, 'focus', 'Russia', 1.8);
        await page.waitForTimeout(300);
        const chips = await stackRects(page, 'Russia');
        expect(chips.length).toBeGreaterThan(0);
        expect(chips.every((c) => c.name.startsWith('Russians|'))).toBe(true);
        await shoot(page, `tactical-risk-chips-${renderer}`);
        for (const chip of chips) {
          expect(chip.w).toBeGreaterThan(14);
          const { whole, middle } = await colourShares(page, chip, [RUSSIANS, WHITE]);
          // The chip's face in the Russians' colour, and a white icon in its middle (not a white square).
          expect({ chip: chip.name, russians: whole[0]! > 0.25 }).toEqual({
            chip: chip.name,
            russians: true,
          });
          expect({ chip: chip.name, icon: middle[1]! > 0.06 }).toEqual({ chip: chip.name, icon: true });
          expect({ chip: chip.name, white: whole[1]! < 0.6 }).toEqual({ chip: chip.name, white: true });
        }

        // Far: one disc for the Russians' stack.
        await tr(page, 'zoomBy', 0.45 / 1.8);
        await page.waitForTimeout(300);
        const discs = await stackRects(page, 'Russia');
        expect(discs.map((d) => d.name)).toEqual(['Russians']);
        await shoot(page, `tactical-risk-discs-${renderer}`);
        const { whole } = await colourShares(page, discs[0]!, [RUSSIANS]);
        expect(whole[0]).toBeGreaterThan(0.25);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
