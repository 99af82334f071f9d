/** Edition 1 (matches recorded before priced trades): its states and rules stay as they were. */
import { withRecordedEdition } from '../../core/editions';
import { devices } from './index';
import { legalActions } from './legal';
import { optionsSchema } from './options';
import { act, clockOn, deviceId, newGame, refused } from './testkit';

const legacyGame = (seats = 3) =>
  newGame(seats, optionsSchema.parse(withRecordedEdition({ ndaySeconds: 45, nweeks: 4, targetPoints: 30 })));

describe('edition 1', () => {
  test('options recorded without an edition are edition 1; new tables get edition 2', () => {
    expect(optionsSchema.parse(withRecordedEdition({})).edition).toBe(1);
    expect(newGame().options.edition).toBe(2);
  });

  test('its state keeps the old shape: no edition or bot pace in its options, no new fields', () => {
    const s = legacyGame();
    expect(s.options).toEqual({ ndaySeconds: 45, nweeks: 4, targetPoints: 30 });
    expect(s).not.toHaveProperty('acted');
    expect(s).not.toHaveProperty('offerPrices');
    expect(s.weekStart).not.toHaveProperty('offerPrices');
    const bought = act(clockOn(s), 1, { type: 'purchase', blueprint: 'Mint' }).state;
    expect(bought).not.toHaveProperty('acted');
  });

  test('seat 0 moves time in its records (and is waited for while the Clock is Off); another seat may not', () => {
    const s = legacyGame();
    expect(devices.toAct(s)).toEqual([0]);
    expect(refused(s, 1, { type: 'tick', window: s.window }).code).toBe('HOST_ONLY');
    expect(refused(s, 1, { type: 'startClock' }).code).toBe('HOST_ONLY');
    expect(legalActions(s, 0)).toContainEqual({ type: 'startClock' });
    const on = clockOn(s);
    // A recorded tick of seat 0 still replays (the room lets no client send one any more: clockOnly)...
    expect(act(on, 0, { type: 'tick', window: on.window }).state.nday).toBe(2);
    // ...but no seat is offered it, not even seat 0.
    expect(legalActions(on, 0).some((a) => a.type === 'tick')).toBe(false);
    expect(devices.table!.clockOnly!({ type: 'tick', window: on.window })).toBe(true);
  });

  test('an offer is a gift whatever price it names', () => {
    let s = act(legacyGame(), 0, { type: 'purchase', blueprint: 'Mint' }).state;
    const mint = deviceId(s, 0, 'Mint');
    s = act(s, 0, { type: 'offer', device: mint, to: 1, money: 12 }).state;
    expect(s).not.toHaveProperty('offerPrices');
    const before = s.engine.wallets.map((w) => w.money);
    const done = act(s, 1, { type: 'accept', offer: s.engine.offers[0]!.id });
    expect(done.events[0]!.text).toMatch(/accepts Mint #\d+ from Ada$/);
    expect(done.state.engine.wallets.map((w) => w.money)).toEqual(before);
    expect(done.state.engine.devices.find((d) => d.id === mint)!.owner).toBe(1);
  });

  test('emergency time up counts only the votes cast: one vote to end ends the game', () => {
    let s = clockOn(legacyGame(4));
    for (const seat of [0, 1]) s = act(s, seat, { type: 'panic', on: true }).state;
    s = act(s, 0, { type: 'emergencyVote', choice: 'end' }).state;
    expect(act(s, 0, devices.timeout(s)!.action).state.phase).toBe('finished');
  });

  test('a draft drops Attributes and Properties, as its schema did', () => {
    const spec = {
      name: 'Widget',
      uniqueness: 'Player' as const,
      count: 'Infinite' as const,
      price: 5,
      powers: ['Work (Tap): Gain m1'],
      attributes: { colour: 'gold' },
      properties: ['Tapped'],
    };
    const s = act(legacyGame(), 0, { type: 'draft', spec }).state;
    expect(s.drafts[0]).toEqual({
      name: 'Widget',
      uniqueness: 'Player',
      count: 'Infinite',
      price: 5,
      powers: spec.powers,
    });
    expect(refused(newGame(), 0, { type: 'draft', spec }).code).toBe('RESERVED_PROPERTY');
  });
});
