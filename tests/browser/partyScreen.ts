/// <reference lib="dom" />
/**
 * Party mode's browser tests, shared by partyScreen<Game>.test.ts: a table screen (a TV at
 * 1920x1080, for some games a second one at 1280x720 in the same browser context) and three phones
 * at 360x740 holding the people's seats, bots in every other seat at the harness's quick pace. The
 * phones play from their legal lists through the page's own connection (phone 0 through its hand
 * view's buttons where the game's test says how); the screens are read for what a room needs: large
 * type, nothing overlapping, nothing but what a spectator may know, and a rematch followed by itself.
 */
import { Client } from '@colyseus/sdk';
import type { Browser, Page } from 'playwright-core';
import { ServerMsg } from '@parlor/shared/core/protocol';
import { byTestId, person, shoot } from './harness';

export const TV = { width: 1920, height: 1080 };
export const TV_SMALL = { width: 1280, height: 720 };
export const PHONE = { width: 360, height: 740 };

/**
 * The ceiling of a wait for a page to show something (a page loaded, a table reached, a result, the
 * rematch): only says it never came. Five pages of software rendering on a loaded 2-core machine
 * have taken more than the 20-45 s these waits once had.
 */
export const PAGE_WAIT_MS = 120_000;

/**
 * How long a match may go without any change on the phones (public view, status, whose turn,
 * legal lists) before `playPhones` gives up on it: a stalled table, not a slow one. A match's
 * length in wall-clock time is no measure (it stretched past its old fixed windows under load);
 * every turn clock of these tables is shorter than this.
 */
export const STALL_MS = 90_000;

// A party test's own ceiling (its jest timeout, 600 s in each file) is only that: a whole match
// through five pages took 15-75 s on a quiet machine and several times that under load, and every
// wait inside has its own ceiling (PAGE_WAIT_MS, STALL_MS), which says where it stuck.

/** The least font size, in CSS px, of what the room reads on the screen. */
export const MIN_SCREEN_PX = 28;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The names of the people at a party table, seat by seat (bots take the seats after them). */
export const NAMES = ['Ada', 'Bo', 'Cy'];

/**
 * A table with `people` persons in its first seats and bots in every other, started: throwaway
 * clients create, join, add the bots and start; the phones then claim those seats with their seat
 * tokens (`#/seat/...`), so phone 0 is the host. The throwaway clients stay until then (a table
 * closes once no person is left) and are let go.
 */
export async function openTable(
  url: string,
  game: string,
  options: Record<string, unknown>,
  seats?: number,
  people = 1,
): Promise<{ roomId: string; token: string; tokens: string[] }> {
  const client = new Client(url.replace(/^http/, 'ws'));
  const welcome = (room: Any) =>
    new Promise<string>((resolve) =>
      room.onMessage(ServerMsg.welcome, (m: { seatToken: string }) => resolve(m.seatToken)),
    );
  const quiet = (room: Any) => {
    room.reconnection.enabled = false;
    for (const type of ['events', 'kicked', 'pong', 'chat', 'error']) room.onMessage(type, () => undefined);
  };
  const host = await client.create(game, {
    name: NAMES[0],
    vsBots: people === 1,
    tableName: 'Living room',
    options,
    ...(seats ? { seats } : {}),
  });
  const tokens = [await welcome(host)];
  quiet(host);
  for (let i = 1; i < people; i++) {
    const guest = await new Client(url.replace(/^http/, 'ws')).joinById(host.roomId, { name: NAMES[i] });
    tokens.push(await welcome(guest));
    quiet(guest);
  }
  if (people > 1) {
    for (let i = people; i < (seats ?? people); i++) host.send('addBot', {});
    await new Promise((r) => setTimeout(r, 300));
    host.send('start');
  }
  return { roomId: host.roomId, token: tokens[0]!, tokens };
}

export async function openPhone(browser: Browser, url: string, roomId: string, token: string, seat = 0) {
  const phone = await person(browser, NAMES[seat] ?? 'Guest', PHONE);
  phone.page.setDefaultTimeout(PAGE_WAIT_MS);
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
    .waitForFunction(
      (n) => {
        const s = (window as Any).__parlor?.table?.snapshot();
        return s?.mySeat === n && s.status !== 'waiting';
      },
      seat,
      { timeout: PAGE_WAIT_MS },
    )
    .catch(async (err: unknown) => {
      await shoot(phone.page, 'party-phone-failed');
      console.log(await phone.page.evaluate(() => [location.hash, document.body.innerText.slice(0, 500)]));
      throw err;
    });
  return phone;
}

