/// <reference lib="dom" />
/**
 * A newcomer's James Bland match at four seats (Ada and three normal AIs), played through the screen
 * (not a test: a tool to read a match as a new player lives it). Run after `npm run build`:
 *
 *   npx tsx tests/browser/tools/jamesBlandNewcomer.ts [desktop|phone] [rounds]
 *   SCROLLBARS=1 npx tsx ...   the same with scrollbars drawn (headless Chromium hides them by
 *                              default, so a scrollbar never shows in the tests' screenshots)
 *
 * desktop is 1280x800, phone 360x740 with touch. Ada does what the how-to suggests: Safe Turn + Safe
 * House in round 1, then alternates Surveillance and a Network Attack on the agent the warning strip
 * names (else the next bot) with Underground or Safe House; in Adaptation she accepts a pact offered
 * to her, buys the cheapest free asset she can afford keeping 2 IP, bribes the Mailman, and Readies.
 * While each recap is open it looks for painted boxes with nothing in them near the card (the "stray
 * empty white bar" of issue 35). Prints each round's recap and, at the end, the log; screenshots go
 * to test-artifacts/screenshots/jb-newcomer4-*.png.
 */
import { chromium, type Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  launchBrowser,
  openCreateDialog,
  person,
  press,
  QUICK_BOTS,
  shoot,
  startServer,
} from '../harness';

const PORT = 2749;
const size = process.argv[2] === 'phone' ? 'phone' : 'desktop';
const rounds = Number(process.argv[3] ?? 8);
const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
const tag = size === 'phone' ? '360' : '1280';

/* eslint-disable @typescript-eslint/no-explicit-any */
const seen = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      status: (s?.status ?? '') as string,
      phase: (pub?.phase ?? '') as string,
      round: (pub?.round ?? 0) as number,
      myTurn: !!s?.toAct?.includes(s.mySeat),
      ip: (s?.view?.private?.ip ?? 0) as number,
      bannerPrompt: !!s?.view?.private?.bannerPrompt,
      names: ((pub?.agents ?? []) as { name: string }[]).map((a) => a.name),
      summary: (pub?.summary ?? '') as string,
    };
  });

