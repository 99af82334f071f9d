/// <reference lib="dom" />
/**
 * A newcomer's Devices match at four seats (Ada and three AIs), played through the screen (not a
 * test: a tool to read a match as a new player lives it). Run after `npm run build`:
 *
 *   npx tsx tests/browser/tools/devicesNewcomer.ts [desktop|phone] [nweeks]
 *
 * desktop is 1280x800, phone 360x740 with touch. Ada starts the Clock and, each nday, does what the
 * screen offers a beginner: uses every Power button that is enabled (confirming its dialog), buys
 * the cheapest Blueprint she can pay while keeping a third of her money, votes for every proposal,
 * then passes (past the pass warning). Prints what she did per nday and, at the end, the log (the
 * side panel's story, lines marked as hers starred); screenshots go to
 * test-artifacts/screenshots/dv-newcomer4-*.png.
 */
import type { Page } from 'playwright-core';
import { byTestId, launchBrowser, person, press, QUICK_BOTS, shoot, startServer } from '../harness';

const PORT = 2750;
const size = process.argv[2] === 'phone' ? 'phone' : 'desktop';
const nweeks = Number(process.argv[3] ?? 1);
const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
const tag = size === 'phone' ? '360' : '1280';

/* eslint-disable @typescript-eslint/no-explicit-any */
const snap = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      status: (s?.status ?? '') as string,
      when: pub ? `${pub.nweek}:${pub.nday}` : '',
      day: (pub?.ndayName ?? '') as string,
      phase: (pub?.phase ?? '') as string,
      money: (pub?.players?.[s.mySeat]?.money ?? 0) as number,
      points: (pub?.players?.[s.mySeat]?.points ?? 0) as number,
      passed: !!pub?.players?.[s.mySeat]?.passed,
    };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

const visible = async (page: Page, id: string) =>
  (await byTestId(page, id)
    .isVisible()
    .catch(() => false)) &&
  (await byTestId(page, id)
    .isEnabled()
    .catch(() => false));

/** Uses each enabled Power once (its dialog confirmed, or closed when it cannot go). */
async function usePowers(page: Page): Promise<string[]> {
  const used: string[] = [];
  for (const b of await page.locator('[data-testid^="dv-power-"]').all()) {
    if (!(await b.isVisible().catch(() => false)) || !(await b.isEnabled().catch(() => false))) continue;
    const label = ((await b.getAttribute('data-testid')) ?? '').replace('dv-power-', '');
    await b.click({ force: true }).catch(() => undefined);
    await page.waitForTimeout(300);
    if (
      await byTestId(page, 'dv-activate-dialog')
        .isVisible()
        .catch(() => false)
    ) {
      if (await visible(page, 'dv-activate-go')) {
        await byTestId(page, 'dv-activate-go').click({ force: true });
        used.push(label);
      } else
        await byTestId(page, 'dv-activate-x')
          .click({ force: true })
          .catch(() => undefined);
    } else used.push(label);
    await page.waitForTimeout(300);
  }
  return used;
}

/** Buys the cheapest Blueprint costing at most two thirds of her money. */
async function buyCheapest(page: Page, money: number): Promise<string | null> {
  let best: { id: string; price: number } | null = null;
  for (const b of await page.locator('[data-testid^="dv-buy-"]').all()) {
    if (!(await b.isEnabled().catch(() => false))) continue;
    const price = Number(/m(\d+)/.exec((await b.textContent()) ?? '')?.[1] ?? NaN);
    const id = (await b.getAttribute('data-testid'))!;
    if (price <= (2 * money) / 3 && (!best || price < best.price)) best = { id, price };
  }
  if (!best) return null;
  await byTestId(page, best.id)
    .first()
    .scrollIntoViewIfNeeded()
    .catch(() => undefined);
  await byTestId(page, best.id).first().click({ force: true });
  await page.waitForTimeout(400);
  return `${best.id.replace('dv-buy-', '')} (m${best.price})`;
}

async function main(): Promise<void> {
  const [server, browser] = await Promise.all([startServer(PORT, QUICK_BOTS), launchBrowser()]);
  try {
    const ada = await person(browser, 'Ada', viewport);
    const page = ada.page;
    await page.goto(server.url + '/');
    await press(page, 'create-devices');
    await byTestId(page, 'create-dialog').waitFor();
    await byTestId(page, 'option-nweeks').fill(String(nweeks));
    await byTestId(page, 'create-seats').selectOption('4');
    await press(page, 'create-submit');
    await byTestId(page, 'waiting-room').waitFor({ timeout: 60_000 });
    for (const s of [1, 2, 3]) {
      await press(page, `add-bot-${s}`);
      await byTestId(page, `remove-bot-${s}`).waitFor();
    }
    await press(page, 'start-button');
    await byTestId(page, 'devices-market').waitFor({ timeout: 30_000 });
    await shoot(page, `dv-newcomer4-start-${tag}`);
    await press(page, 'dv-start-clock');
    const done = new Set<string>();
    let shots = 0;
    const end = Date.now() + 20 * 60_000;
    for (;;) {
      const s = await snap(page);
      if (s.status === 'finished') break;
      if (Date.now() > end) throw new Error(`stuck: ${JSON.stringify(s)}`);
      if (s.passed || done.has(s.when) || !(await visible(page, 'dv-pass'))) {
        await page.waitForTimeout(300);
        continue;
      }
      done.add(s.when);
      const did: string[] = [];
      const used = await usePowers(page);
      if (used.length) did.push(`used ${used.join(', ')}`);
      const bought = await buyCheapest(page, (await snap(page)).money);
      if (bought) did.push(`bought ${bought}`);
      for (const v of await page.locator('[data-testid^="dv-vote-yes-"]').all())
        if (await v.isEnabled().catch(() => false)) {
          await v.click({ force: true }).catch(() => undefined);
          did.push(`voted for ${(await v.getAttribute('data-testid'))!.replace('dv-vote-yes-', '#')}`);
        }
      const after = await snap(page);
      console.log(
        `${s.day} (nweek ${s.when.split(':')[0]}): m${s.money} -> m${after.money}, ${after.points} Points; ${did.join('; ') || 'nothing'}`,
      );
      if (shots < 3 && did.length) await shoot(page, `dv-newcomer4-nday-${++shots}-${tag}`);
      await byTestId(page, 'dv-pass')
        .click({ force: true })
        .catch(() => undefined);
      await page.waitForTimeout(300);
      if (await visible(page, 'dv-pass-warning-pass')) {
        const warn =
          (await byTestId(page, 'dv-pass-warning')
            .textContent()
            .catch(() => '')) ?? '';
        console.log(`  pass warning: ${warn.trim()}`);
        await byTestId(page, 'dv-pass-warning-pass').click({ force: true });
      }
    }
    await byTestId(page, 'results').waitFor({ state: 'visible', timeout: 30_000 });
    await shoot(page, `dv-newcomer4-end-${tag}`);
    const lines = await page
      .locator('[data-testid="log-line"]')
      .evaluateAll((els) =>
        els.map(
          (e) =>
            `${e.classList.contains('mine') ? '* ' : '  '}${e.querySelector('.time') ? (e.textContent ?? '').slice((e.querySelector('.time')!.textContent ?? '').length) : (e.textContent ?? '')}`,
        ),
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
