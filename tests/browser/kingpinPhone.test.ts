/// <reference lib="dom" />
/**
 * Kingpin on a phone (360x740, touch) and a desktop (1280x800), with two and three players: a
 * person plays turns through the UI (place prompts, buys, the attack planner, the ammunition
 * prompt) and at every step the table is measured: every hand and board card wide enough for its
 * name, every button of the step inside the viewport (or inside a panel that visibly scrolls), and
 * no text on the canvas (or the board's scroll cues) over another, and the threat line on your turn. Screenshots of each step are saved as test artifacts.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, openCreateDialog, person, settled, shoot, useServerAndBrowser } from './harness';

const PORT = 2731;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;
/** The longest name a player may take (Limits.nameLength, 24). */
const LONG_NAME = 'Maximiliana Wolfensteins';
/** The narrowest card whose name and numbers print readably. */
const MIN_CARD_W = 56;

type Action = { type: string; [k: string]: unknown };
type Box = { x: number; y: number; w: number; h: number };

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Her table of `players` (bots in the other seats), started: no truce and 40-HP Bosses. */
async function startOpenTable(page: Page, url: string, players: number): Promise<void> {
  await page.goto(url + '/');
  await openCreateDialog(page, 'kingpin');
  await byTestId(page, 'create-seats').selectOption(String(players));
  await byTestId(page, 'option-bossTruce').uncheck();
  await byTestId(page, 'option-bossHp').fill('40');
  await byTestId(page, 'create-submit').click();
  await byTestId(page, 'waiting-room').waitFor();
  for (let b = 1; b < players; b++) await byTestId(page, `add-bot-${b}`).click();
  await byTestId(page, 'start-button').click();
}

async function state(page: Page) {
  return page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    if (!s?.view) return null;
    const pub = s.view.public;
    return {
      status: s.status as string,
      me: s.mySeat as number,
      turn: pub.turn as number,
      legal: s.legal as Action[],
      prompt: (pub.prompt?.kind ?? '') as string,
      key: `${pub.turnNumber}|${pub.phase}|${s.log.length}|${s.legal.length}|${s.status}`,
      cards: pub.players.flatMap((p: any, seat: number) =>
        p.board.map((c: any, slot: number) => (c ? { seat, slot } : null)).filter(Boolean),
      ) as { seat: number; slot: number }[],
    };
  });
}

/** What the step shows: card boxes, the action panel's buttons, and the canvas texts. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const w = window as any;
    const hooks = w.__parlor.kingpin;
    const pub = w.__parlor.table.snapshot().view.public;
    const board: { id: string; w: number; x: number; y: number; h: number }[] = [];
    pub.players.forEach((p: any, seat: number) =>
      p.board.forEach((c: any, slot: number) => {
        if (!c) return;
        const r = hooks.boardRect(seat, slot);
        if (r?.visible)
          board.push({ id: `${seat}:${slot}:${c.id}`, w: r.w, x: r.x - r.w / 2, y: r.y - r.h / 2, h: r.h });
      }),
    );
    const hand = hooks.handBoxes() as { id: string; x: number; y: number; w: number; h: number }[];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const panel = document.querySelector('[data-testid="kingpin-actions"]') as HTMLElement;
    const buttons = Array.from(panel.querySelectorAll('button'))
      .filter((b) => b.offsetParent !== null)
      .map((b) => {
        const r = b.getBoundingClientRect();
        const onScreen = r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
        // Else it must sit in a panel that scrolls and shows it does.
        let scroller: HTMLElement | null = b.parentElement;
        while (
          scroller &&
          !(
            scroller.scrollHeight > scroller.clientHeight + 1 &&
            /auto|scroll/.test(getComputedStyle(scroller).overflowY)
          )
        )
          scroller = scroller.parentElement;
        const cue = scroller?.parentElement?.querySelector('.kp-more') as HTMLElement | null;
        const sr = scroller?.getBoundingClientRect();
        // Inside the screen, and not clipped by a panel that scrolls.
        const clipped = !!sr && (r.top < sr.top - 0.5 || r.bottom > sr.bottom + 0.5);
        return {
          text: b.textContent ?? '',
          testid: b.dataset.testid ?? '',
          onScreen: onScreen && !clipped,
          scrollsIntoView:
            !!scroller && !!cue && getComputedStyle(cue).display !== 'none' && !!sr && sr.bottom <= vh + 0.5,
        };
      });
    const texts = hooks.texts() as { text: string; x: number; y: number; w: number; h: number }[];
    // The board's scroll cues float over the canvas: they must not cover a row's name either.
    // So do a phone's "What would you do?" bulb and its party-mode Hand pill.
    for (const cue of Array.from(
      document.querySelectorAll<HTMLElement>('.kp-scroll-cue, .hint-button, .hand-toggle'),
    )) {
      if (cue.offsetParent === null || getComputedStyle(cue).display === 'none') continue;
      const r = cue.getBoundingClientRect();
      texts.push({ text: cue.textContent ?? '', x: r.x, y: r.y, w: r.width, h: r.height });
    }
    const canvas = w.__parlor.kingpin.size();
    return { board, hand, buttons, texts, canvas, vw, vh };
  });
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;

/**
 * `primary`: the buttons (test ids, or a prefix ending in "*") that are the thing to press at this
 * step: each must be fully inside the viewport and not clipped by a scrolling panel (a "scroll for
 * more" cue is not enough for them).
 */
