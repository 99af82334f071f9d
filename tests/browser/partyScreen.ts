/// <reference lib="dom" />
/**
 * Party mode's browser tests, shared by partyScreen<Game>.test.ts: a table screen (a TV at
 * 1920x1080, a second one at 1280x720) and a phone at 360x740 holding the one person's seat, bots
 * in every other seat at the harness's quick pace. The phone plays from its legal list through the
 * page's own connection; the screens are read for what a room needs: large type, nothing overlapping,
 * nothing but what a spectator may know, and a rematch followed by itself.
 */
import { Client } from '@colyseus/sdk';
import type { Browser, Page } from 'playwright-core';
import { ServerMsg } from '@parlor/shared/core/protocol';
import { byTestId, person, shoot } from './harness';

export const TV = { width: 1920, height: 1080 };
export const TV_SMALL = { width: 1280, height: 720 };
export const PHONE = { width: 360, height: 740 };

/** The least font size, in CSS px, of what the room reads on the screen. */
export const MIN_SCREEN_PX = 28;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/**
 * A table with bots in every other seat, created by a throwaway client whose seat the phone then
 * claims with its seat token (`#/seat/...`), so the phone is the seated person and the host.
 */
export async function openTable(
  url: string,
  game: string,
  options: Record<string, unknown>,
  seats?: number,
): Promise<{ roomId: string; token: string }> {
  const client = new Client(url.replace(/^http/, 'ws'));
  const room = await client.create(game, {
    name: 'Ada',
    vsBots: true,
    tableName: 'Living room',
    options,
    ...(seats ? { seats } : {}),
  });
  const token = await new Promise<string>((resolve) =>
    room.onMessage(ServerMsg.welcome, (m: { seatToken: string }) => resolve(m.seatToken)),
  );
  // It stays until the phone takes the seat (the table closes once no person is left), then is let go.
  room.reconnection.enabled = false;
  for (const type of ['events', 'kicked', 'pong', 'chat']) room.onMessage(type, () => undefined);
  return { roomId: room.roomId, token };
}

export async function openPhone(browser: Browser, url: string, roomId: string, token: string) {
  const phone = await person(browser, 'Ada', PHONE);
  // Count the vibrations the page asks for (headless Chromium has no motor to ask).
  await phone.context.addInitScript(() => {
    (window as Any).__vibrations = 0;
    const count = () => (((window as Any).__vibrations += 1), true);
    Object.defineProperty(navigator, 'vibrate', {
      get: () => count,
      set: () => undefined, // Phaser assigns it once at start: keep the counter
      configurable: true,
    });
  });
  await phone.page.goto(`${url}/#/seat/${encodeURIComponent(roomId)}/${encodeURIComponent(token)}`);
  await phone.page
    .waitForFunction(() => (window as Any).__parlor?.table?.snapshot()?.mySeat === 0, undefined, {
      timeout: 30_000,
    })
    .catch(async (err: unknown) => {
      await shoot(phone.page, 'party-phone-failed');
      console.log(await phone.page.evaluate(() => [location.hash, document.body.innerText.slice(0, 500)]));
      throw err;
    });
  return phone;
}

export async function openScreen(browser: Browser, url: string, roomId: string, viewport = TV) {
  const tv = await person(browser, 'TV', viewport);
  await tv.page.goto(`${url}/#/screen/${encodeURIComponent(roomId)}`);
  await tv.page.waitForFunction(() => !!(window as Any).__parlor?.screen?.snapshot()?.view, undefined, {
    timeout: 30_000,
  });
  return tv;
}

export interface PhoneState {
  status: string;
  due: boolean;
  legal: { type: string; [k: string]: unknown }[];
  pub: Any;
  priv: Any;
}

export async function phoneState(page: Page): Promise<PhoneState | null> {
  return page.evaluate(() => {
    const s = (window as Any).__parlor?.table?.snapshot();
    if (!s) return null;
    return {
      status: s.status,
      due: s.toAct.includes(s.mySeat),
      legal: s.legal,
      pub: s.view?.public ?? null,
      priv: s.view?.private ?? null,
    };
  });
}

/** Picks an action: the first legal one whose type comes first in `prefer`, else the first listed. */
export type Policy = (s: PhoneState, step: number) => unknown;

export function preferring(prefer: string[]): Policy {
  return (s) => {
    for (const t of prefer) {
      const a = s.legal.find((x) => x.type === t);
      if (a) return a;
    }
    return s.legal[0];
  };
}

