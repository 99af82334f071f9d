/// <reference lib="dom" />
/**
 * A newcomer's Tactical Risk game against the AI, played through the screen from the lobby (not a
 * test: a tool to read a game as a new player lives it, and to shoot it). Run after `npm run build`:
 *
 *   npx tsx tests/browser/tools/tacticalRiskNewcomer.ts [desktop|phone] [rounds] [Russians|Germans]
 *
 * The newcomer creates a table against the AI from the lobby (Classic, the AI's quick pace), playing
 * the faction the create dialog recommends (Russians: seat 1, the host's; another: Draft mode, drafted
 * first). Each turn, as the screen invites: buys infantry with all its money (and an armour when
 * 3 IPC or more are left over), makes the attack the move card rates best when its odds are at least
 * 70% (tap the territory, "Select all", tap the destination, "Move"), opens each battle with a tap on
 * its territory and presses on (taking the suggested casualties), places every unit at the first
 * spot offered, and ends each phase with the status bar's button. A TV at 1920x1080 watches the
 * table from `#/screen/<room>`. Prints a line per round (capital, production, treasury) and saves
 * screenshots to test-artifacts/screenshots/tr-newcomer-*.png (a battle on the TV too).
 */
import type { Page } from 'playwright-core';
import { byTestId, launchBrowser, openCreateDialog, person, shoot, startServer } from '../harness';
import { seen, tr, type TrAction, type TrSeen } from '../tacticalRiskPage';

const PORT = 2746;
const size = process.argv[2] === 'phone' ? 'phone' : 'desktop';
const ROUNDS = Number(process.argv[3] ?? 4);
const FACTION = process.argv[4] ?? 'Russians';
const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
const touch = size === 'phone';

type Seen = TrSeen;

async function tapTerritory(page: Page, name: string): Promise<void> {
  await tr(page, 'focus', name, 0.9);
  await page.waitForTimeout(150);
  const at = (await tr(page, 'screenOf', name)) as { x: number; y: number } | null;
  if (!at) throw new Error(`${name} is not on screen`);
  if (touch) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
  await page.waitForTimeout(200);
}

/** Clicks a control if it shows (a phone's sheet may need opening first): true when clicked. */
async function click(page: Page, testid: string, timeout = 2000): Promise<boolean> {
  const el = byTestId(page, testid).first();
  try {
    await el.waitFor({ state: 'visible', timeout });
    await el.click({ timeout });
    await page.waitForTimeout(150);
    return true;
  } catch {
    return false;
  }
}

const shots = new Set<string>();
async function shootOnce(page: Page, name: string): Promise<void> {
  if (shots.has(name)) return;
  shots.add(name);
  await shoot(page, name);
}

async function purchase(page: Page, s: Seen): Promise<void> {
  // "Since your last turn" is read, then closed (on a phone it is the sheet the purchase waits under).
  const close = page.locator('[data-testid="tr-summary"] .trm-close');
  if (await close.isVisible()) {
    await shootOnce(page, `tr-newcomer-summary-${size}`);
    await close.click({ force: true });
    await page.waitForTimeout(200);
  }
  const me = s.factions.find((f) => f.name === s.faction)!;
  // A stuck purchase is shot with what the panel shows (the card's controls by test id).
  if (!(await byTestId(page, 'tr-buy-infantry').isVisible())) {
    await page.waitForTimeout(1000);
    const ids = await page
      .locator('.trm-side [data-testid]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')).slice(0, 12));
    console.log(`  purchase: no infantry row after the summary; the panel shows ${ids.join(', ')}`);
    await shoot(page, `tr-newcomer-stuck-${size}`);
  }
  const infantry = Math.floor(me.treasury / 3);
  const plus = byTestId(page, 'tr-buy-infantry').locator('button').nth(1);
  const armour = me.treasury - 3 * infantry >= 3 && infantry >= 1;
  for (let i = 0; i < infantry - (armour ? 1 : 0); i++) await plus.click({ timeout: 15_000, force: true });
  if (armour)
    await byTestId(page, 'tr-buy-armour').locator('button').nth(1).click({ timeout: 15_000, force: true });
  await shootOnce(page, `tr-newcomer-purchase-${size}`);
  await click(page, 'tr-buy');
}

