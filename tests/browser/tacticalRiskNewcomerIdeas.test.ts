/// <reference lib="dom" />
/**
 * Tactical Risk's "This turn" ideas for a newcomer, at 1280x800 and on a 360x740 phone (touch): the
 * Russians against the AI from the lobby. The purchase shows a line of advice; round 1's combat move
 * offers at least one attack idea (stacks together); a tap on it selects its first stack and opens the
 * confirm card with the odds, and nothing moves until "Move" (Cancel leaves every unit where it was).
 * The ideas are shot at both sizes.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, openCreateDialog, person, shoot, useServerAndBrowser } from './harness';
import { seen, type TrSeen, waitFor } from './tacticalRiskPage';

const PORT = 2993;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

/** Every Russian unit's place (id -> territory). */
function russianUnits(s: TrSeen): Map<number, string> {
  const out = new Map<number, string>();
  for (const [name, t] of Object.entries(s.territories))
    for (const id of (t.units?.Russians?.ids ?? []) as number[]) out.set(id, name);
  return out;
}

async function startAsRussians(page: Page, url: string): Promise<void> {
  await page.goto(url + '/');
  await openCreateDialog(page, 'tactical-risk');
  await byTestId(page, 'create-seats').selectOption('5');
  await byTestId(page, 'create-vs-ai').check();
  await byTestId(page, 'create-submit').click();
  await waitFor(
    page,
    'the Russians’ purchase',
    (s) => s.faction === 'Russians' && s.phase === 'purchase' && s.legal.length > 0,
    90_000,
  );
}

maybe('Tactical Risk: this turn’s ideas', () => {
  const env = useServerAndBrowser(PORT);

  test.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const)(
    '%s: round 1 as the Russians, an idea opens the confirm card and moves nothing',
    async (kind, size) => {
      const phone = kind === 'phone';
      const { page } = await person(env.browser, 'Ada', size);
      await startAsRussians(page, env.server.url);
      // The purchase: one line of advice (a phone: from the "Ideas" strip in the sheet's head).
      if (phone) await page.locator('[data-testid="tr-ideas-open"]:visible').first().click();
      const line = (await byTestId(page, 'tr-ideas-line').textContent()) ?? '';
      const infantry = /^Buy (\d+) Infantry and (\d+) Armour/.exec(line);
      expect(infantry).not.toBeNull();
      await page.waitForTimeout(500);
      await shoot(page, `tactical-risk-ideas-purchase-${kind}`);
      // "Count these in" fills the purchase panel; buying stays the player's ("Done buying" buys them).
      await byTestId(page, 'tr-ideas-buy').click();
      const counted = async (t: string) =>
        Number(/\d+/.exec((await byTestId(page, `tr-buy-${t}`).textContent()) ?? '')?.[0]);
      expect(await counted('infantry')).toBe(Number(infantry![1]));
      expect(await counted('armour')).toBe(Number(infantry![2]));
      const treasury = (s: TrSeen) => s.factions.find((f) => f.name === 'Russians')!.treasury;
      const t0 = treasury(await seen(page));
      await byTestId(page, 'tr-end-phase').click();
      const before = await waitFor(
        page,
        'the combat move',
        (s) => s.phase === 'combatMove' && s.legal.length > 0,
      );
      expect(treasury(before)).toBe(t0 - 3 * Number(infantry![1]) - 5 * Number(infantry![2]));
      if (phone) {
        await page.waitForTimeout(300);
        await shoot(page, 'tactical-risk-ideas-strip-phone');
        await page.locator('[data-testid="tr-ideas-open"]:visible').first().click();
      }
      const rows = page.locator('[data-testid^="tr-idea-"]');
      await rows.first().waitFor();
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(4);
      const first = rows.first();
      const target = ((await first.getAttribute('data-testid')) ?? '').replace('tr-idea-', '');
      const rowOdds = Number(/win (\d+)%/.exec((await first.textContent()) ?? '')?.[1] ?? -1);
      expect(rowOdds).toBeGreaterThanOrEqual(60);
      await shoot(page, `tactical-risk-ideas-${kind}`);
      // One tap: the first stack chosen, the confirm card asks, with the odds; nothing moved.
      await first.click();
      await byTestId(page, 'tr-confirm').waitFor();
      await expect(byTestId(page, 'tr-confirm').textContent()).resolves.toContain(`Move to ${target}?`);
      await expect(byTestId(page, 'tr-confirm-what').textContent()).resolves.toMatch(/\(attack\)$/);
      await expect(byTestId(page, 'tr-confirm').textContent()).resolves.toMatch(/win \d+% · takes \d+%/);
      // The idea's odds are on the card: the chosen stack's own, or the line for the stacks together.
      await expect(byTestId(page, 'tr-confirm').textContent()).resolves.toContain(`win ${rowOdds}%`);
      // Beside the stacks-together line, the chosen stack's odds are named as its alone.
      if ((await byTestId(page, 'tr-confirm-joint').count()) > 0)
        await expect(byTestId(page, 'tr-confirm').textContent()).resolves.toMatch(
          /These units alone: win \d+% · takes \d+%/,
        );
      await shoot(page, `tactical-risk-ideas-confirm-${kind}`);
      await page.waitForTimeout(500);
      expect(russianUnits(await seen(page))).toEqual(russianUnits(before));
      await byTestId(page, 'tr-confirm-cancel').click({ force: true });
      await byTestId(page, 'tr-confirm').waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      expect(russianUnits(await seen(page))).toEqual(russianUnits(before));
      // Confirmed: the stack goes in, and the idea stays for the next stack (the units there counted).
      if (phone && !(await rows.first().isVisible()))
        await page.locator('[data-testid="tr-ideas-open"]:visible').first().click();
      await byTestId(page, `tr-idea-${target}`).click();
      await byTestId(page, 'tr-confirm-move').click({ force: true });
      const after = await waitFor(
        page,
        'the move',
        (s) => Object.keys(s.territories[target]?.units?.Russians ?? {}).length > 0,
      );
      expect(after.territories[target].units.Russians.ids.length).toBeGreaterThan(0);
      if (phone && !(await byTestId(page, `tr-idea-${target}`).isVisible()))
        await page.locator('[data-testid="tr-ideas-open"]:visible').first().click();
      await expect(byTestId(page, `tr-idea-${target}`).textContent()).resolves.toMatch(/already there/);
      if (!phone) {
        // The card folds to its title (and opens again) with a tap on it.
        await byTestId(page, 'tr-ideas-toggle').click();
        await byTestId(page, 'tr-ideas-line').waitFor({ state: 'detached' });
        await expect(byTestId(page, 'tr-ideas-toggle').textContent()).resolves.toMatch(
          /^▸ This turn: \d+ ideas?$/,
        );
        await byTestId(page, 'tr-ideas-toggle').click();
        await byTestId(page, 'tr-ideas-line').waitFor();
      }
    },
  );
});
