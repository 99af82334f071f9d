/// <reference lib="dom" />
/**
 * A newcomer's Tactical Risk game against the AI, played through the screen from the lobby (not a
 * test: a tool to read a game as a new player lives it, and to shoot it). Run after `npm run build`:
 *
 *   npx tsx tests/browser/tools/tacticalRiskNewcomer.ts [desktop|phone] [rounds] [Russians|Germans]
 *
 * The newcomer creates a table against the AI from the lobby (Classic, the AI's quick pace), playing
 * the faction the create dialog recommends (Russians: seat 1, the host's; another: Draft mode, drafted
 * first). Each turn it follows the "This turn" ideas (advice.ts; on a phone from the "Ideas"
 * strip): buys what the purchase line suggests ("Count these in", then "Done buying"); in the combat
 * move taps the best idea at 70% or better again and again (each tap selects its next stack and asks;
 * "Move", or "Keep 1 ... home" when the card warns that the capital would be left open) until all its
 * stacks are in, then the next such idea, then walks into free land; opens each battle with a tap on
 * its territory and presses on (taking the suggested casualties); in the non-combat move moves the
 * spare units the line names to the front; places at the territory the line names; ends each phase
 * with the status bar's button. `TR_NO_ADVICE=1` plays the old way (infantry with all its money, the
 * move card's best single attack at 70%). A TV at 1920x1080 watches the
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

const ADVICE = !process.env.TR_NO_ADVICE;
/** What the newcomer did, for the closing lines. */
const tally = { attacks: 0, won: 0, lost: 0, freeTaken: 0, moved: 0, counted: 0 };
/** This round's attacked territories, judged when the next phase comes. */
let pending: string[] = [];

/** The "This turn" card shown (a phone opens it from its strip); false when there is none. */
async function openIdeas(page: Page): Promise<boolean> {
  if (await byTestId(page, 'tr-ideas-line').isVisible()) return true;
  const strip = page.locator('[data-testid="tr-ideas-open"]:visible').first();
  if (await strip.isVisible().catch(() => false)) await strip.click();
  else {
    const toggle = byTestId(page, 'tr-ideas-toggle');
    if (await toggle.isVisible().catch(() => false)) await toggle.click();
  }
  await page.waitForTimeout(150);
  return byTestId(page, 'tr-ideas-line').isVisible();
}

async function ideasLine(page: Page): Promise<string> {
  if (!(await openIdeas(page))) return '';
  return ((await byTestId(page, 'tr-ideas-line').textContent()) ?? '').trim();
}

/** The attack rows shown: target, odds, and whether stacks can still join. */
async function ideaRows(page: Page): Promise<{ target: string; win: number; open: boolean }[]> {
  if (!(await openIdeas(page))) return [];
  return page.locator('[data-testid^="tr-idea-"]').evaluateAll((els) =>
    els.map((e) => ({
      target: (e.getAttribute('data-testid') ?? '').replace('tr-idea-', ''),
      win: Number(/win (\d+)%/.exec(e.textContent ?? '')?.[1] ?? 0),
      open: !/all your units are in/.test(e.textContent ?? ''),
    })),
  );
}

/** Confirms the card an idea opened: "Keep 1 ... home" when it warns about the capital, else "Move". */
async function confirmIdea(page: Page, s: Seen, target: string): Promise<boolean> {
  if (!(await byTestId(page, 'tr-confirm').isVisible())) return false;
  await shootOnce(page, `tr-newcomer-confirm-${size}`);
  const what = (await byTestId(page, 'tr-confirm-what').textContent()) ?? '';
  const n = (x: Seen) => (x.territories[target]?.units?.Russians?.ids?.length ?? 0) as number;
  const before = n(s);
  if (!(await click(page, 'tr-confirm-keep', 500))) await click(page, 'tr-confirm-move', 3000);
  for (let i = 0; i < 40; i++) {
    const now = await seen(page);
    if (n(now) !== before || now.territories[target]?.owner !== s.territories[target]?.owner) {
      console.log(`  move: ${what} -> ${target}`);
      tally.moved++;
      return true;
    }
    await page.waitForTimeout(100);
  }
  return false;
}

/** The combat move the ideas suggest: the best ideas at 70% or more, every stack; then free land. */
async function followIdeas(page: Page): Promise<void> {
  const done = new Set<string>();
  for (let targets = 0; targets < 2; targets++) {
    const row = (await ideaRows(page)).find((r) => r.win >= 70 && r.open && !done.has(r.target));
    if (!row) break;
    done.add(row.target);
    console.log(`  idea: ${row.target} (win ${row.win}%)`);
    for (let step = 0; step < 6; step++) {
      const s = await seen(page);
      const now = (await ideaRows(page)).find((r) => r.target === row.target);
      if (!now?.open) break;
      await byTestId(page, `tr-idea-${row.target}`).click();
      await page.waitForTimeout(200);
      if (!(await confirmIdea(page, s, row.target))) break;
    }
    const s = await seen(page);
    if (s.territories[row.target]?.units?.Russians) {
      tally.attacks++;
      pending.push(row.target);
    }
  }
  for (let k = 0; k < 3; k++) {
    if (!(await openIdeas(page))) break;
    const free = page.locator('[data-testid^="tr-free-"]').first();
    if (!(await free.isVisible().catch(() => false))) break;
    const target = ((await free.getAttribute('data-testid')) ?? '').replace('tr-free-', '');
    const s = await seen(page);
    await free.click();
    await page.waitForTimeout(200);
    if (!(await confirmIdea(page, s, target))) break;
    tally.freeTaken++;
  }
  if (!done.size) console.log(`  no good attack: ${await ideasLine(page)}`);
}

