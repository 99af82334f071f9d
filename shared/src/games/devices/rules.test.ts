/** The Devices game: setup, the calendar and the Clock, the stipend, auctions, scoring and the end. */
import { SPECTATOR } from '../../core/contract';
import { BALLOTDAY, CLOCK_OFF_MS, NDAY_NAMES, START_MONEY, STIPEND, THIRNIGHT } from './calendar';
import { devices } from './index';
import { legalActions } from './legal';
import { optionsSchema } from './options';
import { STARTER_BLUEPRINTS } from './starter';
import { act, clockOn, deviceId, newGame, passAll, refused, toNday } from './testkit';
import { timeout } from './timeouts';

describe('setup', () => {
  test('2 to 8 players start with m50 (+ the Breakday stipend), 0 Points, the starter Blueprints, Clock Off', () => {
    expect(devices.seats).toEqual({ min: 2, max: 8 });
    for (const n of [2, 8]) {
      const s = newGame(n);
      expect(s.engine.wallets).toEqual(
        Array.from({ length: n }, () => ({ money: START_MONEY + STIPEND, score: 0 })),
      );
      expect(s.engine.blueprints.map((b) => b.name)).toEqual(STARTER_BLUEPRINTS.map((b) => b.name));
      expect(s).toMatchObject({ nweek: 1, nday: 1, clockOn: false, phase: 'running' });
      expect(devices.phase(s)).toBe('clockOff');
    }
  });

  test('the starter auction (Golden Statue, count 1) is open from the first Breakday', () => {
    const s = newGame();
    expect(s.engine.blueprints.find((b) => b.name === 'Golden Statue')).toMatchObject({
      biddable: true,
      biddingOpen: true,
      price: 25,
    });
  });

  test('options: 45-second ndays by default, bounded', () => {
    expect(optionsSchema.parse({})).toEqual({
      ndaySeconds: 45,
      nweeks: 4,
      targetPoints: 30,
      botPace: 'normal',
      edition: 2,
    });
    expect(optionsSchema.safeParse({ ndaySeconds: 5 }).success).toBe(false);
  });
});

