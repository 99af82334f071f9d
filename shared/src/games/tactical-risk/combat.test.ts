import { assignable, suggestCasualties } from './casualties';
import { combatValues } from './combat';
import { apply, legalActions, toAct } from './rules';
import { isCombatUnit } from './state';
import { act, count, emptyBoard, fightOut, fightRound, ids, put, refusal, withSeedWhere } from './testkit';
import { SPECTATOR } from '../../core/contract';
import { tacticalRisk } from './index';
import type { BattleState, TacticalRiskAction, TacticalRiskState, UnitCounts } from './types';

const move = (units: number[], ...path: string[]): TacticalRiskAction => ({ type: 'move', units, path });

/** Two German infantry and two armour moved from East Europe against Karelia's three Russians. */
function attackKarelia(): TacticalRiskState {
  let s = emptyBoard('Germans', 'combatMove');
  const atk = put(s, 'Germans', 'East Europe', { infantry: 2, armour: 2 });
  put(s, 'Russians', 'Karelia S.S.R.', { infantry: 2, armour: 1 });
  s = act(s, move(ids(atk), 'East Europe', 'Karelia S.S.R.'));
  return act(s, { type: 'endPhase' });
}

/** Collects every event text while answering prompts with suggestions / press. */
function fightLogged(s: TacticalRiskState, key: string): { s: TacticalRiskState; events: string[] } {
  const events: string[] = [];
  const step = (a: TacticalRiskAction) => {
    const r = apply(s, toAct(s)[0]!, a);
    if (!r.ok) throw new Error(r.error.message);
    events.push(...r.events.map((e) => e.type));
    s = r.state;
  };
  step({ type: 'fight', territory: key });
  while (s.battle) {
    const p = s.battle.prompt!;
    step(p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
  }
  return { s, events };
}

describe('combat values and casualties', () => {
  it('gives one infantry +1 attack per artillery, on attack only', () => {
    const s = emptyBoard();
    const units = put(s, 'Germans', 'Germany', { infantry: 3, artillery: 2 });
    expect(combatValues(units, 'attacker')).toEqual([2, 2, 1, 2, 2]);
    expect(combatValues(units, 'defender')).toEqual([2, 2, 2, 2, 2]);
  });

  it('never fires transports on attack (they defend at 1), nor AA guns and factories in the rounds', () => {
    const s = emptyBoard();
    const fleet = put(s, 'Germans', 'Baltic Sea Zone', { transport: 2, destroyer: 1 });
    expect(combatValues(fleet, 'attacker')).toEqual([0, 0, 3]);
    expect(combatValues(fleet, 'defender')).toEqual([1, 1, 3]);
    const ground = put(s, 'Germans', 'Germany', { aaGun: 1, factory: 1, infantry: 1 });
    expect(ground.map((u) => isCombatUnit(u))).toEqual([false, false, true]);
  });

  it('never lets submarine hits take aircraft, nor aircraft hit submarines without a Destroyer', () => {
    expect(assignable({ sub: 2, air: 0, other: 0 }, { air: 2, sub: 0, other: 1 }, false)).toBe(1);
    expect(assignable({ sub: 0, air: 1, other: 0 }, { air: 0, sub: 1, other: 0 }, false)).toBe(0);
    expect(assignable({ sub: 0, air: 1, other: 0 }, { air: 0, sub: 1, other: 0 }, true)).toBe(1);
    expect(assignable({ sub: 1, air: 1, other: 1 }, { air: 1, sub: 1, other: 1 }, false)).toBe(3);
  });

  it('suggests the cheapest casualties first and transports last', () => {
    const s = emptyBoard();
    const units = put(s, 'Germans', 'Baltic Sea Zone', {
      transport: 1,
      battleship: 1,
      submarine: 1,
      destroyer: 1,
    });
    const [tr, bb, sub, dd] = ids(units);
    expect(suggestCasualties(units, { sub: 0, air: 0, other: 2 }, false, false)).toEqual([sub, dd]);
    expect(suggestCasualties(units, { sub: 0, air: 0, other: 4 }, false, false)).toEqual([sub, dd, bb, tr]);
    expect(suggestCasualties(units, { sub: 0, air: 2, other: 0 }, false, false)).toEqual([dd, bb]);
  });
});

describe('land battles', () => {
  it('asks the owner to choose casualties, offering the cheapest, and checks the choice', () => {
    const s = withSeedWhere(
      attackKarelia(),
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) =>
        t.battle?.prompt?.kind === 'casualties' &&
        t.battle.prompt.side === 'defender' &&
        t.battle.prompt.count === 1,
    );
    const p = s.battle!.prompt!;
    if (p.kind !== 'casualties') throw new Error('expected casualties');
    expect(toAct(s)).toEqual([s.controller.Russians]);
    const inf = s.units.filter(
      (u) => u.at === 'Karelia S.S.R.' && u.owner === 'Russians' && u.type === 'infantry',
    );
    const tank = s.units.find(
      (u) => u.at === 'Karelia S.S.R.' && u.owner === 'Russians' && u.type === 'armour',
    )!;
    expect(p.suggestion).toEqual([inf[0]!.id]);
    expect(refusal(s, { type: 'casualties', units: [] })).toBe('BAD_CASUALTIES');
    expect(refusal(s, { type: 'casualties', units: [inf[0]!.id, inf[1]!.id] })).toBe('BAD_CASUALTIES');
    const germanId = s.units.find((u) => u.owner === 'Germans')!.id;
    expect(refusal(s, { type: 'casualties', units: [germanId] })).toBe('BAD_CASUALTIES');
    expect(refusal(s, { type: 'endPhase' })).toBe('BATTLE_DECISION');
    const after = act(s, { type: 'casualties', units: [tank.id] });
    expect(after.units.some((u) => u.id === tank.id)).toBe(false);
  });

  it('records for each die of a round the value it hits at or under', () => {
    const s = withSeedWhere(
      attackKarelia(),
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) => t.battle !== null,
    );
    const rolls = s.battle!.lastRolls;
    expect(rolls.label).toBe('Round 1');
    expect(rolls.attackerAt.slice().sort()).toEqual([1, 1, 3, 3]);
    expect(rolls.defenderAt.slice().sort()).toEqual([2, 2, 2]);
    expect(rolls.attacker).toHaveLength(4);
    expect(rolls.defender).toHaveLength(3);
  });

  it('captures the territory when the attack wins with a land unit; the defenders hold otherwise', () => {
    const won = withSeedWhere(
      attackKarelia(),
      (t) => fightOut(t, 'Karelia S.S.R.'),
      (t) => t.lastBattle?.winner === 'attacker',
    );
    expect(won.owner['Karelia S.S.R.']).toBe('Germans');
    expect(won.phase).toBe('nonCombatMove');
    expect(won.units.filter((u) => u.owner === 'Germans').every((u) => u.fought)).toBe(true);
    const lost = withSeedWhere(
      attackKarelia(),
      (t) => fightOut(t, 'Karelia S.S.R.'),
      (t) => t.lastBattle?.winner === 'defender',
    );
    expect(lost.owner['Karelia S.S.R.']).toBe('Russians');
    expect(count(lost, 'Karelia S.S.R.', 'Germans')).toBe(0);
  });

  it('does not take territory with aircraft alone', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const planes = put(s, 'Germans', 'Germany', { bomber: 3 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    s = act(s, move(ids(planes), 'Germany', 'East Europe', 'Karelia S.S.R.'));
    s = act(s, { type: 'endPhase' });
    const won = withSeedWhere(
      s,
      (t) => fightOut(t, 'Karelia S.S.R.'),
      (t) => t.lastBattle?.winner === 'attacker',
    );
    expect(won.owner['Karelia S.S.R.']).toBe('Russians');
  });

  it('fires one AA gun at attacking aircraft before the battle (hits on 1)', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const planes = put(s, 'Germans', 'Germany', { fighter: 2 });
    const inf = put(s, 'Germans', 'East Europe', { infantry: 1 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1, aaGun: 2 });
    s = act(s, move(ids(planes), 'Germany', 'East Europe', 'Karelia S.S.R.'));
    s = act(s, move(ids(inf), 'East Europe', 'Karelia S.S.R.'));
    s = act(s, { type: 'endPhase' });
    const { events } = fightLogged(s, 'Karelia S.S.R.');
    expect(events.filter((e) => e === 'aaFire')).toHaveLength(1); // one gun fires, once
    const downed = withSeedWhere(
      s,
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) =>
        t.units.filter((u) => u.type === 'fighter').length === 1 && t.battle?.lastRolls.label !== 'AA fire',
    );
    expect(downed.units.filter((u) => u.type === 'fighter')).toHaveLength(1);
  });

  it('offers retreat from round 2 to a friendly territory the attackers came from', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const atk = put(s, 'Germans', 'East Europe', { infantry: 3 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 4 });
    s = act(s, move(ids(atk), 'East Europe', 'Karelia S.S.R.'));
    s = act(s, { type: 'endPhase' });
    s = withSeedWhere(
      s,
      (t) => fightRound(t, 'Karelia S.S.R.'),
      (t) => t.battle?.prompt?.kind === 'attackerRound',
    );
    const p = s.battle!.prompt!;
    expect(p).toMatchObject({ kind: 'attackerRound', retreats: ['East Europe'] });
    expect(refusal(s, { type: 'retreat', to: 'Russia' })).toBe('NO_RETREAT');
    const survivors = s.units.filter((u) => u.owner === 'Germans').length;
    s = act(s, { type: 'retreat', to: 'East Europe' });
    expect(count(s, 'East Europe', 'Germans')).toBe(survivors);
    expect(s.owner['Karelia S.S.R.']).toBe('Russians');
    expect(s.lastBattle?.winner).toBe('defender');
  });
});

