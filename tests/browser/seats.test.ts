/// <reference lib="dom" />
/**
 * Leaving and coming back: Leave asks first during a match and Back afterwards does not reopen the
 * table; a second tab that takes the seat is named as such and the first can take it back; a
 * dropped player's seat shows how long it waits before the AI plays; the side panel names who
 * watches.
 */
import { Client } from '@colyseus/sdk';
import { ClientMsg } from '@parlor/shared/core/protocol';
import type { Page } from 'playwright-core';
import { byTestId, person, shoot, useServerAndBrowser, openCreateDialog } from './harness';

const PORT = 2867;
type ParlorWindow = Window & {
  __parlor?: { table?: { snapshot(): { mySeat: number; status: string } | null; connState(): string } };
};
const mySeat = (page: Page) =>
  page.evaluate(() => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat ?? null);

describe('leaving and coming back', () => {
  const env = useServerAndBrowser(PORT);

  test('Leave asks first during a match; Back afterwards shows the lobby, not an error', async () => {
    const { page, context } = await person(env.browser, 'Ada');
    await page.goto(env.server.url);
    await openCreateDialog(page, 'bankout');
    await byTestId(page, 'create-vs-ai').check();
    await byTestId(page, 'create-submit').click();
    await page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.status === 'playing',
      undefined,
      { timeout: 30_000 },
    );
    await byTestId(page, 'leave-button').click();
    await byTestId(page, 'leave-dialog').waitFor();
    await shoot(page, 'leave-confirm-1280x800');
    await byTestId(page, 'leave-cancel').click();
    expect(await mySeat(page)).toBe(0);
    await byTestId(page, 'leave-button').click();
    await byTestId(page, 'leave-confirm').click();
    await byTestId(page, 'lobby').waitFor({ timeout: 20_000 });
    await page.goBack();
    await page.waitForTimeout(1500);
    expect(await byTestId(page, 'route-error').count()).toBe(0);
    await byTestId(page, 'lobby').waitFor({ timeout: 20_000 });
    await context.close();
  }, 120_000);

  test('a second tab takes the seat: the first says so and can take it back', async () => {
    const { page, context } = await person(env.browser, 'Bo');
    await page.goto(env.server.url);
    await openCreateDialog(page, 'bankout');
    await byTestId(page, 'create-submit').click();
    await byTestId(page, 'waiting-room').waitFor({ timeout: 30_000 });
    const url = page.url();
    const second = await context.newPage();
    await second.goto(url);
    await second.waitForFunction(() => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 0);
    await byTestId(page, 'kicked-dialog').waitFor({ timeout: 20_000 });
    expect(await byTestId(page, 'kicked-reason').textContent()).toMatch(/another tab or on another device/);
    await shoot(page, 'seat-taken-by-another-tab');
    await byTestId(page, 'kicked-retake').click();
    await page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 0,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await byTestId(second, 'kicked-dialog').waitFor({ timeout: 20_000 });
    await context.close();
  }, 120_000);

  test('a seat carried to another device by its link; the first screen can take it back', async () => {
    const first = await person(env.browser, 'Hal');
    await first.page.goto(env.server.url);
    await openCreateDialog(first.page, 'bankout');
    await byTestId(first.page, 'create-submit').click();
    await byTestId(first.page, 'waiting-room').waitFor({ timeout: 30_000 });
    await byTestId(first.page, 'move-seat').click();
    const link = (await byTestId(first.page, 'move-seat-link').textContent()) ?? '';
    expect(link).toMatch(/#\/seat\//);
    await shoot(first.page, 'move-seat-dialog');
    const phone = await person(env.browser, 'Hal (phone)', { width: 360, height: 740 });
    await phone.page.goto(`${env.server.url}/${link.slice(link.indexOf('#'))}`);
    await phone.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 0,
      undefined,
      { timeout: 30_000 },
    );
    // The token does not stay in the phone's address.
    expect(await phone.page.evaluate(() => location.hash)).toMatch(/^#\/table\//);
    await byTestId(first.page, 'kicked-dialog').waitFor({ timeout: 20_000 });
    await byTestId(first.page, 'kicked-retake').click();
    await first.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 0,
      undefined,
      { timeout: 20_000 },
    );
    await byTestId(phone.page, 'kicked-dialog').waitFor({ timeout: 20_000 });
    await first.context.close();
    await phone.context.close();
  }, 120_000);

  test('a dropped player: a countdown until the AI plays; the panel names who watches', async () => {
    const host = await new Client(env.server.ws).create('bankout', { name: 'Ada' });
    const cy = await person(env.browser, 'Cy');
    await cy.page.goto(`${env.server.url}/#/table/${host.roomId}`);
    await cy.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 1,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const di = await person(env.browser, 'Di', { width: 360, height: 740 });
    await di.page.goto(`${env.server.url}/#/watch/${host.roomId}`);
    await byTestId(di.page, 'topbar').waitFor({ timeout: 30_000 });
    await byTestId(cy.page, 'watchers').filter({ hasText: 'Watching: Di' }).waitFor({ timeout: 20_000 });
    host.send(ClientMsg.start, {});
    await di.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.status === 'playing',
      undefined,
      { timeout: 20_000 },
    );
    await shoot(di.page, 'table-spectator-360x740');
    // Cy's tab goes away without leaving (a dropped connection, not the Leave button).
    await cy.context.close();
    const away = byTestId(di.page, 'away-1');
    await di.page.locator('[data-testid="panel-toggle"]').click();
    await away.waitFor({ timeout: 20_000 });
    const text = (await away.textContent()) ?? '';
    console.log(`spectator sees: ${text}`);
    expect(text).toMatch(/^Away · AI plays in \d+ s$/);
    const secs = Number(/(\d+) s/.exec(text)?.[1]);
    expect(secs).toBeGreaterThan(0);
    // The window is 60 s (RECONNECT_SECONDS); rounded up, and measured a moment after it began.
    expect(secs).toBeLessThanOrEqual(61);
    await di.page.waitForTimeout(400); // the panel slides in
    await shoot(di.page, 'away-countdown-360x740');
    await di.context.close();
    await host.leave();
  }, 120_000);
});
