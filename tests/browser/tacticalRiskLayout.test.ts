/// <reference lib="dom" />
/**
 * Tactical Risk's screen at 1280x800 and on a 360x740 phone: the first view is on the player's
 * capital, the table's players/log panel and the game's side panel fold away so the map gets the
 * whole width, and nothing covers the map's northern territories; the create dialog shows "Capitals to
 * win" only for a free-for-all; a territory is found by name; the battle calculator works on its own.
 * On the phone the map tools fold behind one button and a toast rises above the sheet; Switzerland is
 * named on its own land. Screenshots are saved and looked at.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2737;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
const tr = (page: Page, fn: string, ...args: unknown[]) =>
  page.evaluate(
    ([f, a]) => (window as any).__parlor.tacticalRisk[f as string](...(a as unknown[])),
    [fn, args],
  );
const phaseOf = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    return { phase: s?.view?.public?.phase ?? '', legal: (s?.legal ?? []).length as number };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

async function startVsBots(page: Page, url: string, checkOptions = false): Promise<void> {
  await page.goto(url + '/');
  await byTestId(page, 'create-tactical-risk').click();
  await byTestId(page, 'create-dialog').waitFor();
  if (checkOptions) {
    // "Capitals to win" is a free-for-all setting: shown only there (economic victory the other way).
    const capitals = byTestId(page, 'option-capitalsToWin');
    const economic = byTestId(page, 'option-economicVictory');
    await expect(capitals.isVisible()).resolves.toBe(false);
    await expect(economic.isVisible()).resolves.toBe(true);
    await byTestId(page, 'option-mode').selectOption('ffa');
    await expect(capitals.isVisible()).resolves.toBe(true);
    await expect(economic.isVisible()).resolves.toBe(false);
    await byTestId(page, 'option-mode').selectOption('classic');
    await expect(capitals.isVisible()).resolves.toBe(false);
  }
  await byTestId(page, 'create-seats').selectOption('2');
  await byTestId(page, 'create-submit').click();
  await byTestId(page, 'waiting-room').waitFor();
  await byTestId(page, 'add-bot-1').click();
  await byTestId(page, 'start-button').click();
  for (let i = 0; i < 300; i++) {
    const p = await phaseOf(page);
    if (p.phase === 'purchase' && p.legal > 0) return;
    await page.waitForTimeout(100);
  }
  throw new Error('no purchase phase');
}

/**
 * Switzerland (a small land between others) is named on its own land once named (zoom 1), never
 * beside it over Germany as an island's name would be: the name's middle is over its land.
 */
async function switzerlandOnItsLand(page: Page): Promise<void> {
  await tr(page, 'focus', 'Switzerland', 1);
  await page.waitForTimeout(300);
  const name = (await tr(page, 'nameRect', 'Switzerland')) as { x: number; y: number; w: number; h: number };
  const point = (await tr(page, 'screenOf', 'Switzerland')) as { x: number; y: number };
  const canvas = (await page.locator('canvas').first().boundingBox())!;
  // The land is 45 map px wide (board-map.json): at zoom 1 its middle is within 23 px of the point.
  const off = [name.x + name.w / 2 + canvas.x - point.x, name.y + name.h / 2 + canvas.y - point.y];
  expect({ off, over: Math.abs(off[0]!) < 23 && Math.abs(off[1]!) < 13 }).toEqual({ off, over: true });
  await shoot(page, `tactical-risk-switzerland-${page.viewportSize()!.width}`);
}