describe('amphibious assault (scenario)', () => {
  function landing(): TacticalRiskState {
    let s = emptyBoard('Germans', 'combatMove');
    put(s, 'Germans', 'North Sea Zone', { transport: 1, battleship: 1 });
    const inf = put(s, 'Germans', 'West Europe', { infantry: 2 });
    put(s, 'British', 'United Kingdom', { infantry: 2 });
    s = act(s, move(ids(inf), 'West Europe', 'North Sea Zone'));
    s = act(s, move(ids(inf), 'North Sea Zone', 'United Kingdom'));
    return act(s, { type: 'endPhase' });
  }

  it('bombards from the battleship first, then fights with no retreat', () => {
    const s = landing();
    expect(s.battles).toEqual(['United Kingdom']);
    const { s: after, events } = fightLogged(s, 'United Kingdom');
    expect(events[1]).toBe('bombard');
    expect(events.filter((e) => e === 'bombard')).toHaveLength(1);
    expect(events).not.toContain('retreat');
    expect(after.units.find((u) => u.type === 'battleship')!.fought).toBe(true);
    // No round ever offers a retreat to seaborne attackers.
    let t = act(s, { type: 'fight', territory: 'United Kingdom' });
    while (t.battle) {
      const p = t.battle.prompt!;
      if (p.kind === 'attackerRound') expect(p.retreats).toEqual([]);
      t = act(t, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
    }
  });

  function landingWithFighter(fog: boolean): { s: TacticalRiskState; ship: number } {
    let s = emptyBoard('Germans', 'combatMove', { fogOfWar: fog });
    const [, ship, tired] = put(s, 'Germans', 'North Sea Zone', { transport: 1, battleship: 2 });
    tired!.fought = true; // a battleship that fought this turn does not bombard
    const inf = put(s, 'Germans', 'West Europe', { infantry: 2 });
    // Two kinds of defender: the British choose their casualties (the battle waits for them).
    put(s, 'British', 'United Kingdom', { infantry: 2, fighter: 1 });
    s = act(s, move(ids(inf), 'West Europe', 'North Sea Zone'));
    s = act(s, move(ids(inf), 'North Sea Zone', 'United Kingdom'));
    return { s: act(s, { type: 'endPhase' }), ship: ship!.id };
  }

  it('puts the bombarding battleships and their dice in the battle everyone sees', () => {
    const start = landingWithFighter(false);
    // A seed where the bombardment hits and the battle goes on past the first round's roll.
    let seen: BattleState | null = null;
    const s = withSeedWhere(
      start.s,
      (t) => {
        let x = act(t, { type: 'fight', territory: 'United Kingdom' });
        if (x.battle?.prompt?.kind !== 'casualties' || x.battle.lastRolls.label !== 'Shore bombardment')
          return x;
        seen = tacticalRisk.view(x, SPECTATOR).public.battle;
        x = act(x, { type: 'casualties', units: x.battle.prompt.suggestion });
        return x;
      },
      (x) => seen !== null && x.battle?.lastRolls.label === 'Round 1',
    );
    const b = seen! as BattleState;
    expect(b.bombard).toEqual({
      count: 1,
      ships: [{ id: start.ship, zone: 'North Sea Zone' }],
      dice: b.lastRolls.attacker,
      at: [4],
      hits: 1,
    });
    expect(b.bombard!.dice[0]).toBeLessThanOrEqual(4);
    expect(b.prompt).toMatchObject({ kind: 'casualties', side: 'defender', count: 1 });
    // The round's dice replaced lastRolls; the bombardment stays in the battle until it ends.
    expect(tacticalRisk.view(s, s.controller.British).public.battle!.bombard).toEqual(b.bombard);
    expect(s.units.find((u) => u.id === start.ship)!.fought).toBe(true);
  });

  it('counts the bombardment but places no battleship under fog of war', () => {
    const s = withSeedWhere(
      landingWithFighter(true).s,
      (t) => act(t, { type: 'fight', territory: 'United Kingdom' }),
      (t) => t.battle?.prompt != null,
    );
    const rolled = s.battle!.bombard!;
    expect(rolled.ships).toHaveLength(1);
    for (const viewer of [SPECTATOR, s.controller.British, s.controller.Germans]) {
      const b = tacticalRisk.view(s, viewer).public.battle!;
      expect(b.bombard).toEqual({ count: 1, ships: [], dice: rolled.dice, at: [4], hits: rolled.hits });
    }
  });

  it('has no bombardment in an overland attack', () => {
    let o = emptyBoard('Germans', 'combatMove');
    put(o, 'Germans', 'Baltic Sea Zone', { battleship: 1 });
    const arm = put(o, 'Germans', 'East Europe', { armour: 2, infantry: 1 });
    put(o, 'Russians', 'Karelia S.S.R.', { infantry: 1, fighter: 1 });
    o = act(o, move(ids(arm), 'East Europe', 'Karelia S.S.R.'));
    o = act(o, { type: 'endPhase' });
    o = withSeedWhere(
      o,
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) => t.battle !== null,
    );
    expect(o.battle!.steps).not.toContain('bombard');
    expect(tacticalRisk.view(o, SPECTATOR).public.battle!.bombard).toBeNull();
    expect(o.units.find((u) => u.type === 'battleship')!.fought).toBe(false);
  });

  it('can take the capital and its treasury from the sea', () => {
    const s = landing();
    const treasury = s.treasury.British;
    const won = withSeedWhere(
      s,
      (t) => fightOut(t, 'United Kingdom'),
      (t) => t.owner['United Kingdom'] === 'Germans',
    );
    expect(won.treasury.British).toBe(0);
    expect(won.treasury.Germans).toBe(s.treasury.Germans + treasury);
  });
});

