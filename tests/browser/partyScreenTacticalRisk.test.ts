/**
 * Party mode with Tactical Risk: a TV at 1920x1080 and one at 1280x720 show the world while three
 * phones (the map stays on the phone: no hand view) and quick bots play a one-round match to the
 * end, and the screens follow the host's rematch. An ended battle's dialog stays on the TV a few
 * seconds with its result.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { CHROMIUM, QUICK_BOTS, byTestId, shoot, useServerAndBrowser } from './harness';
import { partyRun, preferring } from './partyScreen';

const PORT = 2941;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** Ended battles the TV showed with their result (counted in the page: a check may miss one). */
let battleEnds = 0;
let battleEndShot = false;

/** At each check: counts on the TV the ended battles whose result lingered; a shot of the first. */
async function battleEndsShown(screens: Page[]): Promise<void> {
  const tv = screens[0]!;
  await tv.evaluate(() => {
    const w = window as never as { __battleEnds?: number };
    if (w.__battleEnds !== undefined) return;
    w.__battleEnds = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of Array.from(r.addedNodes))
          if (n instanceof HTMLElement && n.dataset.testid === 'tr-battle-end') w.__battleEnds!++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  if (!battleEndShot && (await byTestId(tv, 'tr-battle-end').isVisible())) {
    battleEndShot = true;
    await shoot(tv, 'party-tactical-risk-battle-end-1920');
  }
  battleEnds = await tv.evaluate(() => (window as never as { __battleEnds: number }).__battleEnds);
}

maybe('party mode: Tactical Risk', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three phones play a round to the end, the screens show the world and follow the rematch', async () => {
    [battleEnds, battleEndShot] = [0, false]; // a retry starts over
    await partyRun({
      env,
      game: 'tactical-risk',
      options: { botPace: 'quick', roundLimit: 1 },
      seats: 3,
      policy: preferring(['draft', 'casualties', 'press', 'fight', 'retreat', 'endPhase']),
      playMs: 90_000,
      handView: false,
      smallTv: true,
      onCheck: battleEndsShown,
    });
    expect(battleEnds).toBeGreaterThan(0);
  }, 200_000);
});
