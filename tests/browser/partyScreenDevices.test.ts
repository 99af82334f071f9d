/**
 * Party mode with Devices: a TV at 1920x1080 and one at 1280x720 show a three-seat game a phone
 * plays against two quick bots, for long enough to see the Clock run and the market move.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, useServerAndBrowser } from './harness';
import { partyRun, preferring } from './partyScreen';

const PORT = 2939;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('party mode: Devices', () => {
  const env = useServerAndBrowser(PORT);

  test('the screen shows the game in large type', async () => {
    await partyRun({
      env,
      game: 'devices',
      options: { botPace: 'quick', ndaySeconds: 10, nweeks: 1 },
      seats: 3,
      policy: preferring(['startClock', 'emergencyVote', 'vote', 'purchase', 'activate', 'pass']),
      playMs: 40_000,
      toTheEnd: false,
      handView: false,
    });
  }, 200_000);
});