describe('submarines (scenario: with and without a Destroyer)', () => {
  function subAttack(withDestroyer: boolean): TacticalRiskState {
    let s = emptyBoard('Germans', 'combatMove');
    const subs = put(s, 'Germans', 'Baltic Sea Zone', { submarine: 2 });
    put(
      s,
      'British',
      'North Sea Zone',
      withDestroyer ? { carrier: 1, fighter: 1, destroyer: 1 } : { carrier: 1, fighter: 1 },
    );
    s = act(s, move(ids(subs), 'Baltic Sea Zone', 'North Sea Zone'));
    return act(s, { type: 'endPhase' });
  }

  it('without a Destroyer: first strike, and aircraft and submarines cannot hit each other', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { s, events } = fightLogged(
        { ...subAttack(false), rng: [seed, seed * 7, 3, 5] },
        'North Sea Zone',
      );
      expect(events[1]).toBe('firstStrike');
      expect(s.units.filter((u) => u.type === 'fighter')).toHaveLength(1);
      expect(s.units.filter((u) => u.type === 'submarine').length).toBeGreaterThanOrEqual(0);
    }
  });

  it('with a Destroyer: no first strike, no submerging, and aircraft may sink submarines', () => {
    let firstStrikes = 0;
    let subsSunkByAll = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const start = { ...subAttack(true), rng: [seed, seed * 7, 3, 5] };
      let t = act(start, { type: 'fight', territory: 'North Sea Zone' });
      while (t.battle) {
        const p = t.battle.prompt!;
        const destroyer = t.units.some((u) => u.type === 'destroyer' && u.at === 'North Sea Zone');
        if (p.kind === 'attackerRound') expect(p.canSubmerge).toBe(!destroyer);
        t = act(t, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
      }
      const { events } = fightLogged(start, 'North Sea Zone');
      // Round 1 opens with general fire (a later round may have a first strike once the Destroyer sank).
      if (events[1] === 'firstStrike') firstStrikes++;
      if (t.units.every((u) => u.type !== 'submarine')) subsSunkByAll++;
    }
    expect(firstStrikes).toBe(0);
    expect(subsSunkByAll).toBeGreaterThan(0);
  });

  it('lets attacking submarines submerge and stay in the zone', () => {
    let s = subAttack(false);
    s = act(s, { type: 'fight', territory: 'North Sea Zone' });
    while (s.battle?.prompt?.kind !== 'attackerRound' && s.battle) {
      const p = s.battle.prompt!;
      s = act(s, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
    }
    if (!s.battle) return; // the battle ended at once
    const subs = s.units.filter((u) => u.type === 'submarine').length;
    s = act(s, { type: 'submerge' });
    expect(s.battle).toBeNull();
    expect(count(s, 'North Sea Zone', 'Germans', 'submarine')).toBe(subs);
  });
});

