/**
 * Property: for any seed and any playout of legal Bankout actions (a person's, a timeout's), the
 * record written to disk rebuilds exactly the live state, also when the file is cut at any byte
 * (a crash mid-write): then it rebuilds the live state after the last whole action line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AnyGameDefinition, type GameAction } from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import fc from 'fast-check';
import { FileMatchStore } from '../../src/storage/FileMatchStore';
import { rebuildState } from '../../src/storage/replay';

const def = bankout as unknown as AnyGameDefinition;
let dir: string;
let store: FileMatchStore;
let n = 0;
/** Actions played over all runs: the property must have had real matches to chew on. */
let played = 0;
let cutRuns = 0;
const SEATS = [
  { name: 'Ada', bot: false },
  { name: 'Bo', bot: true },
];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-replay-'));
  store = new FileMatchStore(dir, { warn: () => undefined });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Playout {
  seed: number;
  options: unknown;
  actions: { seat: number; action: GameAction; at: number }[];
  /** The live state after 0, 1, 2, ... actions. */
  states: unknown[];
}

function play(seed: number, mode: 'bankout' | 'blitz', picks: number[], timeouts: boolean[]): Playout {
  const options = def.optionsSchema.parse({ mode, turnSeconds: 30 });
  let state = def.setup(options, SEATS, seed);
  const playout: Playout = { seed, options, actions: [], states: [state] };
  for (let i = 0; i < picks.length && !def.outcome(state); i++) {
    const rule = timeouts[i] ? def.timeout(state) : null;
    let seat: number;
    let action: GameAction;
    if (rule) {
      ({ seat, action } = rule);
    } else {
      seat = def.toAct(state)[0]!;
      const legal = def.legalActions(state, seat);
      action = legal[picks[i]! % legal.length]!;
    }
    const result = def.apply(state, seat, action);
    if (!result.ok) throw new Error(`a legal action was refused: ${result.error.code}`);
    state = result.state;
    playout.actions.push({ seat, action, at: 1_000_000 + i });
    played++;
    playout.states.push(state);
  }
  return playout;
}

/** Writes the playout as a table record, the way GameRoom does; returns the file. */
function record(p: Playout): string {
  const roomId = `prop${++n}`;
  const log = store.create({
    t: 'table',
    v: 1,
    roomId,
    roomName: 'bankout',
    game: 'bankout',
    tableName: 'Property',
    private: false,
    seats: 2,
    vsBots: false,
    createdAt: 1,
  });
  log.append({ t: 'start', at: 2, seed: p.seed, seats: SEATS, options: p.options });
  for (const a of p.actions) {
    log.append({ t: 'action', ...a });
    if (a.at % 7 === 0) log.append({ t: 'log', at: a.at, seat: -1, text: 'a line between actions' });
  }
  log.close();
  return path.join(dir, 'matches', `${roomId}.jsonl`);
}

function rebuilt(roomId: string, p: Playout): { state: unknown; actions: number } {
  const match = store.read(roomId)!.match!;
  expect(match.seed).toBe(p.seed);
  return { state: rebuildState(def, match), actions: match.actions.length };
}

const playoutArb = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  mode: fc.constantFrom('bankout' as const, 'blitz' as const),
  picks: fc.array(fc.nat(), { minLength: 0, maxLength: 400, size: 'max' }),
  timeouts: fc.array(fc.boolean(), { minLength: 400, maxLength: 400 }),
  // Not fc.double: it favours 0 and 1, i.e. the cuts that test least.
  cut: fc.integer({ min: 0, max: 1_000_000 }).map((x) => x / 1_000_000),
});

test('the whole record rebuilds the live state', () => {
  fc.assert(
    fc.property(playoutArb, ({ seed, mode, picks, timeouts }) => {
      const p = play(seed, mode, picks, timeouts.slice(0, picks.length));
      const file = record(p);
      const roomId = path.basename(file, '.jsonl');
      const { state, actions } = rebuilt(roomId, p);
      expect(actions).toBe(p.actions.length);
      expect(state).toEqual(p.states.at(-1));
      fs.rmSync(file);
    }),
    { numRuns: 60 },
  );
  expect(played).toBeGreaterThan(60 * 50);
});

test('a record cut at any byte rebuilds the live state after its last whole action', () => {
  fc.assert(
    fc.property(playoutArb, ({ seed, mode, picks, timeouts, cut }) => {
      const p = play(seed, mode, picks, timeouts.slice(0, picks.length));
      const file = record(p);
      const roomId = path.basename(file, '.jsonl');
      const bytes = fs.readFileSync(file);
      const headerEnd = bytes.indexOf(0x0a) + 1;
      const at = headerEnd + Math.floor(cut * (bytes.length - headerEnd));
      fs.truncateSync(file, at);
      const kept = bytes.subarray(0, at).toString('utf8');
      const wholeActions = kept
        .split('\n')
        .slice(0, -1)
        .filter((l) => l.includes('"t":"action"')).length;

      const table = store.read(roomId)!;
      expect(table).not.toBeNull();
      if (!table.match) {
        // Cut inside the start line: nothing had begun.
        expect(wholeActions).toBe(0);
      } else {
        const { state, actions } = rebuilt(roomId, p);
        expect(actions).toBe(wholeActions);
        cutRuns++;
        expect(state).toEqual(p.states[wholeActions]);
      }
      // And appending after the cut keeps the file readable.
      const log = store.reopen(roomId);
      log.append({ t: 'log', at: 9, seat: -1, text: 'after the restart' });
      log.close();
      expect(store.read(roomId)!.log.at(-1)!.text).toBe('after the restart');
      fs.rmSync(file);
    }),
    { numRuns: 60 },
  );
  expect(cutRuns).toBeGreaterThan(30);
});
