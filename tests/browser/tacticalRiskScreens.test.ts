/// <reference lib="dom" />
/**
 * Tactical Risk's screens as a player meets them, against the AI (the Russians, four AIs at the quick
 * pace). At a desktop's opening view (1280x800): every name legible, no stack risen onto its point
 * over another stack (at the opening zoom and zoomed in and out). On a phone (360x740, touch), the
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

/** Names crossing names or stacks, and stacks risen over another stack, at this zoom. */
async function clashes(page: Page, where: string) {
  const zoom = (await tr(page, 'zoom')) as number;
  const names = (await tr(page, 'labelClashes')) as string[];
  const risen = ((await tr(page, 'stackClashes')) as string[]).filter((c) => c.includes('↑'));
  return { where, zoom: Number(zoom.toFixed(3)), names, risen };
}

maybe('Tactical Risk screens', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('1280x800: the opening view is legible, risen stacks cross no stack', async () => {
    const { page } = await person(env.browser, 'Ada', { width: 1280, height: 800 });
    await startVsAi(page, env.server.url);
    await byTestId(page, 'tr-purchase').waitFor();
    await page.waitForTimeout(400);
    await shoot(page, 'tactical-risk-screens-open-1280');
    const at = [await clashes(page, 'the opening zoom')];
    for (const f of [1.4, 1 / 1.4, 1 / 1.4, 1.4]) {
      await tr(page, 'zoomBy', f);
      await page.waitForTimeout(100);
      at.push(await clashes(page, `zoomed by ${f.toFixed(2)}`));
    }
    for (const a of at) expect(a).toEqual({ ...a, names: [], risen: [] });
  });

  test('360x740: the second round’s summary leads on to the purchase before “Done buying” shows', async () => {
    const { page } = await person(env.browser, 'Ada', { width: 360, height: 740 });
    await startVsAi(page, env.server.url);
    // Round 1 passed: nothing bought, no attack, no placement.
    for (;;) {
      const s = await waitFor(
        page,
        'a Russian decision',
        (x) => x.faction === 'Russians' && x.legal.length > 0,
        120_000,
      );
      if (s.round === 2) break;
      await send(
        page,
        s.legal.find((a) => a.type === 'endPhase')!,
      );
      await waitFor(page, 'the next phase', (x) => x.phase !== s.phase || x.round !== s.round);
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
