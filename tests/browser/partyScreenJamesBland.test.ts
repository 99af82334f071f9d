/**
 * Party mode with James Bland: a TV at 1920x1080 and one at 1280x720 show a four-seat game a phone
 * plays against three bots, through its first rounds (the bots read and plan at a person's pace).
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, useServerAndBrowser } from './harness';
import { partyRun, preferring } from './partyScreen';

const PORT = 2940;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('party mode: James Bland', () => {
  const env = useServerAndBrowser(PORT);

  test('the screen shows the game in large type', async () => {
    await partyRun({
      env,
      game: 'james-bland',
      options: { roundLimit: 3 },
      seats: 4,
      policy: preferring(['banner', 'showdown', 'plan', 'ready', 'escape']),
      playMs: 55_000,
      toTheEnd: false,
      handView: false,
    });
  }, 200_000);
});
