/**
 * Party mode with Tactical Risk: a TV at 1920x1080 and one at 1280x720 show the world while three
 * phones (the map stays on the phone: no hand view) and quick bots play a one-round match to the
 * end, and the screens follow the host's rematch.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import { partyRun, preferring } from './partyScreen';

const PORT = 2941;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('party mode: Tactical Risk', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('three phones play a round to the end, the screens show the world and follow the rematch', async () => {
    await partyRun({
      env,
      game: 'tactical-risk',
      options: { botPace: 'quick', roundLimit: 1 },
      seats: 3,
      policy: preferring(['draft', 'casualties', 'press', 'fight', 'retreat', 'endPhase']),
      playMs: 90_000,
      handView: false,
      smallTv: true,
    });
  }, 200_000);
});
