/// <reference lib="dom" />
/**
 * Bot levels in the waiting room, on a phone-sized screen: the host sets the AI seat to Hard with
 * the keyboard, a spectator's screen shows Hard, and once the match starts the hard bot plays. A
 * game that advises a level for a first match (its meta's `firstMatchLevel`) says so above the
 * seats, and one button sets every AI seat to it; a game with no advice shows none. Levels by side:
 * firstMatchBySide.test.ts.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser, openCreateDialog } from './harness';

const PORT = 2783;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;
const PHONE = { width: 360, height: 740 };
interface Snap {
  status: string;
  mySeat: number;
  toAct: number[];
  seats: { botLevel?: string }[];
  log: { seat: number; text: string }[];
}
type ParlorWindow = Window & { __parlor?: { table?: { snapshot(): Snap | null; send(a: unknown): void } } };
const snap = (page: Page) =>
  page.evaluate(() => (window as ParlorWindow).__parlor?.table?.snapshot() ?? null);

maybe('bot levels', () => {
  const env = useServerAndBrowser(PORT);

  test('the host sets the AI to Hard; a spectator sees it; the hard AI plays', async () => {
    const ada = await person(env.browser, 'Ada', PHONE);
    await ada.page.goto(env.server.url);
    await openCreateDialog(ada.page, 'bankout');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor({ timeout: 30_000 });
    await byTestId(ada.page, 'add-bot-1').click();
    const picker = byTestId(ada.page, 'bot-level-select-1');
    await picker.waitFor({ timeout: 10_000 });
    expect(await picker.inputValue()).toBe('normal');
    // This game advises no level: no advice line.
    expect(await byTestId(ada.page, 'level-advice').isVisible()).toBe(false);
    // Keyboard only: focus the select and pick the next level down the list twice.
    await picker.focus();
    await ada.page.keyboard.press('ArrowDown');
    await ada.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.seats[1]?.botLevel === 'hard',
      undefined,
      { timeout: 10_000 },
    );
    expect(await picker.inputValue()).toBe('hard');
    expect(await picker.getAttribute('aria-label')).toMatch(/^Level of /);
    const box = await picker.boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);

    const roomId = ada.page.url().split('/').pop()!;
    const cy = await person(env.browser, 'Cy', PHONE);
    await cy.page.goto(`${env.server.url}/#/watch/${roomId}`);
    const badge = byTestId(cy.page, 'bot-level-1');
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.textContent()).toBe('Hard');
    expect(await byTestId(cy.page, 'bot-level-select-1').count()).toBe(0);
    await shoot(ada.page, 'bot-level-host-360x740');
    await shoot(cy.page, 'bot-level-spectator-360x740');

    await byTestId(ada.page, 'start-button').click();
    await ada.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.status === 'playing',
      undefined,
      { timeout: 20_000 },
    );
    // Ada banks whenever it is her turn; the hard AI must take turns of its own.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const s = await snap(ada.page);
      if (s && s.log.some((l) => l.seat === 1)) break;
      if (Date.now() > deadline) throw new Error('the AI never acted');
      if (s && s.status === 'playing' && s.toAct.includes(0))
        await ada.page.evaluate(() => (window as ParlorWindow).__parlor?.table?.send({ type: 'endTurn' }));
      await ada.page.waitForTimeout(300);
    }
    const s = await snap(cy.page);
    expect(s?.seats[1]?.botLevel).toBe('hard');
    await cy.context.close();
    await ada.context.close();
  }, 120_000);

  test("a game's advice for a first match: shown where the levels are chosen, one button applies it", async () => {
    const ada = await person(env.browser, 'Ada', PHONE);
    await ada.page.goto(env.server.url);
    await openCreateDialog(ada.page, 'kingpin');
    await byTestId(ada.page, 'create-dialog').waitFor();
    await byTestId(ada.page, 'create-seats').selectOption('3');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor({ timeout: 30_000 });
    // The host sees the advice before adding any AI, with no button yet (no AI seat to set).
    const text = byTestId(ada.page, 'level-advice-text');
    await text.waitFor({ timeout: 10_000 });
    expect(await text.textContent()).toMatch(/^First match\? Kingpin advises Easy AIs: .+\.$/);
    expect(await byTestId(ada.page, 'level-advice-apply').count()).toBe(0);
    for (const seat of [1, 2]) {
      await byTestId(ada.page, `add-bot-${seat}`).click();
      await byTestId(ada.page, `bot-level-select-${seat}`).waitFor({ timeout: 10_000 });
    }
    const apply = byTestId(ada.page, 'level-advice-apply');
    await apply.waitFor({ timeout: 10_000 });
    expect(await apply.textContent()).toBe('Set all AIs to Easy');
    // The advice sits inside the screen, above the seats it is about.
    const [a, seats] = await Promise.all([
      byTestId(ada.page, 'level-advice').boundingBox(),
      byTestId(ada.page, 'waiting-seats').boundingBox(),
    ]);
    expect(a!.x + a!.width).toBeLessThanOrEqual(PHONE.width);
    expect(a!.y + a!.height).toBeLessThanOrEqual(seats!.y);
    await shoot(ada.page, 'bot-level-advice-360x740');
    await apply.click();
    await ada.page.waitForFunction(
      () => {
        const seats = (window as ParlorWindow).__parlor?.table?.snapshot()?.seats ?? [];
        return seats[1]?.botLevel === 'easy' && seats[2]?.botLevel === 'easy';
      },
      undefined,
      { timeout: 10_000 },
    );
    // Applied: the pickers read Easy and the button is gone (the line stays).
    await apply.waitFor({ state: 'detached', timeout: 10_000 });
    for (const seat of [1, 2])
      expect(await byTestId(ada.page, `bot-level-select-${seat}`).inputValue()).toBe('easy');
    expect(await text.isVisible()).toBe(true);
    // A spectator at a table with AIs reads the advice, with no button.
    const roomId = ada.page.url().split('/').pop()!;
    const cy = await person(env.browser, 'Cy', PHONE);
    await cy.page.goto(`${env.server.url}/#/watch/${roomId}`);
    await byTestId(cy.page, 'level-advice-text').waitFor({ timeout: 20_000 });
    expect(await byTestId(cy.page, 'level-advice-apply').count()).toBe(0);
    await cy.context.close();
    await ada.context.close();
  }, 120_000);
});
