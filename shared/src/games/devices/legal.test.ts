/** The legal-action list: what it samples, and that it offers exactly what `apply` accepts there. */
import { legalActions } from './legal';
import { apply } from './rules';
import { act, clockOn, deviceId, newGame } from './testkit';

describe('legal actions', () => {
  test('a Power with a target Device is offered against every Device on the table', () => {
    let s = clockOn(newGame(3));
    for (const [seat, name] of [
      [0, 'Wrench'],
      [1, 'Mint'],
      [2, 'Mint'],
      [2, 'Lucky Charm'],
    ] as const)
      s = act(s, seat, { type: 'purchase', blueprint: name }).state;
    const jams = legalActions(s, 0).filter((a) => a.type === 'activate');
    expect(jams.map((a) => a.type === 'activate' && a.target).sort()).toEqual(
      s.engine.devices.map((d) => d.id).sort(),
    );
    for (const a of jams) expect(apply(s, 0, a).ok).toBe(true);
  });

  test('a target Player is offered only when the Power can be done against them', () => {
    let s = clockOn(newGame(3));
    s = act(s, 0, { type: 'purchase', blueprint: 'Pickpocket' }).state;
    s.engine.wallets[1]!.money = 3;
    const lifts = legalActions(s, 0).filter((a) => a.type === 'activate');
    expect(lifts).toEqual([
      { type: 'activate', device: deviceId(s, 0, 'Pickpocket'), power: 'Lift', player: 2 },
    ]);
  });

  test('samples the open-ended actions: bids of Price + 1 and + 5, one Point converted, a template draft', () => {
    const s = newGame(2);
    s.engine.wallets[1]!.score = 3;
    const legal = legalActions(s, 1);
    expect(legal.filter((a) => a.type === 'bid')).toEqual([
      { type: 'bid', blueprint: 'Golden Statue', amount: 26 },
      { type: 'bid', blueprint: 'Golden Statue', amount: 30 },
    ]);
    expect(legal).toContainEqual({ type: 'convert', points: 1 });
    expect(legal.some((a) => a.type === 'draft')).toBe(true);
    // Starting the Clock is listed for every seat (the room lets only the host send it).
    expect(legal).toContainEqual({ type: 'startClock' });
  });

  test('nothing is offered to a seat that is not at the table', () => {
    expect(legalActions(newGame(2), 2)).toEqual([]);
    expect(legalActions(newGame(2), -1)).toEqual([]);
  });
});