export async function openScreen(browser: Browser, url: string, roomId: string, viewport = TV) {
  const tv = await person(browser, 'TV', viewport);
  tv.page.setDefaultTimeout(PAGE_WAIT_MS);
  await tv.page.goto(`${url}/#/screen/${encodeURIComponent(roomId)}`);
  await tv.page.waitForFunction(() => !!(window as Any).__parlor?.screen?.snapshot()?.view, undefined, {
    timeout: PAGE_WAIT_MS,
  });
  return tv;
}

export interface PhoneState {
  /** The phone's seat. */
  seat: number;
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
      seat: s.mySeat,
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

/** A way for a phone to act through its hand view's own buttons; true when it did. */
export type HandPlay = (page: Page, s: PhoneState) => Promise<boolean>;

/**
 * The phones play their seats until every one sees the match end, or the match stops moving: no
 * phone sees any change for `stallMs` (see STALL_MS; a wait on the match, not on a pace). `onStep`
 * runs between rounds of turns. A phone acts when it is due (or, `anyTime`, whenever the policy
 * picks). Phone 0 acts through its hand view where `viaHand` can. Returns each phone's final status
 * and how many actions went through the hand view.
 */
export async function playPhones(
  pages: Page[],
  policy: Policy,
  stallMs = STALL_MS,
  onStep?: (n: number) => Promise<void>,
  viaHand?: HandPlay,
  anyTime = false,
): Promise<{ statuses: string[]; byHand: number }> {
  let step = 0;
  let byHand = 0;
  let statuses: string[];
  let seen = '';
  let movedAt = Date.now();
  for (;;) {
    const states = await Promise.all(pages.map((p) => phoneState(p)));
    statuses = states.map((s) => s?.status ?? '');
    if (statuses.every((x) => x === 'finished')) break;
    const now = JSON.stringify(states.map((s) => s && [s.status, s.due, s.legal, s.pub]));
    if (now !== seen) [seen, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > stallMs) {
      console.log(`playPhones: nothing moved on the phones for ${stallMs / 1000} s (statuses ${statuses})`);
      break;
    }
    for (const [i, s] of states.entries()) {
      if (!s || s.status !== 'playing' || (!s.due && !anyTime) || !s.legal.length) continue;
      const page = pages[i]!;
      if (i === 0 && viaHand && (await viaHand(page, s).catch(() => false))) {
        byHand++;
        continue;
      }
      const a = policy(s, step);
      if (a) await page.evaluate((x) => (window as Any).__parlor.table.send(x), a);
    }
    step++;
    if (onStep) await onStep(step);
    await pages[0]!.waitForTimeout(250);
  }
  return { statuses, byHand };
}

/**
 * Waits until `done` reads true, as long as the table the screen shows keeps moving: fails when its
 * snapshot (status and public view) has not changed for `stallMs` (a match played by bots takes as
 * long as the machine lets it; a fixed window ran out under load).
 */
export async function screenPlaysUntil(
  page: Page,
  done: () => Promise<boolean>,
  what: string,
  stallMs = STALL_MS,
): Promise<void> {
  let seen = '';
  let movedAt = Date.now();
  while (!(await done())) {
    const now = await page.evaluate(() => {
      const s = (window as Any).__parlor?.screen?.snapshot();
      return JSON.stringify([s?.status, s?.view?.public ?? null]);
    });
    if (now !== seen) [seen, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > stallMs)
      throw new Error(`${what}: the screen's table did not move for ${stallMs / 1000} s`);
    await page.waitForTimeout(250);
  }
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
export async function handViewFits(page: Page, scrolls = false): Promise<string[]> {
  return page.evaluate((scrolls) => {
    const out: string[] = [];
    const v = document.querySelector<HTMLElement>('[data-testid="hand-view"]');
    if (!v?.checkVisibility()) return ['hand view not shown'];
    if (!scrolls && v.scrollHeight > v.clientHeight + 1)
      out.push(`hand view scrolls (${v.scrollHeight} > ${v.clientHeight})`);
    const doc = document.scrollingElement!;
    if (doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1) out.push('the page scrolls');
    if (document.getElementById('stage')?.checkVisibility({ visibilityProperty: true }))
      out.push('the board still shows');
    // Nothing covers the status line (a game's button over the board's place did: the recap's).
    const status = document.querySelector<HTMLElement>('[data-testid="hand-status"]');
    const sr = status?.checkVisibility() ? status.getBoundingClientRect() : null;
    for (const x of sr ? [sr.left + 4, sr.left + sr.width / 2] : []) {
      const top = document.elementFromPoint(x, sr!.top + sr!.height / 2);
      // A game's prompt layer, a dialog or the shell's sheet (results) over everything is meant to.
      if (top && !status!.contains(top) && !top.closest('.sheet, [role="dialog"], [class*="prompt"]'))
        out.push(`the status line is under ${top.className || top.tagName}`);
    }
    // The Hand/Board pill covers nothing of the top bar's title and tools.
    const pill = document.querySelector<HTMLElement>('[data-testid="hand-toggle"]')!.getBoundingClientRect();
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('.topbar .title > *, .topbar .tools > *'),
    )) {
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      const w = Math.min(r.right, pill.right) - Math.max(r.left, pill.left);
      const h = Math.min(r.bottom, pill.bottom) - Math.max(r.top, pill.top);
      if (w > 1 && h > 1) out.push(`the Hand pill covers ${el.className || el.tagName}`);
    }
    return out;
  }, scrolls);
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
  /**
   * The match may go this long without any change on the phones (default STALL_MS); it plays to
   * its end however long that takes while it moves.
   */
  stallMs?: number;
  /**
   * The game's hand view on the phones: 'fits' (a card game: no scrolling), 'scrolls' (its own
   * box scrolls, the page never does), or false (the game has none: the phones show the board).
   */
  handView: 'fits' | 'scrolls' | false;
  /** How many phones (people) sit: three unless the game seats fewer. */
  people?: number;
  /** Phone 0 acts through its hand view's buttons where this can. */
  viaHand?: HandPlay;
  /** The phones act whenever their legal list holds something (a game of simultaneous moves). */
  anyTime?: boolean;
  /** A second screen at 1280x720 (in the TV's browser context). */
  smallTv?: boolean;
  /** The TV reaches the table from the lobby's "Show on a TV" and the list of tables. */
  viaLobby?: boolean;
  /** At each check of the screens: the game's own checks of them (its TV-only layouts). */
  onCheck?: (screens: Page[], step: number) => Promise<void>;
}

