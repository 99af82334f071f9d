/// <reference lib="dom" />
/**
 * The server goes away and comes back (a restart on the same data): an open lobby and a seated
 * table both recover by themselves, without a reload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  byTestId,
  launchBrowser,
  person,
  shoot,
  startServer,
  type RunningServer,
  openCreateDialog,
} from './harness';

const PORT = 2865;
type ParlorWindow = Window & {
  __parlor?: { table?: { snapshot(): { mySeat: number } | null; connState(): string } };
};

describe('a server restart', () => {
  let browser: Browser;
  let server: RunningServer | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parlor-restart-'));
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the lobby and a seated table reconnect by themselves', async () => {
    server = await startServer(PORT, { DATA_DIR: dataDir });
    const url = server.url;
    const ada = await person(browser, 'Ada');
    await ada.page.goto(url);
    await openCreateDialog(ada.page, 'bankout');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor({ timeout: 30_000 });
    const roomId = await ada.page.evaluate(
      () => (window as ParlorWindow).__parlor?.table?.snapshot() && location.hash,
    );

    const bo = await person(browser, 'Bo');
    await bo.page.goto(url);
    await bo.page.waitForFunction(
      () => document.querySelector('[data-testid="lobby-conn"]')?.getAttribute('data-state') === 'connected',
      undefined,
      { timeout: 30_000 },
    );
    await byTestId(bo.page, 'server-self').locator('.table-row').first().waitFor({ timeout: 30_000 });

    await server.stop();
    server = null;
    // Both notice.
    await bo.page.waitForFunction(
      () => document.querySelector('[data-testid="lobby-conn"]')?.getAttribute('data-state') !== 'connected',
      undefined,
      { timeout: 30_000 },
    );
    await ada.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.connState() !== 'connected',
      undefined,
      { timeout: 30_000 },
    );
    await shoot(bo.page, 'lobby-server-down');
    await shoot(ada.page, 'table-server-down');

    server = await startServer(PORT, { DATA_DIR: dataDir });
    await bo.page.waitForFunction(
      () => document.querySelector('[data-testid="lobby-conn"]')?.getAttribute('data-state') === 'connected',
      undefined,
      { timeout: 60_000 },
    );
    await byTestId(bo.page, 'server-self').locator('.table-row').first().waitFor({ timeout: 30_000 });
    await ada.page.waitForFunction(
      () => {
        const t = (window as ParlorWindow).__parlor?.table;
        return t?.connState() === 'connected' && t.snapshot()?.mySeat === 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    expect(await ada.page.evaluate(() => location.hash)).toBe(roomId);
    await byTestId(ada.page, 'waiting-room').waitFor();
    await ada.context.close();
    await bo.context.close();
  }, 180_000);
});
