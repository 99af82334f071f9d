/// <reference lib="dom" />
/**
 * The lobby on a slow network and a slow server: it shows progress, retries, and fills in by
 * itself. Also what the first load costs: the JavaScript before the lobby works (gzipped, as
 * transferred), Phaser and the game's chunk arriving only when a table opens, and the idle
 * lobby's main-thread time (printed, never asserted as a time).
 */
import { Client } from '@colyseus/sdk';
import type { CDPSession, Page, Route } from 'playwright-core';
import { byTestId, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2861;
type ParlorWindow = Window & {
  __parlor?: { table?: { snapshot(): unknown }; stage?: { running(): boolean } };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Transferred bytes (encoded: gzip as sent) of every script the page fetched, by URL. */
async function watchScripts(page: Page): Promise<{ cdp: CDPSession; scripts: Map<string, number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const scripts = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' || /\.js(\?|$)/.test(e.response.url)) urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (url) scripts.set(url, e.encodedDataLength);
  });
  return { cdp, scripts };
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('the lobby', () => {
  const env = useServerAndBrowser(PORT);

  test('is usable after under 200 kB of gzipped JavaScript; Phaser and a game arrive with its table', async () => {
    const { page, context } = await person(env.browser, 'Ada');
    const { scripts } = await watchScripts(page);
    const t0 = Date.now();
    await page.goto(env.server.url);
    await byTestId(page, 'create-bankout').waitFor({ timeout: 30_000 });
    const usableMs = Date.now() - t0;
    const lobbyBytes = total(scripts);
    const names = [...scripts.keys()].map((u) => u.replace(/.*\//, ''));
    console.log(
      `lobby usable after ${usableMs} ms and ${(lobbyBytes / 1024).toFixed(1)} kB of JS (${names.join(', ')})`,
    );
    expect(lobbyBytes).toBeLessThanOrEqual(200 * 1024);
    // What the page's HTML loads before the lobby can show (its entry and the entry's preloads):
    // the lobby's own code, not the Colyseus SDK (fetched after, for the live listing) nor zod.
    const html = await (await fetch(env.server.url)).text();
    const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const firstBytes = [...scripts]
      .filter(([u]) => first.some((f) => u.endsWith(f)))
      .reduce((a, [, b]) => a + b, 0);
    console.log(`the lobby's first screen: ${(firstBytes / 1024).toFixed(1)} kB of JS (${first.join(', ')})`);
    expect(first.length).toBeGreaterThan(0);
    expect(first.some((n) => /colyseus|schemas|phaser/i.test(n))).toBe(false);
    expect(firstBytes).toBeLessThanOrEqual(40 * 1024);
    expect(names.some((n) => /phaser/i.test(n))).toBe(false);
    expect(names.some((n) => /^bankout-/.test(n))).toBe(false);

    await byTestId(page, 'create-bankout').click();
    await byTestId(page, 'create-dialog').waitFor();
    const vsBots = byTestId(page, 'create-vs-ai');
    if (await vsBots.count()) await vsBots.check();
    await byTestId(page, 'create-submit').click();
    await page.waitForFunction(() => !!(window as ParlorWindow).__parlor?.table?.snapshot(), undefined, {
      timeout: 30_000,
    });
    const after = [...scripts.keys()].map((u) => u.replace(/.*\//, ''));
    console.log(`table open after ${(total(scripts) / 1024).toFixed(1)} kB of JS in all`);
    expect(after.some((n) => /^phaser-/.test(n))).toBe(true);
    expect(after.some((n) => /^bankout-/.test(n))).toBe(true);
    // The page title tells the table and, once play starts, whose turn it is.
    await page.waitForFunction(() =>
      /^(Your turn|.+’s turn|Waiting room) · Bankout · Parlor$/.test(document.title),
    );
    await context.close();
  }, 90_000);

  test('names, landmarks and a modal dialog: Tab stays in it, Escape gives focus back', async () => {
    const { page, context } = await person(env.browser, 'Ada');
    await page.goto(env.server.url);
    await byTestId(page, 'create-kingpin').waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('Lobby · Parlor');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/board games/);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create table for Kingpin', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create table for Bankout', exact: true }).count()).toBe(1);

    const opener = byTestId(page, 'create-bankout');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /New Bankout table/ });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="create-dialog"]'));
    expect(await page.evaluate(() => (document.getElementById('app') as HTMLElement).inert)).toBe(true);
    // Tab walks the dialog's controls and never the lobby behind it (at the end it may leave the
    // page for the browser's own controls, as with a native modal <dialog>).
    const behind = () =>
      page.evaluate(() => document.getElementById('app')!.contains(document.activeElement));
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('[data-testid="create-dialog"]')),
    ).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await behind()).toBe(false);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'create-bankout',
    );
    expect(await page.evaluate(() => (document.getElementById('app') as HTMLElement).inert)).toBe(false);
    await context.close();
  }, 60_000);

  test('an idle lobby leaves the main thread alone, also after a table (printed)', async () => {
    const { page, context } = await person(env.browser, 'Bo');
    await page.goto(env.server.url);
    await byTestId(page, 'create-bankout').waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const idleShare = async (): Promise<number> => {
      await sleep(1000);
      const busy = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      };
      const before = await busy();
      const started = Date.now();
      // Three seconds: a share of a core, printed (the assertions are the canvas and the stage).
      await sleep(3000);
      return (100 * ((await busy()) - before)) / ((Date.now() - started) / 1000);
    };
    const fresh = await idleShare();
    // Nothing redraws a static lobby: no canvas, no animation frame loop.
    expect(await page.locator('#stage canvas').count()).toBe(0);

    // A table, left: the stage exists now, but sleeps under the lobby.
    await byTestId(page, 'create-bankout').click();
    await byTestId(page, 'create-submit').click();
    await byTestId(page, 'waiting-room').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as ParlorWindow).__parlor?.stage?.running())).toBe(true);
    await byTestId(page, 'leave-button').click();
    await byTestId(page, 'lobby').waitFor({ timeout: 20_000 });
    const after = await idleShare();
    expect(await page.evaluate(() => (window as ParlorWindow).__parlor?.stage?.running())).toBe(false);
    console.log(
      `idle lobby: main thread busy ${fresh.toFixed(1)}% of a core; after a table was open, ${after.toFixed(1)}%`,
    );
    await context.close();
  }, 90_000);

  test('a slow server and network: progress is shown, then the lobby fills in by itself', async () => {
    const { page, context } = await person(env.browser, 'Cy');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 200_000,
      uploadThroughput: 100_000,
    });
    // Every answer of the game list and discovery takes 5.5 s: past the 4 s the lobby used to wait
    // before giving up for good.
    const slow = async (route: Route) => {
      await sleep(5500);
      await route.continue().catch(() => undefined); // the page may have stopped waiting: fine
    };
    await page.route('**/api/games', slow);
    await page.route('**/api/discovery', slow);
    await page.goto(env.server.url);
    await byTestId(page, 'games-progress').waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () => /attempt 2/.test(document.querySelector('[data-testid="games-progress"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    const progress = await byTestId(page, 'games-progress').textContent();
    console.log(`slow lobby says: ${progress}`);
    await shoot(page, 'lobby-slow-server');
    await byTestId(page, 'create-bankout').waitFor({ timeout: 60_000 });
    await byTestId(page, 'server-self').waitFor({ timeout: 30_000 });
    await context.close();
  }, 120_000);

  test('join codes: an unknown code says so; a valid one opens its table', async () => {
    const ada = await new Client(env.server.ws).create('bankout', { name: 'Ada' });
    const { page, context } = await person(env.browser, 'Di');
    await page.goto(`${env.server.url}/#/code/ZZZZZ`);
    await byTestId(page, 'route-error').waitFor({ timeout: 30_000 });
    expect(await byTestId(page, 'route-error').textContent()).toMatch(/No table has the code ZZZZZ/);
    await byTestId(page, 'route-error-ok').click();
    // The server's answer is slow for a while: the code is looked up again, not reported missing.
    const info = (await (await fetch(`${env.server.url}/api/info`)).json()) as {
      tables: { roomId: string; code: string }[];
    };
    const tableCode = info.tables.find((t) => t.roomId === ada.roomId)?.code ?? '';
    expect(tableCode).toHaveLength(5);
    let delayed = 0;
    await page.route('**/api/tables/code/**', async (route) => {
      if (delayed++ < 2) await sleep(6000);
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${env.server.url}/#/code/${tableCode}`);
    await page.waitForFunction(
      () => /trying again/.test(document.querySelector('[data-testid="busy"]')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    await page.waitForFunction((id) => location.hash === `#/table/${id}`, ada.roomId, { timeout: 60_000 });
    await byTestId(page, 'waiting-room').waitFor({ timeout: 30_000 });
    await context.close();
    await ada.leave();
  }, 120_000);

  test('screenshots: 1280x800 and 360x740', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const { page, context } = await person(env.browser, 'Eve', viewport);
      await page.goto(env.server.url);
      await byTestId(page, 'create-bankout').waitFor({ timeout: 30_000 });
      await shoot(page, `lobby-${viewport.width}x${viewport.height}`);
      await byTestId(page, 'create-bankout').click();
      await byTestId(page, 'create-dialog').waitFor();
      await shoot(page, `lobby-dialog-${viewport.width}x${viewport.height}`);
      await context.close();
    }
  }, 60_000);
});