describe('defending submarines submerge (the defender decides)', () => {
  function seaAttack(attack: UnitCounts, defend: UnitCounts): TacticalRiskState {
    let s = emptyBoard('Germans', 'combatMove');
    const ships = put(s, 'Germans', 'Baltic Sea Zone', attack);
    put(s, 'British', 'North Sea Zone', defend);
    s = act(s, move(ids(ships), 'Baltic Sea Zone', 'North Sea Zone'));
    return act(s, { type: 'endPhase' });
  }

  it("asks the defender's seat, before the first strike; submerged submarines leave the battle and stay", () => {
    let s = seaAttack({ battleship: 1 }, { submarine: 2 });
    s = act(s, { type: 'fight', territory: 'North Sea Zone' });
    expect(s.battle!.prompt).toEqual({ kind: 'defenderSubmerge', faction: 'British' });
    expect(toAct(s)).toEqual([s.controller.British]);
    expect(legalActions(s, s.controller.British)).toEqual([{ type: 'press' }, { type: 'submerge' }]);
    expect(legalActions(s, s.controller.Germans)).toEqual([]);
    expect(apply(s, s.controller.Germans, { type: 'submerge' }).ok).toBe(false);
    expect(refusal(s, { type: 'retreat', to: 'Baltic Sea Zone' })).toBe('NO_RETREAT');
    const r = apply(s, s.controller.British, { type: 'submerge' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events.find((e) => e.type === 'submerge')?.data).toEqual({
      territory: 'North Sea Zone',
      side: 'defender',
    });
    // No one is left to shoot at: no dice are rolled after the submarines go.
    expect(r.events.map((e) => e.type)).toEqual(['submerge', 'battleEnd']);
    s = r.state;
    // Nothing is left to fight: the attacker wins the zone, the submarines are still in it.
    expect(s.battle).toBeNull();
    expect(s.lastBattle).toEqual({ key: 'North Sea Zone', winner: 'attacker', captured: false });
    expect(count(s, 'North Sea Zone', 'British', 'submarine')).toBe(2);
    expect(count(s, 'North Sea Zone', 'Germans', 'battleship')).toBe(1);
    expect(s.phase).toBe('nonCombatMove');
  });

  it('leaves the rest of the fleet to fight on without the submarines, which are never casualties', () => {
    for (let seed = 1; seed <= 10; seed++) {
      let s: TacticalRiskState = {
        ...seaAttack({ battleship: 1, carrier: 1 }, { submarine: 1, destroyer: 1, transport: 1 }),
        rng: [seed, 3, seed, 9],
      };
      s = act(s, { type: 'fight', territory: 'North Sea Zone' });
      expect(s.battle!.prompt!.kind).toBe('defenderSubmerge');
      const sub = s.units.find((u) => u.type === 'submarine')!;
      s = act(s, { type: 'submerge' });
      while (s.battle) {
        const p = s.battle.prompt!;
        // Submerged is out: never offered again, never a casualty, never firing first.
        expect(p.kind).not.toBe('defenderSubmerge');
        if (p.kind === 'casualties') {
          expect(p.suggestion).not.toContain(sub.id);
          if (p.side === 'defender')
            expect(refusal(s, { type: 'casualties', units: [sub.id, ...p.suggestion.slice(1)] })).toBe(
              'BAD_CASUALTIES',
            );
        }
        expect(s.battle.lastRolls.label).not.toMatch(/first strike/);
        s = act(s, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
      }
      expect(s.units.some((u) => u.id === sub.id && u.at === 'North Sea Zone')).toBe(true);
    }
  });

  it('strikes first when the defender presses on instead', () => {
    const s = seaAttack({ battleship: 1 }, { submarine: 2 });
    const { events } = fightLogged(s, 'North Sea Zone'); // answers every prompt with press
    expect(events.indexOf('firstStrike')).toBeGreaterThan(0);
    expect(events).not.toContain('submerge');
  });

  it('is not offered when the attackers bring a Destroyer', () => {
    for (let seed = 1; seed <= 6; seed++) {
      let s: TacticalRiskState = {
        ...seaAttack({ destroyer: 1, battleship: 1 }, { submarine: 2 }),
        rng: [seed, 5, seed, 1],
      };
      s = act(s, { type: 'fight', territory: 'North Sea Zone' });
      while (s.battle) {
        const p = s.battle.prompt!;
        expect(p.kind).not.toBe('defenderSubmerge');
        if (p.kind === 'attackerRound') expect(refusal(s, { type: 'submerge' })).toBe('NO_SUBMERGE');
        s = act(s, p.kind === 'casualties' ? { type: 'casualties', units: p.suggestion } : { type: 'press' });
      }
    }
  });

  it('is a sea rule: land battles never ask, and a casualty prompt is answered first', () => {
    const s = withSeedWhere(
      attackKarelia(),
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) => t.battle?.prompt?.kind === 'casualties',
    );
    expect(refusal(s, { type: 'submerge' })).toBe('WRONG_PROMPT');
    expect(refusal(s, { type: 'press' })).toBe('WRONG_PROMPT');
  });
});

describe('casualty choices that are refused, and who defends', () => {
  it('refuses a unit listed twice, ground units for AA hits, and units the hits cannot take', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const planes = put(s, 'Germans', 'Germany', { fighter: 1, bomber: 1 });
    const inf = put(s, 'Germans', 'East Europe', { infantry: 2 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1, aaGun: 1 });
    s = act(s, move([planes[0]!.id], 'Germany', 'East Europe', 'Karelia S.S.R.'));
    s = act(s, move([planes[1]!.id], 'Germany', 'East Europe', 'Karelia S.S.R.'));
    s = act(s, move(ids(inf), 'East Europe', 'Karelia S.S.R.'));
    s = act(s, { type: 'endPhase' });
    const aa = withSeedWhere(
      s,
      (t) => act(t, { type: 'fight', territory: 'Karelia S.S.R.' }),
      (t) => t.battle?.prompt?.kind === 'casualties' && t.battle.prompt.airOnly,
    );
    const p = aa.battle!.prompt!;
    if (p.kind !== 'casualties') throw new Error('expected casualties');
    expect(p.count).toBe(1);
    expect(refusal(aa, { type: 'casualties', units: [inf[0]!.id] })).toBe('BAD_CASUALTIES');
    expect(refusal(aa, { type: 'casualties', units: [planes[0]!.id, planes[0]!.id] })).toBe('BAD_CASUALTIES');
    expect(refusal(aa, { type: 'casualties', units: [planes[1]!.id] })).toBeNull(); // the owner may pick the bomber
    // Submarine hits never take aircraft: a carrier's owner cannot give its fighter for them.
    let t = emptyBoard('Germans', 'combatMove');
    const subs = put(t, 'Germans', 'Baltic Sea Zone', { submarine: 3 });
    put(t, 'British', 'North Sea Zone', { carrier: 1, fighter: 1, transport: 1 });
    t = act(t, move(ids(subs), 'Baltic Sea Zone', 'North Sea Zone'));
    t = act(t, { type: 'endPhase' });
    t = withSeedWhere(
      t,
      (x) => act(act(x, { type: 'fight', territory: 'North Sea Zone' }), { type: 'press' }), // not submerging
      (x) =>
        x.battle?.prompt?.kind === 'casualties' &&
        x.battle.prompt.side === 'defender' &&
        x.battle.prompt.count === 1,
    );
    const fighter = t.units.find((u) => u.type === 'fighter')!;
    expect(refusal(t, { type: 'casualties', units: [fighter.id] })).toBe('BAD_CASUALTIES');
  });

  it('lets the faction with most units defend a zone two enemy factions share', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const fleet = put(s, 'Germans', 'Baltic Sea Zone', { battleship: 2 });
    put(s, 'British', 'North Sea Zone', { destroyer: 1 });
    put(s, 'Americans', 'North Sea Zone', { destroyer: 2, transport: 1 });
    s = act(s, move(ids(fleet), 'Baltic Sea Zone', 'North Sea Zone'));
    s = act(s, { type: 'endPhase' });
    s = act(s, { type: 'fight', territory: 'North Sea Zone' });
    // Two battleships cannot sink four ships in one round: the battle is still on.
    expect(s.battle!.defender).toBe('Americans');
    const p = s.battle!.prompt!;
    if (p.kind === 'casualties' && p.side === 'defender') expect(toAct(s)).toEqual([s.controller.Americans]);
  });
});

