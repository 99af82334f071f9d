import { LAND, production, turnOrder } from './board';
import { tacticalRisk } from './index';
import { endOfRound } from './turns';
import type { Events } from './state';
import { act, emptyBoard, newGame } from './testkit';

function lastTurnOfRound(options = {}) {
  const s = emptyBoard('Americans', 'place', options);
  return s;
}

describe('victory conditions (checked at the end of a round)', () => {
  it('gives the Axis the win with two Allied capitals and both of their own', () => {
    let s = lastTurnOfRound();
    s.owner.Russia = 'Germans';
    s.owner['United Kingdom'] = 'Japanese';
    s = act(s, { type: 'endPhase' });
    expect(s.phase).toBe('finished');
    expect(s.winner?.factions.sort()).toEqual(['Germans', 'Japanese']);
    const out = tacticalRisk.outcome(s)!;
    expect(out.winners).toEqual([1, 3]);
    expect(out.summary).toMatch(/Axis win/);
  });

  it('checks only at the end of the round', () => {
    let s = emptyBoard('Japanese', 'place');
    s.owner.Russia = 'Germans';
    s.owner['United Kingdom'] = 'Japanese';
    s = act(s, { type: 'endPhase' });
    expect(s.phase).toBe('purchase');
    expect(turnOrder[s.turn]).toBe('Americans');
  });

  it('gives the Allies the win with both Axis capitals and all of their own', () => {
    let s = lastTurnOfRound();
    s.owner.Germany = 'Russians';
    s.owner.Japan = 'Americans';
    s = act(s, { type: 'endPhase' });
    expect(s.winner?.factions.sort()).toEqual(['Americans', 'British', 'Russians']);
    s = lastTurnOfRound();
    s.owner.Germany = 'Russians';
    s.owner.Japan = 'Americans';
    s.owner['East US'] = 'Japanese';
    s = act(s, { type: 'endPhase' });
    expect(s.winner).toBeNull();
  });

  it('has an optional economic victory', () => {
    const take = (s: ReturnType<typeof lastTurnOfRound>) => {
      for (const t of [
        'Russia',
        'Karelia S.S.R.',
        'Caucasus',
        'India',
        'Australia',
        'Kwangtung',
        'China',
        'Sinkiang',
      ])
        s.owner[t] = 'Germans';
      for (const t of ['West US', 'Mexico']) s.owner[t] = 'Japanese';
    };
    let off = lastTurnOfRound();
    take(off);
    off = act(off, { type: 'endPhase' });
    expect(off.winner).toBeNull();
    let on = lastTurnOfRound({ economicVictory: true });
    take(on);
    on = act(on, { type: 'endPhase' });
    expect(on.winner?.reason).toMatch(/Economic victory/);
  });

  it('wins a free-for-all with the configured number of capitals', () => {
    let s = lastTurnOfRound({ mode: 'ffa', capitalsToWin: 2 });
    s.owner.Russia = 'Germans';
    s = act(s, { type: 'endPhase' });
    expect(s.winner?.factions).toEqual(['Germans']);
    let t = lastTurnOfRound({ mode: 'ffa', capitalsToWin: 3 });
    t.owner.Russia = 'Germans';
    t = act(t, { type: 'endPhase' });
    expect(t.winner).toBeNull();
  });

  it('ends at a round limit on each side’s production against its target (edition 5)', () => {
    const totals = (st: ReturnType<typeof newGame>) => {
      const t = { Axis: 0, Allies: 0 };
      for (const name of LAND) {
        const o = st.owner[name];
        if (o) t[st.alliance[o]!] += production(name);
      }
      return t;
    };
    // The opening board: the Allies hold more production, the Axis a larger share of their target.
    const start = totals(newGame({ roundLimit: 1 }));
    expect(start.Allies).toBeGreaterThan(start.Axis);
    expect(start.Axis / 84).toBeGreaterThan(start.Allies / 140);
    const s = newGame({ roundLimit: 1 });
    const ev: Events = [];
    endOfRound(s, ev);
    expect(s.winner?.factions.sort()).toEqual(['Germans', 'Japanese']);
    expect(ev[0]!.text).toBe(
      `Round limit: the Axis hold ${start.Axis} of the 84 production they aim for ` +
        `(${Math.round((100 * start.Axis) / 84)}%), the Allies ${start.Allies} of 140 ` +
        `(${Math.round((100 * start.Allies) / 140)}%): the Axis win.`,
    );
    // The Allies take Germany's home: their share passes the Axis's.
    const t = newGame({ roundLimit: 1 });
    t.owner.Germany = 'Russians';
    const after = totals(t);
    expect(after.Allies / 140).toBeGreaterThan(after.Axis / 84);
    endOfRound(t, []);
    expect(t.winner?.factions.sort()).toEqual(['Americans', 'British', 'Russians']);
  });

  it('ends at a round limit with the larger production before edition 5', () => {
    const s = newGame({ roundLimit: 1, edition: 4 });
    const ev: Events = [];
    endOfRound(s, ev);
    expect(s.winner?.factions.sort()).toEqual(['Americans', 'British', 'Russians']);
    expect(ev[0]!.text).toMatch(/^Round limit: production Axis \d+, Allies \d+\.$/);
  });
});