/** Painted boxes (a background or border) with no text, picture or control in them, near the recap. */
const emptyBars = (page: Page) =>
  page.evaluate(() => {
    const recap = document.querySelector('[data-testid="jb-recap"]');
    if (!recap || (recap as HTMLElement).hidden) return ['(no recap open)'];
    const r = recap.getBoundingClientRect();
    const out: string[] = [];
    // A card that scrolls sideways draws a scrollbar across its foot (where scrollbars are drawn).
    const card = recap as HTMLElement;
    if (card.scrollWidth > card.clientWidth)
      out.push(`the recap scrolls sideways by ${card.scrollWidth - card.clientWidth} px`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (!el.checkVisibility() || el.closest('canvas')) continue;
      const b = el.getBoundingClientRect();
      if (b.width < 20 || b.height < 3) continue;
      // Under the card (or at its foot): from its top to 60 px below it, across its width.
      if (b.top < r.top || b.top > r.bottom + 60 || b.right < r.left || b.left > r.right) continue;
      const cs = getComputedStyle(el);
      const painted =
        (cs.backgroundColor !== 'rgba(0, 0, 0, 0)' && cs.backgroundColor !== 'transparent') ||
        parseFloat(cs.borderTopWidth) > 0 ||
        cs.boxShadow !== 'none';
      if (!painted) continue;
      const hasContent =
        (el.textContent ?? '').trim() !== '' ||
        el.querySelector('img, svg, canvas, input, select, button') !== null ||
        ['IMG', 'SVG', 'CANVAS', 'INPUT', 'SELECT', 'BUTTON', 'HR'].includes(el.tagName.toUpperCase());
      if (!hasContent)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} ${Math.round(b.width)}x${Math.round(b.height)} at ${Math.round(b.left)},${Math.round(b.top)} (bg ${cs.backgroundColor})`,
        );
    }
    return out;
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Clicks the first enabled shop chip whose text matches. */
async function chip(page: Page, re: RegExp): Promise<string | null> {
  for (const b of await page.locator('.jb-shop-group .jb-chip').all()) {
    const t = (await b.textContent()) ?? '';
    if (re.test(t) && (await b.isEnabled())) {
      await b.scrollIntoViewIfNeeded().catch(() => undefined);
      const ok = await b.click({ force: true, timeout: 5000 }).then(
        () => true,
        async (e: Error) => {
          await shoot(page, `jb-newcomer4-unclickable-${tag}`);
          console.log(`  could not press "${t}": ${e.message.split('\n')[0]}`);
          return false;
        },
      );
      if (!ok) return null;
      await page.waitForTimeout(400);
      return t;
    }
  }
  return null;
}

async function main(): Promise<void> {
  const [server, browser] = await Promise.all([
    startServer(PORT, QUICK_BOTS),
    process.env.SCROLLBARS
      ? chromium.launch({
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-webgl', '--no-first-run'],
          ignoreDefaultArgs: ['--hide-scrollbars'],
        })
      : launchBrowser(),
  ]);
  try {
    const ada = await person(browser, 'Ada', viewport);
    const page = ada.page;
    await page.goto(server.url + '/');
    await openCreateDialog(page, 'james-bland');
    await byTestId(page, 'create-seats').selectOption('4');
    await byTestId(page, 'option-roundLimit').fill(String(rounds));
    await byTestId(page, 'option-untimed').check({ force: true });
    await press(page, 'create-submit');
    await byTestId(page, 'waiting-room').waitFor({ timeout: 60_000 });
    for (const s of [1, 2, 3]) {
      await press(page, `add-bot-${s}`);
      await byTestId(page, `remove-bot-${s}`).waitFor();
    }
    await shoot(page, `jb-newcomer4-waiting-${tag}`);
    await press(page, 'start-button');
    await byTestId(page, 'jb-plan').waitFor({ timeout: 30_000 });
    const done = new Set<string>();
    const end = Date.now() + 15 * 60_000;
    for (;;) {
      const s = await seen(page);
      if (s.status === 'finished') break;
      if (Date.now() > end) throw new Error(`stuck: ${JSON.stringify(s)}`);
      const key = `${s.round}:${s.phase}`;
      if (!s.myTurn || done.has(key)) {
        await page.waitForTimeout(300);
        continue;
      }
      done.add(key);
      if (s.phase === 'planning') {
        let plan = 'Safe Turn + Safe House';
        if (s.round > 1) {
          const warned =
            (await byTestId(page, 'jb-warnings')
              .textContent()
              .catch(() => '')) ?? '';
          const target = s.names.slice(1).find((n) => warned.includes(n)) ?? s.names[1 + (s.round % 3)]!;
          const offense = s.round % 2 === 0 ? 'surveillance' : 'networkAttack';
          const defense = s.round % 2 === 0 ? 'underground' : 'safeHouse';
          const offered = await byTestId(page, 'jb-offense').locator(`option[value="${offense}"]`).count();
          if (offered && s.ip >= (offense === 'networkAttack' ? 4 : 2)) {
            await byTestId(page, 'jb-offense').selectOption(offense);
            const opt = byTestId(page, 'jb-target').locator('option', { hasText: target });
            if (await opt.count())
              await byTestId(page, 'jb-target').selectOption((await opt.first().getAttribute('value'))!);
            plan = `${offense} on ${target}`;
          }
          if (await byTestId(page, 'jb-defense').locator(`option[value="${defense}"]`).count()) {
            await byTestId(page, 'jb-defense').selectOption(defense);
            plan += ` + ${defense}`;
          }
        } else await byTestId(page, 'jb-defense').selectOption('safeHouse');
        const cost = (await byTestId(page, 'jb-summary').textContent()) ?? '';
        if (s.round <= 2) await shoot(page, `jb-newcomer4-plan-r${s.round}-${tag}`);
        console.log(`Round ${s.round} (IP ${s.ip}): plan ${plan} (${cost.trim()})`);
        await press(page, 'jb-submit');
      } else if (s.phase === 'banner') {
        await press(page, s.bannerPrompt ? 'jb-believe' : 'jb-ignore').catch(() => undefined);
      } else if (s.phase === 'showdown') {
        await page.locator('[data-testid="jb-showdown"] button').first().click({ force: true });
      } else if (s.phase === 'adaptation') {
        await byTestId(page, 'jb-recap').waitFor({ state: 'visible', timeout: 15_000 });
        await page.waitForTimeout(300);
        const bars = await emptyBars(page);
        if (s.round <= 3 || bars.length) await shoot(page, `jb-newcomer4-recap-r${s.round}-${tag}`);
        const scroll = await page.evaluate(() => {
          const c = document.querySelector<HTMLElement>('[data-testid="jb-recap"]')!;
          return `${c.scrollHeight > c.clientHeight ? 'scrolls' : 'fits'} (${c.clientWidth}x${c.clientHeight} of ${c.scrollWidth}x${c.scrollHeight})`;
        });
        console.log(`  recap card: ${scroll}`);
        const ops = await page.locator('.jb-recap-op').allTextContents();
        console.log(`  recap: ${ops.length ? ops.join('\n         ') : '(no operation)'}`);
        if (bars.length) console.log(`  EMPTY PAINTED BOXES under the recap: ${bars.join('; ')}`);
        await press(page, 'jb-recap-close');
        if (size === 'phone')
          await page
            .locator('.jb-fold summary')
            .first()
            .click({ force: true })
            .catch(() => undefined);
        const bought = [
          await chip(page, /^Accept .*pact/),
          s.ip >= 4 ? await chip(page, /^ACME (Bank|Black Market|Broadcast Station) · 2 IP$/) : null,
          s.ip >= 3 ? await chip(page, /Mailman/) : null,
        ].filter(Boolean);
        if (s.round <= 2) await shoot(page, `jb-newcomer4-shop-r${s.round}-${tag}`);
        console.log(`  shop: ${bought.length ? bought.join(', ') : 'nothing'}`);
        await press(page, 'jb-ready');
      }
      await page.waitForTimeout(300);
    }
    await byTestId(page, 'results').waitFor({ state: 'visible', timeout: 30_000 });
    await shoot(page, `jb-newcomer4-end-${tag}`);
    const s = await seen(page);
    console.log(`\nEnd: ${s.summary}`);
    // The side panel's log (on a phone behind the panel toggle: read from the page all the same).
    const lines = await page
      .locator('[data-testid="log-line"]')
      .evaluateAll((els) =>
        els.map((e) => `${e.classList.contains('mine') ? '* ' : '  '}${e.textContent ?? ''}`),
      );
    console.log(`\nLog as Ada reads it (* = marked as hers):\n${lines.join('\n')}`);
    await ada.context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