describe('strategic bombing and battle order', () => {
  it('raids a factory: AA first, then 1d6 per bomber up to the production, from the treasury', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const bombers = put(s, 'Germans', 'West Europe', { bomber: 3 });
    put(s, 'British', 'United Kingdom', { factory: 1, aaGun: 1 });
    s = act(s, {
      type: 'move',
      units: ids(bombers),
      path: ['West Europe', 'North Sea Zone', 'United Kingdom'],
      raid: true,
    });
    s = act(s, { type: 'endPhase' });
    expect(s.battles).toEqual(['raid:United Kingdom']);
    for (let seed = 1; seed <= 8; seed++) {
      const { s: after, events } = fightLogged({ ...s, rng: [seed, 11, seed, 13] }, 'raid:United Kingdom');
      expect(events.indexOf('aaFire')).toBeLessThan(events.indexOf('raid'));
      const lost = s.treasury.British - after.treasury.British;
      expect(lost).toBeGreaterThanOrEqual(0);
      expect(lost).toBeLessThanOrEqual(8);
      expect(after.owner['United Kingdom']).toBe('British');
    }
    expect(
      refusal(emptyBoard('Germans', 'combatMove'), {
        type: 'move',
        units: [1],
        path: ['West Europe', 'North Sea Zone'],
        raid: true,
      }),
    ).not.toBeNull();
  });

  it('fights battles one at a time in the order the attacker chooses', () => {
    let s = emptyBoard('Germans', 'combatMove');
    const a = put(s, 'Germans', 'East Europe', { armour: 3 });
    const b = put(s, 'Germans', 'Libya', { armour: 3 });
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    put(s, 'British', 'Anglo Sudan Egypt', { infantry: 1 });
    s = act(s, move(ids(a), 'East Europe', 'Karelia S.S.R.'));
    s = act(s, move(ids(b), 'Libya', 'Anglo Sudan Egypt'));
    s = act(s, { type: 'endPhase' });
    expect(s.battles).toEqual(['Anglo Sudan Egypt', 'Karelia S.S.R.']);
    expect(refusal(s, { type: 'endPhase' })).toBe('BATTLES_LEFT');
    expect(refusal(s, { type: 'fight', territory: 'Russia' })).toBe('NO_BATTLE');
    s = fightOut(s, 'Karelia S.S.R.');
    expect(s.battles).toEqual(['Anglo Sudan Egypt']);
    expect(s.phase).toBe('battle');
    s = fightOut(s, 'Anglo Sudan Egypt');
    expect(s.phase).toBe('nonCombatMove');
  });
});
