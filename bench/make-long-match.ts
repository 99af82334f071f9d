/**
 * Writes the longest legal Tactical Risk match file an upload may be (server/test/http/uploads.test.ts
 * sends it): five of the game's own AI bots play a seeded match to its round limit (the longest
 * limit whose match fits), then, as an attacker would, the file is padded to the upload limits
 * (actions and bytes) with legal move + undo pairs at a point where an undo gives back exactly the
 * state before (each move deep-copies the state: the costliest replay a file can ask for).
 * Exported as a finished match file, gzipped. Slow (minutes: the bots think), so the file is
 * committed and this is only run again when Tactical Risk's rules change in a way old records no
 * longer replay. FROM=<an earlier output> skips the bots' match and pads that one's.
 *
 *   npx tsx bench/make-long-match.ts [out=server/test/fixtures/tactical-risk-long.json.gz]
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { gameById } from '../shared/src/index';
import { Random, seedRng } from '../shared/src/core/rng';
import { tacticalRiskBot } from '../shared/src/games/tactical-risk/bot';
import type { TacticalRiskAction, TacticalRiskState } from '../shared/src/games/tactical-risk/types';
import { MATCH_FILE_LIMIT_BYTES } from '../server/src/storage/matchFile';
import { UPLOAD_ACTIONS_LIMIT } from '../server/src/uploads/uploadCheck';

const out = process.argv[2] ?? 'server/test/fixtures/tactical-risk-long.json.gz';
const def = gameById('tactical-risk')!;
const seed = 20_261_127;
const seats = [0, 1, 2, 3, 4].map((i) => ({ name: `Bot ${i + 1}`, bot: true }));
/** Room left in the file for the fields around the actions. */
const BYTES_BUDGET = MATCH_FILE_LIMIT_BYTES - 4096;
const startedAt = Date.UTC(2026, 10, 27, 12);
type Recorded = { seat: number; action: TacticalRiskAction; at: number };

/** The match to its end at `roundLimit`, or null once it passes the limits (it is then too long). */
function play(
  roundLimit: number,
): { actions: Recorded[]; state: TacticalRiskState; bytes: number; round: number } | null {
  const options = def.optionsSchema.parse({ roundLimit });
  let state = def.setup(options, seats, seed) as TacticalRiskState;
  const random = new Random(seedRng(seed ^ 0x5eed));
  const actions: Recorded[] = [];
  let bytes = 0;
  while (!def.outcome(state)) {
    const seat = def.toAct(state)[0]!;
    const legal = def.legalActions(state, seat) as TacticalRiskAction[];
    const action = tacticalRiskBot.decide(def.view(state, seat) as never, legal, () => random.float());
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(`the bot's action was refused: ${r.error.code}`);
    state = r.state as TacticalRiskState;
    const recorded = { seat, action, at: startedAt + actions.length * 1000 };
    actions.push(recorded);
    bytes += JSON.stringify(recorded).length + 1;
    if (actions.length % 2000 === 0)
      console.log(`  limit ${roundLimit}: ${actions.length} actions, ${bytes} bytes, round ${state.round}`);
    if (actions.length > UPLOAD_ACTIONS_LIMIT || bytes > BYTES_BUDGET) {
      console.log(`  limit ${roundLimit}: too long at round ${state.round}`);
      return null;
    }
  }
  return { actions, state, bytes, round: state.round };
}

/** The bots' match: played now, or taken from an earlier output (FROM). */
function natural(): { actions: Recorded[]; roundLimit: number } {
  if (process.env.FROM) {
    const earlier = JSON.parse(zlib.gunzipSync(fs.readFileSync(process.env.FROM)).toString('utf8'));
    // An earlier output's padding goes (the bots never undo): every move directly undone.
    const all = earlier.actions as Recorded[];
    const actions = all.filter(
      (a, i) =>
        !(a.action.type === 'move' && all[i + 1]?.action.type === 'undo') &&
        !(a.action.type === 'undo' && all[i - 1]?.action.type === 'move'),
    );
    return { actions, roundLimit: earlier.options.roundLimit };
  }
  // The longest round limit whose match fits: start high, and step down to where the last try ran out.
  let limit = Number(process.env.ROUND_LIMIT ?? 200);
  let played = play(limit);
  while (!played && limit > 1) {
    limit = Math.max(1, Math.floor(limit * 0.85));
    played = play(limit);
  }
  if (!played) throw new Error('no round limit fits');
  return { actions: played.actions, roundLimit: limit };
}

/**
 * Pads with move + undo pairs where the state has no earlier undo to keep (so the undo gives it
 * back exactly), as many as the limits allow. The clock times are spread again afterwards.
 */
function pad(actions: Recorded[], options: unknown): Recorded[] {
  let state = def.setup(options, seats, seed) as TacticalRiskState;
  const bytesOf = (list: Recorded[]) => list.reduce((n, a) => n + JSON.stringify(a).length + 1, 0);
  for (let i = 0; i < actions.length; i++) {
    const seat = actions[i]!.seat;
    if (state.prev === null && !state.battle && def.toAct(state).includes(seat)) {
      const move = (def.legalActions(state, seat) as TacticalRiskAction[]).find((a) => a.type === 'move');
      const moved = move && def.apply(state, seat, move);
      const back = moved?.ok && def.apply(moved.state, seat, { type: 'undo' });
      if (move && back && back.ok && JSON.stringify(back.state) === JSON.stringify(state)) {
        // Clock times as long as the real ones (13 digits), for the byte count.
        const pair: Recorded[] = [
          { seat, action: move, at: startedAt },
          { seat, action: { type: 'undo' }, at: startedAt },
        ];
        const room = Math.min(
          Math.floor((UPLOAD_ACTIONS_LIMIT - actions.length) / 2),
          Math.floor((BYTES_BUDGET - bytesOf(actions)) / bytesOf(pair)),
        );
        console.log(`  padding with ${room} move + undo pairs before action ${i}`);
        const padded = [...actions.slice(0, i)];
        for (let k = 0; k < room; k++) padded.push(...pair.map((p) => ({ ...p })));
        padded.push(...actions.slice(i));
        return padded.map((a, n) => ({ ...a, at: startedAt + n * 1000 }));
      }
    }
    const r = def.apply(state, seat, actions[i]!.action);
    if (!r.ok) throw new Error(`action ${i} does not replay: ${r.error.code}`);
    state = r.state as TacticalRiskState;
  }
  throw new Error('no point to pad at');
}

const { actions: played, roundLimit } = natural();
const options = def.optionsSchema.parse({ roundLimit });
const actions = pad(played, options);
let state = def.setup(options, seats, seed) as TacticalRiskState;
for (const a of actions) {
  const r = def.apply(state, a.seat, a.action);
  if (!r.ok) throw new Error(`the padded match does not replay: ${r.error.code}`);
  state = r.state as TacticalRiskState;
}
const outcome = def.outcome(state)!;
if (!outcome) throw new Error('the padded match does not end');
const file = {
  format: 'parlor-match',
  v: 1,
  id: 'long-tactical-risk',
  roomId: 'long-tactical-risk',
  game: def.id,
  tableName: 'The long war',
  options,
  seed,
  seats,
  actions,
  outcome,
  startedAt,
  finishedAt: startedAt + actions.length * 1000,
};
const json = JSON.stringify(file);
fs.writeFileSync(out, zlib.gzipSync(json));
console.log(`${out}: ${actions.length} actions, ${json.length} bytes, ${outcome.summary}`);
