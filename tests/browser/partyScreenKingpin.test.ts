/**
 * Party mode with Kingpin: a TV at 1920x1080 and three phones at 360x740 in their hand views play
 * a three-seat match to the end (phone 0 attacks through its hand view's planner), and the TV
 * follows the host's rematch by itself.
 */
import { existsSync } from 'node:fs';
import { MIN_BOSS_HP } from '@parlor/shared/games/kingpin/options';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import { type HandPlay, byTestId, partyRun, preferring } from './partyScreen';

const PORT = 2938;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** On its turn, phone 0 declares the hand view's proposed attack (the strongest on its target). */
const attackByHand: HandPlay = async (page, s) => {
  if (!s.legal.some((a) => a.type === 'attack')) return false;
  const go = byTestId(page, 'hand-attack-go');
  // The hand view draws from the same snapshot a moment later: wait for its planner's button, or
  // the policy would send the attack itself and the hand view would never be used.
  const shown = await go.waitFor({ state: 'visible', timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return false;
  await go.click();
  await page.waitForTimeout(150);
  return true;
};

maybe('party mode: Kingpin', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three phones play their hands to the end, the TV shows it in large type and follows the rematch', async () => {
    await partyRun({
      env,
      game: 'kingpin',
      options: { turnSeconds: 30, bossTruce: false, bossHp: MIN_BOSS_HP }, // a short match
      seats: 3,
      // Answers prompts, attacks whenever it can, and passes: the match moves on quickly.
      policy: preferring(['place', 'ammo', 'pick', 'emergencyDone', 'attack', 'deploy', 'pass']),
      playMs: 120_000,
      handView: 'fits',
      viaHand: attackByHand,
    });
  }, 200_000);
});
