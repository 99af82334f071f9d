/* global window, document */
// Checks by eye that a table survives a server restart: play vs the AI, restart the server
// (the caller passes the commands), and screenshot the reconnecting and reconnected states.
// Usage: node client/scripts/reconnect-check.mjs http://localhost:2599 <outdir> "<stop cmd>" "<start cmd>"
import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [base, outDir, stopCmd, startCmd] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const shot = async (name) => {
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log('saved', name);
};
await page.goto(base + '/');
await page.fill('[data-testid=name-input]', 'Ada');
await page.click('[data-testid=create-bankout]');
await page.check('[data-testid=create-vs-ai]');
await page.click('[data-testid=create-submit]');
await page.waitForFunction(() => window.__parlor?.table?.snapshot());
await wait(1000);
if (await page.$('[data-testid=start-button]:not([disabled])'))
  await page.click('[data-testid=start-button]');
await page.waitForFunction(() => window.__parlor.table.snapshot()?.status === 'playing', null, {
  timeout: 15000,
});
for (let i = 0; i < 3; i++) {
  await page
    .waitForFunction(() => window.__parlor.table.snapshot().legal.some((a) => a.type === 'draw'), null, {
      timeout: 20000,
    })
    .catch(() => undefined);
  await page.evaluate(() => window.__parlor.table.send({ type: 'draw' }));
  await wait(400);
}
const before = await page.evaluate(() =>
  JSON.stringify(window.__parlor.table.snapshot().view.public.players),
);
execSync(stopCmd);
await wait(2500);
await shot('reconnecting');
console.log(
  'state while down:',
  await page.evaluate(() => document.querySelector('[data-testid=conn-state]').dataset.state),
);
execSync(startCmd);
await page.waitForFunction(
  () => document.querySelector('[data-testid=conn-state]')?.dataset.state === 'connected',
  null,
  { timeout: 40000 },
);
await wait(1500);
await shot('reconnected');
const after = await page.evaluate(() =>
  JSON.stringify({
    seat: window.__parlor.table.snapshot().mySeat,
    players: window.__parlor.table.snapshot().view?.public.players,
  }),
);
console.log('before', before);
console.log('after ', after);
await browser.close();
