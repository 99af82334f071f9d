/**
 * Saved-game and match files without a server: the seal (the secret part opens with the saving
 * server's key alone, and every clear field is bound to it), and a James Bland match whose planning
 * window ran out (the clock's action is recorded under seat -1), which the file format once refused:
 * it now imports, replays and, saved in progress, loads (issue 20, low).
 */
import crypto from 'node:crypto';
import {
  type AnyGameDefinition,
  type GameAction,
  JoinErrorCode,
  Random,
  SPECTATOR,
  gameById,
  seedRng,
} from '@parlor/shared';
import { ReplayModel, type ReplayRecord } from '@parlor/shared/core/replay';
import type { MatchRecord } from '@parlor/shared';
import { checkSavedGame, savedMatchOf } from '../../src/rooms/savedGames';
import { parseMatchFile, verifyMatchFile } from '../../src/storage/matchFile';
import { newMatchSeed } from '../../src/rooms/matchSeeds';

const key = { key: crypto.randomBytes(32), id: '0123456789abcdef' };
const place = { roomId: 'r1', tableName: 'Spies', matchNumber: 1 };

/** James Bland, 3 seats: the first planning window times out (nobody planned), then bots play on. */
function jamesBlandWithTimeout(stopAfter = Infinity): {
  def: AnyGameDefinition;
  record: MatchRecord;
  state: unknown;
} {
  const def = gameById('james-bland')!;
  const options = def.optionsSchema.parse({ planningSeconds: 60 });
  const seats = ['Ada', 'Bo', 'Cy'].map((name) => ({ name, bot: false }));
  const seed = newMatchSeed();
  let state: unknown = def.setup(options, seats, seed);
  const random = new Random(seedRng(5));
  const actions: MatchRecord['actions'] = [];
  let timedOut = false;
  let at = Date.now();
  while (!def.outcome(state) && actions.length < stopAfter) {
    const t = def.timeout(state);
    let seat: number;
    let action: GameAction;
    if (!timedOut && t && t.seat === SPECTATOR) {
      seat = t.seat;
      action = t.action;
      timedOut = true;
    } else {
      seat = def.toAct(state)[0]!;
      action = def.bot.decide(def.view(state, seat), def.legalActions(state, seat), () => random.float());
    }
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    state = r.state;
    actions.push({ seat, action, at: (at += 1000) });
  }
  expect(actions.some((a) => a.seat === -1)).toBe(true);
  return { def, record: { game: def.id, options, seats, seed, actions, startedAt: at - 1e6 }, state };
}

test('James Bland: a finished match with a planning timeout (seat -1) imports and replays', () => {
  const { def, record, state } = jamesBlandWithTimeout();
  const outcome = def.outcome(state)!;
  const file = {
    format: 'parlor-match',
    v: 1,
    id: 'r1-1',
    roomId: 'r1',
    tableName: 'Spies',
    ...record,
    outcome,
    finishedAt: Date.now(),
  };
  const parsed = parseMatchFile(JSON.parse(JSON.stringify(file)));
  if (!parsed.ok) throw new Error(parsed.message);
  const verified = verifyMatchFile(parsed.file);
  if (!verified.ok) throw new Error(verified.message);
  expect(verified.state).toEqual(state);
  const model = ReplayModel.build(def, parsed.file as unknown as ReplayRecord);
  expect(model.length).toBe(record.actions.length);
  // Nothing else below -1: a seat number is still checked.
  const bad = { ...file, actions: [{ ...record.actions[0]!, seat: -2 }] };
  expect(parseMatchFile(bad)).toMatchObject({
    ok: false,
    message: expect.stringMatching(/actions\.0\.seat/),
  });
});

test('James Bland: saved in progress after a planning timeout, it loads and is the same match', () => {
  const { def, record, state } = jamesBlandWithTimeout(12);
  expect(def.outcome(state)).toBeNull();
  const file = JSON.parse(JSON.stringify(savedMatchOf(place, record, key))) as unknown;
  const loaded = checkSavedGame(def, file, key);
  if (!loaded.ok) throw new Error(loaded.message);
  expect(loaded.record.seed).toBe(record.seed);
  expect(loaded.record.actions).toEqual(record.actions);
});

test('the seal: only the saving key opens it, and any changed byte or field is refused', () => {
  const { def, record } = jamesBlandWithTimeout(6);
  const file = savedMatchOf(place, record, key);
  expect(JSON.stringify(file)).not.toContain(String(record.seed));
  // Two saves of one position share no ciphertext (a fresh nonce each time).
  expect(savedMatchOf(place, record, key).sealed.data).not.toBe(file.sealed.data);
  const otherServer = { key: crypto.randomBytes(32), id: 'fedcba9876543210' };
  expect(checkSavedGame(def, file, otherServer)).toMatchObject({ ok: false, code: 'FOREIGN_SAVE' });
  expect(checkSavedGame(def, file, { ...otherServer, id: key.id })).toMatchObject({
    ok: false,
    code: 'BAD_SAVE',
    message: expect.stringMatching(/changed after it was saved/),
  });
  const data = Buffer.from(file.sealed.data, 'base64url');
  for (const at of [0, 12, 28, data.length - 1]) {
    const flipped = Buffer.from(data);
    flipped[at]! ^= 1;
    const edited = { ...file, sealed: { ...file.sealed, data: flipped.toString('base64url') } };
    expect(checkSavedGame(def, edited, key)).toMatchObject({ ok: false, code: 'BAD_SAVE' });
  }
  for (const edited of [
    { ...file, startedAt: file.startedAt + 1 },
    { ...file, options: { ...(file.options as object), planningSeconds: 5 } },
    // Another claim code than the random one saved (a fixed one could be it: the edit a no-op).
    { ...file, seats: file.seats.map((s, i) => (i === 1 ? { ...s, claim: `${s.claim ?? ''}A` } : s)) },
    { ...file, roomId: 'elsewhere' },
  ])
    expect(checkSavedGame(def, edited, key)).toMatchObject({ ok: false, code: 'BAD_SAVE' });
  expect(JoinErrorCode.UNSEALED_SAVE).not.toBe(JoinErrorCode.BAD_SAVE);
});
