/* global window */
// Extra screenshots: hot-seat hand-off, how-to dialog, phone side drawer (offline build), and
// against a server: the share dialog, chat, the turn countdown and the waiting room on a phone.
// Usage: node client/scripts/shoot-extras.mjs <offline bankout.html url> <server url> <outdir>
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

const [offlineUrl, base, outDir = 'test-artifacts/extras'] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const errors = [];
async function page(width, height) {
  const p = await (await browser.newContext({ viewport: { width, height } })).newPage();
  p.on('pageerror', (e) => errors.push(e.message));
  return p;
}
const shot = async (p, name) => {
  await p.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log('saved', name);
};

if (offlineUrl !== '-') {
  const p = await page(390, 844);
  await p.goto(offlineUrl);
  await p.waitForSelector('[data-testid=offline-start]');
  await p.check('[data-testid=offline-hot-seat]');
  await p.fill('[data-testid=offline-name-1]', 'Ada');
  await p.fill('[data-testid=offline-name-2]', 'Bo');
  await p.click('[data-testid=offline-start-button]');
  await p.waitForFunction(() => window.__parlor?.table?.snapshot());
  for (let i = 0; i < 30 && !(await p.$('[data-testid=handoff]')); i++) {
    const s = await p.evaluate(() => window.__parlor.table.snapshot());
    const a =
      s.view.public.players[s.mySeat].loot > 15
        ? { type: 'bank' }
        : (s.legal.find((x) => x.type === 'draw') ?? s.legal[0]);
    await p.evaluate((x) => window.__parlor.table.send(x), a);
    await wait(300);
  }
  await wait(500);
  await shot(p, 'phone-hotseat-handoff');
  await p.click('[data-testid=handoff-continue]');
  await p.click('[data-testid=panel-toggle]');
  await wait(400);
  await shot(p, 'phone-side-drawer');
  await p.click('.side-close');
  await p.click('[data-testid=howto-button]');
  await wait(300);
  await shot(p, 'phone-howto');
}

if (base !== '-') {
  const ada = await page(1280, 800);
  await ada.goto(base + '/');
  await ada.fill('[data-testid=name-input]', 'Ada <b>bold</b>');
  await ada.click('[data-testid=create-bankout]');
  await ada.fill('[data-testid=option-turnSeconds]', '30');
  await ada.check('[data-testid=create-vs-ai]');
  await ada.click('[data-testid=create-submit]');
  await ada.waitForFunction(() => window.__parlor?.table?.snapshot());
  await wait(800);
  if (await ada.$('[data-testid=start-button]:not([disabled])'))
    await ada.click('[data-testid=start-button]');
  await ada.waitForFunction(() => window.__parlor.table.snapshot()?.status === 'playing', null, {
    timeout: 15000,
  });
  await ada.fill('[data-testid=chat-input]', '<img src=x onerror=alert(1)> good luck');
  await ada.click('[data-testid=chat-send]');
  await wait(1500);
  await shot(ada, 'desktop-live-chat-timer');
  await ada.click('[data-testid=share-button]');
  await wait(800);
  await shot(ada, 'desktop-share-dialog');
}
await browser.close();
if (errors.length) console.log('ERRORS:\n' + errors.join('\n'));
