/**
 * Parses the card table (config/cards.csv). Pure: the generator script and the tests call it; the
 * game itself uses the checked-in generated module (the browser has no file system).
 */
import type { CardDef, CardType, Clan, Faction, ModifierKey, Modifiers } from '../types';

const TYPES: readonly CardType[] = ['boss', 'common', 'unique', 'event', 'token'];
const CLANS: readonly Clan[] = ['gangsters', 'authorities', 'loners', 'solo'];
const FACTIONS: readonly Faction[] = ['heads', 'specialists', 'stormers', 'slippery'];

export const MODIFIER_KEYS: readonly ModifierKey[] = [
  'atk_all',
  'entry_attack',
  'kill_bonus',
  'unbribable',
  'multi_target',
  'atk_faction',
  'ignore_shields',
  'hand_attack',
  'damage',
  'ignore_first_shield',
  'extort',
  'economy_entry',
  'economy_bonus',
  'opponent_money',
  'freeze',
  'enemy_shields',
  'discard_return',
  'heal',
  'deck_look',
  'shields_target',
  'def_all',
  'corruption_resist',
  'hand_guard',
  'steal',
  'discount',
  'purchase_bonus',
  'sell',
  'return_hand',
  'discard_bonus',
  'bribe_cost',
  'atk_per_hack',
  'guard',
  'restore_shield',
  'guard_all',
  'shields_per_block',
  'restore_all_shields',
  'heal_target',
  'authority',
  'opponent_discard',
  'unbribable_all',
  'double_abilities',
];

/** One CSV line into fields (double-quoted fields may hold commas; "" is a quote). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** `entry_attack;kill_bonus:+1` -> { entry_attack: 1, kill_bonus: 1 } (signs dropped: values are magnitudes). */
export function parseModifiers(text: string): Modifiers {
  const mods: Modifiers = {};
  for (const part of text.split(';').map((p) => p.trim())) {
    if (!part) continue;
    const [key, value] = part.split(':') as [string, string | undefined];
    if (!(MODIFIER_KEYS as readonly string[]).includes(key)) throw new Error(`unknown modifier ${key}`);
    const n = value === undefined ? 1 : Math.abs(Number(value));
    if (!Number.isFinite(n)) throw new Error(`bad modifier value ${part}`);
    mods[key as ModifierKey] = n;
  }
  return mods;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T | null {
  if (value === 'n/a' || value === '') return null;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`bad ${what}: ${value}`);
  return value as T;
}

function num(value: string, what: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new Error(`bad ${what}: ${value}`);
  return n;
}

export const CSV_HEADER =
  'id,name,type,clan,faction,hp,atk,price,corruption,defend,rage,modifiers,in_deck,text';

export function parseCardsCsv(csv: string): CardDef[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0] !== CSV_HEADER) throw new Error('cards.csv: unexpected header');
  return lines.slice(1).map((line) => {
    const f = splitCsvLine(line);
    if (f.length !== 14) throw new Error(`cards.csv: ${f.length} fields in ${line}`);
    const type = oneOf(f[2]!, TYPES, 'type');
    if (!type) throw new Error(`cards.csv: no type in ${line}`);
    return {
      id: f[0]!,
      name: f[1]!,
      type,
      clan: oneOf(f[3]!, CLANS, 'clan'),
      faction: oneOf(f[4]!, FACTIONS, 'faction'),
      hp: num(f[5]!, 'hp'),
      atk: num(f[6]!, 'atk'),
      price: num(f[7]!, 'price'),
      corruption: num(f[8]!, 'corruption'),
      defend: num(f[9]!, 'defend'),
      rage: num(f[10]!, 'rage'),
      modifiers: parseModifiers(f[11]!),
      inDeck: f[12] === 'yes',
      text: f[13]!,
    };
  });
}
