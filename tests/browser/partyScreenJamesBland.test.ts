/**
 * Party mode with James Bland: a TV at 1920x1080 and three phones at 360x740 in their hand views
 * (the Dossier; the plan form under it) with a bot in the fourth seat play a three-round match to
 * the end (phone 0 submits its plans with the form's own button), and the TV follows the rematch.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import { type HandPlay, byTestId, partyRun, preferring } from './partyScreen';

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

maybe('party mode: James Bland', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three phones plan to the end, the TV shows it in large type and follows the rematch', async () => {
    await partyRun({
      env,
      game: 'james-bland',
      options: { roundLimit: 3 },
      seats: 4,
      policy: preferring(['banner', 'showdown', 'plan', 'ready', 'escape']),
      playMs: 100_000,
      handView: 'scrolls',
      viaHand: planByForm,
    });
  }, 200_000);
});
