/// <reference lib="dom" />
/**
 * A saved game's seats open with their own claim codes (issues 20 and 31): Ada hosts Bankout with
 * Bo and saves; each browser is sent its own seat's code alone (Ada's file and screen hold none of
 * Bo's). Ada loads the file: her code is filled in. Bo on another device (no code kept there) is
 * refused with a wrong code; on his phone, which kept his code, following the table's link seats him
 * by itself, and the match carries on. Screenshots at 1280x800 (Ada) and 360x740 (Bo).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the page's debug hooks are untyped */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2714;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;
const snapshot = (page: Page, field: string) =>
  page.evaluate((f) => (window as any).__parlor?.table?.snapshot()?.[f] as unknown, field);
const waitFor = (page: Page, field: string, value: unknown) =>
  page.waitForFunction(
    ([f, v]) => (window as any).__parlor?.table?.snapshot()?.[f as string] === v,
    [field, value] as const,
    { timeout: 20_000 },
  );
/** The seat codes this browser keeps: lineage -> { seat, code }. */
const keptCodes = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('parlor.seatClaims') ?? '{}') as Record<
        string,
        { seat: number; code: string }
      >,
  );

maybe('a saved game’s seats', () => {
  const env = useServerAndBrowser(PORT);

  test('each seat gets its own code; the host’s file and screen hold no other', async () => {
    // Ada hosts, Bo joins by the table's link on his phone; they play, and Ada saves.
    const ada = await person(env.browser, 'Ada');
    await ada.page.goto(`${env.server.url}/#/`);
    await byTestId(ada.page, 'create-bankout').click();
    await byTestId(ada.page, 'create-dialog').waitFor();
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => location.hash.replace('#/table/', ''));
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    await bo.page.goto(`${env.server.url}/#/table/${roomId}`);
    await waitFor(bo.page, 'mySeat', 1);
    await byTestId(ada.page, 'start-button').click();
    await waitFor(ada.page, 'status', 'playing');
    const [download] = await Promise.all([
      ada.page.waitForEvent('download'),
      byTestId(ada.page, 'save-button').click(),
    ]);
    const savedPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'parlor-claims-')), 'saved.json');
    await download.saveAs(savedPath);
    const fileText = readFileSync(savedPath, 'utf8');
    const lineage = (JSON.parse(fileText) as { lineage: string }).lineage;
    await bo.page.waitForFunction((l) => localStorage.getItem('parlor.seatClaims')?.includes(l), lineage);
    await ada.page.waitForFunction((l) => localStorage.getItem('parlor.seatClaims')?.includes(l), lineage);
    const boCode = (await keptCodes(bo.page))[lineage]!;
    const adaCode = (await keptCodes(ada.page))[lineage]!;
    expect(boCode).toMatchObject({ seat: 1, code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    expect(adaCode).toMatchObject({ seat: 0, code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    // Bo's code is nowhere on Ada's side: not in the file, her page or her storage.
    expect(fileText).not.toContain(boCode.code);
    expect(await ada.page.content()).not.toContain(boCode.code);
    expect(JSON.stringify(await keptCodes(ada.page))).not.toContain(boCode.code);
    await shoot(bo.page, 'saved-game-own-code-phone');

    // Both go back to the lobby: the table closes, and the save may load.
    await ada.page.goto(`${env.server.url}/#/`);
    await bo.page.goto(`${env.server.url}/#/`);
    await ada.page.waitForTimeout(1500);

    // Ada loads the file: her own seat and code are filled in; she sees only her own code.
    await byTestId(ada.page, 'load-saved-file').setInputFiles(savedPath);
    await byTestId(ada.page, 'load-dialog').waitFor();
    expect(await byTestId(ada.page, 'load-claim').inputValue()).toBe(
      `${adaCode.code.slice(0, 4)} ${adaCode.code.slice(4)}`,
    );
    await shoot(ada.page, 'saved-game-load-dialog');
    await byTestId(ada.page, 'load-submit').click();
    const note = byTestId(ada.page, 'waiting-saved-note');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain('Your seat code for this saved game');
    expect(await ada.page.content()).not.toContain(boCode.code);
    await shoot(ada.page, 'saved-game-waiting-own-code');
    const loadedId = await ada.page.evaluate(() => location.hash.replace('#/table/', ''));

    // Bo on a tablet that never got his code: he watches, and a wrong code opens nothing.
    const tablet = await person(env.browser, 'Bo', { width: 800, height: 1000 });
    await tablet.page.goto(`${env.server.url}/#/table/${loadedId}`);
    await waitFor(tablet.page, 'mySeat', -1);
    await byTestId(tablet.page, 'sit-1').click();
    await byTestId(tablet.page, 'claim-dialog').waitFor();
    await byTestId(tablet.page, 'claim-input').fill(adaCode.code);
    await byTestId(tablet.page, 'claim-submit').click();
    await tablet.page.waitForTimeout(800);
    expect(await snapshot(tablet.page, 'mySeat')).toBe(-1);
    await tablet.context.close();

    // On his phone, which kept his code, the table's link seats him by itself.
    await bo.page.goto(`${env.server.url}/#/table/${loadedId}`);
    await waitFor(bo.page, 'mySeat', 1);
    await shoot(bo.page, 'saved-game-claimed-phone');
    await byTestId(ada.page, 'start-button').click();
    await waitFor(ada.page, 'status', 'playing');
    await waitFor(bo.page, 'status', 'playing');
    await shoot(bo.page, 'saved-game-claimed-playing-phone');
    await ada.context.close();
    await bo.context.close();
  }, 120_000);
});
