/// <reference lib="dom" />
/**
 * Tactical Risk, nobody sits out. Hot seat started from the lobby ("Play on this screen" on the
 * game's card): a round for Ada (the Russians) and Bo (the Germans) with the AI for the rest; the
 * screen is passed only at the start of a person's turn (battle choices in plain sight need no pass),
 * and the pass screen never says "No turn played yet". At the map's opening zoom and zoomed in and
 * out, no shown name crosses another name or another place's units. Online, against the AI: Ada
 * hands her country to the AI ("Let the AI play"), watches it play her turn, and takes it back; then
 * takes over an AI country of her side ("Take over the British"). Shot
 * at 1280x800 and 360x740.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, openCreateDialog, person, press, shoot, useServerAndBrowser } from './harness';
import { type TrSeen, seen, tr, waitFor as waitForState } from './tacticalRiskPage';

const PORT = 2744;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

/** The table's state as this file waits on it: up to 30 s by default (hot seat passes the screen). */
const waitFor = (page: Page, what: string, test: (s: TrSeen) => boolean, timeout = 30_000) =>
  waitForState(page, what, test, timeout);

/**
 * Presses `id` (the players panel's button, the platform's) until the table's state shows it taken
 * (`done`), up to three times: the panel is drawn again with every move the AI makes, and a click
 * whose press and release land on two drawings of the button is lost. Never again once the state
 * shows it. (The status bar's buttons need one press: pressOnceWhileMoving.)
 */
async function pressUntil(page: Page, id: string, what: string, done: (s: TrSeen) => boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (done(await seen(page))) return;
    // A button drawn again between finding it and clicking it is detached: that press is lost too.
    const pressed = await press(page, id).then(
      () => true,
      (e: Error) => (console.log(`${id}: ${e.message.split('\n')[0]}`), false),
    );
    const ok = await waitFor(page, what, done, pressed ? 10_000 : 1000).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (attempt === 3) {
      await waitFor(page, what, done, 1);
      return;
    }
    console.log(`${id}: not taken after 10 s (try ${attempt}); pressing again`);
  }
}

/**
 * Presses a status-bar button once while the AI plays (the bar is drawn again on each of its moves):
 * the button found before a move is the very element after it (kept in place, so a press begun on it
 * ends on it), and that one press is taken.
 */
async function pressOnceWhileMoving(page: Page, id: string, what: string, done: (s: TrSeen) => boolean) {
  const button = await byTestId(page, id).elementHandle({ timeout: 30_000 });
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const before = await page.evaluate(() =>
    JSON.stringify((window as any).__parlor.table.snapshot().view.public),
  );
  await page.waitForFunction(
    (b) => JSON.stringify((window as any).__parlor.table.snapshot().view.public) !== b,
    before,
    { timeout: 30_000, polling: 50 },
  );
  /* eslint-enable @typescript-eslint/no-explicit-any */
  await page.waitForTimeout(100); // the redraw of that move
  expect({ id, kept: await button!.evaluate((el) => el.isConnected) }).toEqual({ id, kept: true });
  // On that very element (a click at its place could meet whatever a redraw put over it).
  await button!.evaluate((el) => (el as HTMLElement).click());
  await waitFor(page, what, done, 30_000);
}

/** No shown name crosses another name or another place's stack: at this zoom, zoomed in and out. */
async function expectLegible(page: Page, where: string): Promise<void> {
  await page.waitForTimeout(150);
  expect({ where, clashes: await tr(page, 'labelClashes') }).toEqual({ where, clashes: [] });
  for (const f of [1.4, 1.4, 1 / 1.4, 1 / 1.4, 1 / 1.4]) {
    await tr(page, 'zoomBy', f);
    await page.waitForTimeout(60);
    const zoom = (await tr(page, 'zoom')) as number;
    expect({ where, zoom, clashes: await tr(page, 'labelClashes') }).toEqual({ where, zoom, clashes: [] });
  }
  await tr(page, 'zoomBy', 1.4);
}

const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const;

