/**
 * Party mode with Kingpin: a TV at 1920x1080 and one at 1280x720 show a three-seat match a phone
 * plays against two bots, to the end, and follow the host's rematch by themselves.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, useServerAndBrowser } from './harness';
import { partyRun, preferring } from './partyScreen';

const PORT = 2938;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('party mode: Kingpin', () => {
  const env = useServerAndBrowser(PORT);

  test('the screen shows the match in large type and follows the rematch', async () => {
    await partyRun({
      env,
      game: 'kingpin',
      options: { turnSeconds: 30 },
      seats: 3,
      // Answers prompts, attacks whenever it can, and passes: the match moves on quickly.
      policy: preferring(['place', 'ammo', 'pick', 'emergencyDone', 'attack', 'deploy', 'pass']),
      playMs: 100_000,
      toTheEnd: true,
      handView: false,
    });
  }, 200_000);
});
