/// <reference lib="dom" />
/**
 * History and replays in the browser: Ada plays a Blitz match against the AI, finds it in the
 * lobby's finished matches, replays it in the game's own scene (play, pause, step, scrub, reveal
 * hands, the end), exports it as a file and imports that file back. A phone-sized page looks at the
 * same history and replay, and loads the game Ada saved mid-match at a new table and carries it on.
 * Screenshots are saved as test artifacts.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the page's debug hooks are untyped */
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  frames,
  openCreateDialog,
  person,
  QUICK_BOTS,
  shoot,
  useServerAndBrowser,
} from './harness';

const PORT = 2713;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

const replayHook = (page: Page, expr: string) =>
  page.evaluate((e) => {
    const r = (window as any).__parlor?.replay;
    return r ? new Function('r', `return ${e}`)(r) : undefined;
  }, expr);

/** Ada's seat plays from its legal actions only (draw while it may, else the first thing offered). */
async function playToTheEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const t = (window as any).__parlor.table;
    const until = Date.now() + 150_000;
    let last = '';
    let sentAt = 0;
    while (t.snapshot()?.status !== 'finished') {
      if (Date.now() > until) throw new Error(`the match did not finish (${last})`);
      const s = t.snapshot();
      const key = `${s.log.length}|${s.view?.public?.turnNumber}|${s.view?.public?.deckCount}|${s.legal.length}`;
      // Once per state; again after 2 s without a change (a move refused, e.g. sent too fast).
      if (s.status === 'playing' && s.legal.length > 0 && (key !== last || Date.now() - sentAt > 2000)) {
        last = key;
        sentAt = Date.now();
        const pick =
          s.legal.find((a: any) => a.type === 'joker' && a.choice === 'queen') ??
          s.legal.find((a: any) => a.type === 'counter' && !a.accept) ??
          s.legal.find((a: any) => a.type === 'draw') ??
          s.legal.find((a: any) => a.type === 'bank') ??
          s.legal[0];
        t.send(pick);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  });
}

const viewJson = (page: Page) => replayHook(page, 'JSON.stringify(r.snapshot().view)') as Promise<string>;