/** The best attack the move card offers from one of my territories: odds at least 70%. */
async function attack(page: Page, s: Seen): Promise<boolean> {
  const sources = new Set<string>();
  for (const a of s.legal)
    if (a.type === 'move' && !a.raid && a.path.length > 1) {
      const dest = a.path.at(-1) as string;
      const owner = s.territories[dest]?.owner as string;
      const foe = owner && !s.mine.includes(owner) && owner !== '' && !/Sea Zone/.test(dest);
      if (foe && !/Sea Zone/.test(a.path[0])) sources.add(a.path[0] as string);
    }
  let best: { src: string; dest: string; odds: number } | null = null;
  for (const src of [...sources].slice(0, 6)) {
    await tapTerritory(page, src);
    if (!(await click(page, 'tr-sel-all', 1500))) continue;
    const plans = await page.locator('[data-testid^="tr-plan-"]').evaluateAll((els) =>
      els.map((e) => ({
        dest: (e.getAttribute('data-testid') ?? '').replace('tr-plan-', ''),
        text: e.textContent ?? '',
      })),
    );
    for (const p of plans) {
      const odds = Number(/(\d+)%/.exec(p.text)?.[1] ?? 0);
      if (odds >= 70 && (!best || odds > best.odds)) best = { src, dest: p.dest, odds };
    }
    await page.keyboard.press('Escape');
  }
  if (!best) return false;
  await tapTerritory(page, best.src);
  await click(page, 'tr-sel-all');
  await tapTerritory(page, best.dest);
  await shootOnce(page, `tr-newcomer-confirm-${size}`);
  if (!(await click(page, 'tr-confirm-move', 3000))) await click(page, `tr-dest-${best.dest}`);
  console.log(`  attack: ${best.src} -> ${best.dest} (${best.odds}%)`);
  return true;
}

