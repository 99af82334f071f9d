/* global window */
// Screenshots of the real flow against a running server: lobby, create dialog, waiting room, a
// match between two browsers (desktop + phone) with a spectator, and the results screen.
// Usage: node client/scripts/shoot-live.mjs http://localhost:2599 <outdir>
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

const [base = 'http://localhost:2599', outDir = 'test-artifacts/live'] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const errors = [];
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function user(name, width, height) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('crash', () => errors.push(`${name}: PAGE CRASHED`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`${name} console: ${m.text()}`));
  return page;
}
async function shot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log('saved', file);
}

const ada = await user('ada', 1280, 800);
await ada.goto(base + '/');
await ada.waitForSelector('[data-testid=lobby]');
await ada.waitForSelector('[data-testid=create-bankout]');
await ada.fill('[data-testid=name-input]', 'Ada');
await ada.dispatchEvent('[data-testid=name-input]', 'change');
await wait(500);
await shot(ada, 'desktop-lobby-empty');
await ada.click('[data-testid=create-bankout]');
await ada.waitForSelector('[data-testid=create-dialog]');
await shot(ada, 'desktop-create-dialog');
await ada.click('[data-testid=create-submit]');
await ada.waitForSelector('[data-testid=waiting-room]');
await wait(800);
await shot(ada, 'desktop-waiting-host');

const bob = await user('bob', 390, 844);
await bob.goto(base + '/');
await bob.waitForSelector('[data-testid=lobby]');
await bob.fill('[data-testid=name-input]', 'Bob');
await bob.dispatchEvent('[data-testid=name-input]', 'change');
const roomId = await ada.evaluate(() => window.__parlor.table.roomId);
await bob.waitForSelector(`[data-testid=join-${roomId}]`);
await wait(500);
await shot(bob, 'phone-lobby-with-table');
await bob.click(`[data-testid=join-${roomId}]`);
await bob.waitForSelector('[data-testid=waiting-room]');
await wait(800);
await shot(bob, 'phone-waiting-guest');
await shot(ada, 'desktop-waiting-full');

await ada.click('[data-testid=start-button]');
await ada.waitForFunction(() => window.__parlor?.table?.snapshot()?.status === 'playing');
const carol = await user('carol', 390, 844);
await carol.goto(`${base}/#/watch/${roomId}`);
await carol.waitForSelector('[data-testid=name-dialog]');
await shot(carol, 'phone-name-dialog');
await carol.fill('[data-testid=name-dialog-input]', 'Carol');
await carol.click('[data-testid=name-dialog-ok]');
await carol.waitForFunction(() => window.__parlor?.table?.snapshot()?.status === 'playing');

// Play: each side draws until loot >= 40 (or alert), then banks; prompts take the first choice.
const pages = [ada, bob];
let shots = 0;
for (let i = 0; i < 600; i++) {
  let acted = false;
  for (const p of pages) {
    const s = await p.evaluate(() => window.__parlor?.table?.snapshot());
    if (!s || s.status !== 'playing' || s.legal.length === 0) continue;
    const me = s.view.public.players[s.mySeat];
    const prompt = s.view.public.prompt;
    let a;
    if (prompt) a = s.legal[0];
    else if (me.loot >= 40 || (me.alert && me.loot > 0)) a = s.legal.find((x) => x.type === 'bank');
    a = a ?? s.legal.find((x) => x.type === 'draw') ?? s.legal[0];
    if (shots === 0 && s.view.public.drawnThisTurn.length >= 3) {
      shots++;
      await wait(700);
      await shot(ada, 'desktop-live-midgame');
      await shot(bob, 'phone-live-midgame');
      await shot(carol, 'phone-live-spectator');
    }
    await p.evaluate((x) => window.__parlor.table.send(x), a);
    acted = true;
    await wait(60);
  }
  const st = await ada.evaluate(() => window.__parlor?.table?.snapshot()?.status);
  if (st === 'finished') break;
  if (!acted) await wait(150);
}
await wait(1500);
await shot(ada, 'desktop-live-results');
await shot(bob, 'phone-live-results');
await shot(carol, 'phone-live-results-spectator');
await browser.close();
if (errors.length) console.log('ERRORS:\n' + errors.join('\n'));
