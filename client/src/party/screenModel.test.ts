/** The table screen's words: whose turn, the countdown, the fading events, the next table. */
import { describe, expect, it } from '@jest/globals';
import { andList, countdownText, nextTable, recentEvents, turnLine } from './screenModel';

const seats = (names: string[]) => names.map((name) => ({ name })) as never;

describe('turnLine', () => {
  it('names the seat or seats due, or says the status', () => {
    const s = { status: 'playing' as const, seats: seats(['Ada', 'Bo', 'Cy', 'Di']) };
    expect(turnLine({ ...s, toAct: [1] })).toBe('Bo’s turn');
    expect(turnLine({ ...s, toAct: [0, 2] })).toBe('Ada & Cy to play');
    expect(turnLine({ ...s, toAct: [0, 1, 2] })).toBe('Ada, Bo & Cy to play');
    expect(turnLine({ ...s, toAct: [0, 1, 2, 3] })).toBe('Everyone plays');
    expect(turnLine({ ...s, toAct: [] })).toBe('');
    expect(turnLine({ ...s, status: 'waiting', toAct: [] })).toBe('Waiting for players');
    expect(turnLine({ ...s, status: 'finished', toAct: [1] })).toBe('Game over');
    expect(turnLine({ status: 'playing', seats: seats(['', 'Bo']), toAct: [0] })).toBe('Seat 1’s turn');
  });

  it('in a phase the seats play at once, says so and who is still to act (never "a turn")', () => {
    const s = { status: 'playing' as const, seats: seats(['Ada', 'Bo', 'Cy', 'Bot 4']) };
    expect(turnLine({ ...s, toAct: [0, 1, 2, 3] }, 'Adaptation')).toBe('Adaptation: everyone is choosing');
    expect(turnLine({ ...s, toAct: [3] }, 'Adaptation')).toBe('Adaptation: waiting for Bot 4');
    expect(turnLine({ ...s, toAct: [1, 3] }, 'Planning')).toBe('Planning: waiting for Bo & Bot 4');
    expect(turnLine({ ...s, toAct: [] }, 'Planning')).toBe('Planning');
    const five = { status: 'playing' as const, seats: seats(['A', 'B', 'C', 'D', 'E']) };
    expect(turnLine({ ...five, toAct: [0, 1, 2, 3] }, 'Vote')).toBe('Vote: waiting for 4 players');
    expect(turnLine({ ...s, status: 'finished', toAct: [] }, 'Planning')).toBe('Game over');
  });
});

describe('andList', () => {
  it('names one, two and more people as a sentence says them (a shared win of three)', () => {
    expect(andList([])).toBe('');
    expect(andList(['Ada'])).toBe('Ada');
    expect(andList(['Ada', 'Bo'])).toBe('Ada & Bo');
    expect(andList(['Ada', 'Bo', 'Cy'])).toBe('Ada, Bo & Cy');
  });
});

describe('countdownText', () => {
  it('shows seconds under a minute, minutes and seconds above, nothing without a deadline', () => {
    expect(countdownText(0, 1000)).toBe('');
    expect(countdownText(10_000, 1_000)).toBe('9');
    expect(countdownText(10_000, 10_500)).toBe('0');
    expect(countdownText(66_000, 1_000)).toBe('1:05');
  });
});

describe('recentEvents', () => {
  const log = [1, 2, 3, 4, 5].map((i) => ({ at: i * 1000, seat: 0, text: `line ${i}` }));
  it('gives the last lines newest first, each dimmer than the one before', () => {
    const shown = recentEvents(log, 5000);
    expect(shown.map((e) => e.text)).toEqual(['line 5', 'line 4', 'line 3']);
    expect(shown[0]!.opacity).toBe(1);
    expect(shown[1]!.opacity).toBeLessThan(shown[0]!.opacity);
    expect(shown[2]!.opacity).toBeLessThan(shown[1]!.opacity);
  });
  it("drops a line's leading time stamp (the header says when)", () => {
    const stamped = [{ at: 1, seat: 0, text: '[nweek 1, Winday] A Mint is produced for Cy for m20' }];
    expect(recentEvents(stamped, 1)[0]!.text).toBe('A Mint is produced for Cy for m20');
    const plain = [{ at: 1, seat: 0, text: 'Ada banks [all] $20' }];
    expect(recentEvents(plain, 1)[0]!.text).toBe('Ada banks [all] $20');
  });
  it('shows the play, not who sits down, leaves or is back', () => {
    const seating = { at: 6000, seat: 1, text: 'Bo is back', kind: 'seating' as const };
    const shown = recentEvents([...log, seating], 6000);
    expect(shown.map((e) => e.text)).toEqual(['line 5', 'line 4', 'line 3']);
  });
  it('fades lines as they age, never below readable', () => {
    const fresh = recentEvents(log, 5000)[0]!.opacity;
    const stale = recentEvents(log, 5000 + 60_000)[0]!.opacity;
    expect(stale).toBeLessThan(fresh);
    expect(Math.min(...recentEvents(log, 10 ** 9).map((e) => e.opacity))).toBeGreaterThanOrEqual(0.3);
  });
});

describe('nextTable', () => {
  const followed = { roomId: 'old', game: 'bankout', people: ['Ada', 'Bo'] };
  const t = (roomId: string, host: string, game = 'bankout', status = 'waiting') => ({
    roomId,
    host,
    game,
    status,
  });
  it('follows a new table of the same game hosted by one of its people', () => {
    expect(nextTable(followed, new Set(['x']), [t('x', 'Ada'), t('new', 'Bo')])?.roomId).toBe('new');
  });
  it('ignores tables listed before, of another game, of strangers, the old one, and finished ones', () => {
    const before = new Set(['seen']);
    const tables = [
      t('seen', 'Ada'),
      t('other', 'Ada', 'kingpin'),
      t('stranger', 'Zed'),
      t('old', 'Ada'),
      t('done', 'Bo', 'bankout', 'finished'),
    ];
    expect(nextTable(followed, before, tables)).toBeNull();
  });
});