async function main(): Promise<void> {
  const server = await startServer(PORT);
  const browser = await launchBrowser();
  try {
    const { page } = await person(browser, 'Ada', viewport);
    await page.goto(server.url);
    await openCreateDialog(page, 'tactical-risk');
    await shoot(page, `tr-newcomer-create-${size}`);
    console.log(
      `advice: ${(await page.locator('.options-form').textContent())?.match(/Recommended[^.]*\./)?.[0]}`,
    );
    await byTestId(page, 'create-seats').selectOption('5');
    if (FACTION !== 'Russians') await byTestId(page, 'option-mode').selectOption('draft');
    await byTestId(page, 'option-botPace').selectOption('quick');
    await byTestId(page, 'create-vs-ai').check();
    await byTestId(page, 'create-submit').click();
    await page.waitForFunction(
      () => (window as any).__parlor?.table?.snapshot()?.status === 'playing', // eslint-disable-line @typescript-eslint/no-explicit-any
      null,
      { timeout: 60_000 },
    );
    const roomId = await page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any
    const { page: tv } = await person(browser, 'TV', { width: 1920, height: 1080 });
    await tv.goto(`${server.url}/#/screen/${encodeURIComponent(roomId)}`);

    let round = 0;
    let attacked = '';
    let tvBattles = 0;
    const until = Date.now() + 25 * 60_000;
    // A stall is logged and shot: the same state (round, faction, phase, legal count) for 20 s.
    let still = { key: '', since: Date.now(), told: false };
    for (;;) {
      if (Date.now() > until) throw new Error('out of time');
      const s = await seen(page);
      const key = `${s.round}|${s.faction}|${s.phase}|${s.legal.length}|${s.battle}|${s.prompt}`;
      if (key !== still.key) still = { key, since: Date.now(), told: false };
      else if (!still.told && s.legal.length && Date.now() - still.since > 20_000) {
        still.told = true;
        const ids = await page
          .locator('.trm-side [data-testid], .trm-dialog-wrap [data-testid]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')).slice(0, 16));
        console.log(`  stalled 20 s at ${key}: the panel shows ${ids.join(', ')}`);
        await shoot(page, `tr-newcomer-stall-${size}-r${s.round}-${s.phase}`);
      }
      if (s.status === 'finished' || s.winner) {
        console.log(`game over in round ${s.round}: ${s.winner}`);
        await shoot(page, `tr-newcomer-end-${size}`);
        await shoot(tv, 'tr-newcomer-tv-end');
        break;
      }
      if (s.round !== round) {
        round = s.round;
        const me = s.factions.filter((f) => s.mine.includes(f.name));
        console.log(
          `round ${round}: ${me.map((f) => `${f.name} capital ${f.capitalHeld ? 'held' : 'LOST'}, ${f.treasury} IPC, +${f.income}`).join('; ')}`,
        );
        if (round > ROUNDS) break;
        await shoot(page, `tr-newcomer-round${round}-${size}`);
        await shoot(tv, `tr-newcomer-tv-round${round}`);
      }
      if (s.battle && tvBattles < 3) {
        tvBattles++;
        await shoot(tv, `tr-newcomer-tv-battle${tvBattles}`);
      }
      if (await byTestId(page, 'tr-ready').isVisible()) {
        await click(page, 'tr-ready');
        continue;
      }
      if (s.legal.length === 0) {
        await page.waitForTimeout(100);
        continue;
      }
      const draft =
        s.legal.find((a) => a.type === 'draft' && a.faction === FACTION) ??
        s.legal.find((a) => a.type === 'draft');
      if (draft) {
        await page.locator('[data-testid="tr-draft"] button', { hasText: draft.faction }).first().click();
        continue;
      }
      if (s.prompt || s.battle) {
        await shootOnce(page, `tr-newcomer-battle-${size}`);
        // Casualties: the suggested ones are picked already; "Remove" takes them ("Cheapest first"
        // only picks them again: pressed alone it left the choice to the battle's clock).
        if (
          !(await click(page, 'tr-press', 800)) &&
          !(await click(page, 'tr-remove', 800)) &&
          !((await click(page, 'tr-suggest', 800)) && (await click(page, 'tr-remove', 800)))
        )
          await page.evaluate(() => {
            const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
            t.send(t.legal()[0]);
          });
        await page.waitForTimeout(150);
        continue;
      }
      const turn = `${s.round}|${s.faction}`;
      if (s.phase === 'purchase' && s.legal.some((a) => a.type === 'buy')) {
        await purchase(page, s);
        await click(page, 'tr-end-phase');
      } else if (s.phase === 'combatMove' && attacked !== turn) {
        attacked = turn;
        await attack(page, s);
      } else if (s.phase === 'battle' && s.battles.length) {
        await tapTerritory(page, s.battles[0]!);
        await page.waitForTimeout(300);
      } else if (s.phase === 'place' && s.legal.some((a) => a.type === 'place')) {
        const type = s.legal.find((a) => a.type === 'place')!.unit as string;
        if (await click(page, `tr-place-${type}`, 1500)) {
          const spot = page.locator('[data-testid^="tr-spot-"]').first();
          await spot.click({ timeout: 2000 }).catch(() => undefined);
        } else
          await page.evaluate(() => {
            const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
            t.send(t.legal().find((a: TrAction) => a.type === 'place'));
          });
        await page.waitForTimeout(150);
        const still = await seen(page);
        if (still.legal.some((a) => a.type === 'place')) continue;
        await click(page, 'tr-end-phase');
      } else if (!(await click(page, 'tr-end-phase', 1500)))
        await page.evaluate(() => {
          const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
          t.send(t.legal().find((a: TrAction) => a.type === 'endPhase') ?? t.legal()[0]);
        });
      await page.waitForTimeout(150);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: Error) => {
  console.error(e);
  process.exit(1);
});
