/// <reference lib="dom" />
/**
 * Three people play James Bland through the UI (a desktop, a 360 px phone that types the banner
 * with its keyboard, a tablet) while a fourth watches on a phone: they create and join the table
 * from the lobby, plan with the planning panel, see the simultaneous reveal, answer the biplane's
 * Believe/Ignore prompt, shop and Ready in Adaptation, over several rounds. Screenshots are saved.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEFENSE_SPECS, OFFENSE_SPECS } from '../../shared/src/games/james-bland/data';
import { byTestId, CHROMIUM, person, QUICK_BOTS, shoot, useServerAndBrowser } from './harness';

const PORT = 2720;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;
if (!haveChromium)
  console.warn(`browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);

interface Seen {
  status: string;
  mySeat: number;
  phase: string;
  round: number;
  myTurn: boolean;
  bannerPrompt: boolean;
  hasPrivate: boolean;
  revealRound: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
async function seen(page: Page): Promise<Seen | null> {
  return page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    if (!s || !s.view) return null;
    const pub = s.view.public;
    return {
      status: s.status,
      mySeat: s.mySeat,
      phase: pub.phase,
      round: pub.round,
      myTurn: s.toAct.includes(s.mySeat),
      bannerPrompt: !!s.view.private?.bannerPrompt,
      hasPrivate: s.view.private != null,
      revealRound: pub.reveal?.round ?? 0,
    };
  });
}

async function phaseAndNotes(page: Page): Promise<{ phase: string; notes: string[] }> {
  return page.evaluate(() => {
    const v = (window as any).__parlor.table.snapshot().view;
    return { phase: v.public.phase, notes: v.private?.notes ?? [] };
  });
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** For the loop: the page's snapshot may be a moment behind its screen (the form already gone). */
async function softClick(page: Page, id: string): Promise<boolean> {
  return byTestId(page, id)
    .click({ force: true, timeout: 3000 })
    .then(() => true)
    .catch(() => false);
}

async function click(page: Page, id: string): Promise<void> {
  const el = byTestId(page, id);
  // A ceiling that only says it never came (a page's first load on a busy machine: 5 s was missed).
  await el.waitFor({ timeout: 30_000 });
  await el.click({ force: true });
}

const BANNER = 'Free pie at the Windmill!';

