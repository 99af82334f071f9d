import { DEFENSES, DEFENSE_SPECS, OFFENSES, OFFENSE_SPECS } from './data';
import { BASE, COLUMNS, MATRIX } from './matrix';

/** Section 5 of the design, copied verbatim: normative for these four pairs (RULINGS 3). */
const DESIGN_SAMPLE = JSON.parse(`{
  "assassination": {
    "safeHouse": {
      "offenseSucceeds": false,
      "ipChangeOffender": -1,
      "ipChangeDefender": 1,
      "newStatusOffender": "exposed",
      "newStatusDefender": "active",
      "intelOffender": [],
      "intelDefender": ["attackerIdentity"]
    },
    "bodyguardDetail": {
      "offenseSucceeds": false,
      "ipChangeOffender": -1,
      "ipChangeDefender": 1,
      "newStatusOffender": "exposed",
      "newStatusDefender": "active",
      "intelOffender": [],
      "intelDefender": ["attackerGadget"]
    },
    "mobileOperations": {
      "offenseSucceeds": true,
      "ipChangeOffender": 2,
      "ipChangeDefender": -2,
      "newStatusOffender": "active",
      "newStatusDefender": "compromised",
      "intelOffender": ["defenderCompromised"],
      "intelDefender": []
    },
    "default": {
      "offenseSucceeds": true,
      "ipChangeOffender": 3,
      "ipChangeDefender": -3,
      "newStatusOffender": "active",
      "newStatusDefender": "compromised",
      "intelOffender": ["defenderStatus"],
      "intelDefender": []
    }
  }
}`) as Record<string, Record<string, unknown>>;

const STATUS_EFFECTS = ['active', 'exposed', 'compromised', 'captured', 'stuck'];
const OUTCOME_KEYS = [
  'offenseSucceeds',
  'ipChangeOffender',
  'ipChangeDefender',
  'newStatusOffender',
  'newStatusDefender',
  'intelOffender',
  'intelDefender',
];

describe('interaction matrix', () => {
  it('has a cell for every (offense, defense) pair and for "no defense"', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...OFFENSES].sort());
    expect(COLUMNS).toHaveLength(DEFENSES.length + 1);
    for (const off of OFFENSES) {
      expect(Object.keys(MATRIX[off]).sort()).toEqual([...COLUMNS].sort());
    }
    expect(OFFENSES.length * COLUMNS.length).toBe(12 * 13);
  });

  it('gives every cell the outcomes its mode needs, in the design shape', () => {
    for (const off of OFFENSES) {
      for (const col of COLUMNS) {
        const cell = MATRIX[off][col];
        const where = `${off} vs ${col}`;
        const needs = {
          roll: [true, true],
          block: [false, true],
          auto: [true, false],
          untargetable: [false, false],
        }[cell.mode];
        expect([cell.success !== null, cell.failure !== null]).toEqual(needs);
        if (cell.mode === 'roll') expect(OFFENSE_SPECS[off].threshold).not.toBeNull();
        if (cell.mode === 'auto') expect(OFFENSE_SPECS[off].threshold).toBeNull();
        for (const out of [cell.success, cell.failure]) {
          if (!out) continue;
          for (const k of OUTCOME_KEYS) expect({ where, has: k in out }).toEqual({ where, has: true });
          expect(STATUS_EFFECTS).toContain(out.newStatusOffender);
          expect(STATUS_EFFECTS).toContain(out.newStatusDefender);
        }
        if (cell.success) expect(cell.success.offenseSucceeds).toBe(true);
        if (cell.failure) expect(cell.failure.offenseSucceeds).toBe(false);
      }
    }
  });

  it('reproduces the design sample entries exactly', () => {
    const s = DESIGN_SAMPLE.assassination!;
    expect(MATRIX.assassination.safeHouse.failure).toEqual(s.safeHouse);
    expect(MATRIX.assassination.safeHouse.mode).toBe('block');
    expect(MATRIX.assassination.bodyguardDetail.failure).toEqual(s.bodyguardDetail);
    expect(MATRIX.assassination.bodyguardDetail.mode).toBe('block');
    expect(MATRIX.assassination.mobileOperations.success).toEqual(s.mobileOperations);
    expect(MATRIX.assassination.mobileOperations.modifier).toBe(-2);
    expect(MATRIX.assassination.none.success).toEqual(s.default);
  });

  it('follows section 4 for the counters', () => {
    expect(MATRIX.sabotage.safeHouse.mode).toBe('block');
    expect(MATRIX.infiltration.bodyguardDetail.mode).toBe('block');
    expect(MATRIX.surveillance.sweepAndClear.mode).toBe('block');
    expect(MATRIX.infiltration.sweepAndClear.mode).toBe('block');
    expect(MATRIX.exposure.falseIdentity.failure?.newStatusOffender).toBe('exposed');
    expect(MATRIX.surveillance.counterSurveillance.failure?.effects).toContain('destroySurveillanceGadget');
    expect(MATRIX.sabotage.counterSurveillance.failure?.ipChangeOffender).toBe(-1);
    expect(MATRIX.sabotage.none.failure?.ipChangeOffender).toBe(0);
    expect(MATRIX.misinformation.disinformation.mode).toBe('block');
    expect(MATRIX.networkAttack.underground.minSpend).toBe(3);
    for (const off of OFFENSES) {
      const direct = OFFENSE_SPECS[off].direct;
      expect(MATRIX[off].honeypot.mode).toBe(direct ? 'block' : 'roll');
      if (direct && off !== 'networkAttack') expect(MATRIX[off].underground.mode).toBe('untargetable');
      if (OFFENSE_SPECS[off].threshold !== null && direct)
        expect(MATRIX[off].mobileOperations.modifier).toBe(-2);
    }
    for (const d of ['sweepAndClear', 'falseIdentity', 'counterSurveillance', 'disinformation'] as const) {
      expect(MATRIX.falseFlag[d]).toMatchObject({
        mode: 'block',
        failure: { ...BASE.falseFlag.failure, ipChangeDefender: 2 },
      });
    }
  });

  it('pays the defender +1 for neutralising an attack and +2 for a counter-intelligence intercept (design 6.1)', () => {
    for (const off of OFFENSES)
      for (const d of DEFENSES) {
        const cell = MATRIX[off][d];
        if (cell.mode !== 'block') continue;
        const want = DEFENSE_SPECS[d].counterIntel ? 2 : 1;
        expect([off, d, cell.failure!.ipChangeDefender]).toEqual([off, d, want]);
      }
    // Rolls that merely fail pay the defender nothing.
    expect(MATRIX.assassination.none.failure!.ipChangeDefender).toBe(0);
    expect(MATRIX.sabotage.counterSurveillance.failure!.ipChangeDefender).toBe(0);
  });
});
