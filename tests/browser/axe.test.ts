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
import { byTestId, launchBrowser, person, shoot, startServer, type RunningServer } from './harness';
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
            nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
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
  await byTestId(page, `create-${game}`).click();
  await byTestId(page, 'create-dialog').waitFor();
  await byTestId(page, 'create-vs-ai').setChecked(vsBots);
  await byTestId(page, 'create-submit').click();
}

describe('axe-core, WCAG 2.1 A and AA: no violation on any screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer(PORT);
    browser = await launchBrowser();
  }, 60_000);
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

      await byTestId(page, 'create-bankout').click();
      await byTestId(page, 'create-dialog').waitFor();
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
        await page.waitForTimeout(1500); // the scene's DOM and its first moves
        await shoot(page, `axe-${game}-${tag}`);
        found.push(...(await audit(page, `${game} table`)));
      }
      await context.close();
      console.log(`axe ${tag}: ${found.length} violations\n${found.join('\n')}`);
      expect(found).toEqual([]);
    }, 240_000);
});