async function check(page: Page, step: string, primary: string[] = []): Promise<void> {
  // The scene takes the step in first (a read before it has would hold still too), then the layout
  // comes to rest: on a busy machine that takes longer than the pause alone.
  await page.waitForTimeout(400);
  // A still frame: a banner's flash or a lunge in flight may cross a text for a quarter second.
  await page
    .waitForFunction(() => (window as any).__parlor.kingpin.moving() === 0, undefined, { timeout: 5000 }) // eslint-disable-line @typescript-eslint/no-explicit-any
    .catch(() => undefined);
  const m = await settled(page, () => measure(page));
  await shoot(page, `kingpin-phone-${step}`);
  const narrow = [...m.board, ...m.hand]
    .filter((c) => c.w < MIN_CARD_W - 0.5)
    .map((c) => `${c.id} ${c.w.toFixed(1)}px`);
  expect({ step, narrow }).toEqual({ step, narrow: [] });
  const hidden = m.buttons.filter((b) => !b.onScreen && !b.scrollsIntoView).map((b) => b.text);
  expect({ step, hidden }).toEqual({ step, hidden: [] });
  // The threat line's shield button is the step's control in its box: whole in view, not under
  // the box's "scroll for more" (it was, under a three-line threat line).
  const shield = m.buttons.filter((b) => b.testid === 'kp-threat-shield' && !b.onScreen).map((b) => b.text);
  expect({ step, shield }).toEqual({ step, shield: [] });
  for (const id of primary) {
    const match = (t: string) => (id.endsWith('*') ? t.startsWith(id.slice(0, -1)) : t === id);
    const found = m.buttons.filter((b) => match(b.testid));
    expect({ step, id, found: found.length > 0 }).toEqual({ step, id, found: true });
    const cut = found.filter((b) => !b.onScreen).map((b) => b.text);
    expect({ step, id, cut }).toEqual({ step, id, cut: [] });
  }
  const clashes: string[] = [];
  m.texts.forEach((a, i) =>
    m.texts.slice(i + 1).forEach((b) => {
      if (overlap(a, b)) clashes.push(`${JSON.stringify(a.text)} over ${JSON.stringify(b.text)}`);
    }),
  );
  expect({ step, clashes }).toEqual({ step, clashes: [] });
  // The hand and the board are on the screen (the page itself does not scroll them away).
  for (const c of [...m.board, ...m.hand]) {
    expect({ step, c, inside: c.x >= -0.5 && c.x + c.w <= m.vw + 0.5 }).toEqual({ step, c, inside: true });
  }
}

const click = async (page: Page, id: string) => {
  const el = byTestId(page, id);
  await el.waitFor({ timeout: 5000 });
  await el.click({ force: true });
};
const answered = (page: Page, before: string) =>
  page.waitForFunction(
    (b) => {
      const s = (window as any).__parlor?.table?.snapshot(); // eslint-disable-line @typescript-eslint/no-explicit-any
      const pub = s?.view?.public;
      return `${pub?.turnNumber}|${pub?.phase}|${s?.log.length}|${s?.legal.length}|${s?.status}` !== b;
    },
    before,
    { timeout: 15_000, polling: 50 },
  );
/** A card's screen centre; a card scrolled out of the board is first brought in with the "more" cue. */
async function cardAt(page: Page, seat: number, slot: number): Promise<{ x: number; y: number }> {
  const read = () =>
    page.evaluate(
      ([s, l]) => {
        const r = (window as any).__parlor.kingpin.boardRect(s, l); // eslint-disable-line @typescript-eslint/no-explicit-any
        // The camera view it is drawn in: a scrolling board's is under the "more above" strip (and
        // above your pinned row, if pinned).
        return r ? { x: r.x, y: r.y, h: r.h, top: r.view.top, bottom: r.view.bottom } : null;
      },
      [seat, slot],
    );
  const r = await read();
  if (!r) throw new Error(`no card at ${seat}:${slot}`);
  const cue = r.y - r.h / 4 < r.top ? 'kp-scroll-up' : r.y + r.h / 4 > r.bottom ? 'kp-scroll-down' : null;
  if (!cue) return r;
  await click(page, cue);
  // The board scrolls over a few frames: tap where the card comes to rest.
  return (await settled(page, read))!;
}
/**
 * Taps a card, then waits (up to 10 s) until the scene has taken it (`taken`: the planner shows
 * it): input is handled per frame, slow under software rendering on a busy machine. Never tapped
 * twice (a second tap on an attacker takes it out again); the caller's check says what is missing.
 */
