/// <reference lib="dom" />
/**
 * Two people play a whole Bankout match through the UI in real Chromium pages while a third
 * watches; screenshots of the lobby, the table and the results are saved as test artifacts.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, openCreateDialog, person, settled, shoot, useServerAndBrowser } from './harness';

const PORT = 2710;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;
if (!haveChromium)
  console.warn(`browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);

interface Seen {
  status: string;
  round: number;
  suddenDeath: boolean;
  jokers: boolean;
  banks: number[];
  legal: { type: string; card?: string }[];
  loot: number;
  mySeat: number;
  hasPrivate: boolean;
  key: string;
}

/** What the page's table shows now (read through the client's own debug hook, no rule logic). */
async function seen(page: Page): Promise<Seen | null> {
  return page.evaluate(() => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = (window as any).__parlor?.table;
    const s = t?.snapshot();
    if (!s) return null;
    const pub = s.view?.public;
    return {
      status: s.status,
      round: pub?.round ?? 0,
      suddenDeath: pub?.suddenDeath ?? false,
      jokers: pub?.jokers ?? true,
      banks: (pub?.players ?? []).map((p: { bank: number }) => p.bank),
      legal: s.legal,
      loot: pub?.players?.[s.mySeat]?.loot ?? 0,
      mySeat: s.mySeat,
      hasPrivate: s.view?.private != null,
      key: `${pub?.turnNumber}|${pub?.deckCount}|${pub?.phase}|${s.log.length}|${pub?.round}|${s.status}`,
    };
  });
}

/** Picks the control a sensible person would press, from what is enabled. */
function choose(s: Seen): string | null {
  const has = (type: string) => s.legal.find((a) => a.type === type);
  if (has('joker')) return 'joker-queen';
  if (has('counter')) return 'counter-no';
  const discard = has('discard');
  if (discard) return `discard-${discard.card}`;
  const king = s.legal.find((a) => a.type === 'play' && a.card?.startsWith('K'));
  if (king && s.loot >= 30) return `action-play-${king.card}`;
  if (has('draw') && s.loot < 30) return 'action-draw';
  if (has('bank')) return 'action-bank';
  if (has('endTurn')) return 'action-end-turn';
  return null;
}

/**
 * Stalling, to reach Sudden Death: never bank or play, just draw (busts lose the loot), end the turn
 * when the deck is out, drop the oldest card at the hand limit. Both banks stay at $0 through the
 * three Blitz rounds: a tie.
 */
function stall(s: Seen): string | null {
  const has = (type: string) => s.legal.find((a) => a.type === type);
  const discard = has('discard');
  if (discard) return `discard-${discard.card}`;
  if (has('draw')) return 'action-draw';
  if (has('endTurn')) return 'action-end-turn';
  return null;
}

/** Clicks through a match with `policy` until `done`; returns the number of clicks. */
async function playUntil(
  players: Page[],
  policy: (s: Seen) => string | null,
  done: (states: (Seen | null)[]) => boolean,
  timeoutMs: number,
): Promise<number> {
  let actions = 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(players.map(seen));
    if (done(states)) return actions;
    if (Date.now() > deadline) throw new Error(`not done after ${actions} actions`);
    let acted = false;
    for (let i = 0; i < players.length; i++) {
      const s = states[i];
      if (!s || s.status !== 'playing') continue;
      const testid = policy(s);
      if (!testid) continue;
      const control = byTestId(players[i]!, testid);
      if (!(await control.isVisible()) || !(await control.isEnabled())) continue;
      await control.click({ force: true });
      actions++;
      acted = true;
      // A click that changed nothing (refused as too fast: the server answers that once a second
      // at most) is made again on the next pass, as a person would, after a second's pause.
      const changed = await players[i]!.waitForFunction(
        (before) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const snap = (window as any).__parlor?.table?.snapshot();
          const pub = snap?.view?.public;
          const key = `${pub?.turnNumber}|${pub?.deckCount}|${pub?.phase}|${snap?.log.length}|${pub?.round}|${snap?.status}`;
          return key !== before;
        },
        s.key,
        { timeout: 5_000, polling: 50 },
      ).then(
        () => true,
        () => false,
      );
      if (!changed) await new Promise((r) => setTimeout(r, 1_100));
    }
    if (!acted) await new Promise((r) => setTimeout(r, 100));
  }
}