maybe('Tactical Risk: nobody sits out', () => {
  // Not quick bots: "while the AI plays the others" must last long enough to press Let the AI play
  // (at 40 ms a move it was over before a busy machine's press landed).
  const env = useServerAndBrowser(PORT);

  test.each(SIZES)(
    '%s: hot seat from the lobby, passes only at a person’s turn, a legible map',
    async (kind, size) => {
      const { page } = await person(env.browser, 'Ada', size);
      await page.goto(`${env.server.url}/?botDelay=20`);
      await byTestId(page, 'hotseat-tactical-risk').click({ timeout: 30_000 });
      await byTestId(page, 'hotseat-setup').waitFor();
      expect(page.url()).toMatch(/#\/hotseat\/tactical-risk$/);
      await byTestId(page, 'hotseat-name-0').fill('Ada');
      await byTestId(page, 'hotseat-name-1').fill('Bo');
      await byTestId(page, 'hotseat-start').click();
      await waitFor(page, 'the first turn', (s) => s.phase === 'purchase' && s.legal.length > 0);
      await byTestId(page, 'tr-ready').click();
      await page.waitForTimeout(300);
      // The map opens on the Russians' capital, Europe beside it.
      await shoot(page, `tactical-risk-europe-${kind}`);
      await expectLegible(page, 'the opening zoom');
      // Europe's crowded lands are named at a desktop's opening zoom too (beside, above or below their
      // point, over their own land), Japan beside its island, and Africa's and the Indies' long names.
      if (kind === 'desktop') {
        const shown = (await tr(page, 'shownNames')) as string[];
        expect(shown).toEqual(
          expect.arrayContaining([
            'Germany',
            'United Kingdom',
            'Ukraine S.S.R.',
            'Finland Norway',
            'West Europe',
            'East Europe',
            // Under Germany's stack until that stack rose onto Germany's point (its name moved).
            'South Europe',
            'Japan',
            // Long names past their land's edges, and a narrow strip of islands.
            'Italian East Africa',
            'Kenya-Rhodesia',
            'East Indies',
          ]),
        );
        // Nearly every land in view is named (the few left out: hover or zoom).
        const inView = (await tr(page, 'landInView')) as string[];
        const unnamed = inView.filter((n) => !shown.includes(n));
        expect({ unnamed, share: unnamed.length / inView.length < 0.15 }).toEqual({ unnamed, share: true });
      }
      await tr(page, 'focus', 'Germany', 0);
      await expectLegible(page, 'Germany');

      /** What a pass screen said: its round, faction and phase (the state when it was shown). */
      const passes: { round: number; faction: string; phase: string; text: string }[] = [];
      const attacked = new Set<string>();
      const until = Date.now() + 200_000;
      while (passes.length < 2) {
        if (Date.now() > until) throw new Error(`the round did not end in time (${passes.length} passes)`);
        const ready = byTestId(page, 'tr-ready');
        if (await ready.isVisible()) {
          // Read from the pass screen itself, not the table's state now: the AI may already have
          // moved on behind it (a battle choice, the next faction).
          const card = byTestId(page, 'tr-handover');
          const said = /Round (\d+) · (.+)/.exec(
            (await card.locator('p.trm-muted').first().textContent()) ?? '',
          );
          passes.push({
            text: (await card.textContent()) ?? '',
            round: Number(said?.[1] ?? 0),
            faction: ((await card.locator('.trm-chip').first().textContent()) ?? '').replace(/^The /, ''),
            phase: said?.[2] ?? '',
          });
          if (passes.length === 1) await shoot(page, `tactical-risk-pass-${kind}`);
          await ready.click();
          continue;
        }
        const s = await seen(page);
        if (s.legal.length === 0) {
          await page.waitForTimeout(50);
          continue;
        }
        // Each person makes the first attack offered once a turn (battles follow), and answers battles.
        const turn = `${s.round}|${s.faction}`;
        const attack = s.phase === 'combatMove' && !attacked.has(turn);
        attacked.add(turn);
        await page.evaluate((first) => {
          const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
          const legal = t.legal() as { type: string; raid?: boolean }[];
          const move = first ? legal.find((a) => a.type === 'move' && !a.raid) : undefined;
          t.send(move ?? legal.find((a) => a.type === 'endPhase') ?? legal[0]);
        }, attack);
        await page.waitForTimeout(60);
      }
      // Only turn starts (a purchase): Bo's of round 1, Ada's of round 2 (Ada's first came before the
      // loop); never a battle choice, though both fought (and the AI attacked them).
      expect(passes.map((p) => [p.round, p.faction, p.phase])).toEqual([
        [1, 'Germans', 'Purchase'],
        [2, 'Russians', 'Purchase'],
      ]);
      expect(passes.map((p) => p.text).join(' ')).not.toMatch(/No turn played yet/);
      expect(passes[0]!.text).toMatch(/Pass the screen to Bo/);
      expect(passes[1]!.text).toMatch(/Pass the screen to Ada.*Since your last turn/);
    },
  );

  test.each(SIZES)(
    '%s: Ada lets the AI play her country, watches, and takes it back',
    async (kind, size) => {
      const { page } = await person(env.browser, 'Ada', size);
      await page.goto(env.server.url);
      await openCreateDialog(page, 'tactical-risk');
      await byTestId(page, 'create-seats').selectOption('5');
      await byTestId(page, 'create-vs-ai').check();
      await byTestId(page, 'create-submit').click();
      await waitFor(page, 'her first turn', (s) => s.faction === 'Russians' && s.legal.length > 0);
      // The players panel offers it (behind ☰ beside the map).
      const panel = () => byTestId(page, 'panel-toggle').click();
      await panel();
      await pressUntil(page, 'hand-over', 'the AI plays for her', (s) => s.handedOver);
      await byTestId(page, 'tr-handed-over').waitFor();
      await page.locator('.side-close').first().click({ force: true });
      // The AI plays her Russians: her turn goes on without her (she can send nothing).
      await waitFor(
        page,
        'the AI ends her purchase',
        (s) => s.faction !== 'Russians' || s.phase !== 'purchase',
        60_000,
      );
      await shoot(page, `tactical-risk-handed-over-${kind}`);
      expect((await seen(page)).legal).toEqual([]);
      await pressOnceWhileMoving(page, 'tr-take-back', 'she plays again', (s) => !s.handedOver);
      await expect(byTestId(page, 'tr-handed-over').count()).resolves.toBe(0);
      // Her next decision waits for her: no bot answers it.
      const mine = await waitFor(page, 'her next decision', (s) => s.legal.length > 0, 120_000);
      await page.waitForTimeout(1000);
      const still = await seen(page);
      expect([still.faction, still.phase, still.prompt, still.legal.length > 0]).toEqual([
        mine.faction,
        mine.phase,
        mine.prompt,
        true,
      ]);
      await shoot(page, `tactical-risk-taken-back-${kind}`);
      // She ends her turn herself, then the AI plays the others.
      const until = Date.now() + 60_000;
      for (let s = await seen(page); s.faction === 'Russians' && Date.now() < until; s = await seen(page)) {
        if (s.legal.length)
          await page.evaluate(() => {
            const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
            const legal = t.legal() as { type: string }[];
            // The state may have moved on since it was read: send only an action still legal.
            const choice = legal.find((a) => a.type === 'endPhase') ?? legal[0];
            if (choice) t.send(choice);
          });
        await page.waitForTimeout(150);
      }
      await waitFor(
        page,
        'the others play',
        (s) => s.legal.length === 0 && s.faction !== 'Russians',
        120_000,
      );
      // The status bar offers an AI country of her side (before "Let the AI play", in the players
      // panel): she takes it over.
      const takeOver = byTestId(page, 'tr-take-over');
      await expect(takeOver.textContent()).resolves.toMatch(/^Take over the (British|Americans)$/);
      await shoot(page, `tactical-risk-waiting-${kind}`);
      const country = ((await takeOver.textContent()) ?? '').replace('Take over the ', '');
      await pressOnceWhileMoving(page, 'tr-take-over', `the ${country} hers`, (s) =>
        s.factions.some((f) => f.name === country && f.seat === s.mySeat),
      );
      await shoot(page, `tactical-risk-taken-over-${kind}`);
    },
    240_000,
  );
});
