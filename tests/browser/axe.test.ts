/// <reference lib="dom" />
/**
 * axe-core (the root devDependency, injected from node_modules) with the WCAG 2.1 A and AA rules
 * on every screen a player meets: the lobby, the create dialog, a waiting room, and a table of each
 * game against the AI, at 1280x800 and at 360x740 (touch). No rule is turned off: every violation
 * is listed (rule, impact, where) and the test asks for none.
 *
 * One server, one page per size, each screen reached through the UI as a player would.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  byTestId,
  launchBrowser,
  openCreateDialog,
  person,
  QUICK_BOTS,
  type RunningServer,
  shoot,
  startServer,
} from './harness';
import type { Browser } from 'playwright-core';

const PORT = 2981;
const AXE = path.join(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');
const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const GAMES = ['bankout', 'kingpin', 'devices', 'tactical-risk', 'james-bland'] as const;

type ParlorWindow = Window & {
  __parlor?: { table?: { snapshot(): { status?: string; game?: string } | null } };
  axe?: {
    run(
      ctx: Document,
      opts: object,
    ): Promise<{
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }>;
  };
};

/** The violations axe finds on the page as it is now, one line each (rule, impact, nodes). */
async function audit(page: Page, screen: string): Promise<string[]> {
  if (!(await page.evaluate(() => !!(window as ParlorWindow).axe))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    (tags) =>
      (window as ParlorWindow)
        .axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map(
              (n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
            ),
          })),
        ),
    WCAG21_AA,
  );
  return violations.map(
    (v) => `${screen}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 6).join('\n    ')}`,
  );
}

async function toLobby(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/`);
  await byTestId(page, 'create-bankout').waitFor({ timeout: 30_000 });
  await byTestId(page, 'server-self').waitFor({ timeout: 30_000 });
  await byTestId(page, 'history-self').waitFor({ timeout: 30_000 });
}

async function createTable(page: Page, game: string, vsBots: boolean): Promise<void> {
  await openCreateDialog(page, game);
  await byTestId(page, 'create-dialog').waitFor();
  await byTestId(page, 'create-vs-ai').setChecked(vsBots);
  await byTestId(page, 'create-submit').click();
}

/**
 * Once the page's DOM has held still for `quietMs` (the scene's DOM built, the AI's opening moves
 * shown), at most `maxMs`: a condition, where a fixed pause was too short on a busy machine and too
 * long on a quiet one.
 */
async function domQuiet(page: Page, quietMs = 400, maxMs = 8000): Promise<void> {
  await page.evaluate(
    ([quiet, max]) =>
      new Promise<void>((done) => {
        let timer = setTimeout(finish, quiet);
        const cap = setTimeout(finish, max);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quiet);
        });
        function finish() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          done();
        }
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      }),
    [quietMs, maxMs],
  );
}

async function focused(page: Page): Promise<{ testid: string | null; text: string }> {
  return page.evaluate(() => ({
    testid: document.activeElement?.getAttribute('data-testid') ?? null,
    text: document.activeElement?.textContent ?? '',
  }));
}

/** What axe cannot judge: states in words beside their colours, names of glyph buttons, the skip link. */
const checks: Partial<Record<(typeof GAMES)[number], (page: Page) => Promise<void>>> = {
  bankout: async (page) => {
    // A table: the skip link is named for its actions and lands in them.
    // (Before the top bar's first control, the first stop of a page opened at its table.)
    await byTestId(page, 'share-button').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toEqual({ testid: 'skip-link', text: 'Skip to the table actions' });
    await page.keyboard.press('Enter');
    expect(
      await page.evaluate(
        () => !!document.activeElement?.closest('[role="region"][aria-label="Table actions"]'),
      ),
    ).toBe(true);
    // Every seat's presence has a name (and a shape): here, the player and the AI.
    const marks = await page
      .locator('[data-testid="side-panel"] .dot')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(marks).toEqual(['Connected', 'AI']);
  },
  'tactical-risk': async (page) => {
    // On a phone the map tools fold behind one named button that says whether they are open.
    const tools = page.getByRole('button', { name: 'Map tools', exact: true });
    if (await tools.isVisible()) {
      expect(await tools.getAttribute('aria-expanded')).toBe('false');
      await tools.click();
      expect(await tools.getAttribute('aria-expanded')).toBe('true');
    }
    for (const name of ['Find a territory', 'Zoom in', 'Zoom out', 'Whole map', 'Battle calculator'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Turn summary/ }).count()).toBe(1);
    // The colour-blind-safe colours: a named switch, remembered on this device.
    const palette = page.getByRole('button', { name: 'Colour-blind colours' });
    expect(await palette.getAttribute('aria-pressed')).toBe('false');
    await palette.click();
    expect(await palette.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('parlor.tr.palette'))).toBe('safe');
    await palette.click();
    expect(await palette.getAttribute('aria-pressed')).toBe('false');
    // The purchase steppers name their unit.
    expect(await page.getByRole('button', { name: 'Buy Infantry: one more' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Buy Armour: one fewer' }).count()).toBe(1);
  },
  'james-bland': async (page) => {
    const dossier = byTestId(page, 'jb-dossier');
    if (!(await dossier.isVisible())) await byTestId(page, 'jb-dossier-toggle').click();
    expect(await dossier.getAttribute('tabindex')).toBe('0');
    expect(await page.getByRole('complementary', { name: 'Dossier' }).count()).toBe(1);
    // Each agent's status in words beside its dot.
    expect(await byTestId(page, 'jb-dossier-status-1').textContent()).toMatch(
      /^(active|compromised|burned|captured|eliminated)$/,
    );
  },
};

describe('axe-core, WCAG 2.1 A and AA: no violation on any screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // The AI's opening moves are waited for, not timed: quick bots.
    server = await startServer(PORT, QUICK_BOTS);
    browser = await launchBrowser();
  }, 240_000); // a server's start on a busy machine (see startServer)
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ])
    test(`${size.width}x${size.height}: lobby, create dialog, waiting room, a table of each game`, async () => {
      const { page, context } = await person(browser, 'Ada', size);
      const found: string[] = [];
      const tag = `${size.width}x${size.height}`;

      await toLobby(page, server.url);
      found.push(...(await audit(page, 'lobby')));
      // The first Tab reaches the skip link; it takes the focus to the lobby's content.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toEqual({ testid: 'skip-link', text: 'Skip to content' });
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.lobby-main'))).toBe(true);

      await openCreateDialog(page, 'bankout');
      found.push(...(await audit(page, 'create dialog')));

      await byTestId(page, 'create-vs-ai').setChecked(false);
      await byTestId(page, 'create-submit').click();
      await byTestId(page, 'waiting-room').waitFor({ timeout: 30_000 });
      found.push(...(await audit(page, 'waiting room')));

      for (const game of GAMES) {
        await toLobby(page, server.url);
        await createTable(page, game, true);
        await page.waitForFunction(
          (g) => {
            const s = (window as ParlorWindow).__parlor?.table?.snapshot();
            return s?.status === 'playing' && s.game === g;
          },
          game,
          { timeout: 30_000 },
        );
        await domQuiet(page); // the scene's DOM and the AI's first moves
        await shoot(page, `axe-${game}-${tag}`);
        found.push(...(await audit(page, `${game} table`)));
        await checks[game]?.(page);
      }
      await context.close();
      console.log(`axe ${tag}: ${found.length} violations\n${found.join('\n')}`);
      expect(found).toEqual([]);
    }, 240_000);
});
