/**
 * Party mode with Bankout: the lobby's "Show on a TV" opens the list of tables, a TV at 1920x1080
 * shows a Blitz match two phones at 360x740 (Bankout seats two) play in their hand views, to the end and through the
 * host's rematch, which the screen follows by itself.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, QUICK_BOTS, useServerAndBrowser } from './harness';
import { type PhoneState, partyRun } from './partyScreen';

const PORT = 2937;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/** Draws while little is at stake, banks otherwise; the prompts' safe answers. */
function bankoutPolicy(s: PhoneState): unknown {
  const has = (t: string) => s.legal.find((a) => a.type === t);
  const joker = s.legal.find((a) => a.type === 'joker' && a.choice === 'queen');
  if (joker) return joker;
  const counter = s.legal.find((a) => a.type === 'counter' && a.accept === false);
  if (counter) return counter;
  if (has('discard')) return has('discard');
  const me = s.pub?.turn ?? 0;
  const loot = s.pub?.players?.[me]?.loot ?? 0;
  if (has('draw') && loot < 25) return has('draw');
  return has('bank') ?? has('endTurn') ?? s.legal[0];
}

maybe('party mode: Bankout', () => {
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('a TV from the lobby shows the table in large type, two phones play their hands, the screen follows the rematch', async () => {
    await partyRun({
      env,
      game: 'bankout',
      options: { mode: 'blitz', turnSeconds: 30 },
      seats: 2,
      people: 2, // Bankout is a two-player game
      policy: bankoutPolicy,
      handView: 'fits',
      viaLobby: true,
    });
  }, 600_000); // a ceiling only (see STALL_MS in partyScreen.ts)
});
