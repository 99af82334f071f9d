/**
 * The text form of a whole Blueprint, one `Key: value` per line, so Blueprints can be written,
 * pasted and read as text. Keys are case-insensitive; the printer writes the canonical form:
 *
 *   Blueprint: Golden Statue
 *   Uniqueness: Game
 *   Production Count: 1
 *   Price: m25
 *   Starting Price: m25
 *   Power: Admire (Tap): Gain 3 Points
 *   Attribute: colour = gold
 *   Property: Shiny
 *
 * Omitted lines take the RFC's defaults (Non-Unique, Infinite, m50). `Biddable: yes` makes it
 * Biddable at its Price; a Starting Price line makes it Biddable at that price. Errors give the
 * line and the position in the whole text.
 */
import type { Parsed, TextError } from './powerText';
import { normalName, parsePower, printPower } from './powerText';
import { EngineErr, type EngineRefusal } from './errors';
import type { BlueprintSpec, Power, Uniqueness, Units } from './types';
import { MAX_AMOUNT, UNIQUENESS } from './types';
import { MACKEREL, money } from './units';

const KEYS: Record<string, string> = {
  blueprint: 'name',
  name: 'name',
  uniqueness: 'uniqueness',
  'production count': 'count',
  count: 'count',
  price: 'price',
  'starting price': 'startingPrice',
  biddable: 'biddable',
  power: 'power',
  attribute: 'attribute',
  property: 'property',
};

function err(
  at: number,
  line: number,
  message: string,
  code: EngineRefusal = EngineErr.POWER_SYNTAX,
): { ok: false; error: TextError } {
  return { ok: false, error: { code, at, message: `line ${line}: ${message}` } };
}

function moneyOf(text: string, units: Units): number | null {
  const pre = units.moneyPrefix;
  const suf = units.moneySuffix;
  let t = text.trim();
  if (pre && t.toLowerCase().startsWith(pre.toLowerCase())) t = t.slice(pre.length);
  if (suf && t.toLowerCase().endsWith(suf.toLowerCase())) t = t.slice(0, -suf.length);
  t = t.trim();
  if (!/^\d{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_AMOUNT ? n : null;
}

export function parseBlueprint(text: string, units: Units = MACKEREL): Parsed<BlueprintSpec> {
  let name: string | null = null;
  let uniqueness: Uniqueness = 'Non-Unique';
  let count: BlueprintSpec['count'] = 'Infinite';
  let price = 50;
  let startingPrice: number | undefined;
  let biddable = false;
  const powers: Power[] = [];
  const attributes: Record<string, string | number> = {};
  const properties: string[] = [];
  const seen = new Set<string>();
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const at = offset;
    offset += raw.length + 1;
    const lineNo = i + 1;
    if (raw.trim() === '' || raw.trim().startsWith('#')) continue;
    const colon = raw.indexOf(':');
    if (colon < 0) return err(at, lineNo, 'expected "Key: value"');
    const key = KEYS[raw.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' ')];
    const valueAt = at + colon + 1 + (raw.slice(colon + 1).length - raw.slice(colon + 1).trimStart().length);
    const value = raw.slice(colon + 1).trim();
    if (!key)
      return err(
        at,
        lineNo,
        `unknown key "${raw.slice(0, colon).trim()}": use Blueprint, Uniqueness, Production Count, Price, Starting Price, Biddable, Power, Attribute, Property`,
      );
    if (seen.has(key) && !['power', 'attribute', 'property'].includes(key))
      return err(at, lineNo, `"${raw.slice(0, colon).trim()}" is given twice`);
    seen.add(key);
    switch (key) {
      case 'name': {
        const n = normalName(value);
        if (!n)
          return err(
            valueAt,
            lineNo,
            "a Blueprint Name is 1 to 32 letters, digits, spaces, ' or -, starting with a letter",
          );
        name = n;
        break;
      }
      case 'uniqueness': {
        const u = UNIQUENESS.find((x) => x.toLowerCase() === value.toLowerCase());
        if (!u) return err(valueAt, lineNo, 'Uniqueness is Non-Unique, Player or Game');
        uniqueness = u;
        break;
      }
      case 'count': {
        if (/^infinite$/i.test(value)) count = 'Infinite';
        else if (/^\d{1,4}$/.test(value)) count = Number(value);
        else return err(valueAt, lineNo, 'the Production Count is Infinite or a whole number from 0');
        break;
      }
      case 'price':
      case 'startingPrice': {
        const n = moneyOf(value, units);
        if (n === null) return err(valueAt, lineNo, `write an amount like ${money(units, 25)}`);
        if (key === 'price') price = n;
        else startingPrice = n;
        break;
      }
      case 'biddable':
        if (/^(yes|true)$/i.test(value)) biddable = true;
        else if (/^(no|false)$/i.test(value)) biddable = false;
        else return err(valueAt, lineNo, 'Biddable is yes or no');
        break;
      case 'power': {
        const p = parsePower(value, units);
        if (!p.ok)
          return {
            ok: false,
            error: { ...p.error, at: valueAt + p.error.at, message: `line ${lineNo}: ${p.error.message}` },
          };
        powers.push(p.value);
        break;
      }
      case 'attribute': {
        const eq = value.indexOf('=');
        const k = eq < 0 ? null : normalName(value.slice(0, eq));
        const v = eq < 0 ? '' : value.slice(eq + 1).trim();
        if (!k || v === '') return err(valueAt, lineNo, 'write an Attribute as "name = value"');
        attributes[k] = /^\d{1,9}$/.test(v) ? Number(v) : v;
        break;
      }
      case 'property': {
        const p = normalName(value);
        if (!p) return err(valueAt, lineNo, 'a Property is a name');
        properties.push(p);
        break;
      }
    }
  }
  if (!name) return err(text.length, lines.length, 'a Blueprint needs a "Blueprint: Name" line');
  return {
    ok: true,
    value: {
      name,
      uniqueness,
      count,
      price,
      ...(biddable ? { biddable } : {}),
      ...(startingPrice !== undefined ? { startingPrice } : {}),
      definition: { attributes, properties, powers },
    },
  };
}

export function printBlueprint(spec: BlueprintSpec, units: Units = MACKEREL): string {
  const lines = [
    `Blueprint: ${spec.name}`,
    `Uniqueness: ${spec.uniqueness}`,
    `Production Count: ${spec.count}`,
    `Price: ${money(units, spec.price)}`,
  ];
  if (spec.biddable) lines.push('Biddable: yes');
  if (spec.startingPrice !== undefined) lines.push(`Starting Price: ${money(units, spec.startingPrice)}`);
  for (const p of spec.definition?.powers ?? []) lines.push(`Power: ${printPower(p, units)}`);
  for (const [k, v] of Object.entries(spec.definition?.attributes ?? {}))
    lines.push(`Attribute: ${k} = ${v}`);
  for (const p of spec.definition?.properties ?? []) lines.push(`Property: ${p}`);
  return lines.join('\n');
}
