/** Test-only helpers for the engine (never imported by product code). */
import type { RuleError } from '../core/contract';
import { addBlueprint, withDefaults } from './blueprints';
import type { EngineCtx } from './market';
import { parsePower } from './powerText';
import type { BlueprintSpec, EngineState, Power } from './types';
import { MACKEREL } from './units';

export const NAMES = ['Ada', 'Bo', 'Cy', 'Di'];

export function ctx(): EngineCtx {
  return { units: MACKEREL, names: NAMES, events: [] };
}

export function power(text: string): Power {
  const r = parsePower(text);
  if (!r.ok) throw new Error(`bad power ${text}: ${r.error.message}`);
  return r.value;
}

export type TestBlueprint = Pick<BlueprintSpec, 'name'> & Partial<BlueprintSpec> & { powers?: string[] };

/** An engine with `seats` players holding `money` each and these Blueprints. */
export function engine(blueprints: TestBlueprint[] = [], money = 100, seats = 3): EngineState {
  const e: EngineState = {
    wallets: Array.from({ length: seats }, () => ({ money, score: 0 })),
    blueprints: [],
    devices: [],
    offers: [],
    nextId: 1,
  };
  for (const { powers, ...b } of blueprints) {
    const spec = withDefaults({ ...b, definition: { ...b.definition, powers: (powers ?? []).map(power) } });
    const err = addBlueprint(e, spec, MACKEREL, []);
    if (err) throw new Error(err.message);
  }
  return e;
}

/** Runs an engine operation that must succeed. */
export function ok(err: RuleError | null): void {
  if (err) throw new Error(`refused: ${err.code} ${err.message}`);
}
