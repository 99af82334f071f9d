/**
 * Party mode: the table screen follows its people to a PRIVATE next table (never listed in the
 * lobby): the old table tells its spectators (ServerMsg.nextTable) when one of its seated people
 * opens it. A TV watches a private Blitz table; its person leaves (a bot plays the seat on) and opens
 * another private table, naming the first with its seat token (`after`, as the web client does);
 * once the first match is over, the TV shows the new table, its join code on the QR corner.
 */
import { Client } from '@colyseus/sdk';
import { existsSync } from 'node:fs';
import { ServerMsg } from '@parlor/shared/core/protocol';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import { byTestId, checkScreen, openScreen, screenPlaysUntil, shoot, PAGE_WAIT_MS } from './partyScreen';

const PORT = 2942;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const welcomeOf = (room: Any) =>
  new Promise<{ seatToken: string }>((resolve) => room.onMessage(ServerMsg.welcome, resolve));

maybe('party mode: a private next table', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('the TV follows its person to a private table opened after the match', async () => {
    const url = env.server.url;
    const ws = url.replace(/^http/, 'ws');
    const first: Any = await new Client(ws).create('bankout', {
      name: 'Ada',
      vsBots: true,
      private: true,
      tableName: 'Living room',
      options: { mode: 'blitz' },
    });
    const { seatToken } = await welcomeOf(first);
    for (const type of ['events', 'pong', 'chat', 'error']) first.onMessage(type, () => undefined);
    const tv = await openScreen(env.browser, url, first.roomId);
    expect(await tv.page.evaluate(() => (window as Any).__parlor.screen.snapshot().isPrivate)).toBe(true);

    // Ada leaves (a bot plays her seat to the end) and opens a private table of her own.
    first.reconnection.enabled = false;
    await first.leave(true);
    const next: Any = await new Client(ws).create('bankout', {
      name: 'Ada',
      private: true,
      tableName: 'Next round',
      after: { roomId: first.roomId, seatToken },
    });
    await welcomeOf(next);
    for (const type of ['events', 'pong', 'chat', 'error']) next.onMessage(type, () => undefined);

    // The first match plays out (however long it takes while it moves); then the TV is on the new
    // table, by itself.
    await screenPlaysUntil(
      tv.page,
      () =>
        tv.page.evaluate(
          (id) => location.hash === `#/screen/${encodeURIComponent(id)}`,
          next.roomId as string,
        ),
      'the TV to follow to the next table',
    );
    await tv.page.waitForFunction(
      (id) => {
        const s = (window as Any).__parlor?.screen?.snapshot();
        // The table's code comes with its listing, a moment after the room's first state.
        return (window as Any).__parlor?.screen?.roomId === id && s?.status === 'waiting' && !!s?.code;
      },
      next.roomId,
      { timeout: PAGE_WAIT_MS },
    );
    const code = await tv.page.evaluate(() => (window as Any).__parlor.screen.snapshot().code as string);
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);
    await byTestId(tv.page, 'screen-waiting').waitFor();
    expect(await byTestId(tv.page, 'screen-table').textContent()).toBe('Next round');
    expect(await byTestId(tv.page, 'screen-code').textContent()).toBe(code);
    await checkScreen(tv.page, 'next table');
    await shoot(tv.page, 'party-next-table-1920');
    await next.leave(true);
    await tv.context.close();
  }, 600_000); // a ceiling only (see STALL_MS in partyScreen.ts)
});
