/**
 * What an upload is identified by, before any replay (issue 31: renamed copies got past the
 * duplicate check): the match's content as the game reads it, whatever the file's names, times,
 * key order and fields the rules never read.
 */
import { botMatchFile } from '../helpers/botMatch';
import { disguised } from '../helpers/disguisedMatch';
import { identifyUpload } from '../../src/uploads/uploadCheck';

const identify = (file: unknown) =>
  identifyUpload({ kind: 'import', body: new Uint8Array(Buffer.from(JSON.stringify(file))) });

test('a renamed, retimed, reordered copy is the same content; another move or seed is not', () => {
  const match = botMatchFile('bankout', 91);
  const original = identify(match);
  expect(original).toMatchObject({ ok: true, actions: match.actions.length });
  for (let n = 1; n <= 3; n++) expect(identify(disguised(match, n))).toEqual(original);
  const otherSeed = identify({ ...match, seed: 92 });
  const lastMoveOtherSeat = identify({
    ...match,
    actions: match.actions.map((a, i) => (i === match.actions.length - 1 ? { ...a, seat: 1 - a.seat } : a)),
  });
  for (const other of [otherSeed, lastMoveOtherSeat]) {
    expect(other).toMatchObject({ ok: true });
    expect((other as { fingerprint: string }).fingerprint).not.toBe(
      (original as { fingerprint: string }).fingerprint,
    );
  }
});

test("an action no seat may send (the clock's) is its type alone: extra fields make no new content", () => {
  const match = botMatchFile('bankout', 93);
  const withClock = (action: Record<string, unknown>) => ({
    ...match,
    actions: [...match.actions, { seat: -1, action, at: match.finishedAt }],
  });
  const plain = identify(withClock({ type: 'clockOnly' }));
  expect(plain).toMatchObject({ ok: true });
  expect(identify(withClock({ note: 'copy', type: 'clockOnly', n: 3 }))).toEqual(plain);
  expect(identify(withClock({ type: 'otherClock' }))).not.toEqual(plain);
});

test('the claimed outcome is part of the verdict, not of the match', () => {
  const match = botMatchFile('bankout', 94);
  const liar = identify({
    ...match,
    outcome: { ...match.outcome, winners: [1 - match.outcome.winners[0]!] },
  });
  const honest = identify(match);
  expect(liar).toMatchObject({ ok: true, fingerprint: (honest as { fingerprint: string }).fingerprint });
  expect((liar as { key: string }).key).not.toBe((honest as { key: string }).key);
});
