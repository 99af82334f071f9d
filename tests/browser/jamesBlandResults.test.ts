/// <reference lib="dom" />
/**
 * James Bland at four seats (Ada at 1280x800, Bo on a 360x740 phone, two bots), played as
 * newcomers: the Adaptation shop in labelled groups with each price on its button, a recap whose
 * successful operations say what they did to whom and that never scrolls sideways (round 1 carries
 * a banner of 50 letters with no space), the phone's header whole (Leave and the join code
 * shown, nothing cut, no two controls overlapping) in every Adaptation, the phone's shop fold open
 * still after a purchase, and every agent card's words whole. The match runs to its
 * end and the log and recaps are printed to be read.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  openCreateDialog,
  person,
  press,
  QUICK_BOTS,
  shoot,
  useServerAndBrowser,
} from './harness';
import { clippedHeaderControls } from './headerClip';

const PORT = 2747;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
const seen = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      status: (s?.status ?? '') as string,
      phase: (pub?.phase ?? '') as string,
      round: (pub?.round ?? 0) as number,
      myTurn: !!s?.toAct?.includes(s.mySeat),
      bannerPrompt: !!s?.view?.private?.bannerPrompt,
      successes: ((pub?.reveal?.offenses ?? []) as { result: string; effect?: string }[]).filter(
        (o) => o.result === 'success',
      ).length,
    };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

async function click(page: Page, id: string): Promise<boolean> {
  return byTestId(page, id)
    .first()
    .click({ force: true, timeout: 3000 })
    .then(() => true)
    .catch(() => false);
}

maybe('James Bland: results say what happened', () => {
  jest.setTimeout(300_000);
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('four seats: the shop in groups with prices, recaps that name what changed, a whole header on the phone', async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    // The set-up presses wait for their control and fail loudly (a click given up on after 3 s
    // left the dialog open under load, and the waiting room never came).
    await ada.page.goto(env.server.url + '/');
    await openCreateDialog(ada.page, 'james-bland');
    await byTestId(ada.page, 'create-seats').selectOption('4');
    await byTestId(ada.page, 'option-roundLimit').fill('5');
    await byTestId(ada.page, 'option-untimed').check({ force: true });
    await press(ada.page, 'create-submit');
    // The table's code loads on the first table (the lobby does not carry it): slow under load.
    await byTestId(ada.page, 'waiting-room').waitFor({ timeout: 60_000 });
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    await bo.page.goto(env.server.url + '/');
    await press(bo.page, `join-${roomId}`);
    await byTestId(bo.page, 'waiting-room').waitFor({ timeout: 60_000 });
    await press(ada.page, 'add-bot-2');
    await byTestId(ada.page, 'remove-bot-2').waitFor();
    await press(ada.page, 'add-bot-3');
    await byTestId(ada.page, 'remove-bot-3').waitFor();
    await press(ada.page, 'start-button');
    const pages = [ada.page, bo.page];
    for (const p of pages) await byTestId(p, 'jb-plan').waitFor({ timeout: 15_000 });

    // A fresh planning form proposes a Safe Turn, not an attack.
    for (const p of pages) await expect(byTestId(p, 'jb-offense').inputValue()).resolves.toBe('safeTurn');
    // The phone's header keeps every control whole, and the plan's Submit is on screen.
    await expect(clippedHeaderControls(bo.page)).resolves.toEqual([]);
    await shoot(bo.page, 'jb-results-planning-360');
    // The phone's dossier reaches the screen's foot exactly (no plan peeking under it) and closes.
    await click(bo.page, 'jb-dossier-toggle');
    await byTestId(bo.page, 'jb-dossier-close').waitFor({ state: 'visible' });
    const gap = await bo.page.evaluate(
      () =>
        window.innerHeight -
        document.querySelector('[data-testid="jb-dossier"]')!.getBoundingClientRect().bottom,
    );
    expect(Math.abs(gap)).toBeLessThanOrEqual(1);
    await shoot(bo.page, 'jb-results-dossier-360');
    await click(bo.page, 'jb-dossier-close');
    await byTestId(bo.page, 'jb-dossier').waitFor({ state: 'hidden' });
    // Ada attacks a bot with a Network Attack; Bo plays a Safe Turn.
    await byTestId(ada.page, 'jb-offense').selectOption('networkAttack');
    // ... under a banner of 50 letters with no space (a long word once made the recap scroll
    // sideways: a scrollbar, an empty bar across its foot).
    await byTestId(ada.page, 'jb-defense').selectOption('informationWarfare');
    await byTestId(ada.page, 'jb-banner-text').fill('W'.repeat(50));
    for (const p of pages) await click(p, 'jb-submit');

    const recapLines: string[] = [];
    let shopChecked = 0;
    let groupsSeen = 0;
    let phoneBought = false;
    const done = new Set<string>();
    const end = Date.now() + 240_000;
    for (;;) {
      const states = await Promise.all(pages.map(seen));
      if (states.every((s) => s.status === 'finished')) break;
      if (Date.now() > end) throw new Error(`stuck: ${JSON.stringify(states)}`);
      for (let i = 0; i < pages.length; i++) {
        const s = states[i]!;
        const page = pages[i]!;
        if (s.status !== 'playing' || !s.myTurn) continue;
        const key = `${i}:${s.round}:${s.phase}`;
        if (done.has(key)) continue;
        done.add(key);
        if (s.phase === 'adaptation') {
          // The recap: each success says what it did (the rules' own words are in the reveal).
          await byTestId(page, 'jb-recap')
            .waitFor({ state: 'visible', timeout: 10_000 })
            .catch(() => undefined);
          // The card wraps whatever it says: it never scrolls sideways.
          const sideways = await byTestId(page, 'jb-recap').evaluate(
            (c) => `${c.textContent?.includes('W'.repeat(20)) ?? false}:${c.scrollWidth - c.clientWidth}`,
          );
          if (s.round === 1) expect(sideways).toBe('true:0');
          else expect(sideways).toMatch(/:0$/);
          if (i === 0) {
            const ops = await page.locator('.jb-recap-op.success').allTextContents();
            expect(ops.length).toBe(s.successes);
            for (const op of ops) expect(op).toMatch(/succeeded[^:]*: .+/);
            recapLines.push(`Round ${s.round}:`, ...(await page.locator('.jb-recap-op').allTextContents()));
            if (s.round === 1) await shoot(page, 'jb-results-recap-1280');
          } else if (s.round === 1) await shoot(page, 'jb-results-recap-360');
          await click(page, 'jb-recap-close');
          // The shop: labelled groups, every button priced.
          if (i === 1)
            await page
              .locator('.jb-fold summary')
              .first()
              .click({ force: true })
              .catch(() => undefined);
          // On the phone a purchase rebuilds the shop: its fold stays open for the next one.
          if (i === 1 && !phoneBought) {
            const mailman = page.locator('.jb-shop-group .jb-chip', { hasText: 'Mailman' });
            if ((await mailman.count()) && (await mailman.first().isEnabled())) {
              await mailman.first().click({ force: true });
              await page.waitForFunction(
                () =>
                  !Array.from(document.querySelectorAll('.jb-shop-group .jb-chip')).some((b) =>
                    b.textContent?.includes('Mailman'),
                  ),
                undefined,
                { timeout: 15_000 },
              );
              await expect(
                byTestId(page, 'jb-shop-fold').evaluate((d) => (d as HTMLDetailsElement).open),
              ).resolves.toBe(true);
              phoneBought = true;
            }
          }
          // (In debt, nothing is for sale: no group at all.)
          const groups = await page.locator('.jb-shop-group h5').allTextContents();
          groupsSeen += groups.length;
          for (const g of groups) expect(['Assets', 'Gadgets', 'Bribes', 'Pacts', 'Other']).toContain(g);
          for (const b of await page.locator('.jb-shop-group .jb-chip').allTextContents())
            expect(b).toMatch(/· (\d+ IP|\d+ IP each on acceptance|\d+ Intel Cards|free)$/);
          if (await byTestId(page, 'jb-shop-pacts').count())
            for (const b of await byTestId(page, 'jb-shop-pacts').locator('.jb-chip').allTextContents())
              expect(b).toMatch(/pact.*· \d+ IP|co-op.*· \d+ IP/);
          if (shopChecked++ < 2) await shoot(page, `jb-results-shop-${i ? 360 : 1280}`);
          await expect(clippedHeaderControls(page)).resolves.toEqual([]);
          // Every agent card's words inside it, its markers whole (not "EXPOSED ·" cut at a line's end).
          await expect(
            page.evaluate(() => (window as any).__parlor.jamesBland.textOutsideCards() as string[]), // eslint-disable-line @typescript-eslint/no-explicit-any
          ).resolves.toEqual([]);
          await click(page, 'jb-ready');
        } else if (s.phase === 'planning') await click(page, 'jb-submit');
        else if (s.phase === 'banner') await click(page, s.bannerPrompt ? 'jb-believe' : 'jb-ignore');
        else if (s.phase === 'showdown')
          await page.locator('[data-testid="jb-showdown"] button').first().click({ force: true });
        await page.waitForTimeout(150);
      }
      await ada.page.waitForTimeout(250);
    }
    expect(shopChecked).toBeGreaterThan(1);
    expect(groupsSeen).toBeGreaterThan(0);
    expect(phoneBought).toBe(true);
    for (const p of pages) await byTestId(p, 'results').waitFor({ state: 'visible', timeout: 15_000 });
    await shoot(ada.page, 'jb-results-end-1280');
    await shoot(bo.page, 'jb-results-end-360');
    const log = await ada.page.locator('[data-testid="log-line"]').allTextContents();
    console.log(`James Bland recaps as Ada read them:\n${recapLines.join('\n')}\n\nLog:\n${log.join('\n')}`);
    await Promise.all([ada, bo].map((p) => p.context.close()));
  });
});
