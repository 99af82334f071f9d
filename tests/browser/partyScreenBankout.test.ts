/// <reference lib="dom" />
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Party mode with Bankout: the lobby's "Show on a TV" opens the list of tables, a TV at 1920x1080
 * and one at 1280x720 show a Blitz match a phone plays against a bot (the phone in its hand view),
 * to the end and through the host's rematch, which the screens follow by themselves.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, person, useServerAndBrowser } from './harness';
import {
  TV,
  TV_SMALL,
  byTestId,
  checkScreen,
  handViewFits,
  openPhone,
  openScreen,
  openTable,
  playPhone,
  screenStatus,
  shoot,
  type PhoneState,
} from './partyScreen';

const PORT = 2937;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** Draws while little is at stake, banks otherwise; the prompts' safe answers. */
function bankoutPolicy(s: PhoneState): unknown {
  const has = (t: string) => s.legal.find((a) => a.type === t);
  const joker = s.legal.find((a) => a.type === 'joker' && a.choice === 'queen');
  if (joker) return joker;
  const counter = s.legal.find((a) => a.type === 'counter' && a.accept === false);
  if (counter) return counter;
  if (has('discard')) return has('discard');
  const loot = s.pub?.players?.[0]?.loot ?? 0;
  if (has('draw') && loot < 25) return has('draw');
  return has('bank') ?? has('endTurn') ?? s.legal[0];
}

maybe('party mode: Bankout', () => {
  const env = useServerAndBrowser(PORT);

  test('a TV shows the table in large type, a phone plays its hand, the screen follows the rematch', async () => {
    const url = env.server.url;
    const { roomId, token } = await openTable(url, 'bankout', { mode: 'blitz', turnSeconds: 30 });

    // The lobby's entry opens the table screen's list, where this table is listed.
    const tv = await person(env.browser, 'TV', TV);
    await tv.page.goto(`${url}/#/`);
    await byTestId(tv.page, 'lobby-screen').click();
    await byTestId(tv.page, `screen-pick-${roomId}`).waitFor({ timeout: 20_000 });
    await shoot(tv.page, 'party-bankout-pick-1920');
    await byTestId(tv.page, `screen-pick-${roomId}`).click();
    await tv.page.waitForFunction(() => !!(window as any).__parlor?.screen?.snapshot()?.view, undefined, {
      timeout: 30_000,
    });
    const small = await openScreen(env.browser, url, roomId, TV_SMALL);
    const phone = await openPhone(env.browser, url, roomId, token);

    // The phone switches to its hand view: only its own hand and figures, no board, no scrolling.
    await byTestId(phone.page, 'hand-toggle').click();
    await byTestId(phone.page, 'hand-cards').waitFor();

    let shotMid = false;
    const status = await playPhone(phone.page, bankoutPolicy, 90_000, async (n) => {
      if (n % 12 !== 5) return;
      const logLines = await tv.page.locator('.se-line').count();
      if (!shotMid && logLines >= 3) {
        shotMid = true;
        await shoot(tv.page, 'party-bankout-screen-1920');
        await shoot(small.page, 'party-bankout-screen-1280');
        await shoot(phone.page, 'party-bankout-hand-360');
      }
      await checkScreen(tv.page, `1920 step ${n}`);
      await checkScreen(small.page, `1280 step ${n}`);
      expect(await handViewFits(phone.page)).toEqual([]);
    });
    expect(status).toBe('finished');
    expect(shotMid).toBe(true);
    // It became the phone's turn again and again: the phone was told (vibration) each time.
    expect(await phone.page.evaluate(() => (window as any).__vibrations)).toBeGreaterThan(1);

    // The end on the TV: the winner in large type; then the host's rematch, followed by itself.
    await tv.page.waitForFunction(() => !!document.querySelector('[data-testid="screen-result"]'));
    await checkScreen(tv.page, 'finished');
    await shoot(tv.page, 'party-bankout-result-1920');
    await byTestId(phone.page, 'rematch-button').click({ force: true });
    for (const p of [tv.page, small.page])
      await p.waitForFunction(
        () => (window as any).__parlor.screen.snapshot().status === 'playing',
        undefined,
        {
          timeout: 15_000,
        },
      );
    expect(await screenStatus(tv.page)).toEqual({ status: 'playing', result: false });
    await checkScreen(tv.page, 'rematch');
    for (const c of [tv.context, small.context, phone.context]) await c.close();
  }, 180_000);
});