async function tapOrClick(
  page: Page,
  touch: boolean,
  seat: number,
  slot: number,
  taken: (planner: Planned) => boolean,
): Promise<void> {
  const r = await cardAt(page, seat, slot);
  if (touch) await page.touchscreen.tap(r.x, r.y);
  else await page.mouse.click(r.x, r.y);
  const until = Date.now() + 10_000;
  while (!taken(await planner(page)) && Date.now() < until) await page.waitForTimeout(50);
}
type Planned = { attackers: number[]; target: { seat: number; zone: string; slot: number } | null } | null;
const planner = (page: Page) => page.evaluate(() => (window as any).__parlor.kingpin.planner() as Planned); // eslint-disable-line @typescript-eslint/no-explicit-any
/** A finger dragged 90 px down from a point, in six moves. */
async function drag(page: Page, from: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: string, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: from.x, y }],
    } as never);
  await touch('touchStart', from.y);
  for (let k = 1; k <= 6; k++) await touch('touchMove', from.y + k * 15);
  await touch('touchEnd', from.y + 90);
}

/**
 * A phone with three players: the board is taller than its canvas and your part is pinned at its
 * foot. A finger dragged down on your pinned Boss moves nothing (your part stays put, so does the
 * board above it) and does not select the Boss; dragged down on the board above, it scrolls the
 * board up to the opponents (no card menu either); the cue takes it back.
 */
async function dragScroll(page: Page): Promise<void> {
  const scroll = () =>
    page.evaluate(
      () => (window as any).__parlor.kingpin.scroll() as { y: number; max: number; pin: number | null }, // eslint-disable-line @typescript-eslint/no-explicit-any
    );
  await page.waitForFunction(() => (window as any).__parlor.table.snapshot().view.public.players[0].board[0]); // eslint-disable-line @typescript-eslint/no-explicit-any
  // At the bottom (your cards), or up when the threat line names an opponent above: from the
  // bottom, with the cue (the top row named leaves it at the top, where a drag down has nowhere to go).
  if ((await settled(page, scroll)).y < 3) await click(page, 'kp-scroll-down');
  const before = await settled(page, scroll);
  expect(before.max).toBeGreaterThan(0);
  expect(before.pin).not.toBeNull();
  expect(before.y).toBeGreaterThan(2);
  await expect(byTestId(page, 'kp-scroll-up').isVisible()).resolves.toBe(true);
  await drag(page, await cardAt(page, 0, 0));
  await expect(settled(page, scroll)).resolves.toEqual(before);
  await expect(byTestId(page, 'kp-context').locator('.kp-box').count()).resolves.toBe(0);
  // From the middle of the board's view above it (an opponent's row, or the shared zones).
  const mid = await page.evaluate(() => {
    const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
    const c = document.querySelector('#stage canvas')!.getBoundingClientRect();
    const v = k.scroll() as { top: number; bottom: number };
    return { x: c.left + c.width / 2, y: c.top + (v.top + v.bottom) / 2 - 45 };
  });
  await drag(page, mid);
  // The scroll follows the finger frame by frame: read it once it has come to rest.
  const after = await settled(page, scroll);
  // At least 60 px up, or to the top (an empty hand keeps no room under your row: less to scroll).
  expect(after.y).toBeLessThanOrEqual(Math.max(0, before.y - 60));
  // The drag was a scroll, not a tap: no card menu opened.
  await expect(byTestId(page, 'kp-context').locator('.kp-box').count()).resolves.toBe(0);
  // Scrolled up, the "more below" cue floats over the board: nothing it covers, no text over another.
  await check(page, '3p-phone-scrolled');
  await click(page, 'kp-scroll-down');
  // At the bottom (the "more below" cue and its strip gone, the view reaches down to your part).
  const back = await settled(page, scroll);
  expect({ y: back.y, max: back.max, pin: back.pin }).toEqual({
    y: before.max,
    max: before.max,
    pin: before.pin,
  });
}

/**
 * Your own row on the page: wholly inside the camera view that shows it, and at its name line and
 * every card's middle and lower part (HP, shields) the board itself is what a point hits.
 */
async function ownRow(page: Page): Promise<{ inView: boolean; covered: string[] }> {
  return page.evaluate(() => {
    const w = window as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const k = w.__parlor.kingpin;
    const snap = w.__parlor.table.snapshot();
    const me = snap.mySeat as number;
    const row = (
      k.rows() as {
        seat: number;
        screen: { x: number; y: number; w: number; h: number };
        view: { top: number; bottom: number };
      }[]
    ).find((r) => r.seat === me)!;
    const { screen: b, view } = row;
    const canvas = document.querySelector('#stage canvas');
    const points: [string, number, number][] = [['name', b.x + 12, b.y + 9]];
    (snap.view.public.players[me].board as unknown[]).forEach((c, slot) => {
      if (!c) return;
      const r = k.boardRect(me, slot) as { x: number; y: number; h: number };
      points.push([`card ${slot}`, r.x, r.y], [`card ${slot} numbers`, r.x, r.y + r.h * 0.35]);
    });
    const covered = points
      .filter(([, x, y]) => y < view.top || y > view.bottom || document.elementFromPoint(x, y) !== canvas)
      .map(
        ([what, x, y]) =>
          `${what} at ${Math.round(y)} (view ${Math.round(view.top)}-${Math.round(view.bottom)}): ${document.elementFromPoint(x, y)?.className ?? ''}`,
      );
    return { inView: b.y >= view.top - 1 && b.y + b.h <= view.bottom + 1, covered };
  });
}

