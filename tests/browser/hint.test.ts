/// <reference lib="dom" />
/**
 * "What would you do?" in the browser, on a desktop and a phone: the host picks the AI's level in
 * the waiting room (shown to the host and, after the start, kept on the seat), then on her turn asks
 * for a hint: one line naming one of her legal actions and why, which she dismisses, asks again
 * and plays; the line goes when the position changes. At a table created as competitive the button
 * never shows, and the server refuses a hint sent anyway.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2796;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
interface Snap {
  status: string;
  mySeat: number;
  toAct: number[];
  legal: { type: string }[];
  competitive?: boolean;
  seats: { botLevel?: string; bot: boolean }[];
}
type Table = {
  snapshot(): Snap | null;
  send(a: unknown): void;
  command(type: string, payload?: unknown): void;
};
type ParlorWindow = Window & { __parlor?: { table?: Table } };
const snap = (page: Page) =>
  page.evaluate(() => (window as ParlorWindow).__parlor?.table?.snapshot() ?? null);

/** Creates a Bankout table (`competitive` ticked or not) and waits in its waiting room. */
async function createTable(page: Page, url: string, competitive: boolean): Promise<void> {
  await page.goto(url);
  await byTestId(page, 'create-bankout').click({ timeout: 30_000 });
  const box = byTestId(page, 'create-competitive');
  if ((await box.isChecked()) !== competitive) await box.click();
  if (competitive) await shoot(page, 'hint-create-competitive-360x740');
  await byTestId(page, 'create-submit').click();
  await byTestId(page, 'waiting-room').waitFor({ timeout: 30_000 });
}

/** The AI at seat 1 at `level` (chosen in the waiting room), then the start; waits for Ada's turn. */
async function startAgainst(page: Page, level: 'easy' | 'hard'): Promise<void> {
  await byTestId(page, 'add-bot-1').click();
  const picker = byTestId(page, 'bot-level-select-1');
  await picker.selectOption(level, { timeout: 10_000 });
  await page.waitForFunction(
    (l) => (window as ParlorWindow).__parlor?.table?.snapshot()?.seats[1]?.botLevel === l,
    level,
    { timeout: 10_000 },
  );
  expect(await picker.inputValue()).toBe(level);
  // One press: the waiting room keeps its Start across the patches that redraw it (ui/keyed.ts).
  await byTestId(page, 'start-button').click();
  await page.waitForFunction(
    () => (window as ParlorWindow).__parlor?.table?.snapshot()?.status === 'playing',
    undefined,
    { timeout: 30_000 },
  );
  await myTurn(page);
}

async function myTurn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const s = (window as ParlorWindow).__parlor?.table?.snapshot();
      return !!s && s.status === 'playing' && s.toAct.includes(s.mySeat) && s.legal.length > 0;
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** Asks for a hint; returns the action the line shows (one of the seat's legal actions). */
async function askHint(page: Page): Promise<{ type: string }> {
  const ask = byTestId(page, 'hint-button');
  await ask.waitFor({ timeout: 10_000 });
  await ask.click();
  const line = byTestId(page, 'hint-line');
  await line.waitFor({ timeout: 10_000 });
  // Kept in its place (the strip does not jump), idle while its answer shows.
  expect(await ask.isDisabled()).toBe(true);
  const action = JSON.parse((await line.getAttribute('data-action'))!) as { type: string };
  expect((await snap(page))!.legal).toContainEqual(action);
  expect((await byTestId(page, 'hint-label').textContent())!.length).toBeGreaterThan(2);
  expect((await byTestId(page, 'hint-why').textContent())!.length).toBeGreaterThan(10);
  return action;
}

/** The line fits the screen and leaves the game's own buttons free. */
async function expectInView(page: Page, size: { width: number; height: number }): Promise<void> {
  const line = (await byTestId(page, 'hint-line').boundingBox())!;
  expect(line.x).toBeGreaterThanOrEqual(0);
  expect(line.x + line.width).toBeLessThanOrEqual(size.width);
  const actions = await byTestId(page, 'game-actions').boundingBox();
  if (actions) expect(line.y + line.height).toBeLessThanOrEqual(actions.y);
}

maybe('hint', () => {
  const env = useServerAndBrowser(PORT);

  for (const [size, level] of [
    [DESKTOP, 'hard'],
    [PHONE, 'easy'],
  ] as const) {
    const tag = `${size.width}x${size.height}`;
    test(`${tag}: the AI level chosen in the waiting room is kept; a hint names a legal action, is dismissed, and goes when play moves on`, async () => {
      const ada = await person(env.browser, 'Ada', size);
      await createTable(ada.page, env.server.url, false);
      await startAgainst(ada.page, level);
      const s = (await snap(ada.page))!;
      expect(s.competitive).toBe(false);
      expect(s.seats[1]).toMatchObject({ bot: true, botLevel: level });

      const first = await askHint(ada.page);
      await expectInView(ada.page, size);
      await shoot(ada.page, `hint-${tag}`);
      await byTestId(ada.page, 'hint-dismiss').click();
      await byTestId(ada.page, 'hint-line').waitFor({ state: 'hidden' });
      expect(await byTestId(ada.page, 'hint-button').isEnabled()).toBe(true);

      // Asked again: the same position gives the same hint; she plays it and the line goes.
      const action = await askHint(ada.page);
      expect(action).toEqual(first);
      await ada.page.evaluate((a) => (window as ParlorWindow).__parlor?.table?.send(a), action);
      await byTestId(ada.page, 'hint-line').waitFor({ state: 'hidden', timeout: 10_000 });
      await ada.context.close();
    }, 150_000);
  }

  test('a competitive table shows no hint button, and the server refuses a hint sent anyway', async () => {
    const ada = await person(env.browser, 'Ada', PHONE);
    await createTable(ada.page, env.server.url, true);
    await startAgainst(ada.page, 'easy');
    expect((await snap(ada.page))!.competitive).toBe(true);
    expect(await byTestId(ada.page, 'hint-button').isVisible()).toBe(false);
    await ada.page.evaluate(() => (window as ParlorWindow).__parlor?.table?.command('hint'));
    await ada.page.getByText('This table is competitive: no hints here.').waitFor({ timeout: 10_000 });
    expect(await byTestId(ada.page, 'hint-line').isVisible()).toBe(false);
    await shoot(ada.page, 'hint-competitive-360x740');
    await ada.context.close();
  }, 120_000);
});