describe('the nday calendar and the Clock', () => {
  test('twelve named ndays: Breakday 1, Ballotday 9, Thirnight 12', () => {
    expect(NDAY_NAMES).toHaveLength(12);
    expect([NDAY_NAMES[0], NDAY_NAMES[BALLOTDAY - 1], NDAY_NAMES[THIRNIGHT - 1]]).toEqual([
      'Breakday',
      'Ballotday',
      'Thirnight',
    ]);
  });

  test('the Clock starts Off: Powers are refused, the market is open, nobody is waited for', () => {
    let s = act(newGame(), 1, { type: 'purchase', blueprint: 'Mint' }).state;
    const e = refused(s, 1, { type: 'activate', device: deviceId(s, 1, 'Mint'), power: 'Coin' });
    expect(e.code).toBe('CLOCK_OFF');
    expect(refused(s, 1, { type: 'pass' }).code).toBe('CLOCK_OFF');
    expect(devices.toAct(s)).toEqual([]);
    s = clockOn(s);
    expect(devices.toAct(s)).toEqual([0, 1, 2]);
    act(s, 1, { type: 'activate', device: deviceId(s, 1, 'Mint'), power: 'Coin' });
  });

  test('the timer: none while the first Clock waits for the host, then an nday of the table length, the Clock-Off window from nweek 2, each window its own key', () => {
    const s = newGame(3, { ndaySeconds: 30 });
    expect(timeout(s)).toBeNull();
    const week2 = structuredClone(s);
    week2.nweek = 2;
    const off = timeout(week2)!;
    expect(off).toMatchObject({
      seat: 0,
      durationMs: CLOCK_OFF_MS,
      action: { type: 'tick', window: s.window },
    });
    const on = clockOn(s);
    const day = timeout(on)!;
    expect(day.durationMs).toBe(30_000);
    expect(day.key).not.toBe(off.key);
    const next = act(on, 0, day.action).state;
    expect(next.nday).toBe(2);
    expect(timeout(next)!.key).not.toBe(day.key);
  });

  test("starting the Clock is listed for every seat only while it is Off (the room lets only the host send it); no seat is ever offered the timer's tick", () => {
    const s = newGame();
    for (const seat of [0, 1, 2]) {
      expect(legalActions(s, seat)).toContainEqual({ type: 'startClock' });
      expect(legalActions(s, seat).some((a) => a.type === 'tick')).toBe(false);
    }
    const on = clockOn(s);
    expect(on.clockOn).toBe(true);
    expect(on.nday).toBe(s.nday);
    for (const seat of [0, 1, 2])
      expect(legalActions(on, seat).some((a) => a.type === 'tick' || a.type === 'startClock')).toBe(false);
    // Starting a Clock that is On is refused: it never moves time on.
    expect(refused(on, 0, { type: 'startClock' }).code).toBe('CLOCK_ON');
    expect(refused(s, 0, { type: 'tick', window: s.window - 1 }).code).toBe('STALE_TICK');
  });

  test('the nday ends early once every player has passed; nobody passes twice', () => {
    let s = clockOn(newGame());
    s = act(s, 0, { type: 'pass' }).state;
    expect(refused(s, 0, { type: 'pass' }).code).toBe('ALREADY_PASSED');
    expect(devices.toAct(s)).toEqual([1, 2]);
    s = passAll(s).state;
    expect(s.nday).toBe(2);
    expect(s.passed).toEqual([false, false, false]);
  });

  test('every Game Action is logged publicly with its nweek and nday', () => {
    const s = toNday(newGame(), 4);
    const { events } = act(s, 2, { type: 'purchase', blueprint: 'Wrench' });
    expect(events[0]!.text).toBe('[nweek 1, Tango] A Wrench is produced for Cy for m10');
    expect(events[0]!.data).toMatchObject({ nweek: 1, nday: 4 });
    expect(events[0]!.to).toBeUndefined();
  });

  test('refused actions come back with a code and the rule, and nothing changes', () => {
    const s = newGame();
    const e = refused(s, 0, { type: 'purchase', blueprint: 'Golden Statue' });
    expect(e).toMatchObject({ code: 'BIDDABLE' });
    expect(e.message).toContain('(RFC: Purchase)');
    expect(refused(s, 5, { type: 'pass' }).code).toBe('NOT_A_SEAT');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect(refused(s, 0, { type: 'fly' } as any).code).toBe('BAD_ACTION');
  });
});

describe('Breakday, Ballotday, Thirnight', () => {
  test('bidding closes at the start of Ballotday; the winner gets the Statue at the end of Thirnight', () => {
    let s = clockOn(newGame());
    s = act(s, 1, { type: 'bid', blueprint: 'Golden Statue', amount: 30 }).state;
    s = act(s, 2, { type: 'bid', blueprint: 'Golden Statue', amount: 40 }).state;
    s = toNday(s, BALLOTDAY);
    expect(refused(s, 1, { type: 'bid', blueprint: 'Golden Statue', amount: 50 }).code).toBe(
      'BIDDING_CLOSED',
    );
    s = toNday(s, THIRNIGHT);
    expect(s.engine.devices).toEqual([]);
    const { state, events } = passAll(s);
    expect(state.engine.devices).toMatchObject([{ name: 'Golden Statue', owner: 2 }]);
    expect(events.map((e) => e.type)).toContain('produced');
    expect(state.engine.wallets[2]!.money).toBe(START_MONEY + STIPEND - 40 + STIPEND);
  });

  test('end of Thirnight: 1 Point per Device owned, then a new nweek: untap, stipend, Clock Off', () => {
    let s = clockOn(newGame());
    s = act(s, 0, { type: 'purchase', blueprint: 'Mint' }).state;
    s = act(s, 0, { type: 'purchase', blueprint: 'Wrench' }).state;
    s = act(s, 0, { type: 'activate', device: deviceId(s, 0, 'Mint'), power: 'Coin' }).state;
    s = toNday(s, THIRNIGHT);
    const money = s.engine.wallets[0]!.money;
    const { state } = passAll(s);
    expect(state.engine.wallets[0]).toEqual({ money: money + STIPEND, score: 2 });
    expect(state).toMatchObject({ nweek: 2, nday: 1, clockOn: false });
    expect(state.engine.devices.every((d) => !d.tapped)).toBe(true);
  });

  test('the game ends after the last nweek: most Points wins, money breaks ties', () => {
    let s = clockOn(newGame(3, { nweeks: 1 }));
    s = act(s, 1, { type: 'purchase', blueprint: 'Wrench' }).state;
    s = act(s, 2, { type: 'purchase', blueprint: 'Lucky Charm' }).state;
    const end = passAll(toNday(s, THIRNIGHT)).state;
    expect(end.phase).toBe('finished');
    // Bo and Cy have a Point each; Cy kept more mackerel (m5 spent against m10).
    expect(devices.outcome(end)).toMatchObject({ winners: [2], scores: [0, 1, 1] });
    expect(devices.timeout(end)).toBeNull();
    expect(devices.legalActions(end, 0)).toEqual([]);
    expect(refused(end, 0, { type: 'pass' }).code).toBe('GAME_OVER');
  });

  test('the game ends at the end of a Thirnight when someone has the target Points', () => {
    let s = clockOn(newGame(2, { targetPoints: 5, nweeks: 12 }));
    s.engine.wallets[1]!.score = 4;
    s = act(s, 1, { type: 'purchase', blueprint: 'Mint' }).state;
    const end = passAll(toNday(s, THIRNIGHT)).state;
    expect(end.phase).toBe('finished');
    expect(devices.outcome(end)!.winners).toEqual([1]);
    expect(devices.outcome(end)!.summary).toContain('5 Points reached');
  });

  test('a tie on Points and mackerel is a shared win', () => {
    const end = passAll(toNday(newGame(2, { nweeks: 1 }), THIRNIGHT)).state;
    expect(devices.outcome(end)!.winners).toEqual([0, 1]);
  });
});

