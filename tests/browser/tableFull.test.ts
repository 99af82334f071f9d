/// <reference lib="dom" />
/**
 * A third person who opens the link of a full table is told so and offered to watch, and watching
 * works (the refusal is recognised by the server's TABLE_FULL join code, not by its wording).
 */
import { existsSync } from 'node:fs';
import { Client } from '@colyseus/sdk';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2711;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;
type ParlorWindow = Window & { __parlor?: { table?: { snapshot(): { mySeat: number } | null } } };

maybe('a full table', () => {
  const env = useServerAndBrowser(PORT);

  test('offers a latecomer to watch instead', async () => {
    // Ada plays the AI: both seats are taken and the match starts at once.
    const ada = await new Client(env.server.ws).create('bankout', { name: 'Ada', vsBots: true });
    const cy = await person(env.browser, 'Cy');
    await cy.page.goto(`${env.server.url}/#/table/${ada.roomId}`);
    await byTestId(cy.page, 'table-full').waitFor({ timeout: 20_000 });
    await shoot(cy.page, 'table-full');
    await byTestId(cy.page, 'table-full-watch').click();
    await cy.page.waitForFunction(
      () => (window as any).__parlor?.table?.snapshot()?.mySeat === -1, // eslint-disable-line @typescript-eslint/no-explicit-any
      undefined,
      { timeout: 20_000 },
    );
    await cy.context.close();
    await ada.leave();
  }, 90_000);

  test('a spectator who sits down gets a player address, and a reload keeps the seat', async () => {
    const ada = await new Client(env.server.ws).create('bankout', { name: 'Ada' });
    const cy = await person(env.browser, 'Cy');
    await cy.page.goto(`${env.server.url}/#/watch/${ada.roomId}`);
    await byTestId(cy.page, 'sit-1').click({ timeout: 20_000 });
    const mySeat = () => cy.page.evaluate(() => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat);
    await cy.page.waitForFunction(() => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 1);
    await cy.page.waitForFunction((id) => location.hash === `#/table/${id}`, ada.roomId, { timeout: 5000 });
    await cy.page.reload();
    await cy.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat !== undefined,
    );
    await byTestId(cy.page, 'waiting-room').waitFor({ timeout: 20_000 });
    await cy.page.waitForFunction(
      () => (window as ParlorWindow).__parlor?.table?.snapshot()?.mySeat === 1,
      undefined,
      {
        timeout: 20_000,
      },
    );
    expect(await mySeat()).toBe(1);
    await cy.context.close();
    await ada.leave();
  }, 90_000);
});