maybe('History and replays in the browser', () => {
  // The AI's turns are waited for, not timed: quick bots. The test starts from an empty history.
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS, freshServerOnRetry: true });

  test('a finished match is listed, replayed, revealed, exported and imported', async () => {
    const ada = await person(env.browser, 'Ada');
    const { page } = ada;

    // A Blitz match against the AI.
    await page.goto(env.server.url + '/');
    await byTestId(page, 'history-empty').waitFor();
    await openCreateDialog(page, 'bankout');
    await byTestId(page, 'option-mode').selectOption('blitz');
    await byTestId(page, 'create-vs-ai').check();
    await byTestId(page, 'create-submit').click();
    await page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing');
    // The host saves the game in progress (loaded again at the end, on a phone).
    const [savedDownload] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'save-button').click(),
    ]);
    const savedFile = await savedDownload.path();
    expect(JSON.parse(readFileSync(savedFile, 'utf8'))).toMatchObject({ game: 'bankout', outcome: null });
    await shoot(page, 'saved-game-table');
    await playToTheEnd(page);
    const result = (await page.evaluate(() => (window as any).__parlor.table.snapshot().result)) as {
      summary: string;
    };
    await byTestId(page, 'results').waitFor();
    // The server's game list held back until the history has come (a busy server can answer in
    // that order): the row names the game all the same.
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/games', async (route) => {
      await held;
      await route.continue().catch(() => undefined); // a request the page gave up on meanwhile
    });
    await byTestId(page, 'results-leave').click();

    // The lobby lists it: players, result, game, date, length.
    const row = page.locator('[data-testid=history-self] .history-row');
    await row.first().waitFor({ timeout: 20_000 });
    const meta = await row.first().locator('.t-meta').textContent();
    release();
    await page.unroute('**/api/games');
    expect(await row.count()).toBe(1);
    const id = ((await row.first().getAttribute('data-testid')) ?? '').replace(/^history-/, '');
    expect(id).toMatch(/-1$/);
    await expect(row.first().locator('.t-name').textContent()).resolves.toMatch(/^Ada vs .+ \(AI\)$/);
    await expect(row.first().locator('[data-testid=history-result]').textContent()).resolves.toBe(
      result.summary,
    );
    expect(meta).toMatch(/Bankout.*Today \d\d:\d\d.*\d+ moves/);
    await byTestId(page, 'history').scrollIntoViewIfNeeded();
    await shoot(page, 'replay-lobby-history');

    // The replay opens at the deal, as a spectator saw it.
    await byTestId(page, `replay-${id}`).click();
    await byTestId(page, 'replay-controls').waitFor();
    await page.waitForFunction(() => (window as any).__parlor?.replay);
    const length = (await replayHook(page, 'r.length')) as number;
    expect(length).toBeGreaterThan(20);
    expect(page.url()).toContain(`#/replay/here/${id}`);
    expect(await replayHook(page, 'r.position()')).toBe(0);
    expect(await replayHook(page, 'r.snapshot().mySeat')).toBe(-1);
    expect(await replayHook(page, 'r.snapshot().view.private')).toBeNull();
    expect(await replayHook(page, 'r.snapshot().legal.length')).toBe(0);
    await expect(byTestId(page, 'replay-position').textContent()).resolves.toBe(`0 / ${length}`);

    // Play at 8x, then pause.
    await byTestId(page, 'replay-speed').selectOption('8');
    await byTestId(page, 'replay-play').click();
    await page.waitForFunction(() => (window as any).__parlor.replay.position() >= 4);
    await byTestId(page, 'replay-play').click();
    expect(await replayHook(page, 'r.playing()')).toBe(false);
    const paused = (await replayHook(page, 'r.position()')) as number;
    await page.waitForTimeout(400);
    expect(await replayHook(page, 'r.position()')).toBe(paused);

    // Step forward and back.
    await byTestId(page, 'replay-forward').click();
    expect(await replayHook(page, 'r.position()')).toBe(paused + 1);
    await byTestId(page, 'replay-back').click();
    await byTestId(page, 'replay-back').click();
    expect(await replayHook(page, 'r.position()')).toBe(paused - 1);
    await expect(byTestId(page, 'replay-position').textContent()).resolves.toBe(`${paused - 1} / ${length}`);

    // Scrub to the middle: the same picture as stepping there one move at a time.
    const middle = Math.floor(length / 2);
    await byTestId(page, 'replay-scrub').fill(String(middle));
    expect(await replayHook(page, 'r.position()')).toBe(middle);
    const scrubbed = await viewJson(page);
    await byTestId(page, 'replay-first').click();
    expect(await replayHook(page, 'r.position()')).toBe(0);
    for (let i = 1; i <= middle; i++) await replayHook(page, `r.seek(${i})`);
    expect(await viewJson(page)).toBe(scrubbed);
    await frames(page, 4);
    await shoot(page, 'replay-viewer');

    // Reveal hands: through Ada's eyes, then the AI's.
    await byTestId(page, 'replay-reveal').click();
    expect(await replayHook(page, 'r.viewer()')).toBe(0);
    expect(await replayHook(page, 'r.snapshot().view.private')).not.toBeNull();
    await byTestId(page, 'replay-eyes').selectOption('1');
    expect(await replayHook(page, 'r.snapshot().mySeat')).toBe(1);
    expect(await replayHook(page, 'Array.isArray(r.snapshot().view.private.hand)')).toBe(true);
    await frames(page, 4);
    await shoot(page, 'replay-reveal');
    await byTestId(page, 'replay-reveal').click();
    expect(await replayHook(page, 'r.snapshot().view.private')).toBeNull();

    // The end: the result over the board.
    await byTestId(page, 'replay-last').click();
    expect(await replayHook(page, 'r.position()')).toBe(length);
    await byTestId(page, 'replay-result').waitFor();
    await expect(byTestId(page, 'replay-result').textContent()).resolves.toContain(result.summary);
    await frames(page, 4);
    await shoot(page, 'replay-end');

    // Export from the replay: the match file, whole.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'replay-export').click(),
    ]);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported).toMatchObject({ format: 'parlor-match', id, game: 'bankout' });
    expect(exported.actions).toHaveLength(length);
    expect(exported.outcome.summary).toBe(result.summary);

    // Back in the lobby, import that file: this server played it, so it is not listed twice (the
    // server refuses a duplicate, 409, and the lobby says so), and its one entry replays the same.
    await byTestId(page, 'replay-close').click();
    await byTestId(page, 'history-import').waitFor();
    await byTestId(page, 'history-import-file').setInputFiles(file);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('#toasts .toast')).some((t) =>
        /already/i.test(t.textContent ?? ''),
      ),
    );
    expect(await page.locator('[data-testid=history-self] .history-row').count()).toBe(1);
    await byTestId(page, `replay-${id}`).click();
    await page.waitForFunction(() => (window as any).__parlor?.replay?.length > 0);
    expect(await replayHook(page, 'r.length')).toBe(length);

    // A file that is not a match is refused with a message, and nothing is added.
    await byTestId(page, 'replay-close').click();
    await byTestId(page, 'history-import-file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":"world"}'),
    });
    await page.locator('#toasts', { hasText: 'Could not import notes.json' }).waitFor();
    expect(await page.locator('[data-testid=history-self] .history-row').count()).toBe(1);

    // On a phone: the history and the replay (revealed, at the end).
    const eve = await person(env.browser, 'Eve', { width: 360, height: 740 });
    await eve.page.goto(env.server.url + '/');
    await eve.page.locator('[data-testid=history-self] .history-row').first().waitFor();
    await byTestId(eve.page, 'history').scrollIntoViewIfNeeded();
    await shoot(eve.page, 'replay-lobby-history-phone');
    await eve.page.goto(`${env.server.url}/#/replay/here/${id}`);
    await byTestId(eve.page, 'replay-controls').waitFor();
    await eve.page.waitForFunction(() => (window as any).__parlor?.replay);
    await replayHook(eve.page, `r.seek(${middle})`);
    await frames(eve.page, 4);
    await shoot(eve.page, 'replay-viewer-phone');
    await byTestId(eve.page, 'replay-reveal').click();
    await byTestId(eve.page, 'replay-scrub').fill(String(length));
    await byTestId(eve.page, 'replay-result').waitFor();
    await frames(eve.page, 4);
    await shoot(eve.page, 'replay-end-phone');

    // Ada loads the game she saved, in a phone-sized window of her browser (it kept her seat's code,
    // which only she received): a new table, her seat (the AI's is the AI's), carried on by its host.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${env.server.url}/#/`);
    await byTestId(page, 'load-saved-file').setInputFiles(savedFile);
    await byTestId(page, 'load-dialog').waitFor();
    expect(await byTestId(page, 'load-claim').inputValue()).not.toBe('');
    await shoot(page, 'saved-game-load-phone');
    await byTestId(page, 'load-submit').click();
    await byTestId(page, 'waiting-saved-note').waitFor();
    await shoot(page, 'saved-game-waiting-phone');
    await byTestId(page, 'start-button').click();
    await page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing');
    await shoot(page, 'saved-game-playing-phone');
    // On a phone Save game sits in the side panel (the top bar has no room for it).
    await byTestId(page, 'panel-toggle').click();
    const [phoneSave] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'save-item').click(),
    ]);
    expect(JSON.parse(readFileSync(await phoneSave.path(), 'utf8'))).toMatchObject({ outcome: null });
    await shoot(page, 'saved-game-menu-phone');

    // A replay of a match that is not in the history says so.
    await eve.page.goto(`${env.server.url}/#/replay/here/nope-1`);
    await byTestId(eve.page, 'route-error').waitFor();
    await expect(byTestId(eve.page, 'route-error').textContent()).resolves.toContain('not in the server');
    for (const p of [ada, eve]) await p.context.close();
  }, 240_000);
});
