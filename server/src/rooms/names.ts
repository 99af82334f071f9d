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
const LOOK_ALIKES = new Map(
  [
    // Cyrillic capitals and small letters: each pair is the letter, then the Latin one it looks like.
    'АA ВB СC ЕE НH ІI ЈJ КK МM ОO РP ЅS ТT ХX УY ҮY ԀD ԚQ ԜW Ӏl',
    'аa сc еe һh іi јj оo рp ѕs уy хx үy ԁd ԛq ԝw ӏl',
    // Greek
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX',
    'αa εe ιi κk νv οo ρp τt υu χx ηn ϲc ϳj',
    // Latin letters drawn like others
    'ıi ɑa ɡg ɩi ʏy',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair[0]!, pair[1]!] as const),
);
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join('')}]`, 'g');

/**
 * What a name looks like, as a key: two names with the same key would read as one at the table.
 * Compatibility forms (fullwidth, ligatures, styled letters: NFKC), invisible characters, case,
 * spacing, look-alike letters of other scripts, and 0/O, 1/l/I, rn/m, vv/w are set aside.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES.get(c)!)
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
