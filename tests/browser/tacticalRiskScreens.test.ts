/// <reference lib="dom" />
/**
 * Tactical Risk's screens as a player meets them, against the AI (the Russians, four AIs at the quick
 * pace). At a desktop's opening view (1280x800): every name legible, no stack risen onto its point
 * over another stack (W. Europe's rose over the UK's), no sea zone's stack over a land's (the Sea of
 * Japan's over Japan's), at the opening zoom and zoomed in and out. On a phone (360x740, touch), the
 * second round's purchase: "Since your last turn" shows in the sheet where the purchase would, so the
 * status bar does not offer "Done buying" until the summary's "On to the purchase" opens it.
 * Screenshots are saved and looked at.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  openCreateDialog,
  person,
  QUICK_BOTS,
  shoot,
  useServerAndBrowser,
} from './harness';
import { seen, send, tr, waitFor } from './tacticalRiskPage';

const PORT = 2957;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** A table of five against the AI at the quick pace: Ada plays the Russians (the first turn). */
async function startVsAi(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await openCreateDialog(page, 'tactical-risk');
  await byTestId(page, 'create-seats').selectOption('5');
  await byTestId(page, 'create-vs-ai').check();
  await byTestId(page, 'option-botPace').selectOption('quick');
  await byTestId(page, 'create-submit').click();
  await waitFor(page, 'her first turn', (s) => s.faction === 'Russians' && s.legal.length > 0, 60_000);
}

/** Names crossing names or stacks, and stacks crossing stacks (a risen one marked ↑), at this zoom. */
async function clashes(page: Page, where: string) {
  const zoom = (await tr(page, 'zoom')) as number;
  const names = (await tr(page, 'labelClashes')) as string[];
  const stacks = (await tr(page, 'stackClashes')) as string[];
  return { where, zoom: Number(zoom.toFixed(3)), names, stacks };
}

/**
 * What covers each of `names` on the page now: the status bar, the hint, the map tools, the minimap
 * or the side panel (a phone's sheet, a desktop's column), or 'hidden' when the name does not show.
 */
async function covered(page: Page, names: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const chrome = await page.evaluate(() => {
    const box = (sel: string) => {
      const el = document.querySelector<HTMLElement>(sel);
      const r = el?.getBoundingClientRect();
      return el && r && r.width > 0 && el.checkVisibility() ? [r.left, r.top, r.right, r.bottom] : null;
    };
    const canvas = document.querySelector('#stage canvas')!.getBoundingClientRect();
    return {
      at: [canvas.left, canvas.top],
      parts: {
        'status bar': box('[data-testid="tr-hud"]'),
        hint: box('[data-testid="tr-hint"]'),
        'map tools': box('.trm-zoom'),
        minimap: box('[data-testid="tr-minimap"]'),
        'side panel': box('[data-testid="tr-side"]'),
      },
    };
  });
  for (const name of names) {
    const r = (await tr(page, 'nameRect', name)) as { x: number; y: number; w: number; h: number } | null;
    if (!r) {
      out[name] = ['hidden'];
      continue;
    }
    const [x0, y0] = [chrome.at[0]! + r.x, chrome.at[1]! + r.y];
    const [x1, y1] = [x0 + r.w, y0 + r.h];
    out[name] = Object.entries(chrome.parts)
      .filter(([, b]) => b && x0 < b[2]! && b[0]! < x1 && y0 < b[3]! && b[1]! < y1)
      .map(([part]) => part);
  }
  return out;
}

const clear = (names: string[]) => Object.fromEntries(names.map((n) => [n, []]));

maybe('Tactical Risk screens', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('1280x800: the opening view is legible, no stack over another', async () => {
    const { page } = await person(env.browser, 'Ada', { width: 1280, height: 800 });
    await startVsAi(page, env.server.url);
    await byTestId(page, 'tr-purchase').waitFor();
    await page.waitForTimeout(400);
    await shoot(page, 'tactical-risk-screens-open-1280');
    // The first view is on Moscow, names shown (not the continents'), and nothing covers the names
    // around it (the map tools sat over India's, the status bar over Evenki's).
    const around = [
      'Russia',
      'Karelia S.S.R.',
      'Caucasus',
      'Kazakh S.S.R.',
      'Evenki National Okrug',
      'India',
      'Ukraine S.S.R.',
      'Novosibirsk',
      'Germany',
    ];
    await expect(covered(page, around)).resolves.toEqual(clear(around));
    const at = [await clashes(page, 'the opening zoom')];
    for (const f of [1.4, 1 / 1.4, 1 / 1.4, 1.4]) {
      await tr(page, 'zoomBy', f);
      await page.waitForTimeout(100);
      at.push(await clashes(page, `zoomed by ${f.toFixed(2)}`));
    }
    for (const a of at) expect(a).toEqual({ ...a, names: [], stacks: [] });
  });

  test('360x740: the second round’s summary leads on to the purchase before “Done buying” shows', async () => {
    const { page } = await person(env.browser, 'Ada', { width: 360, height: 740 });
    await startVsAi(page, env.server.url);
    await byTestId(page, 'tr-purchase').waitFor();
    await page.waitForTimeout(400);
    await shoot(page, 'tactical-risk-screens-open-360');
    // The first view (Moscow) frames the capital and its neighbours clear of the status bar, the hint,
    // the tools and the sheet (it opened on a spectator's view of Europe, Moscow under the tools).
    const around = ['Russia', 'Karelia S.S.R.', 'Caucasus', 'Kazakh S.S.R.'];
    await expect(covered(page, around)).resolves.toEqual(clear(around));
    // The map's northern edge comes out from under the status bar and the hint: Evenki's name reads.
    await tr(page, 'centerOn', 2646, 0, 0.5);
    await page.waitForTimeout(200);
    await expect(covered(page, ['Evenki National Okrug'])).resolves.toEqual(clear(['Evenki National Okrug']));
    await tr(page, 'focus', 'Russia', 0.5);
    // Round 1 passed: nothing bought, no attack, no placement; her battle choices as defender (an AI
    // attack waits for her casualties) the first offered.
    for (;;) {
      const s = await waitFor(page, 'a decision of hers', (x) => x.legal.length > 0, 120_000);
      if (s.faction === 'Russians' && s.round === 2 && s.phase === 'purchase') break;
      const own = s.faction === 'Russians' && !s.prompt;
      await send(page, (own && s.legal.find((a) => a.type === 'endPhase')) || s.legal[0]!);
      await waitFor(
        page,
        'the next decision',
        (x) => JSON.stringify(x.legal) !== JSON.stringify(s.legal) || x.phase !== s.phase,
      );
    }
    expect((await seen(page)).phase).toBe('purchase');
    await byTestId(page, 'tr-summary').waitFor();
    await page.waitForTimeout(300);
    await shoot(page, 'tactical-risk-screens-summary-360');
    // The sheet holds the summary, not the purchase: no "Done buying" meanwhile.
    await expect(byTestId(page, 'tr-purchase').count()).resolves.toBe(0);
    await expect(byTestId(page, 'tr-end-phase').count()).resolves.toBe(0);
    await byTestId(page, 'tr-summary-next').click();
    await byTestId(page, 'tr-purchase').waitFor();
    await expect(byTestId(page, 'tr-summary').count()).resolves.toBe(0);
    await expect(byTestId(page, 'tr-end-phase').textContent()).resolves.toBe('Done buying');
    await page.waitForTimeout(300);
    await shoot(page, 'tactical-risk-screens-purchase-360');
  }, 240_000);
});
