/** The table's state built in one place, and its public log ring (no server: pure). */
import { Encoder } from '@colyseus/schema';
import { Limits, decodeStateLogLine } from '@parlor/shared';
import { gameAdapter } from '../../src/games';

const bankoutAdapter = gameAdapter('bankout');
import { PublicLog, buildTableState, withStateBuffer } from '../../src/rooms/tableState';

const setup = { tableName: 'Ada’s table', isPrivate: true, options: { rounds: 3 }, seats: 3, code: 'ABCD' };

test('a table state carries its setup: game, name, privacy, options, code, one seat each', () => {
  const state = buildTableState(bankoutAdapter, setup);
  expect(state.game).toBe(bankoutAdapter.definition.id);
  expect(state.tableName).toBe('Ada’s table');
  expect(state.isPrivate).toBe(true);
  expect(JSON.parse(state.options)).toEqual({ rounds: 3 });
  expect(state.code).toBe('ABCD');
  expect(state.seats.length).toBe(3);
  expect(state.seats.every((s) => s.private !== undefined)).toBe(true);
});

test('the public log keeps the newest lines in its ring, and gives them back oldest first', () => {
  const state = buildTableState(bankoutAdapter, setup);
  const log = new PublicLog(state);
  const total = Limits.logEntries + 7;
  for (let i = 0; i < total; i++) log.put({ at: 1000 + i, seat: i % 3, text: `line ${i}` });
  expect(state.log.length).toBe(Limits.logEntries);
  const lines = log.lines();
  expect(lines.length).toBe(Limits.logEntries);
  expect(lines[0]).toEqual({ at: 1007, seat: 7 % 3, text: 'line 7' });
  expect(lines.at(-1)).toEqual({ at: 1000 + total - 1, seat: (total - 1) % 3, text: `line ${total - 1}` });
  // Slots are overwritten in place: the newest line sits where the oldest was.
  expect(decodeStateLogLine(state.log[6]!)?.text).toBe(`line ${total - 1}`);
});

test("a game's state buffer size is that of the encoder made for its room, and the default comes back", () => {
  const platform = Encoder.BUFFER_SIZE;
  const tr = gameAdapter('tactical-risk');
  expect(tr.stateBufferKb! * 1024).toBeGreaterThan(platform);
  let inside = 0;
  withStateBuffer(tr.stateBufferKb, () => {
    inside = new Encoder(buildTableState(tr, { ...setup, options: {} })).sharedBuffer.length;
  });
  expect(inside).toBe(tr.stateBufferKb! * 1024);
  expect(Encoder.BUFFER_SIZE).toBe(platform);
  // A game without the habit (or a smaller one) keeps the platform's size.
  withStateBuffer(bankoutAdapter.stateBufferKb, () => {
    inside = new Encoder(buildTableState(bankoutAdapter, setup)).sharedBuffer.length;
  });
  expect(inside).toBe(platform);
});