/** The phone plays its seat until the match ends or `ms` pass; returns the final status. */
export async function playPhone(
  page: Page,
  policy: Policy,
  ms: number,
  onStep?: (n: number) => Promise<void>,
) {
  const until = Date.now() + ms;
  let step = 0;
  let status = '';
  while (Date.now() < until) {
    const s = await phoneState(page);
    status = s?.status ?? '';
    if (status === 'finished') break;
    if (s && s.status === 'playing' && s.due && s.legal.length) {
      const a = policy(s, step);
      if (a) await page.evaluate((x) => (window as Any).__parlor.table.send(x), a);
    }
    step++;
    if (onStep) await onStep(step);
    await page.waitForTimeout(250);
  }
  return status;
}

/** What the room reads on the screen and is smaller than MIN_SCREEN_PX (empty when all is large). */
export async function smallScreenText(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    const sel = [
      '[data-testid="screen-turn"]',
      '[data-testid="screen-countdown"]',
      '[data-testid="screen-code"]',
      '[data-testid="screen-tableline"]',
      '.sp-name',
      '.sp-fig',
      '.se-line',
    ];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel.join(',')))) {
      if (!el.checkVisibility() || !el.textContent?.trim()) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < min) out.push(`${el.className || el.dataset.testid}: ${px}px "${el.textContent}"`);
    }
    return out;
  }, MIN_SCREEN_PX);
}

/**
 * Overlaps and cuts on the screen: the frame's parts against each other, each seat's row and the
 * join corner inside the side column and apart, names not cut, nothing off the screen.
 */
export async function screenOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const box = (el: Element | null) => el?.getBoundingClientRect() ?? null;
    const q = (s: string) => document.querySelector(s);
    const parts: [string, DOMRect | null][] = [
      ['head', box(q('.screen-head'))],
      ['board', box(q('.screen-board'))],
      ['side', box(q('.screen-side'))],
      ['events', box(q('.screen-events'))],
    ];
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const inside = (a: DOMRect, b: DOMRect) =>
      a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    for (let i = 0; i < parts.length; i++) {
      const [n, a] = parts[i]!;
      if (!a) {
        out.push(`${n}: missing`);
        continue;
      }
      if (a.right > innerWidth + 1 || a.bottom > innerHeight + 1 || a.left < -1 || a.top < -1)
        out.push(`${n}: off the screen`);
      for (let j = i + 1; j < parts.length; j++) {
        const [m, b] = parts[j]!;
        if (b && meet(a, b)) out.push(`${n} overlaps ${m}`);
      }
    }
    const players = box(q('.screen-players'));
    const join = box(q('.screen-join'));
    const side = box(q('.screen-side'));
    const rows = Array.from(document.querySelectorAll('.sp-row')).map((r) => r.getBoundingClientRect());
    rows.forEach((r, i) => {
      if (players && !inside(r, players)) out.push(`seat row ${i} cut by the players' box`);
      if (join && meet(r, join)) out.push(`seat row ${i} overlaps the join corner`);
      rows.slice(i + 1).forEach((o, j) => meet(r, o) && out.push(`seat rows ${i} and ${i + j + 1} overlap`));
    });
    if (join && side && !inside(join, side)) out.push('join corner cut by the side column');
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.sp-name, .sh-turn, .sj-code')))
      if (el.scrollWidth > el.clientWidth + 1) out.push(`"${el.textContent}" cut`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.sp-fig'))) {
      if (!el.checkVisibility()) continue;
      const row = el.closest('.sp-row');
      if (row && !inside(el.getBoundingClientRect(), row.getBoundingClientRect()))
        out.push(`figure "${el.textContent}" outside its row`);
    }
    return out;
  });
}

/** The screen's connection is a spectator's: no seat, no legal list, no private part anywhere. */
export async function screenIsSpectator(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const d = (window as Any).__parlor.screen;
    const s = d.snapshot();
    if (s.mySeat !== -1) out.push(`seat ${s.mySeat}`);
    if (s.legal.length) out.push('a legal list');
    if (s.view?.private != null) out.push('a private view');
    const raw = d.decoded();
    if (!raw) out.push('no decoded state');
    for (const [i, seat] of (raw?.seats ?? []).entries())
      if (seat && seat.private !== undefined) out.push(`seat ${i}'s private part`);
    return out;
  });
}

/** The screen's status, and whether its result card shows. */
export async function screenStatus(page: Page): Promise<{ status: string; result: boolean }> {
  return page.evaluate(() => ({
    status: (window as Any).__parlor.screen.snapshot().status,
    result: !!document.querySelector('[data-testid="screen-result"]')?.checkVisibility(),
  }));
}