/** The non-combat move's line: "Move spare units from X toward Y (...)": X's land units to Y. */
async function followMoveLine(page: Page): Promise<void> {
  const line = await ideasLine(page);
  const m = /^Move spare units from (.+?) toward (.+?) \(/.exec(line);
  if (!m) return;
  const [, from, to] = m as unknown as [string, string, string];
  await tapTerritory(page, from);
  if (!(await click(page, 'tr-sel-all', 1500))) return;
  const dest = byTestId(page, `tr-dest-${to}`);
  const near = page.locator('[data-testid^="tr-dest-"]').first();
  const target = (await dest.count()) ? dest : near;
  if (!(await target.count())) return;
  const name = ((await target.first().getAttribute('data-testid')) ?? '').replace('tr-dest-', '');
  await target.first().click();
  await page.waitForTimeout(200);
  if (await byTestId(page, 'tr-confirm').isVisible()) await click(page, 'tr-confirm-move');
  console.log(`  non-combat: ${from} -> ${name} (the line: ${to})`);
}

/** Judges last round's attacks once their battles are over (the territory ours or not). */
function judge(s: Seen): void {
  if (s.phase === 'combatMove' || s.phase === 'battle' || !pending.length) return;
  for (const t of pending) {
    // Taken by my side: mine, or an ally's (a liberated territory goes back to its first owner).
    const side = (f: string) =>
      (s.factions.find((x) => x.name === f) as { alliance?: string } | undefined)?.alliance;
    const owner = s.territories[t]?.owner as string;
    const ours = !!owner && side(owner) === side('Russians');
    if (ours) tally.won++;
    else tally.lost++;
    console.log(`  result: ${t} ${ours ? 'taken' : 'not taken'}`);
  }
  pending = [];
}

async function purchase(page: Page, s: Seen): Promise<void> {
  // "Since your last turn" is read, then closed (on a phone it is the sheet the purchase waits under).
  const close = page.locator('[data-testid="tr-summary"] .trm-close');
  if (await close.isVisible()) {
    await shootOnce(page, `tr-newcomer-summary-${size}`);
    await close.click({ force: true });
    await page.waitForTimeout(200);
  }
  if (ADVICE && (await ideasLine(page)) && (await click(page, 'tr-ideas-buy', 1500))) {
    tally.counted++;
    await shootOnce(page, `tr-newcomer-purchase-${size}`);
    await click(page, 'tr-buy');
    return;
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
    // The first-game advice is the Mode field's help, as the dialog shows it.
    const advice = page.locator('.field', { has: byTestId(page, 'option-mode') }).locator('.help');
    console.log(`advice: ${(await advice.count()) ? await advice.first().textContent() : '(none shown)'}`);
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
    let moved = '';
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
        console.log(
          `  in all: ${tally.attacks} attacks (${tally.won} taken, ${tally.lost} not), ${tally.freeTaken} free walk-ins, ${tally.moved} moves confirmed`,
        );
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
        if (round > 1)
          console.log(
            `  so far: ${tally.attacks} attacks (${tally.won} taken, ${tally.lost} not), ${tally.freeTaken} free walk-ins, ${tally.moved} moves confirmed, ${tally.counted} purchases counted in`,
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
      if (s.faction === 'Russians') judge(s);
      const turn = `${s.round}|${s.faction}`;
      if (s.phase === 'purchase' && s.legal.some((a) => a.type === 'buy')) {
        await purchase(page, s);
        await click(page, 'tr-end-phase');
      } else if (s.phase === 'combatMove' && attacked !== turn) {
        attacked = turn;
        if (ADVICE) await followIdeas(page);
        else await attack(page, s);
      } else if (ADVICE && s.phase === 'nonCombatMove' && moved !== turn) {
        moved = turn;
        await followMoveLine(page);
      } else if (s.phase === 'battle' && s.battles.length) {
        await tapTerritory(page, s.battles[0]!);
        await page.waitForTimeout(300);
      } else if (s.phase === 'place' && s.legal.some((a) => a.type === 'place')) {
        const type = s.legal.find((a) => a.type === 'place')!.unit as string;
        if (await click(page, `tr-place-${type}`, 1500)) {
          const at = ADVICE ? /^Place your units at (.+?)[,.]/.exec(await ideasLine(page))?.[1] : undefined;
          const named = at ? byTestId(page, `tr-spot-${at}`) : null;
          const spot =
            named && (await named.count()) ? named : page.locator('[data-testid^="tr-spot-"]').first();
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
