/**
 * Rules editions: options recorded before editions are edition 1, whose matches keep the rules they
 * were played under (no declared landings, no retreat beside an amphibious assault, no blitz past
 * an AA gun, no prompt timer without phase timers) and whose states keep the old options exactly.
 */
import { parseNewTableOptions, parseRecordedOptions } from '../../core/editions';
import { seedRng } from '../../core/rng';
import { stateFromView } from './botBoard';
import { edition, isLegacy } from './edition';
import { tacticalRisk } from './index';
import { DEFAULT_BID, MAX_BID, optionsSchema } from './options';
import { act, emptyBoard, ids, move, newGame, put, refusal, seaborneKarelia } from './testkit';
import { timeout } from './timeouts';
import { view } from './view';

const OLD = {
  mode: 'classic',
  economicVictory: false,
  capitalsToWin: 3,
  fogOfWar: false,
  roundLimit: 3,
  phaseSeconds: 0,
  bankSeconds: 300,
};

describe('options and state by edition', () => {
  it('new tables get the latest edition (5); recorded options without one are edition 1, parsed as before', () => {
    expect(optionsSchema.parse({})).toMatchObject({
      edition: 5,
      promptSeconds: 60,
      bid: DEFAULT_BID,
      bidSide: 'Allies',
      botPace: 'watch',
    });
    const parsed = parseRecordedOptions(tacticalRisk, OLD);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ ...OLD, edition: 1 });
    const old = tacticalRisk.setup(
      parsed.data!,
      [
        { name: 'A', bot: false },
        { name: 'B', bot: false },
      ],
      1,
    );
    // The state keeps exactly the old options (the legacy records' digests depend on it).
    expect(JSON.stringify(old.options)).toBe(JSON.stringify(OLD));
    expect(isLegacy(old)).toBe(true);
    const now = tacticalRisk.setup(
      optionsSchema.parse({}),
      [
        { name: 'A', bot: false },
        { name: 'B', bot: false },
      ],
      1,
    );
    expect(edition(now)).toBe(5);
    expect(isLegacy(now)).toBe(false);
  });

  it("a bot's state rebuilt from a view keeps the match's edition", () => {
    const old = newGame({ edition: 1 }, 1, 2);
    expect(isLegacy(stateFromView(view(old, 0)))).toBe(true);
    expect(edition(stateFromView(view(newGame({}, 1, 2), 0)))).toBe(5);
  });

  it('options recorded under editions 2 and 3 parse and set up without the bid and pace keys they never had', () => {
    for (const ed of [2, 3]) {
      const recorded = { ...OLD, promptSeconds: 60, edition: ed };
      const parsed = parseRecordedOptions(tacticalRisk, recorded);
      expect(parsed.data).toEqual(recorded);
      const s = tacticalRisk.setup(
        parsed.data!,
        [
          { name: 'A', bot: false },
          { name: 'B', bot: false },
        ],
        1,
      );
      expect(JSON.stringify(s.options)).toBe(JSON.stringify(recorded));
    }
  });
});

