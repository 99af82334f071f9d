/// <reference lib="dom" />
/**
 * The table's top bar on a 360x740 touch phone, in the real app, for James Bland and for Devices
 * (four seats: a host at 1280x800, the phone, two bots; the clock running, so the bar carries its
 * countdown too): every control of the bar (and the Hand pill over its title row) is whole inside
 * the screen and no two overlap, in the waiting room and in play. The check itself is shown to
 * catch a Leave button pushed over its neighbour and one pushed off the screen's edge.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  openCreateDialog,
  person,
  press,
  QUICK_BOTS,
  shoot,
  useServerAndBrowser,
} from './harness';
import { clippedHeaderControls } from './headerClip';

const PORT = 2748;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

const GAMES = [
  { id: 'james-bland', board: 'jb-plan' },
  { id: 'devices', board: 'devices-market' },
] as const;

/** The check finds a Leave button moved over its neighbour, and one moved past the screen's edge. */
async function checkCatches(page: Page): Promise<void> {
  // (No transition while it moves: the button's transform is animated, and its box is read at once.)
  const move = (transform: string) =>
    page.evaluate((t) => {
      const b = document.querySelector<HTMLElement>('[data-testid="leave-button"]')!;
      b.style.transition = 'none';
      b.style.transform = t;
    }, transform);
  await move('translateX(-24px)');
  expect((await clippedHeaderControls(page)).join('\n')).toMatch(
    /leave-button overlaps|overlaps leave-button/,
  );
  await move('translateX(30px)');
  expect((await clippedHeaderControls(page)).join('\n')).toMatch(/leave-button: (off screen|outside)/);
  await move('');
  await expect(clippedHeaderControls(page)).resolves.toEqual([]);
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid="leave-button"]')!.style.transition = '';
  });
}

maybe('James Bland and Devices: the top bar on a phone', () => {
  jest.setTimeout(240_000);
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test.each(GAMES)('$id: every top-bar control whole on a 360x740 phone, none overlapping', async (game) => {
    const host = await person(env.browser, 'Ada');
    const phone = await person(env.browser, 'Bartholomew', { width: 360, height: 740 });
    await host.page.goto(env.server.url + '/');
    await openCreateDialog(host.page, game.id);
    await byTestId(host.page, 'create-seats').selectOption('4');
    await press(host.page, 'create-submit');
    await byTestId(host.page, 'waiting-room').waitFor({ timeout: 60_000 });
    const roomId = await host.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    await phone.page.goto(env.server.url + '/');
    await press(phone.page, `join-${roomId}`);
    await byTestId(phone.page, 'waiting-room').waitFor({ timeout: 60_000 });
    await expect(clippedHeaderControls(phone.page)).resolves.toEqual([]);
    await press(host.page, 'add-bot-2');
    await byTestId(host.page, 'remove-bot-2').waitFor();
    await press(host.page, 'add-bot-3');
    await byTestId(host.page, 'remove-bot-3').waitFor();
    await press(host.page, 'start-button');
    await byTestId(phone.page, game.board).waitFor({ timeout: 30_000 });
    // Devices' clock is the host's to start: then the bar has its countdown, as James Bland's has.
    if (game.id === 'devices') await press(host.page, 'dv-start-clock');
    await phone.page.waitForFunction(
      () => !!document.querySelector('[data-testid="turn-countdown"]')?.textContent,
      undefined,
      { timeout: 30_000 },
    );
    await byTestId(phone.page, 'hand-toggle').waitFor({ state: 'visible' });
    const problems = await clippedHeaderControls(phone.page);
    await shoot(phone.page, `${game.id}-header-360`);
    expect(problems).toEqual([]);
    // The Leave button is on screen, a whole 44 px target.
    const leave = await byTestId(phone.page, 'leave-button').boundingBox();
    expect(leave!.x + leave!.width).toBeLessThanOrEqual(360);
    expect(leave!.width).toBeGreaterThanOrEqual(44);
    await checkCatches(phone.page);
    await expect(clippedHeaderControls(host.page)).resolves.toEqual([]);
    await Promise.all([host, phone].map((p) => p.context.close()));
  });
});