maybe('James Bland in the browser', () => {
  jest.setTimeout(240_000);
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three agents and a spectator play several rounds, a banner round included', async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    const cy = await person(env.browser, 'Cy', { width: 1024, height: 768 });
    const eve = await person(env.browser, 'Eve', { width: 390, height: 844 });

    await ada.page.goto(env.server.url + '/');
    await click(ada.page, 'create-james-bland');
    await byTestId(ada.page, 'create-dialog').waitFor();
    await byTestId(ada.page, 'create-seats').selectOption('3');
    await byTestId(ada.page, 'option-roundLimit').fill('3');
    await shoot(ada.page, 'jb-create-dialog');
    await click(ada.page, 'create-submit');
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const p of [bo, cy]) {
      await p.page.goto(env.server.url + '/');
      await click(p.page, `join-${roomId}`);
      await byTestId(p.page, 'waiting-room').waitFor();
    }
    await eve.page.goto(`${env.server.url}/#/watch/${roomId}`);
    await byTestId(eve.page, 'waiting-room').waitFor();
    await click(ada.page, 'start-button');
    const pages = [ada.page, bo.page, cy.page];
    for (const p of pages) await byTestId(p, 'jb-plan').waitFor({ timeout: 15_000 });
    const seats = await Promise.all(pages.map(async (p) => (await seen(p))!.mySeat));
    const boSeat = seats[1]!;

    // Round 1: Bo (on the phone) flies a banner; Ada and Cy both go after Bo.
    await shoot(ada.page, 'jb-planning-desktop');
    await click(bo.page, 'jb-defense');
    await byTestId(bo.page, 'jb-defense').selectOption('informationWarfare');
    await byTestId(bo.page, 'jb-redirect').selectOption(String(seats[2]));
    await byTestId(bo.page, 'jb-banner-text').tap();
    await bo.page.keyboard.type(BANNER);
    expect(await byTestId(bo.page, 'jb-banner-text').inputValue()).toBe(BANNER);
    await shoot(bo.page, 'jb-planning-phone-banner');
    // The form starts on a Safe Turn: Bo chooses an Assassination (on the first target listed).
    await byTestId(bo.page, 'jb-offense').selectOption('assassination');
    await click(bo.page, 'jb-submit');
    for (const p of [ada.page, cy.page]) {
      await byTestId(p, 'jb-offense').selectOption('assassination');
      await byTestId(p, 'jb-target').selectOption(String(boSeat));
      await byTestId(p, 'jb-enhance').selectOption('1');
      // The rules' odds (shared/src/games/james-bland/odds.ts): 6+ with +1 = 5+ on a d10.
      expect(await byTestId(p, 'jb-summary').textContent()).toMatch(/60% with no defense \(5\+ on a d10\)/);
    }
    // Alliance Building names one or more partners at 2 IP each (Cy looks, then keeps no defense).
    await byTestId(cy.page, 'jb-defense').selectOption('allianceBuilding');
    for (const other of [seats[0]!, boSeat]) await byTestId(cy.page, `jb-partner-${other}`).check();
    await expect(byTestId(cy.page, 'jb-summary').textContent()).resolves.toMatch(/^Cost 5 IP of your 5/);
    await byTestId(cy.page, 'jb-defense').selectOption('none');
    // Folded: the odds against each defense Bo may choose.
    await byTestId(ada.page, 'jb-odds').locator('summary').click({ force: true });
    const table = (await byTestId(ada.page, 'jb-odds').textContent()) ?? '';
    expect(table).toMatch(/Odds: 0%-60% by their defense/);
    expect(table).toMatch(/blocked.*Safe House/);
    expect(table).toMatch(/untouchable.*Underground/);
    expect(table).toMatch(/40%.*Mobile Operations/);
    await shoot(ada.page, 'jb-planning-odds-desktop');
    // Before the reveal the spectator only sees that Bo has submitted.
    await eve.page.waitForFunction(
      (s) => (window as any).__parlor.table.snapshot().view.public.agents[s].submitted === true, // eslint-disable-line @typescript-eslint/no-explicit-any
      boSeat,
    );
    const eveView = await eve.page.evaluate(
      () => JSON.stringify((window as any).__parlor.table.snapshot().view), // eslint-disable-line @typescript-eslint/no-explicit-any
    );
    expect(eveView).not.toContain(BANNER);
    await shoot(eve.page, 'jb-spectator-planning');
    // Cy also predicts two offenses (both will be Assassinations: Ada's on Bo, Bo's default on Ada).
    await byTestId(cy.page, 'jb-predictions').locator('summary').click({ force: true });
    await byTestId(cy.page, 'jb-predict-seat-0').selectOption(String(seats[0]));
    await byTestId(cy.page, 'jb-predict-offense-0').selectOption('assassination');
    await byTestId(cy.page, 'jb-predict-seat-1').selectOption(String(boSeat));
    await byTestId(cy.page, 'jb-predict-offense-1').selectOption('assassination');
    await shoot(cy.page, 'jb-planning-tablet-predictions');
    await click(ada.page, 'jb-submit');
    await click(cy.page, 'jb-submit');

    // The reveal and the biplane: Ada believes the banner, Cy ignores it, Bo carries on (the
    // window is 10 s).
    // Ada's Believe is the answer the test needs, so it goes first; no answer is Ignore, so Cy's and
    // Bo's clicks may miss the window on a loaded machine.
    await byTestId(ada.page, 'jb-believe').waitFor({ timeout: 10_000 });
    await expect(byTestId(ada.page, 'jb-banner-quote').textContent()).resolves.toContain(BANNER);
    await click(ada.page, 'jb-believe');
    if (await byTestId(cy.page, 'jb-ignore').isVisible()) await shoot(cy.page, 'jb-banner-prompt-tablet');
    await softClick(cy.page, 'jb-ignore');
    await softClick(bo.page, 'jb-ignore');
    await shoot(ada.page, 'jb-reveal-biplane-desktop');
    for (let k = 0; k < 100 && (await phaseAndNotes(ada.page)).phase === 'banner'; k++)
      await ada.page.waitForTimeout(100);
    // Ada believed: her Assassination went after Cy, where Bo's banner sent it.
    expect((await phaseAndNotes(cy.page)).notes.join('|')).toMatch(/both predictions were right/);
    expect((await phaseAndNotes(ada.page)).notes.join('|')).toMatch(
      /you believed the banner and went after Cy/,
    );
    await shoot(eve.page, 'jb-spectator-reveal');

    // Then rounds go on through the panel until round 3 is revealed or the match ends.
    const shots = new Set<string>();
    const done = new Set<string>();
    const until = Date.now() + 90_000;
    let readies = 0;
    let plans = 3;
    for (;;) {
      const states = await Promise.all(pages.map(seen));
      if (states.every((s) => s?.status === 'finished')) break;
      if (states.every((s) => s && s.revealRound >= 3 && s.phase !== 'planning')) break;
      if (Date.now() > until) throw new Error(`stuck: ${JSON.stringify(states)}`);
      let acted = false;
      for (let i = 0; i < pages.length; i++) {
        const s = states[i];
        const page = pages[i]!;
        if (!s || !s.myTurn || s.status !== 'playing') continue;
        // One answer per window: the snapshot may lag behind the click that was just made.
        const windowKey = `${i}:${s.round}:${s.phase}`;
        if (done.has(windowKey)) continue;
        done.add(windowKey);
        const tag = `${s.phase}-${i}`;
        if (!shots.has(tag)) {
          shots.add(tag);
          await shoot(page, `jb-${s.phase}-${['desktop', 'phone', 'tablet'][i]}`);
        }
        if (s.phase === 'planning') {
          // Open the dossier once on the phone, then plan: a Safe Turn when an attack costs too much.
          if (i === 1 && !shots.has('dossier')) {
            shots.add('dossier');
            if (await softClick(page, 'jb-odds')) await shoot(page, 'jb-planning-odds-phone');
            await click(page, 'jb-dossier-toggle');
            await shoot(page, 'jb-dossier-phone');
            await click(page, 'jb-dossier-toggle');
          }
          if (
            await byTestId(page, 'jb-submit')
              .isDisabled({ timeout: 3000 })
              .catch(() => false)
          )
            await byTestId(page, 'jb-offense').selectOption('safeTurn', { timeout: 3000 });
          if (await softClick(page, 'jb-submit')) plans++;
        } else if (s.phase === 'banner') {
          // A 10 s window: it may close (the clock answers Ignore) before a busy page gets here.
          const id = s.bannerPrompt ? 'jb-believe' : 'jb-ignore';
          await softClick(page, id);
        } else if (s.phase === 'adaptation') {
          if (await softClick(page, 'jb-ready')) readies++;
        } else if (s.phase === 'showdown') {
          await page.locator('[data-testid="jb-showdown"] button').first().click({ force: true });
        }
        acted = true;
        await page.waitForTimeout(150);
      }
      if (!acted) await ada.page.waitForTimeout(250);
    }
    const final = await seen(ada.page);
    expect(final!.revealRound).toBeGreaterThanOrEqual(3);
    expect(plans).toBeGreaterThanOrEqual(9);
    expect(readies).toBeGreaterThanOrEqual(4);
    // The spectator never held a private view.
    expect((await seen(eve.page))!.hasPrivate).toBe(false);
    await shoot(eve.page, 'jb-spectator-end');
    await shoot(ada.page, 'jb-end-desktop');
    await Promise.all([ada, bo, cy, eve].map((p) => p.context.close()));
  });

  /* eslint-disable @typescript-eslint/no-explicit-any */
  test("a newcomer's whole match against two bots at 1280x800 and on a 360x740 phone: nothing covers the host's controls, the reveal or the results", async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    await ada.page.goto(env.server.url + '/');
    await click(ada.page, 'create-james-bland');
    await byTestId(ada.page, 'create-dialog').waitFor();
    await byTestId(ada.page, 'create-seats').selectOption('4');
    await byTestId(ada.page, 'option-roundLimit').fill('6');
    // The newcomer option is on by default (round 1 gets two more minutes), and the clock can go.
    await expect(byTestId(ada.page, 'option-newcomerTime').inputValue()).resolves.toBe('firstRound');
    await expect(byTestId(ada.page, 'option-untimed').isChecked()).resolves.toBe(false);
    await click(ada.page, 'create-submit');
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string);
    await bo.page.goto(env.server.url + '/');
    await click(bo.page, `join-${roomId}`);
    await byTestId(bo.page, 'waiting-room').waitFor();
    await click(ada.page, 'add-bot-2');
    await byTestId(ada.page, 'remove-bot-2').waitFor();
    const boSeat = await bo.page.evaluate(() => (window as any).__parlor.table.snapshot().mySeat as number);
    await byTestId(ada.page, `kick-${boSeat}`).waitFor();
    const hostControls = ['waiting-share', `kick-${boSeat}`, 'add-bot-3', 'start-button'];
    for (const size of [DESKTOP, PHONE]) {
      await ada.page.setViewportSize(size);
      await ada.page.waitForTimeout(300);
      await expect(uncovered(ada.page, hostControls)).resolves.toEqual([]);
      await shoot(ada.page, `jb-newcomer-waiting-host-${size.width}`);
    }
    await ada.page.setViewportSize(DESKTOP);
    await click(ada.page, 'add-bot-3');
    await byTestId(ada.page, 'remove-bot-3').waitFor();
    await click(ada.page, 'start-button');
    const pages = [ada.page, bo.page];
    for (const p of pages) await byTestId(p, 'jb-plan').waitFor({ timeout: 15_000 });

    // Round 1: a clock in minutes (90 s + the newcomers' 2 minutes), help under each choice.
    await expect(byTestId(ada.page, 'jb-clock').textContent()).resolves.toMatch(/^3:[0-5]\d left$/);
    await byTestId(ada.page, 'jb-offense').selectOption('networkAttack');
    await expect(byTestId(ada.page, 'jb-offense-help').textContent()).resolves.toMatch(/Network Control/);
    // The how-to names every offense, defense and victory.
    await click(ada.page, 'howto-button');
    const howto = (await byTestId(ada.page, 'howto-dialog').textContent()) ?? '';
    for (const spec of [...Object.values(OFFENSE_SPECS), ...Object.values(DEFENSE_SPECS)])
      expect(howto).toContain(spec.name);
    for (const win of [
      'Last Spy Standing',
      'Network Control',
      'Intelligence Supremacy',
      'Mission Completion',
    ])
      expect(howto).toContain(win);
    await shoot(ada.page, 'jb-newcomer-howto-1280');
    await click(ada.page, 'howto-close');
    // A newcomer's first plan: Safe Turn behind a Safe House; Bo pies a bot.
    await byTestId(ada.page, 'jb-offense').selectOption('safeTurn');
    await byTestId(ada.page, 'jb-defense').selectOption('safeHouse');
    await expect(byTestId(ada.page, 'jb-defense-help').textContent()).resolves.toMatch(
      /Blocks Assassination/,
    );
    await byTestId(bo.page, 'jb-offense').selectOption('sabotage');
    await byTestId(bo.page, 'jb-defense').selectOption('safeHouse');
    await shoot(bo.page, 'jb-newcomer-planning-360');
    await expect(
      bo.page.evaluate(() => (window as any).__parlor.jamesBland.textOutsideCards()),
    ).resolves.toEqual([]);
    await click(ada.page, 'jb-submit');
    await click(bo.page, 'jb-submit');

    // The reveal, then the recap with every operation of the round, whole.
    for (const p of pages)
      await p.waitForFunction(() => {
        const v = (window as any).__parlor.table.snapshot().view.public;
        return v.phase === 'adaptation' && v.reveal?.round === 1;
      });
    await shoot(ada.page, 'jb-newcomer-reveal-1280');
    await shoot(bo.page, 'jb-newcomer-reveal-360');
    for (const p of pages) {
      await byTestId(p, 'jb-recap').waitFor({ state: 'visible', timeout: 10_000 });
      const offenses = await p.evaluate(
        () => (window as any).__parlor.table.snapshot().view.public.reveal.offenses.length as number,
      );
      await expect(p.locator('.jb-recap-op').count()).resolves.toBe(offenses);
      await expect(byTestId(p, 'jb-recap-mine').textContent()).resolves.toMatch(/Your plan: /);
      await expect(p.locator('[data-testid^="jb-recap-"].jb-recap-agent').count()).resolves.toBe(4);
      await expect(p.evaluate(() => (window as any).__parlor.jamesBland.textOutsideCards())).resolves.toEqual(
        [],
      );
    }
    // At 1280x800 the dossier is open: the recap keeps clear of it, and of the action strip.
    await expect(overlapping(ada.page, 'jb-recap', ['jb-dossier', 'game-actions'])).resolves.toEqual([]);
    await expect(overlapping(bo.page, 'jb-recap', ['game-actions'])).resolves.toEqual([]);
    await shoot(ada.page, 'jb-newcomer-recap-1280');
    await shoot(bo.page, 'jb-newcomer-recap-360');
    for (const p of pages) await click(p, 'jb-recap-close');
    await expect(uncovered(ada.page, ['jb-ready'])).resolves.toEqual([]);
    await expect(uncovered(bo.page, ['jb-ready'])).resolves.toEqual([]);

    // The rest of the match, played as a newcomer would: the panel's default plan (or a Safe Turn),
    // then Ready; a warning is on screen whenever someone holds three assets.
    const done = new Set<string>();
    const shots = new Set<string>();
    const until = Date.now() + 150_000;
    for (;;) {
      const states = await Promise.all(pages.map(seen));
      if (states.every((s) => s?.status === 'finished')) break;
      if (Date.now() > until) throw new Error(`stuck: ${JSON.stringify(states)}`);
      let acted = false;
      for (let i = 0; i < pages.length; i++) {
        const s = states[i];
        const page = pages[i]!;
        if (!s || s.status !== 'playing') continue;
        // No agent-card text ever pokes out of its card, on the desktop or the phone.
        await expect(
          page.evaluate(() => (window as any).__parlor.jamesBland.textOutsideCards()),
        ).resolves.toEqual([]);
        const threeAssets = await page.evaluate(() =>
          (window as any).__parlor.table
            .snapshot()
            .view.public.agents.some(
              (a: any) => a.assets.length >= 3 && ['active', 'compromised', 'burned'].includes(a.status),
            ),
        );
        if (threeAssets && s.phase !== 'showdown') {
          // The warning is on screen within 3 s, unless by then nobody holds three assets any more
          // (the bots' moves, or the Showdown or the end, may come first).
          const warning = await page
            .waitForFunction(
              () => {
                const el = document.querySelector('[data-testid="jb-warning-network"]') as HTMLElement | null;
                if (el?.checkVisibility()) return 'shown';
                const snap = (window as any).__parlor.table.snapshot();
                const still =
                  snap.status === 'playing' &&
                  snap.view.public.phase !== 'showdown' &&
                  snap.view.public.agents.some(
                    (a: any) =>
                      a.assets.length >= 3 && ['active', 'compromised', 'burned'].includes(a.status),
                  );
                return still ? false : 'gone';
              },
              undefined,
              { timeout: 3000, polling: 50 },
            )
            .then((h) => h.jsonValue());
          const tag = `warning-${i}`;
          if (warning === 'shown' && !shots.has(tag)) {
            shots.add(tag);
            await shoot(page, `jb-newcomer-warning-${i ? 360 : 1280}`);
            await expect(
              overlapping(page, 'jb-warnings', [
                'jb-recap',
                'jb-dossier',
                'jb-dossier-toggle',
                'jb-recap-toggle',
              ]),
            ).resolves.toEqual([]);
          }
        }
        if (!s.myTurn) continue;
        const windowKey = `${i}:${s.round}:${s.phase}`;
        if (done.has(windowKey)) continue;
        done.add(windowKey);
        if (await byTestId(page, 'jb-recap').isVisible()) await softClick(page, 'jb-recap-close');
        if (s.phase === 'planning') {
          if (
            await byTestId(page, 'jb-submit')
              .isDisabled({ timeout: 3000 })
              .catch(() => false)
          )
            await byTestId(page, 'jb-offense').selectOption('safeTurn', { timeout: 3000 });
          await softClick(page, 'jb-submit');
        } else if (s.phase === 'banner') await softClick(page, s.bannerPrompt ? 'jb-believe' : 'jb-ignore');
        else if (s.phase === 'adaptation') await softClick(page, 'jb-ready');
        else if (s.phase === 'showdown')
          await page.locator('[data-testid="jb-showdown"] button').first().click({ force: true });
        acted = true;
        await page.waitForTimeout(150);
      }
      if (!acted) await ada.page.waitForTimeout(250);
    }

    // Game over: the results dialog is free (no dossier, recap or warning over it) at both sizes.
    const resultControls = ['results-scores', 'results-leave', 'results-peek', 'rematch-button'];
    for (const p of pages) await byTestId(p, 'results').waitFor({ state: 'visible', timeout: 15_000 });
    for (const size of [DESKTOP, PHONE]) {
      await ada.page.setViewportSize(size);
      await ada.page.waitForTimeout(300);
      await expect(uncovered(ada.page, resultControls)).resolves.toEqual([]);
      await shoot(ada.page, `jb-newcomer-gameover-${size.width}`);
    }
    await expect(uncovered(bo.page, ['results-scores', 'results-leave', 'results-peek'])).resolves.toEqual(
      [],
    );
    await shoot(bo.page, 'jb-newcomer-gameover-phone-guest');
    await Promise.all([ada, bo].map((p) => p.context.close()));
  });
  /* eslint-enable @typescript-eslint/no-explicit-any */
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
/** The game's own overlay elements that could sit over platform dialogs. */
const JB_OVERLAYS = [
  'jb-dossier',
  'jb-dossier-toggle',
  'jb-recap',
  'jb-recap-toggle',
  'jb-warnings',
  'jb-prompt',
];

