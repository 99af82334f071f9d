/* global window */
// Dev screenshots of the Tactical Risk map client (to look at, not a test): a five-seat table with
// fog of war against four bots; the whole map, Europe close and far (names, stacks), a combat move
// being planned (the calculator's odds, the path), and the same on a phone. Starts its own server
// from server/dist (run `npm run build` first).
// Usage: node client/scripts/shoot-tactical-risk.mjs [outdir]   (PORT, default 2722)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..', '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'test-artifacts', 'tactical-risk-client'));
const port = Number(process.env.PORT ?? 2722);
const url = `http://127.0.0.1:${port}`;
fs.mkdirSync(out, { recursive: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-shots-'));
const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'index.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DISCOVERY: 'off',
    QR: 'false',
    DATA_DIR: dataDir,
    BOT_DELAY_MS: '150',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${url}/__healthcheck`)
      .then((r) => r.ok)
      .catch(() => false)
  )
    break;
  if (i > 150) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 200));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const tr = (page, fn, ...args) =>
  page.evaluate(([f, a]) => window.__parlor.tacticalRisk[f](...a), [fn, args]);
async function shot(page, name) {
  await page.waitForTimeout(400);
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file });
  console.log('saved', file);
}
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(() => localStorage.setItem('parlor.name', 'Ada'));
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${url}/`);
  await page.locator('[data-testid="create-tactical-risk"]').click();
  await page.locator('[data-testid="create-seats"]').selectOption('5');
  await page.locator('[data-testid="option-fogOfWar"]').check();
  await page.locator('[data-testid="create-submit"]').click();
  await page.locator('[data-testid="waiting-room"]').waitFor();
  for (let i = 1; i <= 4; i++) await page.locator(`[data-testid="add-bot-${i}"]`).click();
  await page.locator('[data-testid="start-button"]').click();
  await page.locator('[data-testid="tr-purchase"]').waitFor();
  await tr(page, 'fitAll');
  await shot(page, 'desktop-fog-whole');
  // The first view as each screen opens the table: Ada's (1280×800, centred on her capital) and a
  // spectator's at each size (landscape: the map's height fills the view; phones: their own framing).
  await page.reload();
  await page.locator('[data-testid="tr-purchase"]').waitFor();
  await shot(page, 'first-view-1280x800');
  const roomId = await page.evaluate(() => window.__parlor.table.roomId);
  for (const [width, height] of [
    [1920, 1080],
    [2560, 1080],
    [360, 740],
  ]) {
    const c = await browser.newContext({ viewport: { width, height } });
    await c.addInitScript(() => localStorage.setItem('parlor.name', 'Eve'));
    const p = await c.newPage();
    await p.goto(`${url}/#/watch/${roomId}`);
    await p.locator('[data-testid="tr-hud"]').waitFor();
    await shot(p, `first-view-spectator-${width}x${height}`);
    await c.close();
  }
  await tr(page, 'centerOn', 1760, 470, 0.95);
  await shot(page, 'desktop-europe-close');
  await tr(page, 'centerOn', 1900, 600, 0.45);
  await shot(page, 'desktop-europe-far');
  // The combat move: the first source with a move into German land, all its units chosen.
  await page.locator('[data-testid="tr-end-phase"]').click({ force: true });
  await page.waitForFunction(() => window.__parlor.table.snapshot()?.view?.public?.phase === 'combatMove');
  const s = await page.evaluate(() => window.__parlor.table.snapshot());
  const move = s.legal.find(
    (a) => a.type === 'move' && s.view.public.territories[a.path.at(-1)]?.owner === 'Germans',
  );
  if (move) {
    await tr(page, 'focus', move.path[0], 0.9);
    await tr(page, 'select', move.path[0]);
    await page.locator('[data-testid="tr-sel-all"]').click({ force: true });
    await page.locator(`[data-testid="tr-dest-${move.path.at(-1)}"]`).hover();
    await shot(page, 'desktop-plan-attack');
    // The same destination hovered on the map: the path, and the hint with the odds.
    const at = await tr(page, 'screenOf', move.path.at(-1));
    if (at) {
      await page.mouse.move(at.x, at.y + 12);
      await shot(page, 'desktop-plan-map-hover');
    }
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'phone-plan-attack');
  await tr(page, 'select', null);
  await tr(page, 'fitAll');
  await shot(page, 'phone-fog-whole');
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
