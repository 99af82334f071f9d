/** Blueprint proposals: a private draft, one submission per nweek, the Ballotday majority vote. */
import { SPECTATOR } from '../../core/contract';
import { BALLOTDAY } from './calendar';
import { devices } from './index';
import { act, newGame, passAll, refused, toNday } from './testkit';
import type { DevicesState, ProposalSpec } from './types';

const KILN: ProposalSpec = {
  name: 'Kiln',
  uniqueness: 'Player',
  count: 3,
  price: 12,
  powers: ['Fire (Tap, Spend m2): Gain 1 Point'],
};

function drafted(s: DevicesState, seat = 1, spec = KILN): DevicesState {
  return act(s, seat, { type: 'draft', spec }).state;
}

describe('Devices rules: proposals', () => {
  test('a draft is private to its author until submitted, then public', () => {
    const s = drafted(newGame());
    expect(devices.view(s, 1).private!.draft).toEqual(KILN);
    for (const viewer of [0, 2, SPECTATOR])
      expect(JSON.stringify(devices.view(s, viewer))).not.toContain('Kiln');
    const { state, events } = act(s, 1, { type: 'submit' });
    expect(events[0]!.text).toContain('Bo proposes the Kiln Blueprint');
    expect(devices.view(state, SPECTATOR).public.proposals).toMatchObject([{ author: 1, spec: KILN }]);
    expect(devices.view(state, 1).private).toMatchObject({ draft: null, submitted: true });
  });

  test('saving a draft is told to its author only (never logged publicly)', () => {
    const { events } = act(newGame(), 1, { type: 'draft', spec: KILN });
    expect(events.every((e) => e.to === 1)).toBe(true);
  });

  test('bad Power text is refused with its position and the rule', () => {
    const e = refused(newGame(), 1, {
      type: 'draft',
      spec: { ...KILN, powers: ['Fire (Tap): Gain m1', 'Oops (Tap) Gain m1'] },
    });
    expect(e.code).toBe('POWER_SYNTAX');
    expect(e.message).toContain('Power 2, at character 12');
    expect(e.message).toContain('(Device Regulations: the Power format)');
  });

  test('a prohibited Power cannot be proposed', () => {
    const e = refused(newGame(), 1, {
      type: 'draft',
      spec: { ...KILN, powers: ['Stop (Tap): Turn the Clock Off'] },
    });
    expect(e.code).toBe('POWER_PROHIBITED');
  });

  test('names must be new (Blueprints and pending proposals alike)', () => {
    expect(refused(newGame(), 1, { type: 'draft', spec: { ...KILN, name: 'mint' } }).code).toBe('NAME_TAKEN');
    const s = act(drafted(newGame()), 1, { type: 'submit' }).state;
    expect(refused(s, 2, { type: 'draft', spec: KILN }).code).toBe('NAME_TAKEN');
  });

  test('one submission per player per nweek; submitting needs a draft', () => {
    let s = newGame();
    expect(refused(s, 1, { type: 'submit' }).code).toBe('NO_DRAFT');
    s = act(drafted(s), 1, { type: 'submit' }).state;
    s = drafted(s, 1, { ...KILN, name: 'Oven' });
    expect(refused(s, 1, { type: 'submit' }).code).toBe('ONE_PER_NWEEK');
  });
});

describe('Devices rules: the Ballotday vote', () => {
  function ballot(seats: number): DevicesState {
    const s = act(drafted(newGame(seats)), 1, { type: 'submit' }).state;
    return toNday(s, BALLOTDAY);
  }

  test('votes are cast on Ballotday only, once each', () => {
    const s = act(drafted(newGame()), 1, { type: 'submit' }).state;
    expect(refused(s, 0, { type: 'vote', proposal: 1, yes: true }).code).toBe('NOT_BALLOTDAY');
    const b = act(ballot(3), 0, { type: 'vote', proposal: 1, yes: true }).state;
    expect(refused(b, 0, { type: 'vote', proposal: 1, yes: false }).code).toBe('ALREADY_VOTED');
    expect(refused(b, 0, { type: 'vote', proposal: 99, yes: false }).code).toBe('NO_SUCH_PROPOSAL');
  });

  test('more than half of all players for: adopted at the end of Ballotday, and purchasable', () => {
    let s = ballot(3);
    s = act(s, 0, { type: 'vote', proposal: 1, yes: true }).state;
    s = act(s, 1, { type: 'vote', proposal: 1, yes: true }).state;
    const { state, events } = passAll(s);
    expect(events.some((e) => e.type === 'adopted')).toBe(true);
    expect(state.engine.blueprints.find((b) => b.name === 'Kiln')).toMatchObject({
      count: 3,
      price: 12,
      uniqueness: 'Player',
    });
    expect(state.proposals).toEqual([]);
    act(state, 2, { type: 'purchase', blueprint: 'Kiln' });
  });

  test('half is not a majority: 2 of 4 fails; silence counts as no', () => {
    let s = ballot(4);
    s = act(s, 0, { type: 'vote', proposal: 1, yes: true }).state;
    s = act(s, 1, { type: 'vote', proposal: 1, yes: true }).state;
    const { state, events } = passAll(s);
    expect(events.some((e) => e.type === 'rejected')).toBe(true);
    expect(state.engine.blueprints.some((b) => b.name === 'Kiln')).toBe(false);
  });

  test('a proposed count of one arrives Biddable; bidding on it opens next Breakday', () => {
    let s = act(drafted(newGame(), 1, { ...KILN, count: 1 }), 1, { type: 'submit' }).state;
    s = toNday(s, BALLOTDAY);
    for (const seat of [0, 1]) s = act(s, seat, { type: 'vote', proposal: 1, yes: true }).state;
    s = passAll(s).state;
    expect(s.engine.blueprints.find((b) => b.name === 'Kiln')).toMatchObject({
      biddable: true,
      biddingOpen: false,
    });
    expect(refused(s, 2, { type: 'purchase', blueprint: 'Kiln' }).code).toBe('BIDDABLE');
  });
});
