/**
 * Blueprints: validating a written Blueprint, adding it to the market, and the two count rules of
 * the RFC (a Production Count of one makes it Biddable; zero makes it cease to exist).
 */
import type { GameEvent, RuleError } from '../core/contract';
import { EngineErr, Rule, ruleError } from './errors';
import { normalName } from './powerText';
import type { Blueprint, BlueprintSpec, EngineState, Units } from './types';
import { MAX_AMOUNT, UNIQUENESS } from './types';
import { money } from './units';

export const MAX_POWERS = 4;

/** The RFC's default values: Non-Unique, Infinite, m50 (Starting Price defaults to the Price). */
export function withDefaults(spec: Pick<BlueprintSpec, 'name'> & Partial<BlueprintSpec>): BlueprintSpec {
  return { uniqueness: 'Non-Unique', count: 'Infinite', price: 50, ...spec };
}

function isAmount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_AMOUNT;
}

/** Why this written Blueprint is not valid (shape only; name clashes are checked on adding). */
export function checkSpec(spec: BlueprintSpec): RuleError | null {
  const bad = (m: string) => ruleError(EngineErr.BAD_BLUEPRINT, Rule.BLUEPRINT, m);
  if (!normalName(spec.name) || normalName(spec.name) !== spec.name)
    return bad("A Blueprint Name is 1 to 32 letters, digits, spaces, ' or -, starting with a letter.");
  if (!UNIQUENESS.includes(spec.uniqueness)) return bad('Uniqueness is Non-Unique, Player or Game.');
  if (spec.count !== 'Infinite' && !isAmount(spec.count))
    return bad('The Production Count is Infinite or a whole number from 0.');
  if (!isAmount(spec.price)) return bad(`The Price is a whole amount from 0 to ${MAX_AMOUNT}.`);
  if (spec.startingPrice !== undefined && !isAmount(spec.startingPrice))
    return bad(`The Starting Price is a whole amount from 0 to ${MAX_AMOUNT}.`);
  const powers = spec.definition?.powers ?? [];
  if (powers.length > MAX_POWERS) return bad(`A Device has at most ${MAX_POWERS} Powers.`);
  const names = new Set(powers.map((p) => p.name.toLowerCase()));
  if (names.size !== powers.length) return bad('Two Powers of one Device cannot share a name.');
  for (const p of powers) {
    if (p.costs.length === 0 || p.effects.length === 0)
      return ruleError(
        EngineErr.POWER_SYNTAX,
        Rule.POWER_FORM,
        `Power ${p.name} needs a Cost and a Game Action.`,
      );
  }
  return null;
}

/** A fresh Blueprint from a valid spec (the count rules are applied by `settleCount`). */
export function blueprintOf(spec: BlueprintSpec): Blueprint {
  const biddable = spec.biddable === true || spec.startingPrice !== undefined;
  return {
    name: spec.name,
    uniqueness: spec.uniqueness,
    count: spec.count,
    price: spec.price,
    biddable,
    startingPrice: biddable ? (spec.startingPrice ?? spec.price) : null,
    definition: {
      attributes: { ...(spec.definition?.attributes ?? {}) },
      properties: [...(spec.definition?.properties ?? [])],
      powers: structuredClone(spec.definition?.powers ?? []),
    },
    biddingOpen: false,
    highBid: null,
    winner: null,
  };
}

/**
 * The RFC's "at any time" rules, applied after anything that changes a count: a count of one gains
 * the Biddable Property (Starting Price = Price); a count of zero ceases to exist.
 */
export function settleCount(e: EngineState, name: string, units: Units, events: GameEvent[]): void {
  const i = e.blueprints.findIndex((b) => b.name === name);
  const b = e.blueprints[i];
  if (!b) return;
  if (b.count === 0) {
    e.blueprints.splice(i, 1);
    events.push({
      type: 'blueprintGone',
      text: `The ${name} Blueprint ceases to exist (count 0)`,
      data: { blueprint: name },
    });
    return;
  }
  if (b.count === 1 && !b.biddable) {
    b.biddable = true;
    b.startingPrice = b.price;
    events.push({
      type: 'blueprintBiddable',
      text: `The ${name} Blueprint is down to one: it is now Biddable from ${money(units, b.price)}`,
      data: { blueprint: name },
    });
  }
}

/** Adds a Blueprint to the market; no two Blueprints may share a name. */
export function addBlueprint(
  e: EngineState,
  spec: BlueprintSpec,
  units: Units,
  events: GameEvent[],
): RuleError | null {
  const invalid = checkSpec(spec);
  if (invalid) return invalid;
  if (e.blueprints.some((b) => b.name.toLowerCase() === spec.name.toLowerCase()))
    return ruleError(EngineErr.NAME_TAKEN, Rule.NAMES, `A Blueprint named ${spec.name} already exists.`);
  e.blueprints.push(blueprintOf(spec));
  settleCount(e, spec.name, units, events);
  return null;
}

export function findBlueprint(e: EngineState, name: string): Blueprint | undefined {
  return e.blueprints.find((b) => b.name === name);
}
