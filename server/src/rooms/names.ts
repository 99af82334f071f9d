/**
 * People's names and chat text as the table shows them: without bidirectional controls, and each
 * seated name told apart from every other at a glance (not only byte for byte).
 */
import { Limits } from '@parlor/shared';

/**
 * Bidirectional controls: embeddings and overrides (U+202A-202E), isolates (U+2066-2069), the
 * left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C). One
 * in a name or a chat line reorders what follows it on every screen ("Ada" + U+202E + "txt.exe").
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `text` without its bidirectional controls. */
export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * Letters of other scripts drawn like Latin ones (Unicode's confusables, the common Cyrillic and
 * Greek part), before case folding: an upper-case letter may look unlike its lower-case (Greek Η
 * is an H, η an n).
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S',
  Т: 'T', Х: 'X', У: 'Y', Ү: 'Y', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'l',
  а: 'a', с: 'c', е: 'e', һ: 'h', і: 'i', ј: 'j', о: 'o', р: 'p', ѕ: 's', у: 'y', х: 'x', ү: 'y',
  ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ё: 'ë', ї: 'ï',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T',
  Υ: 'Y', Χ: 'X', α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  η: 'n', ϲ: 'c', ϳ: 'j',
  // Latin
  ı: 'i', ɑ: 'a', ɡ: 'g', ɩ: 'i', ʏ: 'y',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');

/**
 * What a name looks like, as a key: two names with the same key would read as one at the table.
 * Compatibility forms (fullwidth, ligatures, styled letters: NFKC), invisible characters, case,
 * spacing, look-alike letters of other scripts, and 0/O, 1/l/I, rn/m, vv/w are set aside.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/0/g, 'o')
    .replace(/[1i|]/g, 'l')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/**
 * `name` if no name in `taken` looks like it, else the first of "name 2", "name 3", ... that none
 * does (cut to the name length). A player expects to sit with the name they typed, told apart as
 * another would be: the chat shows a different name for each seat.
 */
export function distinctName(name: string, taken: Iterable<string>): string {
  const keys = new Set<string>();
  for (const t of taken) keys.add(nameKey(t));
  if (!keys.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${fitted(name, Limits.nameLength - suffix.length)}${suffix}`;
    if (!keys.has(nameKey(candidate))) return candidate;
  }
}

/** `name` cut to at most `max` UTF-16 units, never through a character (a lone surrogate). */
function fitted(name: string, max: number): string {
  let out = '';
  for (const c of name) {
    if (out.length + c.length > max) break;
    out += c;
  }
  return out.trimEnd();
}