describe('edition 4: the bid', () => {
  const seats = [0, 1, 2, 3, 4].map((i) => ({ name: `P${i}`, bot: false }));
  const start = (o: object) => tacticalRisk.setup(optionsSchema.parse(o), seats, 1).treasury;

  it('shares the bid among the chosen side in turn order, the first ones taking the remainder', () => {
    const base = start({ bid: 0 });
    const allies = start({ bid: 20 });
    expect(allies.Russians - base.Russians).toBe(7);
    expect(allies.British - base.British).toBe(7);
    expect(allies.Americans - base.Americans).toBe(6);
    expect(allies.Germans).toBe(base.Germans);
    const axis = start({ bid: 9, bidSide: 'Axis' });
    expect(axis.Germans - base.Germans).toBe(5);
    expect(axis.Japanese - base.Japanese).toBe(4);
    expect(axis.Russians).toBe(base.Russians);
  });

  it("a new table's bid is 9 to the Allies, 3 each; its options carry it, so a table made under the old default (18) keeps 18", () => {
    const base = start({ bid: 0 });
    const now = start({});
    for (const f of ['Russians', 'British', 'Americans'] as const) expect(now[f] - base[f]).toBe(3);
    expect(now.Germans).toBe(base.Germans);
    // What a new table stores (and a save, a record and its replay read back): the bid written out.
    const made = parseNewTableOptions(tacticalRisk, {});
    expect(made.ok && (made.options as { bid?: number }).bid).toBe(DEFAULT_BID);
    expect(DEFAULT_BID).toBe(9);
    // A table created before the default changed: its stored options say 18, and they still do.
    const stored = JSON.parse(JSON.stringify({ ...optionsSchema.parse({}), bid: 18 })) as unknown;
    const read = parseRecordedOptions(tacticalRisk, stored);
    expect(read.success && read.data.bid).toBe(18);
    const s = tacticalRisk.setup(read.data!, seats, 1);
    expect(s.options.bid).toBe(18);
    for (const f of ['Russians', 'British', 'Americans'] as const) expect(s.treasury[f] - base[f]).toBe(6);
  });

  it('gives no bid in free-for-all, and refuses a bid over the maximum', () => {
    expect(start({ mode: 'ffa', bid: 30 })).toEqual(start({ mode: 'ffa' }));
    expect(optionsSchema.safeParse({ bid: MAX_BID + 1 }).success).toBe(false);
    expect(optionsSchema.safeParse({ bid: -3 }).success).toBe(false);
  });
});

describe('edition 1 rules', () => {
  it('refuses to unload from a sea zone with enemy units', () => {
    for (const ed of [1, 2]) {
      let s = emptyBoard('Germans', 'combatMove', { edition: ed });
      const fleet = put(s, 'Germans', 'Baltic Sea Zone', { transport: 1, battleship: 1, destroyer: 1 });
      const inf = put(s, 'Germans', 'Germany', { infantry: 2 });
      put(s, 'British', 'North Sea Zone', { submarine: 1 });
      s = act(s, move(ids(inf), 'Germany', 'Baltic Sea Zone'));
      s = act(s, move(ids(fleet), 'Baltic Sea Zone', 'North Sea Zone'));
      expect(refusal(s, move(ids(inf), 'North Sea Zone', 'United Kingdom'))).toBe(
        ed === 1 ? 'SEA_CONTESTED' : null,
      );
    }
  });

  it('does not let armour blitz past an AA gun', () => {
    for (const ed of [1, 2]) {
      const s = emptyBoard('Germans', 'combatMove', { edition: ed });
      const tank = put(s, 'Germans', 'East Europe', { armour: 1 });
      put(s, 'Russians', 'Karelia S.S.R.', { aaGun: 1 });
      expect(refusal(s, move(ids(tank), 'East Europe', 'Karelia S.S.R.', 'Russia'))).toBe(
        ed === 1 ? 'BLOCKED' : null,
      );
    }
  });

  it('offers no retreat from a battle with units landed from the sea', () => {
    // Edition 2 offers the tanks' retreat in this battle (landing.test.ts); edition 1 never does.
    const { state: k, landed: boat } = seaborneKarelia({ edition: 1 });
    for (let seed = 1; seed <= 20; seed++) {
      let x = act({ ...k, rng: seedRng(seed) }, { type: 'fight', territory: 'Karelia S.S.R.' });
      let checked = 0;
      while (x.battle) {
        const p = x.battle.prompt!;
        // While any of the seaborne infantry stand (once they are gone, the tanks may retreat).
        const seaborne = x.units.some((u) => boat.some((b) => b.id === u.id) && u.at === 'Karelia S.S.R.');
        if (seaborne && x.battle.round > 1) {
          // Edition 1 does not even ask (no retreat, no submarines): the battle goes on.
          expect(p.kind).not.toBe('attackerRound');
          checked++;
        }
        x = act(x, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
      }
      if (checked > 0) return;
    }
    throw new Error('no battle went past its first round with seaborne units standing');
  });

  it('times no prompt without a phase timer', () => {
    for (const ed of [1, 2]) {
      const s = newGame({ mode: 'draft', phaseSeconds: 0, edition: ed }, 1, 2);
      if (ed === 1) expect(timeout(s)).toBeNull();
      else expect(timeout(s)).toMatchObject({ seat: 0, durationMs: 60_000, action: { type: 'draft' } });
    }
  });
});
