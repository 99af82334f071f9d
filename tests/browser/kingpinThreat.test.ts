/// <reference lib="dom" />
/**
 * Kingpin's threat line when the safe is empty but another card carries shields, through the
 * screen at 360x740 (touch) and 1280x800. A test server (fixtures/kingpinThreatServer.ts) starts
 * every match at Ada's turn: Bo's Gangster Boss and $3 could destroy her 7-HP Boss; her Financier
 * carries 2 shields. The line says so in red and its button moves those shields onto the Boss, one
 * a press, through the rules' moveShield (the server decides); after two presses the Boss is out of
 * the kill, the line no longer says "could DESTROY", and it is still her turn (a move is free).
 * At a table Bo (a client of the test) opens, Bo's turn comes first with a kill of Ada's Boss on the
 * table; Bo passes, and Ada's line, still red, says Bo could last turn too, and did not (what her
 * screen saw: the client's memory, threatLine.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@colyseus/sdk';
import type { Page } from 'playwright-core';
import { buildServerEntry } from '../../server/test/helpers/builtServer';
import {
  byTestId,
  CHROMIUM,
  frames,
  person,
  press,
  settled,
  shoot,
  startAgainstBots,
  useServerAndBrowser,
} from './harness';

const PORT = 2752;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
const state = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      turn: pub?.turn as number,
      me: s?.mySeat as number,
      shields: ((pub?.players?.[s?.mySeat]?.board ?? []) as ({ shields: number } | null)[]).map(
        (c) => c?.shields ?? null,
      ),
      log: ((s?.log ?? []) as { text?: string }[]).map((l) => l.text ?? ''),
    };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The keyboard's card panel (CardKeys.ts): does the toolbar hold the focus, is it drawn (not 1 px)? */
const keysPanel = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="kp-keys"]');
    const r = el?.getBoundingClientRect();
    return {
      focused: !!el && el.contains(document.activeElement),
      drawn: !!r && r.width > 20 && r.height > 20,
    };
  });

/**
 * The shield button (or another element, the line's red headline): whole inside the viewport, and
 * not cut off by a box that scrolls.
 */
const onScreen = (page: Page, selector = '[data-testid="kp-threat-shield"]') =>
  page.evaluate((sel) => {
    const b = document.querySelector<HTMLElement>(sel);
    if (!b) return false;
    const r = b.getBoundingClientRect();
    let clip: HTMLElement | null = b.parentElement;
    while (
      clip &&
      !(clip.scrollHeight > clip.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(clip).overflowY))
    )
      clip = clip.parentElement;
    const c = clip?.getBoundingClientRect();
    return (
      r.width > 0 &&
      r.left >= 0 &&
      r.top >= 0 &&
      r.right <= innerWidth &&
      r.bottom <= innerHeight &&
      (!c || (r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5))
    );
  }, selector);