type EventBox = {
  x: number;
  y: number;
  w: number;
  h: number;
  view: { top: number; bottom: number };
  inPinned: boolean;
} | null;

/**
 * An event card's pop-up (as a real event shows it) at the board's current scroll: once grown, it
 * lies wholly inside the board's view (under the top strip, above your pinned part's strip), your
 * pinned part's camera does not draw it, and it covers no text of the board's own (your row's
 * name line above all: with two players it sat on it for 1.8 s; nor another row's, a zone's label
 * or the banner). The cards' own names and figures may lie under it for that moment.
 */
async function eventPopInView(page: Page, step: string): Promise<void> {
  const { box, texts, own } = await page.evaluate(() => {
    const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
    k.popEvent('event_blackout');
    // Once grown; the pop-up's own texts are a card's.
    const texts = () => (k.texts() as (Box & { text: string; card: boolean })[]).filter((t) => !t.card);
    // On your turn: your own board's cards (the part of each inside the view that draws it).
    const ownCards = () => {
      const snap = (window as any).__parlor.table.snapshot(); // eslint-disable-line @typescript-eslint/no-explicit-any
      const me = snap.mySeat as number;
      if (snap.view.public.turn !== me) return null;
      return (snap.view.public.players[me].board as unknown[]).flatMap((c, slot) => {
        const r = c
          ? (k.boardRect(me, slot) as
              (Box & { visible: boolean; view: { top: number; bottom: number } }) | null)
          : null;
        if (!r?.visible) return [];
        const top = Math.max(r.y - r.h / 2, r.view.top);
        const bottom = Math.min(r.y + r.h / 2, r.view.bottom);
        return bottom > top
          ? [{ x: r.x - r.w / 2, y: top, w: r.w, h: bottom - top, text: `card ${slot}` }]
          : [];
      });
    };
    return new Promise<{
      box: EventBox;
      texts: (Box & { text: string })[];
      own: (Box & { text: string })[] | null;
    }>((done) =>
      setTimeout(() => done({ box: k.eventCard() as EventBox, texts: texts(), own: ownCards() }), 400),
    );
  });
  expect(box).not.toBeNull();
  const b = box!;
  const covered = texts.filter((t) => overlap(t, b)).map((t) => t.text);
  // On your turn it keeps off your own board's cards (it sat over them on a phone).
  const ownCovered = (own ?? []).filter((t) => overlap(t, b)).map((t) => t.text);
  expect({
    step,
    top: b.y >= b.view.top - 1,
    bottom: b.y + b.h <= b.view.bottom + 1,
    pinned: b.inPinned,
    covered,
    ownCovered,
  }).toEqual({
    step,
    top: true,
    bottom: true,
    pinned: false,
    covered: [],
    ownCovered: [],
  });
  if (own) console.log(`${step}: your turn, ${own.length} own cards in the board's view`);
  await shoot(page, `kingpin-phone-${step}-event`);
  // Gone again before anything else is measured (its name and numbers are texts on the canvas).
  await page.waitForFunction(() => (window as any).__parlor.kingpin.eventCard() === null); // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A damage number on the card it hits (as a real attack shows it), once it has stood a while: it
 * lies between the card's name (its header band) and its stat strip, and over no text of the
 * board's own (the row's label above the card: "−9½" sat over "Ada · YOU $11" on a phone).
 */
async function damageFloatClear(page: Page, seat: number, slot: number, step: string): Promise<void> {
  const { float, card, texts } = await page.evaluate(
    async ([seat, slot]) => {
      const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
      const float = (await k.damageFloat(seat, slot, 9.5, 700)) as (Box & { text: string }) | null;
      const card = k.boardRect(seat, slot) as Box;
      const texts = (k.texts() as (Box & { text: string; card: boolean })[]).filter((t) => !t.card);
      return { float, card, texts };
    },
    [seat, slot],
  );
  expect(float).not.toBeNull();
  const f = float!;
  const top = card.y - card.h / 2;
  // cardArt: the small face (under 100 px wide) names the card in its top 70/168, the large one in its top 76/280.
  const nameBottom = top + card.h * (card.w < 100 ? 70 / 168 : 76 / 280);
  const stripTop = top + card.h - Math.max(16, Math.round(card.h * 0.2)) - 4;
  expect({
    step,
    text: f.text,
    belowName: f.y >= nameBottom - 1,
    aboveFigures: f.y + f.h <= stripTop + 1,
    covered: texts.filter((t) => overlap(t, f)).map((t) => t.text),
  }).toEqual({ step, text: '−9½', belowName: true, aboveFigures: true, covered: [] });
  await shoot(page, `kingpin-phone-${step}`);
}

