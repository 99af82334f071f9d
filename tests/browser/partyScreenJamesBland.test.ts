/**
 * Party mode with James Bland: a TV at 1920x1080 and three phones at 360x740 in their hand views
 * (the Dossier; the plan form under it) with a bot in the fourth seat play a three-round match to
 * the end (phone 0 submits its plans with the form's own button), and the TV follows the rematch.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import type { Page } from 'playwright-core';
import { type HandPlay, type Policy, byTestId, partyRun, preferring, shoot } from './partyScreen';

const PORT = 2940;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** Phone 0 submits the plan the form offers with its own Submit button. */
const planByForm: HandPlay = async (page, s) => {
  if (!s.legal.some((a) => a.type === 'plan')) return false;
  const submit = byTestId(page, 'jb-submit');
  if (!(await submit.isVisible()) || (await submit.isDisabled())) return false;
  await submit.click();
  await page.waitForTimeout(150);
  return true;
};

/**
 * The round recap on the TV: it shows by itself beside the board (nobody taps "Got it" on a TV), with
 * no button, and the agents' cards are laid out to its left (the scene's debug reports the room it
 * kept for it). Read in one evaluation: with quick bots the next Planning Phase can close the recap
 * between two reads (a screenshot taken between them once left a closed recap's empty box to check).
 */
let recapsSeen = 0;
async function recapBeside(screens: Page[]): Promise<void> {
  const tv = screens[0]!;
  const layout = await tv.evaluate(() => {
    const recap = document.querySelector<HTMLElement>('[data-testid="jb-recap"]');
    if (!recap?.checkVisibility()) return null;
    const r = recap.getBoundingClientRect();
    const board = document.querySelector('[data-testid="screen-board"]')!.getBoundingClientRect();
    const zoom = Number(document.getElementById('stage')?.dataset.zoom ?? 1);
    const cards = (
      window as never as { __parlor: { jamesBland: { cardsRight(): number } } }
    ).__parlor.jamesBland.cardsRight();
    return {
      beside: r.left >= board.left + cards * zoom - 1,
      inBoard: r.right <= board.right + 1,
      buttons: document.querySelectorAll('[data-testid="jb-recap-close"], [data-testid="jb-recap-toggle"]')
        .length,
    };
  });
  if (!layout) return;
  recapsSeen++;
  expect(layout).toEqual({ beside: true, inBoard: true, buttons: 0 });
  if (recapsSeen === 1) await shoot(tv, 'party-james-bland-recap-1920');
}

/**
 * The phones hold their Ready in Adaptation (where the recap shows) until the TV has shown a recap:
 * with quick bots and eager phones an Adaptation can end between two looks at the TV. Bounded, so a
 * TV that never shows the recap fails the test at its end instead of holding the match.
 */
let holds = 0;
const HOLD_AT_MOST = 60; // phone turns: about twenty rounds of the three phones, several looks at the TV
const eager = preferring(['banner', 'showdown', 'plan', 'ready', 'escape']);
const policy: Policy = (s, step) => {
  const phase = (s.pub as { phase?: string } | null)?.phase;
  if (phase === 'adaptation' && recapsSeen === 0 && holds < HOLD_AT_MOST) {
    holds++;
    return undefined;
  }
  return eager(s, step);
};

maybe('party mode: James Bland', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three phones plan to the end, the TV shows it in large type and follows the rematch', async () => {
    await partyRun({
      env,
      game: 'james-bland',
      options: { roundLimit: 3 },
      seats: 4,
      policy,
      handView: 'scrolls',
      viaHand: planByForm,
      onCheck: recapBeside,
    });
    expect(recapsSeen).toBeGreaterThan(0);
  }, 600_000); // a ceiling only (see STALL_MS in partyScreen.ts)
});
