/** Panic Buttons and the emergency vote: resume, roll back to the start of the nweek, end and score. */
import { EMERGENCY_MS } from './calendar';
import { devices } from './index';
import { act, clockOn, deviceId, newGame, refused, toNday } from './testkit';
import type { DevicesState } from './types';

function panic(s: DevicesState, seats: number[]): DevicesState {
  for (const seat of seats) s = act(s, seat, { type: 'panic', on: true }).state;
  return s;
}

describe('Devices rules: Panic Buttons and the emergency', () => {
  test.each([
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 3],
    [8, 4],
  ])('%i players: %i buttons On start an emergency', (players, needed) => {
    let s = clockOn(newGame(players));
    s = panic(s, [...Array(needed - 1).keys()]);
    expect(s.phase).toBe('running');
    s = panic(s, [needed - 1]);
    expect(s.phase).toBe('emergency');
    expect(devices.view(s, -1).public.panicThreshold).toBe(needed);
  });

  test('an emergency stops time; only Panic Buttons and the vote are accepted', () => {
    const s = panic(clockOn(newGame(3)), [0, 1]);
    expect(s.clockOn).toBe(false);
    const e = refused(s, 2, { type: 'purchase', blueprint: 'Mint' });
    expect(e.code).toBe('EMERGENCY');
    expect(e.message).toContain('Panic Buttons');
    expect(devices.timeout(s)!.durationMs).toBe(EMERGENCY_MS);
    expect(devices.toAct(s)).toEqual([0, 1, 2]);
    expect(refused(clockOn(newGame()), 0, { type: 'emergencyVote', choice: 'end' }).code).toBe(
      'NO_EMERGENCY',
    );
  });

  test('resume: a majority brings back the Clock as it was; every button goes Off', () => {
    let s = panic(toNday(newGame(3), 3), [0, 1]);
    s = act(s, 0, { type: 'emergencyVote', choice: 'resume' }).state;
    expect(s.phase).toBe('emergency');
    s = act(s, 2, { type: 'emergencyVote', choice: 'resume' }).state;
    expect(s).toMatchObject({ phase: 'running', clockOn: true, nday: 3, panic: [false, false, false] });
  });

  test('roll back: the market returns to the start of the nweek, once per nweek', () => {
    let s = clockOn(newGame(3));
    const before = s.engine.wallets.map((w) => ({ ...w }));
    s = act(s, 1, { type: 'purchase', blueprint: 'Mint' }).state;
    s = toNday(s, 5);
    s = panic(s, [0, 2]);
    s = act(s, 0, { type: 'emergencyVote', choice: 'rollback' }).state;
    s = act(s, 2, { type: 'emergencyVote', choice: 'rollback' }).state;
    expect(s).toMatchObject({ phase: 'running', nweek: 1, nday: 1, clockOn: false });
    expect(s.engine.devices).toEqual([]);
    expect(s.engine.wallets).toEqual(before);
    s = panic(clockOn(s), [0, 1]);
    expect(refused(s, 0, { type: 'emergencyVote', choice: 'rollback' }).code).toBe('ROLLBACK_USED');
  });

  test('end and score: Devices score now and the game is over', () => {
    let s = clockOn(newGame(3));
    s = act(s, 2, { type: 'purchase', blueprint: 'Mint' }).state;
    s = panic(s, [0, 1]);
    for (const seat of [0, 1]) s = act(s, seat, { type: 'emergencyVote', choice: 'end' }).state;
    expect(s.phase).toBe('finished');
    expect(devices.outcome(s)).toMatchObject({ winners: [2], scores: [0, 0, 1] });
  });

  test('time up: the most-voted choice wins, silence counting as resume; a tie resumes', () => {
    let s = panic(clockOn(newGame(4)), [0, 1]);
    s = act(s, 0, { type: 'emergencyVote', choice: 'end' }).state;
    const tie = act(s, 1, { type: 'emergencyVote', choice: 'rollback' }).state;
    expect(act(tie, 0, devices.timeout(tie)!.action).state.phase).toBe('running');
    // One early vote to end does not end the game for three players who did not vote.
    const one = act(s, 0, devices.timeout(s)!.action).state;
    expect(one.phase).toBe('running');
    // Three of four for end: more than half, it wins at once.
    let three = s;
    for (const seat of [1, 2]) three = act(three, seat, { type: 'emergencyVote', choice: 'end' }).state;
    expect(three.phase).toBe('finished');
  });

  test('stopping buttons below the threshold ends the emergency: play resumes', () => {
    let s = panic(clockOn(newGame(3)), [0, 1]);
    s = act(s, 1, { type: 'panic', on: false }).state;
    expect(s).toMatchObject({ phase: 'running', clockOn: true });
    expect(refused(s, 1, { type: 'panic', on: false }).code).toBe('PANIC_UNCHANGED');
  });

  test('RFC precedence: the Rules beat Powers, so no Power activates during an emergency', () => {
    let s = clockOn(newGame(3));
    s = act(s, 2, { type: 'purchase', blueprint: 'Mint' }).state;
    s = panic(s, [0, 1]);
    expect(refused(s, 2, { type: 'activate', device: deviceId(s, 2, 'Mint'), power: 'Coin' }).code).toBe(
      'EMERGENCY',
    );
  });

  test('Powers still work after a resume (the Clock is On again)', () => {
    let s = clockOn(newGame(3));
    s = act(s, 2, { type: 'purchase', blueprint: 'Mint' }).state;
    s = panic(s, [0, 1]);
    s = act(s, 0, { type: 'panic', on: false }).state;
    act(s, 2, { type: 'activate', device: deviceId(s, 2, 'Mint'), power: 'Coin' });
  });
});