maybe('Kingpin on a phone and a desktop', () => {
  const env = useServerAndBrowser(PORT);

  test("3 players on a phone, your part pinned: scrolled to the top no label is cut at the view's foot, and an event's pop-up stays inside the board's view at the top and the bottom", async () => {
    const ada = await person(env.browser, 'Ada', { width: 360, height: 740 });
    const page = ada.page;
    await startOpenTable(page, env.server.url, 3);
    await page.waitForFunction(
      () => {
        const s = (window as any).__parlor?.table?.snapshot(); // eslint-disable-line @typescript-eslint/no-explicit-any
        return s?.status === 'playing' && (window as any).__parlor.kingpin?.scroll().pin !== null; // eslint-disable-line @typescript-eslint/no-explicit-any
      },
      undefined,
      { timeout: 60_000 },
    );
    const scroll = () =>
      page.evaluate(() => (window as any).__parlor.kingpin.scroll() as { y: number; max: number }); // eslint-disable-line @typescript-eslint/no-explicit-any
    // With cards in your hand and with none (the pinned part shorter, the view taller): both layouts
    // are checked at the top and the bottom of the board as they come. Between checks she plays on:
    // the Boss onto the board, cards bought from the pile kept in her hand.
    const seen = new Set<string>();
    const until = Date.now() + 120_000;
    while (seen.size < 2 && Date.now() < until) {
      const s = await state(page);
      if (!s || s.status !== 'playing') break;
      const hand = await page.evaluate(
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        () => (window as any).__parlor.table.snapshot().view.private?.hand.length ?? 0,
      );
      const kind = hand ? 'hand' : 'empty-hand';
      // On her turn (nothing moves until she acts: the board is not scrolled for her meanwhile).
      if (!seen.has(kind) && (await scroll()).max > 0 && s.turn === s.me && !s.prompt && s.legal.length) {
        // Once the scene has taken her turn in (it scrolls the board for it on the turn's first frame).
        await page.waitForTimeout(300);
        for (let n = 0; n < 3 && (await settled(page, scroll)).y > 2; n++) await click(page, 'kp-scroll-up');
        // At the top (1 px down when the threat line named the top row: the up cue hides below 2).
        expect((await settled(page, scroll)).y).toBeLessThanOrEqual(2);
        const cut = await page.evaluate(() =>
          ((window as any).__parlor.kingpin.texts() as { text: string; cut: boolean }[]) // eslint-disable-line @typescript-eslint/no-explicit-any
            .filter((t) => t.cut)
            .map((t) => t.text),
        );
        await shoot(page, `kingpin-phone-3p-top-${kind}`);
        expect({ kind, cut }).toEqual({ kind, cut: [] });
        await eventPopInView(page, `3p-top-${kind}`);
        await click(page, 'kp-scroll-down');
        await settled(page, scroll);
        // Scrolled to the bottom (where a turn starts), no row's name is cut under the top strip.
        const cutNames = await page.evaluate(() => {
          const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
          const names = new Set((k.rows() as { label: string }[]).map((r) => r.label));
          return (k.texts() as { text: string; cut: boolean }[])
            .filter((t) => t.cut && names.has(t.text))
            .map((t) => t.text);
        });
        expect({ kind, cutNames }).toEqual({ kind, cutNames: [] });
        await eventPopInView(page, `3p-bottom-${kind}`);
        seen.add(kind);
        continue;
      }
      if (s.turn !== s.me || s.legal.length === 0) {
        await page.waitForTimeout(200);
        continue;
      }
      const deploy = s.legal.find((a) => a.type === 'deploy');
      const pile = s.legal.find((a) => a.type === 'buy' && a.source === 'pile');
      const next =
        s.prompt === 'place'
          ? s.legal.find((a) => a.type === 'place' && a.to === 'hand')
          : s.prompt
            ? (s.legal.find((a) => a.type === 'pick' && a.target === null) ?? s.legal[0])
            : ((seen.has('hand') ? deploy : undefined) ??
              (seen.has('empty-hand') && pile ? pile : undefined) ??
              deploy ??
              s.legal.find((a) => a.type === 'pass'));
      await page.evaluate((a) => (window as any).__parlor.table.send(a), next ?? s.legal[0]!); // eslint-disable-line @typescript-eslint/no-explicit-any
      await answered(page, s.key).catch(() => undefined);
    }
    console.log(`pinned layouts checked: ${[...seen].join(', ')}`);
    expect([...seen].sort()).toEqual(['empty-hand', 'hand']);
    await ada.context.close();
  }, 180_000);

  test("a first match on a phone: the first turn's hint is in view, not under the calm threat line; the threat line's shield advice is a button that shields the Boss", async () => {
    const ada = await person(env.browser, 'Ada', { width: 360, height: 740 });
    const page = ada.page;
    await page.goto(env.server.url + '/');
    await openCreateDialog(page, 'kingpin');
    await byTestId(page, 'create-seats').selectOption('2');
    await byTestId(page, 'create-submit').click(); // the default table: the opening truce holds
    await byTestId(page, 'waiting-room').waitFor();
    await byTestId(page, 'add-bot-1').click();
    // As advised for a first match (the waiting room's advice, its own button).
    await byTestId(page, 'level-advice-apply').click();
    await page.waitForFunction(
      () => (window as any).__parlor.table.snapshot().seats[1]?.botLevel === 'easy', // eslint-disable-line @typescript-eslint/no-explicit-any
    );
    // Before the match the controls under the stage take one line: the waiting room gets the screen.
    const controls = await byTestId(page, 'kingpin-actions').boundingBox();
    expect(controls!.height).toBeLessThan(60);
    await expect(byTestId(page, 'kingpin-actions').locator('.kp-more').isVisible()).resolves.toBe(false);
    await shoot(page, 'kingpin-phone-first-waiting');
    await byTestId(page, 'start-button').click();
    const coach = byTestId(page, 'kp-coach');
    await coach.waitFor({ timeout: 60_000 });
    await expect(coach.getAttribute('data-moment')).resolves.toBe('firstTurn');
    await expect(byTestId(page, 'kp-threat').getAttribute('data-level')).resolves.toBe('calm');
    // What a finger finds at the hint's first line and at its "Got it" is the hint itself (not
    // clipped by the box that scrolls, nothing over it).
    const seen = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="kp-coach"]')!;
      const ok = document.querySelector<HTMLElement>('[data-testid="kp-coach-ok"]')!;
      const r = el.getBoundingClientRect();
      const b = ok.getBoundingClientRect();
      return [
        [r.left + 12, r.top + 8],
        [b.left + b.width / 2, b.top + b.height / 2],
      ].map(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
    });
    await shoot(page, 'kingpin-phone-first-hint');
    expect(seen).toEqual([true, true]);
    await byTestId(page, 'kp-coach-ok').click();
    await coach.waitFor({ state: 'detached' });
    // She plays on as a newcomer who only ends her turns (her Boss first onto the board), until the
    // threat line advises shields for her Boss: that advice is a button, in view on the phone, and a
    // tap puts one shield from her safe on her Boss. (The truce's end brings the line; her Boss is
    // never shielded, so it comes.)
    const boss = () =>
      page.evaluate(() => {
        const s = (window as any).__parlor.table.snapshot(); // eslint-disable-line @typescript-eslint/no-explicit-any
        const mine = s.view.public.players[s.mySeat];
        const slot = (mine.board as ({ id: string; shields: number } | null)[]).findIndex((c) =>
          c?.id.startsWith('boss_'),
        );
        return { slot, shields: slot >= 0 ? mine.board[slot].shields : -1, safe: mine.safe as number };
      });
    const button = byTestId(page, 'kp-threat-shield');
    let turns = 0;
    for (let k = 0; k < 600 && turns <= 10; k++) {
      const s = await state(page);
      if (!s || s.status !== 'playing') break;
      if (s.turn !== s.me || s.prompt || s.legal.length === 0) {
        await page.waitForTimeout(100);
        continue;
      }
      await page.waitForTimeout(300);
      // A hint at the truce's end: read and dismissed, and the box shows the line from its top.
      if (await coach.isVisible()) {
        await byTestId(page, 'kp-coach-ok').click();
        await coach.waitFor({ state: 'detached' });
        const top = await page.evaluate(
          () => document.querySelector<HTMLElement>('[data-testid="kp-context"]')!.scrollTop,
        );
        expect(top).toBe(0);
      }
      if (await button.isVisible()) break;
      const deploy = s.legal.find((a) => a.type === 'deploy');
      await page.evaluate((a) => (window as any).__parlor.table.send(a), deploy ?? { type: 'pass' }); // eslint-disable-line @typescript-eslint/no-explicit-any
      if (!deploy) turns++;
      await answered(page, s.key).catch(() => undefined);
    }
    await expect(button.isVisible()).resolves.toBe(true);
    await expect(button.textContent()).resolves.toMatch(/^\+ Add \d+ shields? to your Boss/);
    // What a finger finds at the button's middle is the button (not clipped by the box, nothing over it).
    const hit = await page.evaluate(() => {
      const b = document.querySelector<HTMLElement>('[data-testid="kp-threat-shield"]')!;
      const r = b.getBoundingClientRect();
      // Whole inside the box that scrolls (not half under its "scroll for more").
      const box = document.querySelector<HTMLElement>('[data-testid="kp-context"]')!.getBoundingClientRect();
      return (
        r.bottom <= window.innerHeight &&
        r.top >= box.top - 0.5 &&
        r.bottom <= box.bottom + 0.5 &&
        b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
      );
    });
    await shoot(page, 'kingpin-phone-first-threat-shield');
    expect(hit).toBe(true);
    const before = await boss();
    const key = (await state(page))!.key;
    const r = (await button.boundingBox())!;
    await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
    await answered(page, key);
    await expect(settled(page, boss)).resolves.toEqual({
      ...before,
      shields: before.shields + 1,
      safe: before.safe - 1,
    });
    await ada.context.close();
  }, 180_000);

  for (const players of [3, 2])
    test(`${players} players on a phone: the opponent the threat line names and your own row are both in view at the turn's start, and the up cue names who is above`, async () => {
      const ada = await person(env.browser, 'Ada', { width: 360, height: 740 });
      const page = ada.page;
      // No truce: from the first turns an opponent's Boss can hit hers, and the threat line names it.
      await startOpenTable(page, env.server.url, players);
      // Her turns with a threat line that names someone (the bots have played their Bosses by then):
      // at each one's start, every named opponent's row is in view. She ends her turns as a newcomer
      // might, until the line has named the top row's player (the row out of view before the fix) or
      // she has had 12 turns.
      // The rivals' rows are laid out once the match's first view is drawn.
      await page.waitForFunction(
        () =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          ((window as any).__parlor?.kingpin?.rows?.() ?? [])
            .slice(1)
            .some((r: { visible: boolean }) => r.visible),
        undefined,
        { timeout: 30_000 },
      );
      const topSeat = await page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const rows = (window as any).__parlor.kingpin.rows() as {
          seat: number;
          visible: boolean;
          bounds: { y: number };
        }[];
        return rows
          .slice(1)
          .filter((r) => r.visible)
          .sort((a, b) => a.bounds.y - b.bounds.y)[0]!.seat;
      });
      let checked = 0;
      let topNamed = false;
      let namedTurns = 0;
      let lastTurn = '';
      let cueChecked = false;
      for (let k = 0; k < 2000 && !topNamed; k++) {
        const s = await state(page);
        if (!s || s.status !== 'playing') break;
        if (s.turn !== s.me || s.prompt || s.legal.length === 0) {
          await page.waitForTimeout(100);
          continue;
        }
        const turnKey = s.key.split('|')[0]!;
        if (turnKey !== lastTurn) {
          lastTurn = turnKey;
          if (++checked > 12) break;
          await page.waitForTimeout(300); // the scroll is set on the turn's first frame
          const seats = await byTestId(page, 'kp-threat')
            .getAttribute('data-seats')
            .catch(() => '');
          const named = (seats ?? '').split(',').filter(Boolean).map(Number);
          const rows = await page.evaluate((named) => {
            const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
            const scroll = k.scroll() as { y: number; max: number; top: number };
            const canvas = document.querySelector('#stage canvas')!.getBoundingClientRect();
            const rows = k.rows() as { seat: number; bounds: { y: number; h: number } }[];
            return named.map((seat) => {
              const r = rows.find((x) => x.seat === seat)!;
              // The row's top on screen (world height y is at canvas height y - scroll), and the
              // board's view (under the up cue's strip while it shows).
              const top = canvas.top + r.bounds.y - scroll.y;
              return {
                seat,
                top,
                viewTop: canvas.top + scroll.top,
                viewBottom: canvas.bottom,
                h: r.bounds.h,
              };
            });
          }, named);
          if (rows.length) namedTurns++;
          for (const r of rows) {
            expect(r.top).toBeGreaterThanOrEqual(r.viewTop - 1);
            expect(r.top + r.h * 0.75).toBeLessThanOrEqual(r.viewBottom);
          }
          // Nor is a label of the board cut by the view's edges there (the Draw Pile's and the
          // Discard's sat half under the "more" strip when the turn scrolled up to a named row).
          if (rows.length) {
            const cut = await page.evaluate(() =>
              ((window as any).__parlor.kingpin.texts() as { text: string; cut: boolean; card: boolean }[]) // eslint-disable-line @typescript-eslint/no-explicit-any
                .filter((t) => t.cut && !t.card)
                .map((t) => t.text),
            );
            expect({ players, turn: turnKey, cut }).toEqual({ players, turn: turnKey, cut: [] });
          }
          // Her own row at the same time: all of it in its view, and what a reader looks at (the name
          // line, every card's middle and its numbers under it) is the board, not a cue or a button over it.
          if (rows.length) expect(await ownRow(page)).toEqual({ inView: true, covered: [] });
          if (named.includes(topSeat)) {
            topNamed = true;
            await shoot(page, `kingpin-phone-${players}p-threat-top-row`);
          }
          if (rows.length && !cueChecked) {
            cueChecked = true;
            // Nothing printed over anything at that moment either.
            await check(page, `${players}p-phone-threat-turn`);
            // Scrolled to the bottom, the up cue names whoever sits above (two players' board may
            // fit without scrolling: then there is no cue).
            const scrolls = await page.evaluate(() => (window as any).__parlor.kingpin.scroll().max > 0); // eslint-disable-line @typescript-eslint/no-explicit-any
            if (players === 3 || scrolls) {
              const down = byTestId(page, 'kp-scroll-down');
              if (await down.isVisible()) await down.click({ force: true });
              const up = byTestId(page, 'kp-scroll-up');
              await up.waitFor({ timeout: 5000 });
              await expect(up.textContent()).resolves.toMatch(/▲ (Bot \d(, Bot \d)?) above/);
            }
          }
          if (topNamed) break;
        }
        await click(page, 'kp-pass');
        await answered(page, s.key).catch(() => undefined);
      }
      console.log(
        `threat rows: ${checked} turns, ${namedTurns} naming someone; the top row's player named: ${topNamed}`,
      );
      expect(namedTurns).toBeGreaterThan(0);
      expect(cueChecked).toBe(true);
      await ada.context.close();
    }, 180_000);

  for (const players of [3, 2]) {
    for (const [tag, viewport] of [
      ['phone', { width: 360, height: 740 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      test(`${players} players at ${viewport.width}x${viewport.height}: readable cards, every control reachable, no text over another`, async () => {
        const touch = tag === 'phone';
        // A name as long as the server takes: a row's label must not run under a cue or another text.
        const ada = await person(env.browser, LONG_NAME, viewport);
        const page = ada.page;
        // Attacks from the start, and Bosses that last long enough for her to plan one.
        await startOpenTable(page, env.server.url, players);
        await page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing'); // eslint-disable-line @typescript-eslint/no-explicit-any
        const name = `${players}p-${tag}`;
        await check(page, `${name}-start`);
        await eventPopInView(page, name);
        if (touch && players === 3) await dragScroll(page);
        const seen = new Set<string>();
        const deadline = Date.now() + 150_000;
        while (!(seen.has('planner') && seen.has('ammo') && seen.has('turn')) && Date.now() < deadline) {
          const s = await state(page);
          if (s && s.status !== 'playing') {
            const tail = await page.evaluate(() => {
              const log = (window as any).__parlor.table.snapshot().log as { text?: string }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
              return log.slice(-6).map((l) => l.text ?? JSON.stringify(l));
            });
            console.log(`${name}: the match ended (${s.status}): ${tail.join(' | ')}`);
            break;
          }
          if (!s || s.legal.length === 0) {
            await page.waitForTimeout(200);
            continue;
          }
          if (s.prompt === 'place') {
            if (!seen.has('place')) await check(page, `${name}-place`, ['kp-place-*']);
            seen.add('place');
            await click(page, 'kp-place-hand');
          } else if (s.prompt === 'ammo') {
            await check(page, `${name}-ammo`, ['kp-ammo-fire', 'kp-ammo-plus', 'kp-ammo-minus']);
            seen.add('ammo');
            await click(page, 'kp-ammo-fire');
          } else if (s.prompt) {
            const skip = s.legal.find((a) => a.type === 'pick' && a.target === null) ?? s.legal[0]!;
            await page.evaluate((a) => (window as any).__parlor.table.send(a), skip); // eslint-disable-line @typescript-eslint/no-explicit-any
          } else {
            if (!seen.has('turn')) {
              // Before ending the turn: the threat line says what could hit your Boss next turn.
              const threat = byTestId(page, 'kp-threat');
              await threat.waitFor({ timeout: 5000 });
              await expect(threat.textContent()).resolves.toMatch(/Boss/);
              // The one-line hint under it is in view without scrolling (not hidden under the cue).
              const hint = await page.evaluate(() => {
                const el = document.querySelector<HTMLElement>('[data-testid="action-hint"]');
                if (!el || !el.textContent?.trim() || el.offsetParent === null) return 'missing';
                const r = el.getBoundingClientRect();
                if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5) return 'off screen';
                // Its top and bottom lines are what a point there hits (not clipped by a scrolling box, not covered).
                const x = r.left + r.width / 2;
                const seen = [r.top + 3, r.bottom - 3].every((y) =>
                  el.contains(document.elementFromPoint(x, y)),
                );
                return seen ? 'in view' : 'clipped';
              });
              expect(hint).toBe('in view');
              await check(page, `${name}-turn`, ['kp-pass']);
            }
            seen.add('turn');
            const attack = s.legal.find(
              (a) => a.type === 'attack' && (a.target as { zone: string }).zone === 'board',
            ) as { attackers: number[]; target: { seat: number; slot: number } } | undefined;
            if (attack && !seen.has('planner')) {
              await click(page, 'kp-attack');
              for (const slot of attack.attackers)
                await tapOrClick(page, touch, s.me, slot, (p) => !!p?.attackers.includes(slot));
              const { seat: tSeat, slot: tSlot } = attack.target;
              await tapOrClick(
                page,
                touch,
                tSeat,
                tSlot,
                (p) => p?.target?.seat === tSeat && p.target.slot === tSlot,
              );
              const planned = await planner(page);
              expect(planned).toEqual({
                attackers: attack.attackers,
                target: { seat: attack.target.seat, zone: 'board', slot: attack.target.slot },
              });
              await check(page, `${name}-planner`, ['kp-attack-confirm', 'kp-attack']);
              await damageFloatClear(page, tSeat, tSlot, `${name}-damage`);
              seen.add('planner');
              await click(page, 'kp-attack-confirm');
            } else if (s.legal.some((a) => a.type === 'buy' && a.source === 'pile'))
              await click(page, 'kp-buy-pile');
            else await click(page, 'kp-pass');
          }
          await answered(page, s.key).catch(() => undefined);
        }
        console.log(`${name}: checked ${[...seen].join(', ')}`);
        expect(seen.has('turn')).toBe(true);
        expect(seen.has('planner')).toBe(true);
        expect(seen.has('ammo')).toBe(true);
        await ada.context.close();
      }, 240_000);
    }
  }
});
