/** Phase timers and the time bank: windows as data, the clock's `timeBank` steps, who pays. */
import { SPECTATOR } from '../../core/contract';
import { Random, seedRng } from '../../core/rng';
import { randomBot } from './baselines';
import { tacticalRisk } from './index';
import { apply, toAct } from './rules';
import { act, emptyBoard, ids, newGame, put, withSeedWhere } from './testkit';
import { BANK_STEP_MS } from './timeBank';
import type { TacticalRiskAction, TacticalRiskState } from './types';

const timeout = (s: TacticalRiskState) => tacticalRisk.timeout(s);

/** The room's part: the window runs out, the rules apply its action for its seat. */
function runOut(s: TacticalRiskState): TacticalRiskState {
  const t = timeout(s)!;
  const r = apply(s, t.seat, t.action);
  if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(t.action)}`);
  return r.state;
}

describe('phase timers and the time bank', () => {
  it('has no phase window without a timer, and no bank', () => {
    const s = newGame({ bankSeconds: 300 });
    expect(timeout(s)).toBeNull();
    expect(s.bank).toEqual([0, 0, 0, 0, 0]);
    expect(tacticalRisk.view(s, SPECTATOR).public).toMatchObject({ bankMs: [0, 0, 0, 0, 0], banking: false });
  });

  it('without a bank, a phase that runs out ends at once', () => {
    const s = newGame({ phaseSeconds: 90, bankSeconds: 0 });
    expect(timeout(s)).toEqual({
      key: '0:purchase:1',
      seat: 0,
      durationMs: 90_000,
      action: { type: 'endPhase' },
    });
    expect(runOut(s).phase).toBe('combatMove');
  });

  it('draws the bank in steps once the phase runs out, then ends the phase', () => {
    let s = newGame({ phaseSeconds: 60, bankSeconds: 12 });
    expect(s.bank).toEqual([12_000, 12_000, 12_000, 12_000, 12_000]);
    const first = timeout(s)!;
    expect(first).toMatchObject({ seat: 0, durationMs: 60_000, action: { type: 'timeBank' } });
    const windows = [first];
    const r = apply(s, 0, { type: 'timeBank' });
    expect(r.ok && r.events.map((e) => e.text)).toEqual(["Ann's time is up: their time bank runs (12 s)."]);
    while (timeout(s)!.action.type === 'timeBank') {
      s = runOut(s);
      windows.push(timeout(s)!);
      expect(s.phase).toBe('purchase');
      expect(tacticalRisk.view(s, SPECTATOR).public.banking).toBe(true);
    }
    // 60 s of the phase, then steps of 5, 5 and 2 s; each step is a new window (a new key).
    expect(windows.map((w) => w.durationMs)).toEqual([60_000, BANK_STEP_MS, BANK_STEP_MS, 2000]);
    expect(new Set(windows.map((w) => w.key)).size).toBe(4);
    expect(windows.at(-1)!.action).toEqual({ type: 'endPhase' });
    expect(s.bank[0]).toBe(0);
    expect(tacticalRisk.view(s, SPECTATOR).public.bankMs).toEqual([0, 12_000, 12_000, 12_000, 12_000]);
    s = runOut(s);
    expect(s.phase).toBe('combatMove');
    // Bank empty: every later window of that seat ends when the phase does.
    expect(timeout(s)).toMatchObject({ durationMs: 60_000, action: { type: 'endPhase' } });
    expect(tacticalRisk.view(s, SPECTATOR).public.banking).toBe(false);
  });

  it('keeps what is left when the seat answers during its bank time; the next phase has its full time', () => {
    let s = newGame({ phaseSeconds: 30, bankSeconds: 60 });
    s = runOut(s);
    const during = timeout(s)!;
    s = act(s, { type: 'buy', units: { infantry: 1 } });
    // Buying does not end the window: the same step keeps running.
    expect(timeout(s)!.key).toBe(during.key);
    s = act(s, { type: 'endPhase' });
    expect(s.bank[0]).toBe(60_000 - BANK_STEP_MS);
    expect(timeout(s)).toMatchObject({ durationMs: 30_000, action: { type: 'timeBank' } });
    expect(tacticalRisk.view(s, SPECTATOR).public.banking).toBe(false);
  });

  it('undo takes back the move, not the time spent', () => {
    let s = emptyBoard('Germans', 'combatMove', { phaseSeconds: 30, bankSeconds: 60 });
    const [inf] = put(s, 'Germans', 'Germany', { infantry: 1 });
    s = act(s, { type: 'move', units: [inf!.id], path: ['Germany', 'East Europe'] });
    s = runOut(s);
    s = runOut(s);
    const seat = s.controller.Germans;
    expect(s.bank[seat]).toBe(60_000 - 2 * BANK_STEP_MS);
    expect(s.prev).not.toBeNull(); // the clock keeps the undo
    const undone = act(s, { type: 'undo' });
    expect(undone.units.find((u) => u.id === inf!.id)!.at).toBe('Germany');
    expect(undone.bank[seat]).toBe(60_000 - 2 * BANK_STEP_MS);
    expect(timeout(undone)!.key).toBe(timeout(s)!.key);
  });

  it("a defender's casualty prompt runs on the defending seat's clock and bank", () => {
    let s = emptyBoard('Germans', 'combatMove', { phaseSeconds: 20, bankSeconds: 30 });
    const atk = put(s, 'Germans', 'East Europe', { infantry: 3 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 2, armour: 1 });
    s = act(s, { type: 'move', units: ids(atk), path: ['East Europe', 'Karelia S.S.R.'] });
    s = act(s, { type: 'endPhase' });
    s = withSeedWhere(
      s,
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) => t.battle?.prompt?.kind === 'casualties' && t.battle.prompt.side === 'defender',
    );
    const russians = s.controller.Russians;
    expect(timeout(s)).toMatchObject({ seat: russians, action: { type: 'timeBank' } });
    s = runOut(s);
    expect(s.bank[russians]).toBe(30_000 - BANK_STEP_MS);
    expect(s.bank[s.controller.Germans]).toBe(30_000);
    const p = s.battle!.prompt!;
    s = act(s, { type: 'casualties', units: p.kind === 'casualties' ? p.suggestion : [] });
    expect(toAct(s)).not.toEqual([]);
  });

  it('without a phase timer, a battle prompt still times out (promptSeconds) with its default answer', () => {
    let s = emptyBoard('Germans', 'combatMove', { phaseSeconds: 0, promptSeconds: 45 });
    expect(timeout(s)).toBeNull(); // the mover's own phase is untimed
    const atk = put(s, 'Germans', 'East Europe', { infantry: 3 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 2, armour: 1 });
    s = act(s, { type: 'move', units: ids(atk), path: ['East Europe', 'Karelia S.S.R.'] });
    s = act(s, { type: 'endPhase' });
    expect(timeout(s)).toBeNull(); // a battle waiting to be fought is the mover's own business
    s = withSeedWhere(
      s,
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) => t.battle?.prompt?.kind === 'casualties' && t.battle.prompt.side === 'defender',
    );
    const p = s.battle!.prompt!;
    expect(timeout(s)).toEqual({
      key: expect.any(String),
      seat: s.controller.Russians,
      durationMs: 45_000,
      action: { type: 'casualties', units: p.kind === 'casualties' ? p.suggestion : [] },
    });
    const before = timeout(s)!.key;
    s = runOut(s);
    expect(s.battle?.prompt == null || timeout(s)!.key !== before).toBe(true);
    // Every later prompt of that battle times out too, until it ends.
    for (let i = 0; s.battle && i < 50; i++) {
      expect(timeout(s)).not.toBeNull();
      s = runOut(s);
    }
    expect(s.battle).toBeNull();
    // Options saved before promptSeconds existed: 60 s.
    const old = newGame({ mode: 'draft', phaseSeconds: 0 }, 1, 2);
    delete old.options.promptSeconds;
    expect(timeout(old)).toMatchObject({ seat: 0, durationMs: 60_000, action: { type: 'draft' } });
  });

  it('the bank is the clock only: clients cannot send it, and it is refused without a bank', () => {
    expect(tacticalRisk.actionSchema.safeParse({ type: 'timeBank' }).success).toBe(false);
    const noBank = newGame({ phaseSeconds: 30, bankSeconds: 0 });
    expect(apply(noBank, 0, { type: 'timeBank' })).toMatchObject({
      ok: false,
      error: { code: 'NO_TIME_BANK' },
    });
    const noTimer = newGame({ phaseSeconds: 0, bankSeconds: 30 });
    expect(apply(noTimer, 0, { type: 'timeBank' })).toMatchObject({
      ok: false,
      error: { code: 'NO_TIME_BANK' },
    });
    expect(apply(newGame({ phaseSeconds: 30 }), 1, { type: 'timeBank' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
  });

  it('each draft pick is a window of its own', () => {
    let s = newGame({ mode: 'draft', phaseSeconds: 20, bankSeconds: 0 }, 1, 2);
    const keys = new Set<string>();
    while (s.phase === 'draft') {
      const t = timeout(s)!;
      expect(t.seat).toBe(s.draftSeat);
      keys.add(t.key);
      s = runOut(s);
    }
    expect(keys.size).toBe(5);
  });

  it('over timed random games every timeout action is accepted and no bank time is made or lost', () => {
    for (const [mode, seed] of [
      ['draft', 8],
      ['classic', 3],
    ] as const) {
      const options = { roundLimit: 1, phaseSeconds: 60, bankSeconds: 40, mode };
      const clock = new Random(seedRng(seed));
      const drawn = [0, 0, 0];
      let timeouts = 0;
      let s = tacticalRisk.setup(
        tacticalRisk.optionsSchema.parse(options),
        [0, 1, 2].map((i) => ({ name: `P${i}`, bot: false })),
        seed,
      );
      let steps = 0;
      while (s.phase !== 'finished' && steps++ < 5000) {
        const t = timeout(s)!;
        expect(t.durationMs).toBeGreaterThan(0);
        // A third of the time the window runs out; otherwise the seat plays (a random bot).
        let action: TacticalRiskAction;
        let seat: number;
        if (clock.float() < 0.33) {
          ({ action, seat } = t);
          timeouts++;
          if (action.type === 'timeBank') drawn[seat] += Math.min(BANK_STEP_MS, s.bank[seat]!);
        } else {
          seat = toAct(s)[0]!;
          action = randomBot.decide(tacticalRisk.view(s, seat), tacticalRisk.legalActions(s, seat), () =>
            clock.float(),
          );
        }
        const r = apply(s, seat, action);
        if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(action)}`);
        s = r.state;
        s.bank.forEach((ms, i) => {
          expect(ms).toBeGreaterThanOrEqual(0);
          expect(ms + drawn[i]!).toBe(40_000);
        });
      }
      expect(s.phase).toBe('finished');
      expect(timeouts).toBeGreaterThan(10);
      expect(drawn.some((d) => d > 0)).toBe(true);
    }
  });
});
