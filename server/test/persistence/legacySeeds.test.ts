/**
 * Records made before match seeds became 256-bit ChaCha20 keys (numeric seeds, xoroshiro128+) still
 * load and replay to exactly the states they had: the fixtures in test/fixtures/legacy-seeds were
 * written by make.ts with the code of that time, with a digest of the state every 10 actions. The
 * table records go through the durable record's parser, the finished ones through the match-file
 * check (history import, replays) and the client's ReplayModel.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ReplayModel, type ReplayRecord } from '@parlor/shared/core/replay';
import { gameById, parseRecordedOptions } from '@parlor/shared';
import { parseMatchFile, verifyMatchFile } from '../../src/storage/matchFile';
import { parseTableFile } from '../../src/storage/tableFile';
import { rebuildState } from '../../src/storage/replay';

const DIR = path.join(__dirname, '../fixtures/legacy-seeds');
const expected = JSON.parse(fs.readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as Record<
  string,
  { actions: number; finished: boolean; digests: string[] }
>;
const digest = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

describe.each(Object.keys(expected))('%s, recorded with a numeric seed', (game) => {
  const want = expected[game]!;
  const def = gameById(game)!;

  test('its table record parses and rebuilds to the recorded states, step by step', () => {
    const parsed = parseTableFile(fs.readFileSync(path.join(DIR, `${game}.jsonl`)));
    if (!parsed.ok) throw new Error(parsed.reason);
    const match = parsed.table.match!;
    expect(typeof match.seed).toBe('number');
    expect(match.actions).toHaveLength(want.actions);
    const options = parseRecordedOptions(def, match.options).data;
    // Step by step from setup, as a restart does (rebuildState), keeping every 10th state's digest.
    let state = rebuildState(def, { ...match, options }, 0);
    const got = [digest(state)];
    match.actions.forEach(({ seat, action }, i) => {
      const r = def.apply(state, seat, action);
      if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.error.code}`);
      state = r.state;
      if ((i + 1) % 10 === 0 || i + 1 === want.actions) got.push(digest(state));
    });
    expect(got).toEqual(want.digests);
    expect(digest(rebuildState(def, { ...match, options }))).toBe(want.digests.at(-1));
    expect(!!def.outcome(state)).toBe(want.finished);
  });

  if (want.finished) {
    test('its exported match file passes the import check and replays in the viewer', () => {
      const raw: unknown = JSON.parse(fs.readFileSync(path.join(DIR, `${game}.match.json`), 'utf8'));
      const parsed = parseMatchFile(raw);
      if (!parsed.ok) throw new Error(parsed.message);
      const verified = verifyMatchFile(parsed.file);
      if (!verified.ok) throw new Error(verified.message);
      expect(digest(verified.state)).toBe(want.digests.at(-1));
      const model = ReplayModel.build(def, parsed.file as unknown as ReplayRecord);
      expect(model.length).toBe(want.actions);
      expect(digest(model.stateAt(want.actions))).toBe(want.digests.at(-1));
    });
  }
});
