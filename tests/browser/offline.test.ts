/// <reference lib="dom" />
/**
 * The offline single file (`npm run build:bankout-html`) still works with the lazily loaded stage:
 * opened from disk, it deals a match against the AI and draws the table.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { byTestId, launchBrowser, person, shoot } from './harness';

const FILE = path.resolve(__dirname, '..', '..', 'client', 'dist-single', 'bankout.html');

test('bankout.html deals a match offline', async () => {
  if (!existsSync(FILE)) throw new Error(`${FILE} is missing: run \`npm run build:bankout-html\` first`);
  const browser = await launchBrowser();
  try {
    const { page } = await person(browser, 'Ada');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${FILE}?botDelay=50`);
    await byTestId(page, 'offline-level').selectOption('hard', { timeout: 30_000 });
    await byTestId(page, 'offline-start-button').click();
    type Snap = { status: string; seats: { botLevel?: string }[] };
    await page.waitForFunction(
      () =>
        (window as { __parlor?: { table?: { snapshot(): Snap | null } } }).__parlor?.table?.snapshot()
          ?.status === 'playing',
      undefined,
      { timeout: 30_000 },
    );
    const level = await page.evaluate(
      () =>
        (window as { __parlor?: { table?: { snapshot(): Snap | null } } }).__parlor?.table?.snapshot()
          ?.seats[1]?.botLevel,
    );
    expect(level).toBe('hard');
    await byTestId(page, 'action-draw').waitFor({ timeout: 30_000 });
    await shoot(page, 'offline-bankout');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
}, 90_000);
