/**
 * Issue 24: a round-3 swap gives nothing away about the defender's hand. The same scene is played
 * twice, the defender holding a Joker or a King (the other card stays in the deck, so the unseen
 * counts match), with a person and then a bot defending. Everything the attacker's client and a
 * spectator decode and receive (state after every patch, events, log) must be the same in both.
 */
import { ClientMsg, ServerMsg, type StateLogLine } from '@parlor/shared';
import { stackDeck } from '@parlor/shared/games/bankout/testkit';
import type { BankoutState } from '@parlor/shared/games/bankout/types';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type StateJson, type Tracked, logOf, track, waitUntil } from '../helpers/clients';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { gameAdapter } from '../../src/games';
import { freePort } from '../helpers/freePort';

const bankoutAdapter = gameAdapter('bankout');

const PORT = freePort();
const BOT_DELAY_MS = 300;
jest.setTimeout(60_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, { botDelayMs: BOT_DELAY_MS }, [
    { name: 'bankout_fast', adapter: bankoutAdapter, limits: FAST_LIMITS },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

/** What a client saw, in order: every decoded state and every message, clocks taken out. */
interface Recording {
  frames: string[];
  stop(): void;
}

/**
 * The decoded state without what differs from table to table or from second to second: clocks, the
 * join code, the match's lineage, and log lines from before the scene (numbered from the first line after it).
 */
function comparable(json: StateJson, baseSeq: number): StateJson {
  const copy = JSON.parse(JSON.stringify(json));
  // The window's length stays (it must be the same), its wall-clock position goes.
  copy.deadline = copy.deadline > 0 ? copy.deadline - copy.serverTime : 0;
  delete copy.serverTime;
  delete copy.code;
  delete copy.lineage; // the match's id at its table
  copy.log = logOf(json)
    .filter((l) => l.seq > baseSeq)
    .map(({ seq, seat, text }: StateLogLine) => ({ seq: seq - baseSeq, seat, text }));
  return copy;
}

function record(t: Tracked): Recording {
  const frames: string[] = [];
  let on = true;
  const baseSeq = Math.max(0, ...logOf(t.json()).map((l) => l.seq));
  t.room.onStateChange(() => {
    if (on) frames.push(`state ${JSON.stringify(comparable(t.json(), baseSeq))}`);
  });
  const seen = t.messages.length;
  return {
    frames,
    stop() {
      on = false;
      // Messages are kept by `track` in arrival order; states interleave by count only.
      for (const m of t.messages.slice(seen)) frames.push(`message ${m.type} ${JSON.stringify(m.payload)}`);
    },
  };
}

/** Round 3, seat 0 to play with a Joker in hand, the defender holding `defender`. */
function scene(real: BankoutState, defender: 'X2' | 'KD', banks: [number, number]): BankoutState {
  const s = stackDeck(real, {
    round: 3,
    top: ['9H', '4C', '5C'],
    hands: [['X1'], [defender]],
    banks,
    turn: 0,
  });
  // Whatever happened before the scene (a bot's opening turn, say) is wiped.
  s.turnNumber = 40;
  s.promptSeq = 0;
  s.lastRevealed = null;
  s.phase = 'turn';
  s.prompt = null;
  s.pendingCard = null;
  for (const p of s.players) Object.assign(p, { loot: 0, alert: false, jacks: 0, latent: 0, roundsWon: 0 });
  return s;
}

const legalOf = (t: Tracked, seat: number): { type: string; accept?: boolean }[] =>
  (t.json().seats[seat].private?.legal ?? []).map((l: string) => JSON.parse(l));

interface Played {
  attacker: string[];
  spectator: string[];
  defenderLegal: unknown[];
  botThinkMs: number | null;
}

async function playSwap(defender: 'X2' | 'KD', bot: boolean): Promise<Played> {
  const banks: [number, number] = bot ? [700, 50] : [100, 600];
  const a = track(
    await app
      .client()
      .create(bot ? 'bankout' : 'bankout_fast', bot ? { name: 'ada', vsBots: true } : { name: 'ada' }),
  );
  const b = bot ? null : track(await app.client().joinById(a.room.roomId, { name: 'bo' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'cy', spectator: true }));
  await waitUntil(
    () => a.welcome !== null && spec.welcome !== null && (!b || b.welcome !== null),
    'welcomes',
  );
  const room = app.server.getRoomById(a.room.roomId) as unknown as GameRoom;
  if (!bot) a.room.send(ClientMsg.start);
  await waitUntil(() => room.state.status === 'playing', 'playing');
  room.match!.state = scene(room.match!.state as BankoutState, defender, banks);
  room.refreshPlay();
  await waitUntil(() => a.json().round === 3 && spec.json().round === 3, 'the scene reached the clients');
  // Settle: the scene's patch has been decoded by both.
  await new Promise((r) => setTimeout(r, 100));

  const attacker = record(a);
  const spectator = record(spec);
  a.room.send(ClientMsg.action, { type: 'draw' });
  await waitUntil(() => a.json().seats[0].loot === 9, 'the draw');
  a.room.send(ClientMsg.action, { type: 'play', card: 'X1', choice: 'swap' });
  await waitUntil(
    () => a.json().phase === 'counter' && spec.json().phase === 'counter',
    'the counter window',
  );
  let defenderLegal: unknown[] = [];
  if (b) {
    await waitUntil(() => legalOf(b, 1).length > 0, "the defender's choices");
    defenderLegal = legalOf(b, 1);
    b.room.send(ClientMsg.action, { type: 'counter', accept: false });
  }
  await waitUntil(
    () => a.json().turn === 1 && spec.json().turn === 1 && a.json().phase === 'turn',
    'the swap went through',
  );
  await waitUntil(
    () =>
      a.messages.filter((m) => m.type === ServerMsg.events).length >= 3 &&
      spec.messages.filter((m) => m.type === ServerMsg.events).length >= 3,
    'the events',
  );
  attacker.stop();
  spectator.stop();
  const actions = room.match!.record.actions;
  const counter = actions.find((x) => x.action.type === 'counter');
  const play = actions.find((x) => x.action.type === 'play');
  for (const t of [a, spec, ...(b ? [b] : [])]) await t.room.leave();
  return {
    attacker: attacker.frames,
    spectator: spectator.frames,
    defenderLegal,
    botThinkMs: bot && counter && play ? counter.at - play.at : null,
  };
}

test('a person defending: attacker and spectator see the same frames, Joker in hand or not', async () => {
  const withJoker = await playSwap('X2', false);
  const without = await playSwap('KD', false);
  expect(without.attacker.length).toBeGreaterThan(3);
  expect(without.attacker).toEqual(withJoker.attacker);
  expect(without.spectator).toEqual(withJoker.spectator);
  // The defender, and only the defender, knows whether a counter is possible: the same window, and
  // countering is legal only with a Joker.
  expect(withJoker.defenderLegal).toEqual([
    { type: 'counter', accept: true },
    { type: 'counter', accept: false },
  ]);
  expect(without.defenderLegal).toEqual([{ type: 'counter', accept: false }]);
  expect(without.attacker.join('\n')).toContain(
    'ada played a Joker to swap banks with bo, who may counter with a Joker.',
  );
  expect(without.attacker.join('\n')).toContain('bo lets the swap through.');
});

test('a bot defending: the same frames and the same think time, Joker in hand or not', async () => {
  const withJoker = await playSwap('X2', true);
  const without = await playSwap('KD', true);
  expect(without.attacker.length).toBeGreaterThan(3);
  expect(without.attacker).toEqual(withJoker.attacker);
  expect(without.spectator).toEqual(withJoker.spectator);
  // The bot answers after its think time in both cases (never at once because it has no choice).
  for (const played of [withJoker, without])
    expect(played.botThinkMs).toBeGreaterThanOrEqual(BOT_DELAY_MS - 5);
});