/** The phone's hand view fits its screen: no scrolling, the canvas hidden (card games). */
export async function handViewFits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const v = document.querySelector<HTMLElement>('[data-testid="hand-view"]');
    if (!v?.checkVisibility()) return ['hand view not shown'];
    if (v.scrollHeight > v.clientHeight + 1)
      out.push(`hand view scrolls (${v.scrollHeight} > ${v.clientHeight})`);
    const doc = document.scrollingElement!;
    if (doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1) out.push('the page scrolls');
    if (document.getElementById('stage')?.checkVisibility({ visibilityProperty: true }))
      out.push('the board still shows');
    return out;
  });
}

export async function checkScreen(page: Page, label: string): Promise<void> {
  expect({ label, small: await smallScreenText(page) }).toEqual({ label, small: [] });
  expect({ label, overlaps: await screenOverlaps(page) }).toEqual({ label, overlaps: [] });
  expect({ label, leaks: await screenIsSpectator(page) }).toEqual({ label, leaks: [] });
}

export { byTestId, shoot };

export interface PartyRun {
  /** The server's URL and the browser (from useServerAndBrowser). */
  env: { server: { url: string }; browser: Browser };
  game: string;
  options: Record<string, unknown>;
  seats?: number;
  policy: Policy;
  /** How long the phone plays (the match may end sooner). */
  playMs: number;
  /** The match must end within playMs (short games): then the rematch is checked too. */
  toTheEnd: boolean;
  /** The game has a hand view: the phone switches to it and it must fit without scrolling. */
  handView: boolean;
}

/**
 * One game in party mode: the TVs at 1920x1080 and 1280x720 are checked every few steps (type
 * size, overlaps, a spectator's state alone), screenshots are taken once the log has moved, the
 * phone's hand view is checked; for a short game, the end on the TV and the rematch it follows.
 */
export async function partyRun(r: PartyRun): Promise<void> {
  const url = r.env.server.url;
  const { roomId, token } = await openTable(url, r.game, r.options, r.seats);
  const tv = await openScreen(r.env.browser, url, roomId);
  const small = await openScreen(r.env.browser, url, roomId, TV_SMALL);
  const phone = await openPhone(r.env.browser, url, roomId, token);
  if (r.handView) {
    await byTestId(phone.page, 'hand-toggle').click();
    await byTestId(phone.page, 'hand-view').waitFor();
  }
  const tag = `party-${r.game}`;
  let shot = false;
  let checks = 0;
  const status = await playPhone(phone.page, r.policy, r.playMs, async (n) => {
    if (n % 4 !== 1) return;
    if (!shot && (await tv.page.locator('.se-line').count()) >= 3) {
      shot = true;
      await shoot(tv.page, `${tag}-screen-1920`);
      await shoot(small.page, `${tag}-screen-1280`);
      await shoot(phone.page, `${tag}-${r.handView ? 'hand' : 'phone'}-360`);
    }
    await checkScreen(tv.page, `1920 step ${n}`);
    await checkScreen(small.page, `1280 step ${n}`);
    if (r.handView) expect(await handViewFits(phone.page)).toEqual([]);
    checks++;
  });
  const seen = await tv.page.evaluate(() => {
    const s = (window as Any).__parlor.screen.snapshot();
    return { status: s.status, log: s.log.length, lines: document.querySelectorAll('.se-line').length };
  });
  expect({ shot, checks: checks > 3, status, seen }).toEqual({
    shot: true,
    checks: true,
    status: r.toTheEnd ? 'finished' : expect.stringMatching(/^(playing|finished)$/),
    seen: expect.anything(),
  });
  if (r.toTheEnd) {
    await tv.page.waitForFunction(() => !!document.querySelector('[data-testid="screen-result"]'));
    await checkScreen(tv.page, 'finished');
    await shoot(tv.page, `${tag}-result-1920`);
    await byTestId(phone.page, 'rematch-button').click({ force: true });
    for (const p of [tv.page, small.page])
      await p.waitForFunction(
        () => (window as Any).__parlor.screen.snapshot().status === 'playing',
        undefined,
        {
          timeout: 15_000,
        },
      );
    expect(await screenStatus(tv.page)).toEqual({ status: 'playing', result: false });
    await checkScreen(tv.page, 'rematch');
  }
  for (const c of [tv.context, small.context, phone.context]) await c.close();
}
