/// <reference lib="dom" />
/**
 * Devices at four seats (Ada at 1280x800, Bo on a 360x740 phone, two AI players), played as
 * newcomers: the Bid button warns before an overbid what winning would cost, the header keeps every
 * control whole on the phone, and the log folds repeats and marks the lines that name you. Then
 * they pass through the nweek to the end, and the log is printed to be read.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  person,
  QUICK_BOTS,
  shoot,
  useServerAndBrowser,
  press,
  openCreateDialog,
} from './harness';
import { clippedHeaderControls } from './headerClip';

const PORT = 2746;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
const snap = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      status: s?.status as string,
      mySeat: s?.mySeat as number,
      phase: (pub?.phase ?? '') as string,
      money: (pub?.players?.[s.mySeat]?.money ?? 0) as number,
      log: ((s?.log ?? []) as { text: string }[]).map((l) => l.text),
    };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

maybe('Devices: results say what happens', () => {
  jest.setTimeout(240_000);
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('four seats: the Bid button warns before an overbid, the phone header is whole, the log reads', async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    await ada.page.goto(env.server.url + '/');
    await openCreateDialog(ada.page, 'devices');
    await byTestId(ada.page, 'option-nweeks').fill('1');
    await byTestId(ada.page, 'create-seats').selectOption('4');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    await bo.page.goto(env.server.url + '/');
    await press(bo.page, `join-${roomId}`);
    await byTestId(bo.page, 'waiting-room').waitFor();
    await press(ada.page, 'add-bot-2');
    await press(ada.page, 'add-bot-3');
    await press(ada.page, 'start-button');
    for (const p of [ada.page, bo.page]) await byTestId(p, 'devices-market').waitFor({ timeout: 15_000 });

    // The phone's header: every control whole.
    await expect(clippedHeaderControls(bo.page)).resolves.toEqual([]);
    await expect(clippedHeaderControls(ada.page)).resolves.toEqual([]);

    // Bids Ada can cover say nothing more; she spends down to below the Golden Statue's bids.
    await expect(byTestId(ada.page, 'dv-overbid-golden-statue').count()).resolves.toBe(0);
    for (let k = 0; k < 8 && (await snap(ada.page)).money >= 26; k++) {
      const before = (await snap(ada.page)).money;
      await press(ada.page, 'dv-buy-fish-stall');
      await ada.page.waitForFunction(
        (m) => (window as any).__parlor.table.snapshot().view.public.players[0].money < m, // eslint-disable-line @typescript-eslint/no-explicit-any
        before,
      );
    }
    const money = (await snap(ada.page)).money;
    // Her buys are in the side panel's log, marked as hers (checked now: by the end of the nweek the
    // table's last 60 entries may all be the bots').
    await ada.page.locator('[data-testid="log-line"].mine').first().waitFor({ state: 'attached' });
    for (const l of await ada.page.locator('[data-testid="log-line"].mine').allTextContents())
      expect(l).toMatch(/\bAda\b/);
    expect(money).toBeLessThan(26);
    const bid = byTestId(ada.page, 'dv-bid-golden-statue-1');
    await bid.waitFor({ state: 'visible' });
    await expect(bid.textContent()).resolves.toMatch(/⚠/);
    const warning = byTestId(ada.page, 'dv-overbid-golden-statue');
    await warning.scrollIntoViewIfNeeded();
    await expect(warning.textContent()).resolves.toMatch(
      new RegExp(`You have m${money}.*winning at m\\d+ (turns \\d+ of your|costs you)`),
    );
    await expect(warning.isVisible()).resolves.toBe(true);
    await shoot(ada.page, 'devices-overbid-1280');
    // On a 360x740 phone: the same warning under the same button.
    await ada.page.setViewportSize({ width: 360, height: 740 });
    await ada.page.waitForTimeout(300);
    await warning.scrollIntoViewIfNeeded();
    await expect(warning.isVisible()).resolves.toBe(true);
    await expect(byTestId(ada.page, 'dv-bid-golden-statue-1').textContent()).resolves.toMatch(/⚠/);
    await expect(clippedHeaderControls(ada.page)).resolves.toEqual([]);
    await shoot(ada.page, 'devices-overbid-360');
    await ada.page.setViewportSize({ width: 1280, height: 800 });
    // "Lose 1" says what is lost.
    await expect(byTestId(ada.page, 'dv-bp-fish-stall').textContent()).resolves.toMatch(/Lose 1 Point\)/);

    // The rest of the nweek as newcomers: start the Clock, then pass every nday.
    await press(ada.page, 'dv-start-clock').catch(() => undefined);
    const end = Date.now() + 180_000;
    for (;;) {
      const [a, b] = await Promise.all([snap(ada.page), snap(bo.page)]);
      if (a.status === 'finished' && b.status === 'finished') break;
      if (Date.now() > end) throw new Error(`stuck in ${a.phase}`);
      for (const p of [ada.page, bo.page]) {
        const pass = byTestId(p, 'dv-pass');
        if ((await pass.isVisible().catch(() => false)) && (await pass.isEnabled().catch(() => false)))
          await pass.click({ force: true, timeout: 2000 }).catch(() => undefined);
        // Newcomers who have not voted pass anyway on Ballotday (else it lasts until its timer).
        const anyway = byTestId(p, 'dv-pass-warning-pass');
        if (await anyway.isVisible().catch(() => false))
          await anyway.click({ force: true }).catch(() => undefined);
      }
      await ada.page.waitForTimeout(300);
    }
    await shoot(ada.page, 'devices-newcomer-end-1280');
    // The side panel's log: repeats folded, Ada's own lines (if any are still among the last 60) marked.
    const lines = await ada.page.locator('[data-testid="log-line"]').allTextContents();
    const mine = await ada.page.locator('[data-testid="log-line"].mine').allTextContents();
    for (const l of mine) expect(l).toMatch(/\bAda\b/);
    const raw = (await snap(ada.page)).log;
    expect(lines.length).toBeLessThanOrEqual(raw.length);
    console.log(
      `Devices log as Ada reads it (${lines.length} lines for ${raw.length} entries):\n${lines.join('\n')}`,
    );
    await Promise.all([ada, bo].map((p) => p.context.close()));
  });
});