describe('Points and mackerel', () => {
  test('one Point converts to m5, one way; never more Points than one has', () => {
    let s = newGame();
    s.engine.wallets[0]!.score = 2;
    s = act(s, 0, { type: 'convert', points: 2 }).state;
    expect(s.engine.wallets[0]).toEqual({ money: START_MONEY + STIPEND + 10, score: 0 });
    expect(refused(s, 0, { type: 'convert', points: 1 }).code).toBe('NOT_ENOUGH_POINTS');
  });
});

describe('views', () => {
  test('everything public is the same for every viewer; the viewer learns its own seat', () => {
    const s = clockOn(newGame());
    expect(devices.view(s, 1).public).toEqual(devices.view(s, SPECTATOR).public);
    expect(devices.view(s, SPECTATOR).private).toBeNull();
    expect(devices.view(s, 2).private).toEqual({
      seat: 2,
      draft: null,
      submitted: false,
      powers: [],
      actedThisNday: 0,
    });
    const text = JSON.stringify(devices.view(s, SPECTATOR));
    expect(text).not.toContain('rng');
    expect(text).not.toContain('weekStart');
  });

  test('each own Power says whether it can be activated now, and if not, why', () => {
    let s = act(newGame(3), 1, { type: 'purchase', blueprint: 'Mint' }).state;
    s = act(s, 1, { type: 'purchase', blueprint: 'Bomb' }).state;
    const status = (st: typeof s) =>
      Object.fromEntries(devices.view(st, 1).private!.powers.map((p) => [p.power, p.blocked?.code ?? null]));
    expect(status(s)).toEqual({ Coin: 'CLOCK_OFF', Blast: 'CLOCK_OFF' });
    s = clockOn(s);
    // Blast requires a Wrench the owner lacks.
    expect(status(s)).toEqual({ Coin: null, Blast: 'COST_UNPAYABLE' });
    s = act(s, 1, { type: 'activate', device: deviceId(s, 1, 'Mint'), power: 'Coin' }).state;
    expect(status(s)).toMatchObject({ Coin: 'TAPPED' });
    expect(devices.view(s, 0).private!.powers).toEqual([]);
  });

  test('Powers are shown in their text form', () => {
    const v = devices.view(newGame(), SPECTATOR).public;
    expect(v.blueprints.find((b) => b.name === 'Mint')!.powers).toEqual([
      { name: 'Coin', text: 'Coin (Tap): Gain m6' },
    ]);
  });
});