maybe('Tactical Risk layout', () => {
  const env = useServerAndBrowser(PORT);

  test('1280x800 and 360x740: the map uncovered, the first view on the capital', async () => {
    const ada = await person(env.browser, 'Ada', { width: 1280, height: 800 });
    await startVsBots(ada.page, env.server.url, true);
    await byTestId(ada.page, 'tr-purchase').waitFor();
    await ada.page.waitForTimeout(400);
    // The table's players/log panel is a drawer: the map has the whole width.
    const canvas = await ada.page.locator('canvas').first().boundingBox();
    expect(canvas!.width).toBeGreaterThanOrEqual(1270);
    await expect(byTestId(ada.page, 'panel-toggle').isVisible()).resolves.toBe(true);
    // The first view: Russia on screen, below the status bar.
    const hud = (await byTestId(ada.page, 'tr-hud').boundingBox())!;
    const russia = (await tr(ada.page, 'screenOf', 'Russia')) as { x: number; y: number } | null;
    expect(russia).not.toBeNull();
    expect(russia!.y).toBeGreaterThan(hud.y + hud.height);
    const north = (await tr(ada.page, 'screenOf', 'Finland Norway')) as { x: number; y: number } | null;
    expect(north).not.toBeNull();
    expect(north!.y).toBeGreaterThan(hud.y + hud.height);
    await shoot(ada.page, 'tactical-risk-1280-first');
    // The side panel folds away; a button brings it back.
    await byTestId(ada.page, 'tr-fold').click();
    await byTestId(ada.page, 'tr-unfold').waitFor();
    await expect(byTestId(ada.page, 'tr-purchase').count()).resolves.toBe(0);
    await ada.page.waitForTimeout(300);
    await shoot(ada.page, 'tactical-risk-1280-folded');
    await byTestId(ada.page, 'tr-unfold').click();
    await byTestId(ada.page, 'tr-purchase').waitFor();
    // Find a territory by name: the map goes there and its card opens.
    await byTestId(ada.page, 'tr-find-toggle').click();
    await byTestId(ada.page, 'tr-find').fill('finland norway');
    await byTestId(ada.page, 'tr-find').dispatchEvent('change');
    await expect(byTestId(ada.page, 'tr-territory').textContent()).resolves.toMatch(/Finland Norway/);
    expect(await tr(ada.page, 'screenOf', 'Finland Norway')).not.toBeNull();
    // The stand-alone battle calculator: 3 armour against 2 infantry.
    await byTestId(ada.page, 'tr-calc-toggle').click();
    await byTestId(ada.page, 'tr-calc').waitFor();
    await expect(byTestId(ada.page, 'tr-calc-result').textContent()).resolves.toMatch(/Add units/);
    for (let i = 0; i < 3; i++)
      await byTestId(ada.page, 'tr-calc-attacker-armour').locator('button').nth(1).click();
    for (let i = 0; i < 2; i++)
      await byTestId(ada.page, 'tr-calc-defender-infantry').locator('button').nth(1).click();
    await expect(byTestId(ada.page, 'tr-calc-result').textContent()).resolves.toMatch(
      /^Attacker wins \d+% \(takes it/,
    );
    await shoot(ada.page, 'tactical-risk-1280-calculator');
    await byTestId(ada.page, 'tr-calc-toggle').click();
    await switzerlandOnItsLand(ada.page);

    const phone = await person(env.browser, 'Pia', { width: 360, height: 740 });
    await startVsBots(phone.page, env.server.url);
    await byTestId(phone.page, 'tr-purchase').waitFor();
    await phone.page.waitForTimeout(400);
    await shoot(phone.page, 'tactical-risk-360-first');
    // The map tools fold behind one button (open, their two columns covered the names east of the
    // capital); a tool that opens something else folds them again.
    const toolsShown = () => phone.page.locator('.trm-zoom > button:visible').count();
    expect(await toolsShown()).toBe(1);
    await byTestId(phone.page, 'tr-tools-toggle').click();
    expect(await toolsShown()).toBeGreaterThanOrEqual(6);
    await shoot(phone.page, 'tactical-risk-360-tools');
    await byTestId(phone.page, 'tr-find-toggle').click();
    expect(await toolsShown()).toBe(1);
    await byTestId(phone.page, 'tr-tools-toggle').click();
    await byTestId(phone.page, 'tr-find-toggle').click(); // the find box closes again
    // A toast rises above the sheet: it covers none of the sheet's buttons.
    await byTestId(phone.page, 'tr-palette-sheet').click();
    const toast = byTestId(phone.page, 'toast-info').last();
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const sheetBox = (await byTestId(phone.page, 'tr-side').boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(sheetBox.y);
    await shoot(phone.page, 'tactical-risk-360-toast');
    await byTestId(phone.page, 'tr-palette-sheet').click();
    await byTestId(phone.page, 'tr-fold').click();
    await byTestId(phone.page, 'tr-unfold').waitFor();
    await phone.page.waitForTimeout(300);
    const moscow = (await tr(phone.page, 'screenOf', 'Russia')) as { x: number; y: number } | null;
    expect(moscow).not.toBeNull();
    await shoot(phone.page, 'tactical-risk-360-folded');
    await switzerlandOnItsLand(phone.page);
  });
});
