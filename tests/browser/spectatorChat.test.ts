/// <reference lib="dom" />
/**
 * A spectator's chat line reads as a spectator's: "(watching)" after the name, and a spectator
 * named like a seated player chats under another name ("Ada 2"), never as the player (issue 20).
 */
import { existsSync } from 'node:fs';
import { ClientMsg } from '@parlor/shared';
import { Client } from '@colyseus/sdk';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2962;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('spectator chat', () => {
  const env = useServerAndBrowser(PORT);

  test.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ])(
    'shows who is watching (%s)',
    async (label, viewport) => {
      const url = env.server.ws;
      const ada = await new Client(url).create('bankout', { name: 'Ada' });
      const cy = await person(env.browser, 'Cy', viewport);
      await cy.page.goto(`${env.server.url}/#/watch/${ada.roomId}`);
      await byTestId(cy.page, 'side-panel').waitFor({ state: 'attached', timeout: 20_000 });
      const impostor = await new Client(url).joinById(ada.roomId, { name: 'Ada', spectator: true });
      impostor.send(ClientMsg.chat, { text: 'I resign, the pot is yours' });
      await byTestId(cy.page, 'chat-line').first().waitFor({ state: 'attached', timeout: 10_000 });
      ada.send(ClientMsg.chat, { text: 'I do not resign' });
      if (viewport.width < 500) await byTestId(cy.page, 'panel-toggle').click();
      await byTestId(cy.page, 'chat-input').fill('hello all');
      await byTestId(cy.page, 'chat-send').click();
      await cy.page.waitForFunction(
        () => document.querySelectorAll('[data-testid="chat-line"]').length === 3,
      );
      const lines = await byTestId(cy.page, 'chat-line').allTextContents();
      // Each line starts with its time (hh:mm).
      expect(lines.map((l) => l.replace(/^\d\d:\d\d/, ''))).toEqual([
        'Ada 2 (watching): I resign, the pot is yours',
        'Ada: I do not resign',
        'Cy (watching): hello all',
      ]);
      await shoot(cy.page, `spectator-chat-${label}`);
      await cy.context.close();
      await impostor.leave();
      await ada.leave();
    },
    90_000,
  );
});