maybe('Bankout in the browser', () => {
  const env = useServerAndBrowser(PORT);

  test('a phone held sideways, a phone upright and a desktop: every part of the table on the canvas, none over another', async () => {
    const ada = await person(env.browser, 'Ada', { width: 740, height: 360 });
    await ada.page.goto(env.server.url + '/');
    await openCreateDialog(ada.page, 'bankout');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor();
    await byTestId(ada.page, 'add-bot-1').click();
    await byTestId(ada.page, 'start-button').click();
    // Her turn, with something drawn: the action strip shows and the piles row has cards.
    const draw = byTestId(ada.page, 'action-draw');
    await draw.waitFor({ timeout: 30_000 });
    const before = (await seen(ada.page))!.key;
    await draw.click();
    // The server's answer (the drawn card) reached the page.
    await ada.page.waitForFunction(
      (b) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const snap = (window as any).__parlor?.table?.snapshot();
        const pub = snap?.view?.public;
        return (
          `${pub?.turnNumber}|${pub?.deckCount}|${pub?.phase}|${snap?.log.length}|${pub?.round}|${snap?.status}` !==
          b
        );
      },
      before,
      { polling: 50 },
    );
    type Rect = { x: number; y: number; w: number; h: number };
    const inside = (a: Rect, b: Rect) =>
      a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5;
    const apart = (a: Rect, b: Rect) =>
      a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
    for (const [width, height] of [
      [740, 360],
      [360, 740],
      [1280, 800],
    ] as const) {
      await ada.page.setViewportSize({ width, height });
      // The table laid out again for the new size (the scene takes the resize in first), and the
      // drawn card dealt: read once it holds still.
      await ada.page.waitForTimeout(300);
      const parts: Record<string, Rect> = await settled(ada.page, () =>
        ada.page.evaluate(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          () => (window as any).__parlor.bankout.parts(),
        ),
      );
      await shoot(ada.page, `bankout-${width}x${height}`);
      const { canvas, ...rest } = parts;
      const shown = Object.entries(rest).filter(([, r]) => r.w > 0);
      for (const [name, r] of shown)
        expect({ size: `${width}x${height}`, name, onCanvas: inside(r, canvas!) }).toEqual({
          size: `${width}x${height}`,
          name,
          onCanvas: true,
        });
      for (const [i, [a, ra]] of shown.entries())
        for (const [b, rb] of shown.slice(i + 1)) {
          // The banner's lines and the info line's two halves are separate texts of one part.
          if (a === 'banner' && b === 'sub') continue;
          expect({ size: `${width}x${height}`, a, b, apart: apart(ra, rb) }).toEqual({
            size: `${width}x${height}`,
            a,
            b,
            apart: true,
          });
        }
      // The hand cards lie inside their panels.
      const hands = (await ada.page.evaluate(() =>
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        [(window as any).__parlor.bankout.handRects(), (window as any).__parlor.bankout.opponentHandRects()],
      )) as Rect[][];
      for (const [i, panel] of [parts.bottom!, parts.top!].entries())
        for (const card of hands[i]!)
          expect({ size: `${width}x${height}`, panel: i, inPanel: inside(card, panel) }).toEqual({
            size: `${width}x${height}`,
            panel: i,
            inPanel: true,
          });
    }
    await ada.context.close();
  }, 120_000);

  test('two players finish a match through the UI while a spectator watches', async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo');
    const eve = await person(env.browser, 'Eve', { width: 390, height: 844 });

    // Ada creates a Blitz table from the lobby.
    await ada.page.goto(env.server.url + '/');
    await byTestId(ada.page, 'create-bankout').waitFor();
    await shoot(ada.page, 'lobby');
    await openCreateDialog(ada.page, 'bankout');
    await byTestId(ada.page, 'create-table-name').fill('Friday heist');
    await byTestId(ada.page, 'option-mode').selectOption('blitz');
    await shoot(ada.page, 'create-dialog');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(roomId).toBeTruthy();

    // Bo sees the table in his lobby and joins it; Eve watches on a phone-sized screen.
    await bo.page.goto(env.server.url + '/');
    await byTestId(bo.page, `join-${roomId}`).click();
    await byTestId(bo.page, 'waiting-room').waitFor();
    await eve.page.goto(`${env.server.url}/#/watch/${roomId}`);
    await byTestId(eve.page, 'waiting-room').waitFor();
    await shoot(ada.page, 'waiting-room');

    await byTestId(ada.page, 'start-button').click();
    await ada.page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing'); // eslint-disable-line @typescript-eslint/no-explicit-any

    const players = [ada.page, bo.page];
    let actions = 0;
    let shotTable = false;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const states = await Promise.all(players.map(seen));
      if (states.every((s) => s?.status === 'finished')) break;
      if (Date.now() > deadline) throw new Error(`match did not finish after ${actions} actions`);
      let acted = false;
      for (let i = 0; i < players.length; i++) {
        const s = states[i];
        if (!s || s.status !== 'playing') continue;
        const testid = choose(s);
        if (!testid) continue;
        const control = byTestId(players[i]!, testid);
        if (!(await control.isVisible()) || !(await control.isEnabled())) continue;
        const t0 = Date.now();
        // Visible and enabled were checked above; skip Playwright's frame-based "stable" wait, which
        // crawls while software rendering renders three pages on two cores.
        await control.click({ force: true });
        const t1 = Date.now();
        actions++;
        acted = true;
        // Wait for the server's answer to reach this page.
        await players[i]!.waitForFunction(
          (before) => {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            const snap = (window as any).__parlor?.table?.snapshot();
            const pub = snap?.view?.public;
            const key = `${pub?.turnNumber}|${pub?.deckCount}|${pub?.phase}|${snap?.log.length}|${pub?.round}|${snap?.status}`;
            return key !== before;
          },
          s.key,
          { timeout: 10_000, polling: 50 },
        );
        if (process.env.TIMING) console.log(`${testid}: click ${t1 - t0} ms, answer ${Date.now() - t1} ms`);
        if (!shotTable && actions >= 12) {
          shotTable = true;
          await shoot(players[i]!, 'table-player');
          await shoot(eve.page, 'table-spectator-phone');
        }
      }
      if (!acted) await new Promise((r) => setTimeout(r, 100));
    }
    expect(actions).toBeGreaterThan(20);

    // Everyone, the spectator included, reaches the same result.
    for (const page of [ada.page, bo.page, eve.page]) {
      await byTestId(page, 'results').waitFor({ timeout: 15_000 });
      await expect(byTestId(page, 'results-winner').textContent()).resolves.toMatch(/\S/);
    }
    await shoot(ada.page, 'results');
    await shoot(eve.page, 'results-spectator-phone');

    // The spectator never had a private view, and the players never saw each other's hands.
    const spect = await seen(eve.page);
    expect(spect?.mySeat).toBe(-1);
    expect(spect?.hasPrivate).toBe(false);

    // The host can start a rematch from the results screen.
    await byTestId(ada.page, 'rematch-button').click();
    await ada.page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing'); // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const p of [ada, bo, eve]) await p.context.close();
  }, 300_000);

  test('a Blitz match with Jokers off, tied after three rounds, goes to Sudden Death and ends', async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    await ada.page.goto(env.server.url + '/');
    await openCreateDialog(ada.page, 'bankout');
    await byTestId(ada.page, 'option-mode').selectOption('blitz');
    await byTestId(ada.page, 'option-jokers').uncheck();
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    await bo.page.goto(env.server.url + '/');
    await byTestId(bo.page, `join-${roomId}`).click();
    await byTestId(bo.page, 'waiting-room').waitFor();
    await byTestId(ada.page, 'start-button').click();
    await ada.page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing'); // eslint-disable-line @typescript-eslint/no-explicit-any
    const first = await seen(ada.page);
    expect(first!.jokers).toBe(false);

    // Both stall through the three rounds: no Joker is ever drawn, nothing is banked.
    const players = [ada.page, bo.page];
    let sawJoker = false;
    const stalled = await playUntil(
      players,
      (s) => {
        if (s.legal.some((a) => a.type === 'joker' || a.card?.startsWith('X'))) sawJoker = true;
        return stall(s);
      },
      (states) => states.some((s) => s?.suddenDeath === true),
      240_000,
    );
    expect(sawJoker).toBe(false);
    const sd = await seen(ada.page);
    expect(sd!.suddenDeath).toBe(true);
    expect(sd!.round).toBe(4);
    const log = await ada.page.evaluate(
      () =>
        ((window as any).__parlor.table.snapshot().log as { text: string }[]).map((l) => l.text).join('\n'), // eslint-disable-line @typescript-eslint/no-explicit-any
    );
    expect(log).toContain('Sudden Death (round 4) begins');
    expect(log).not.toMatch(/Joker/);
    await shoot(ada.page, 'bankout-sudden-death');
    await shoot(bo.page, 'bankout-sudden-death-phone');

    // Sudden Death is played for real: draw a little, bank; the higher bank wins the pot.
    const played = await playUntil(
      players,
      choose,
      (states) => states.every((s) => s?.status === 'finished'),
      120_000,
    );
    console.log(`Bankout to Sudden Death: ${stalled} clicks, then ${played} in Sudden Death`);
    for (const page of players) {
      await byTestId(page, 'results').waitFor({ timeout: 15_000 });
      await expect(byTestId(page, 'results-winner').textContent()).resolves.toMatch(/\S/);
    }
    await shoot(ada.page, 'bankout-sudden-death-results');
    for (const p of [ada, bo]) await p.context.close();
  }, 420_000);
});
