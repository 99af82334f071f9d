/* global window */
// Screenshots of the client in headless Chromium (Debian's), for looking at the UI by eye.
// Usage: node client/scripts/shoot.mjs <url> <outdir> [scenario]
//   scenarios: offline (start dialog, table mid-game, prompt, results), lobby (lobby + create dialog)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [url, outDir = 'test-artifacts/shots', scenario = 'offline'] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'small', width: 360, height: 740 },
];

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-shot-'));
const ctx = await chromium.launchPersistentContext(userDataDir, {
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

async function shot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log('saved', file);
}

async function offline(page, vp) {
  await page.goto(url + (url.includes('?') ? '&' : '?') + 'botDelay=40');
  await page.waitForSelector('[data-testid=offline-start]');
  await wait(400);
  await shot(page, `${vp.name}-offline-start`);
  if (vp.name === 'desktop') await page.selectOption('[data-testid=offline-mode]', 'blitz');
  await page.click('[data-testid=offline-start-button]');
  await page.waitForFunction(() => window.__parlor?.table?.snapshot());
  const seen = new Set();
  let mid = false;
  for (let i = 0; i < 3000; i++) {
    const s = await page.evaluate(() => window.__parlor.table.snapshot());
    if (s.status === 'finished') break;
    const pub = s.view.public;
    const legal = s.legal;
    const me = pub.players[s.mySeat];
    if (pub.prompt && pub.prompt.seat === s.mySeat && legal.length) {
      if (!seen.has(pub.prompt.kind)) {
        seen.add(pub.prompt.kind);
        await wait(500);
        await shot(page, `${vp.name}-offline-prompt-${pub.prompt.kind}`);
      }
      await page.evaluate((a) => window.__parlor.table.send(a), legal[0]);
    } else if (legal.length && pub.turn === s.mySeat) {
      if (!mid && pub.drawnThisTurn.length >= 3 && pub.players.some((p) => p.bank > 0)) {
        mid = true;
        await wait(600);
        await shot(page, `${vp.name}-offline-midgame`);
      }
      const play = legal.find((a) => a.type === 'play' && (me.alert || a.card.startsWith('K')) && !a.choice);
      if (play && me.loot > 0) await page.evaluate((a) => window.__parlor.table.send(a), play);
      else if (me.loot >= 45 || (me.alert && me.loot > 0))
        await page.evaluate(() => window.__parlor.table.send({ type: 'bank' }));
      else if (legal.some((a) => a.type === 'draw'))
        await page.evaluate(() => window.__parlor.table.send({ type: 'draw' }));
      else await page.evaluate(() => window.__parlor.table.send({ type: 'bank' }));
    }
    await wait(mid ? 30 : 250);
  }
  await wait(1200);
  await shot(page, `${vp.name}-offline-results`);
}

for (const vp of viewports) {
  const page = await ctx.newPage();
  await page.setViewportSize({ width: vp.width, height: vp.height });
  page.on('pageerror', (e) => errors.push(`${vp.name}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`${vp.name} console: ${m.text()}`));
  if (scenario === 'offline') await offline(page, vp);
  await page.close();
}
await ctx.close();
fs.rmSync(userDataDir, { recursive: true, force: true });
if (errors.length) console.log('ERRORS:\n' + errors.join('\n'));
