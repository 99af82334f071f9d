/// <reference lib="dom" />
/**
 * A saved game's seats open with their claim codes (issue 20): Ada loads the game she saved with Bo;
 * her screen shows Bo's seat's code; Bo, joining by the table's link, watches first (a name alone
 * takes no saved seat), is refused with a wrong code, sits down with the right one, and the match
 * carries on. Screenshots at 1280x800 (Ada) and 360x740 (Bo).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the page's debug hooks are untyped */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientMsg, type SavedMatch, ServerMsg } from '@parlor/shared';
import { Client } from '@colyseus/sdk';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2714;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;
const mySeat = (page: Page) =>
  page.evaluate(() => (window as any).__parlor?.table?.snapshot()?.mySeat as number | undefined);

maybe('a saved game’s seats', () => {
  const env = useServerAndBrowser(PORT);

  test('are claimed with the codes the host sees, not by name', async () => {
    // The match Ada and Bo played, saved by Ada (the host) through the client library.
    const client = new Client(`ws://127.0.0.1:${PORT}`);
    const adaRoom = await client.create('bankout', { name: 'Ada' });
    const boRoom = await client.joinById(adaRoom.roomId, { name: 'Bo' });
    const saved = new Promise<SavedMatch>((resolve) => adaRoom.onMessage(ServerMsg.saved, resolve));
    adaRoom.onMessage('*', () => undefined);
    boRoom.onMessage('*', () => undefined);
    await new Promise((r) => setTimeout(r, 300));
    adaRoom.send(ClientMsg.start);
    await new Promise((r) => setTimeout(r, 500));
    adaRoom.send(ClientMsg.save);
    const file = await saved;
    await adaRoom.leave();
    await boRoom.leave();
    const savedPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'parlor-claims-')), 'saved.json');
    writeFileSync(savedPath, JSON.stringify(file));

    const ada = await person(env.browser, 'Ada');
    await ada.page.goto(`${env.server.url}/#/`);
    await byTestId(ada.page, 'load-saved-file').setInputFiles(savedPath);
    await byTestId(ada.page, 'load-dialog').waitFor();
    await byTestId(ada.page, 'load-submit').click();
    await byTestId(ada.page, 'waiting-saved-note').waitFor({ timeout: 20_000 });
    const badge = byTestId(ada.page, 'claim-code-1');
    await badge.waitFor();
    const boCode = file.seats[1]!.claim!;
    expect(await badge.textContent()).toBe(`Code ${boCode.slice(0, 4)} ${boCode.slice(4)}`);
    await shoot(ada.page, 'saved-game-claim-codes');
    const roomId = await ada.page.evaluate(() => location.hash.replace('#/table/', ''));

    // Bo follows the table's link under his saved name: he watches until he gives his code.
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    await bo.page.goto(`${env.server.url}/#/table/${roomId}`);
    await bo.page.waitForFunction(
      () => (window as any).__parlor?.table?.snapshot()?.mySeat === -1,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await byTestId(bo.page, 'sit-1').click();
    await byTestId(bo.page, 'claim-dialog').waitFor();
    await byTestId(bo.page, 'claim-input').fill('WRONG123');
    await shoot(bo.page, 'saved-game-claim-dialog-phone');
    await byTestId(bo.page, 'claim-submit').click();
    await bo.page.waitForTimeout(800);
    expect(await mySeat(bo.page)).toBe(-1);
    await shoot(bo.page, 'saved-game-claim-refused-phone');
    await byTestId(bo.page, 'sit-1').click();
    await byTestId(bo.page, 'claim-input').fill(boCode.toLowerCase());
    await byTestId(bo.page, 'claim-submit').click();
    await bo.page.waitForFunction(
      () => (window as any).__parlor?.table?.snapshot()?.mySeat === 1,
      undefined,
      {
        timeout: 20_000,
      },
    );

    await byTestId(ada.page, 'start-button').click();
    await ada.page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing');
    await bo.page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing');
    await shoot(bo.page, 'saved-game-claimed-playing-phone');
    await ada.context.close();
    await bo.context.close();

    // The same file loaded on a phone: the codes fit beside the seats.
    const phone = await person(env.browser, 'Ada', { width: 360, height: 740 });
    await phone.page.goto(`${env.server.url}/#/`);
    await byTestId(phone.page, 'load-saved-file').setInputFiles(savedPath);
    await byTestId(phone.page, 'load-submit').click();
    await byTestId(phone.page, 'claim-code-1').waitFor({ timeout: 20_000 });
    await byTestId(phone.page, 'waiting-seat-1').scrollIntoViewIfNeeded();
    await shoot(phone.page, 'saved-game-claim-codes-phone');
    await phone.context.close();
  }, 120_000);
});