maybe('Kingpin threat line: shields moved from another card', () => {
  const env = useServerAndBrowser(PORT, {
    entry: () =>
      buildServerEntry(path.join(__dirname, 'fixtures', 'kingpinThreatServer.ts'), 'kingpin-threat-server'),
  });

  for (const [tag, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`at ${viewport.width}x${viewport.height}: the line's button moves the Financier's shields onto the Boss and takes it out of the kill`, async () => {
      const ada = await person(env.browser, 'Ada', viewport);
      const page = ada.page;
      await page.goto(env.server.url + '/');
      await startAgainstBots(page, 'kingpin', 2);
      const threat = byTestId(page, 'kp-threat');
      await threat.waitFor({ timeout: 30_000 });
      expect(await threat.getAttribute('data-level')).toBe('danger');
      expect(await threat.textContent()).toMatch(/could DESTROY your Boss next turn/);
      const button = byTestId(page, 'kp-threat-shield');
      expect(await button.textContent()).toBe('+ Move 2 shields to your Boss (from your Financier)');
      // Drawn and laid out (the canvas's first frames, the box's reveal of its button).
      const shown = await settled(page, () => onScreen(page));
      await shoot(page, `kingpin-threat-move-${tag}`);
      expect(shown).toBe(true);
      // The danger itself, the red headline, reads whole without a scroll (at 360x740 a hint of four
      // lines under the buttons left the box some 50 px, the headline half under its fold).
      expect(await onScreen(page, '[data-testid="kp-threat"] > strong')).toBe(true);
      const before = await state(page);
      expect(before.turn).toBe(before.me);
      expect(before.shields.slice(0, 2)).toEqual([0, 2]);
      for (const shields of [1, 2]) {
        await press(page, 'kp-threat-shield');
        // The server's answer: one more shield on the Boss, still Ada's turn.
        let now = await state(page);
        for (const until = Date.now() + 10_000; now.shields[0] !== shields && Date.now() < until;)
          now = await settled(page, () => state(page));
        expect(now.shields[0]).toBe(shields);
        expect(now.turn).toBe(now.me);
      }
      const after = await settled(page, () => state(page));
      expect(after.shields.slice(0, 2)).toEqual([2, 0]);
      expect(after.turn).toBe(after.me);
      expect(after.log.filter((l) => /moves a shield from Financier to Authority Boss/.test(l))).toHaveLength(
        2,
      );
      // Out of the kill: a warning with the hit it can take, no shield button.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="kp-threat"]')?.getAttribute('data-level') === 'warn',
        undefined,
        { timeout: 10_000, polling: 50 },
      );
      expect(await threat.textContent()).toMatch(/could hit your Boss for 6 of 7 HP next turn/);
      expect(await button.count()).toBe(0);
      await settled(page, () => threat.textContent());
      await shoot(page, `kingpin-threat-moved-${tag}`);
      await ada.context.close();
    }, 120_000);
  }

  for (const [tag, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`at ${viewport.width}x${viewport.height}: a kill Bo had and did not take is said in the repeat, still red`, async () => {
      const bo = await new Client(env.server.ws).create('kingpin', { name: 'Bo', seats: 2 });
      bo.onMessage('*', () => undefined);
      const ada = await person(env.browser, 'Ada', viewport);
      const page = ada.page;
      await page.goto(`${env.server.url}/#/table/${bo.roomId}`);
      await byTestId(page, 'waiting-room').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => (window as any).__parlor?.table?.snapshot()?.mySeat === 1, // eslint-disable-line @typescript-eslint/no-explicit-any
        undefined,
        { timeout: 20_000 },
      );
      bo.send('start');
      // Ada's screen sees Bo's turn open (the kill on the table), then Bo passes.
      await page.waitForFunction(
        () => (window as any).__parlor?.table?.snapshot()?.view?.public?.turn === 0, // eslint-disable-line @typescript-eslint/no-explicit-any
        undefined,
        { timeout: 30_000 },
      );
      await settled(page, () => state(page));
      bo.send('action', { type: 'pass' });
      const threat = byTestId(page, 'kp-threat');
      await threat.waitFor({ timeout: 30_000 });
      expect(await threat.getAttribute('data-level')).toBe('danger');
      expect(await threat.textContent()).toMatch(
        /^Bo's Gangster Boss \+ \$\d could still DESTROY your Boss next turn: Bo could last turn too, and did not\./,
      );
      await settled(page, () => threat.textContent());
      await frames(page, 20);
      await shoot(page, `kingpin-threat-repeat-${tag}`);
      // Her turn put the focus on the bar's first control, the card toolbar, by script: no key was
      // pressed, so the keyboard's panel is not drawn over the board (it was, at 360x740 with touch).
      expect(await keysPanel(page)).toEqual({ focused: true, drawn: false });
      // A key: the panel is the keyboard's, drawn; a tap on the board: gone again.
      await page.keyboard.press('ArrowRight');
      expect(await settled(page, () => keysPanel(page))).toEqual({ focused: true, drawn: true });
      if (viewport.width < 500) await page.touchscreen.tap(viewport.width / 2, 120);
      else await page.mouse.click(viewport.width / 2, 120);
      expect((await settled(page, () => keysPanel(page))).drawn).toBe(false);
      await ada.context.close();
      await bo.leave();
    }, 120_000);
  }
});