/**
 * The controls (by test id) that are hidden, covered or overlapped: each must be visible, the
 * topmost element at its centre must be the control itself (or inside it), and no visible James
 * Bland overlay's bounding box may intersect it. Returns the problems found ([] when none).
 */
async function uncovered(page: Page, ids: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const id of ids) {
    const el = byTestId(page, id).first();
    if ((await el.count()) === 0) {
      problems.push(`${id}: missing`);
      continue;
    }
    await el.scrollIntoViewIfNeeded().catch(() => undefined);
    problems.push(
      ...(await page.evaluate(
        ([target, overlays]) => {
          const out: string[] = [];
          const node = document.querySelector(`[data-testid="${target}"]`)!;
          const r = node.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) return [`${target}: not visible`];
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          if (!hit || !node.contains(hit))
            out.push(`${target}: covered by ${hit?.getAttribute('data-testid') ?? hit?.className ?? '?'}`);
          for (const o of overlays) {
            const ov = document.querySelector(`[data-testid="${o}"]`) as HTMLElement | null;
            if (!ov || ov.contains(node) || !ov.checkVisibility()) continue;
            const b = ov.getBoundingClientRect();
            if (b.width === 0 || b.height === 0) continue;
            if (b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom)
              out.push(`${target}: overlapped by ${o}`);
          }
          return out;
        },
        [id, JB_OVERLAYS] as const,
      )),
    );
  }
  return problems;
}

/** The visible elements among `others` whose bounding boxes intersect `id`'s. */
async function overlapping(page: Page, id: string, others: string[]): Promise<string[]> {
  return page.evaluate(
    ([a, bs]) => {
      const box = (t: string) => {
        const el = document.querySelector(`[data-testid="${t}"]`) as HTMLElement | null;
        return el && el.checkVisibility() ? el.getBoundingClientRect() : null;
      };
      const r = box(a);
      if (!r) return [`${a}: not visible`];
      return bs.filter((b) => {
        const o = box(b);
        return o !== null && o.left < r.right && r.left < o.right && o.top < r.bottom && r.top < o.bottom;
      });
    },
    [id, others] as const,
  );
}