/** Frames the phone's board canvas drew in `ms` (the hand view stops its drawing, not its scene). */
export async function framesDrawn(page: Page, ms = 700): Promise<number> {
  const drawn = () => page.evaluate(() => (window as Any).__parlor.stage.drawn() as number);
  const before = await drawn();
  await page.waitForTimeout(ms);
  return (await drawn()) - before;
}

/** Waits (up to 500 ms: a still table draws nothing) until the canvas has drawn a frame from now on. */
export async function drawnSinceNow(page: Page): Promise<void> {
  const before = await page.evaluate(() => (window as Any).__parlor.stage.drawn() as number);
  await page
    .waitForFunction((b) => (window as Any).__parlor.stage.drawn() > b, before, {
      timeout: 500,
      polling: 'raf',
    })
    .catch(() => undefined);
}

/**
 * One game in party mode: a TV at 1920x1080 (and one at 1280x720) and THREE phones at 360x740,
 * bots in any other seat, play a match to the end. The screens are checked every few rounds (type
 * size, overlaps, a spectator's state alone), the phones' hand views fit; screenshots are taken
 * once the log has moved; then the end on the TV and the host's rematch, which the screens follow.
 */
export async function partyRun(r: PartyRun): Promise<void> {
  const url = r.env.server.url;
  const { roomId, tokens } = await openTable(url, r.game, r.options, r.seats, r.people ?? NAMES.length);
  const tv = await person(r.env.browser, 'TV', TV);
  tv.page.setDefaultTimeout(PAGE_WAIT_MS);
  if (r.viaLobby) {
    // The lobby's entry opens the table screen's list, where this table is listed.
    await tv.page.goto(`${url}/#/`);
    await byTestId(tv.page, 'lobby-screen').click();
    await byTestId(tv.page, `screen-pick-${roomId}`).waitFor({ timeout: PAGE_WAIT_MS });
    await shoot(tv.page, `party-${r.game}-pick-1920`);
    await byTestId(tv.page, `screen-pick-${roomId}`).click();
  } else await tv.page.goto(`${url}/#/screen/${encodeURIComponent(roomId)}`);
  const screens = [tv.page];
  if (r.smallTv) {
    const small = await tv.context.newPage();
    small.setDefaultTimeout(PAGE_WAIT_MS);
    await small.setViewportSize(TV_SMALL);
    await small.goto(`${url}/#/screen/${encodeURIComponent(roomId)}`);
    screens.push(small);
  }
  for (const p of screens)
    await p.waitForFunction(() => !!(window as Any).__parlor?.screen?.snapshot()?.view, undefined, {
      timeout: PAGE_WAIT_MS,
    });
  const phones = await Promise.all(tokens.map((t, i) => openPhone(r.env.browser, url, roomId, t, i)));
  const pages = phones.map((p) => p.page);
  if (r.handView) {
    for (const p of pages) {
      await byTestId(p, 'hand-toggle').click();
      await byTestId(p, 'hand-view').waitFor();
    }
    // Behind the hand view the board draws nothing (its scene still runs: see the match below).
    expect(await framesDrawn(pages[0]!)).toBe(0);
  } else expect(await byTestId(pages[0]!, 'hand-toggle').isVisible()).toBe(false);
  const tag = `party-${r.game}`;
  let shot = false;
  let checks = 0;
  const { statuses, byHand } = await playPhones(
    pages,
    r.policy,
    r.stallMs,
    async (n) => {
      if (n % 3 !== 1) return;
      if (!shot && (await tv.page.locator('.se-line').count()) >= 3) {
        shot = true;
        // The header is DOM and changes at once; the board's canvas shows a change at its next drawn
        // frame: a shot in between showed the header a turn ahead of the board.
        await drawnSinceNow(tv.page);
        await shoot(tv.page, `${tag}-screen-1920`);
        if (screens[1]) await shoot(screens[1], `${tag}-screen-1280`);
        await shoot(pages[0]!, `${tag}-${r.handView ? 'hand' : 'phone'}-360`);
        await shoot(pages[1]!, `${tag}-${r.handView ? 'hand' : 'phone'}-360-b`);
      }
      for (const p of screens) await checkScreen(p, `${p.viewportSize()?.width} step ${n}`);
      await r.onCheck?.(screens, n);
      if (r.handView)
        for (const [i, p] of pages.entries())
          expect({ phone: i, step: n, fits: await handViewFits(p, r.handView === 'scrolls') }).toEqual({
            phone: i,
            step: n,
            fits: [],
          });
      checks++;
    },
    r.viaHand,
    r.anyTime,
  );
  expect({ shot, checks: checks > 1, statuses }).toEqual({
    shot: true,
    checks: true,
    statuses: pages.map(() => 'finished'),
  });
  if (r.viaHand) expect(byHand).toBeGreaterThan(0);
  if (r.handView) {
    // Back to the board: it draws again (a still board only when shown, then when it changes).
    const before = await pages[1]!.evaluate(() => (window as Any).__parlor.stage.drawn() as number);
    await byTestId(pages[1]!, 'hand-toggle').click();
    await pages[1]!.waitForFunction(() => !document.body.classList.contains('hand-on'));
    await pages[1]!.waitForFunction((n) => ((window as Any).__parlor.stage.drawn() as number) > n, before, {
      timeout: PAGE_WAIT_MS,
    });
  }
  // It became a phone's turn (or a prompt waited for it): the phone was told by a vibration.
  const buzzes = await Promise.all(
    pages.map((p) => p.evaluate(() => (window as Any).__vibrations as number)),
  );
  expect(buzzes.some((n) => n > 0)).toBe(true);

  // The end on the TV: the winner in large type; then the host's rematch, followed by itself.
  await tv.page.waitForFunction(() => !!document.querySelector('[data-testid="screen-result"]'), undefined, {
    timeout: PAGE_WAIT_MS,
  });
  await checkScreen(tv.page, 'finished');
  await shoot(tv.page, `${tag}-result-1920`);
  // A click event on the button itself: a game's sheet over the results (Tactical Risk's) takes a
  // click at its place.
  const rematch = byTestId(pages[0]!, 'rematch-button');
  await rematch.waitFor({ timeout: PAGE_WAIT_MS });
  await rematch.evaluate((b) => (b as HTMLButtonElement).click());
  for (const p of screens)
    await p
      .waitForFunction(() => (window as Any).__parlor.screen.snapshot().status === 'playing', undefined, {
        timeout: PAGE_WAIT_MS,
      })
      .catch(async (err: unknown) => {
        await shoot(pages[0]!, `${tag}-rematch-failed-phone`);
        console.log(
          await pages[0]!.evaluate(() => {
            const s = (window as Any).__parlor.table.snapshot();
            return { status: s.status, host: s.host, mySeat: s.mySeat, log: s.log.slice(-4) };
          }),
          await p.evaluate(() => (window as Any).__parlor.screen.snapshot().status),
        );
        throw err;
      });
  expect(await screenStatus(tv.page)).toEqual({ status: 'playing', result: false });
  await checkScreen(tv.page, 'rematch');
  for (const c of [tv.context, ...phones.map((p) => p.context)]) await c.close();
}
