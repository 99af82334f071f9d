/**
 * Party mode with Tactical Risk: a TV at 1920x1080 and one at 1280x720 show the whole world while
 * a phone plays its factions against two quick bots, for a few turns.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, useServerAndBrowser } from './harness';
import { partyRun, preferring } from './partyScreen';

const PORT = 2941;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('party mode: Tactical Risk', () => {
  const env = useServerAndBrowser(PORT);

  test('the screen shows the world in large type', async () => {
    await partyRun({
      env,
      game: 'tactical-risk',
      options: { botPace: 'quick' },
      seats: 3,
      policy: preferring(['draft', 'casualties', 'press', 'fight', 'retreat', 'endPhase']),
      playMs: 40_000,
      toTheEnd: false,
      handView: false,
    });
  }, 200_000);
});
