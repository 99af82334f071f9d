/**
 * Party mode with Devices: a TV at 1920x1080 and one at 1280x720, three phones at 360x740 in their
 * hand views (your desk, the Blueprints, the votes) at a three-seat game. The phones buy and pass,
 * then press their Panic Buttons and vote to end & score: the game ends, the screens follow the
 * host's rematch.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import { type HandPlay, type PhoneState, partyRun } from './partyScreen';

const PORT = 2939;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** Buys and passes for a while, then panics and votes to end & score. */
function devicesPolicy(s: PhoneState, step: number): unknown {
  const f = (p: (a: PhoneState['legal'][number]) => boolean) => s.legal.find(p);
  return (
    f((a) => a.type === 'startClock') ??
    f((a) => a.type === 'emergencyVote' && a.choice === 'end') ??
    (step > 16 ? f((a) => a.type === 'panic' && a.on === true) : undefined) ??
    f((a) => a.type === 'vote') ??
    f((a) => a.type === 'purchase') ??
    f((a) => a.type === 'pass')
  );
}

/** Phone 0 buys a Blueprint with the hand view's own Buy button when it may. */
const buyByHand: HandPlay = async (page, s) => {
  if (!s.legal.some((a) => a.type === 'purchase')) return false;
  const buy = page.locator('[data-testid="hand-view"] [data-testid^="dv-buy-"]:not([disabled])').first();
  if (!(await buy.isVisible())) return false;
  await buy.click();
  await page.waitForTimeout(150);
  return true;
};

maybe('party mode: Devices', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three phones play to the end & score, the screens show it in large type and follow the rematch', async () => {
    await partyRun({
      env,
      game: 'devices',
      options: { botPace: 'quick', ndaySeconds: 10, nweeks: 1 },
      seats: 3,
      policy: devicesPolicy,
      handView: 'scrolls',
      viaHand: buyByHand,
      smallTv: true,
      anyTime: true,
    });
  }, 600_000); // a ceiling only (see STALL_MS in partyScreen.ts)
});
