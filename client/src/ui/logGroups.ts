/**
 * The table log as people read it, a story rather than a firehose, keeping every fact:
 * - lines of one kind fold into one: the same thing done by several players ("Ada passes", "Bo
 *   passes" -> "Ada and Bo pass"), or one player's several purchases ("A Mint is produced for
 *   Bot 4 for m20" three times -> "Bot 4 produced 3 Mints (m20 each)"; assets taken
 *   in one Adaptation -> "Ada takes control of ACME Bank and ACME Armory"), or one player's same
 *   Power used on several cards ("Bot 2 activates Mint #1 and #3: Coin (Tap): Gain m6");
 * - any other run of identical lines becomes one line with a count ("... ×3");
 * - a line naming you is marked as yours (`marksYou`), unless it only counts you among several
 *   players who did the same thing.
 * Lines of one nday (a stamp such as "[nweek 1, Joel] ...") fold together wherever they stand in it; lines
 * without such a stamp only when they follow each other. A fold stands where its newest line stood
 * (after the actions it ends; a ticker of the latest lines shows a new purchase at its foot). A single
 * purchase reads as a folded one does ("Bot 4 produced a Lucky Charm (m5)").
 */
export interface Grouped<L extends { text: string }> {
  line: L;
  count: number;
}

/** A line of the story: the text to show, the log line it stands at, and how many lines it tells. */
export interface StoryLine<L extends { text: string }> {
  line: L;
  text: string;
  count: number;
  /** A fold of the same thing done by several players: who they are, and what they all did. */
  alike?: { people: string[]; predicate: string };
}

/**
 * Is the story line to be marked as yours: it names you, and not only as one of several players
 * who all did the same routine thing ("Ada, Bo and Cy have submitted" is everyone's news).
 */
export function marksYou(s: StoryLine<{ text: string }>, name: string | undefined): boolean {
  if (!concerns(s.text, name)) return false;
  return !(s.alike && s.alike.people.includes(name!) && !concerns(s.alike.predicate, name));
}

export function groupRepeats<L extends { text: string }>(
  lines: readonly L[],
  key: (l: L) => string = (l) => l.text,
): Grouped<L>[] {
  const out: Grouped<L>[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last && key(last.line) === key(line)) {
      last.count++;
      last.line = line;
    } else out.push({ line, count: 1 });
  }
  return out;
}

/** Does the line name this player (a whole-word match of the name)? */
export function concerns(text: string, name: string | undefined): boolean {
  if (!name) return false;
  const esc = escape(name);
  return new RegExp(`(^|[^\\p{L}\\p{N}])${esc}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}

export const withCount = (text: string, count: number): string => (count > 1 ? `${text} ×${count}` : text);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Ada", "Ada and Bo", "Ada, Bo and Cy". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "passes" -> "pass", "has" -> "have", "is" -> "are", "buys" -> "buy", "carries" -> "carry". */
export function plainVerb(verb: string): string | null {
  if (verb === 'has') return 'have';
  if (verb === 'is') return 'are';
  if (verb === 'was') return 'were';
  if (/(ss|sh|ch|x|z)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return null;
}

/** "Mint" -> "Mints", "Fish Stall" -> "Fish Stalls", "Box" -> "Boxes", "Battery" -> "Batteries". */
export function pluralName(name: string): string {
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

interface Parsed {
  /** Lines with the same key fold together. */
  key: string;
  who: string;
  /** subjects: the shared predicate ("passes"); produced: the Device and its price. */
  rest: string;
  price?: number;
}

interface Fold<L extends { text: string }> {
  parsed: Parsed;
  prefix: string;
  members: { line: L; parsed: Parsed }[];
}

const STAMP = /^(\[[^\]]*\] )/;

/**
 * The story of `lines` (oldest first), with the players' `names` (to find who a line is about).
 * Chat or other lines that must never fold: give `fixed` returning true for them.
 */
export function tellStory<L extends { text: string }>(
  lines: readonly L[],
  names: readonly string[],
  fixed: (l: L) => boolean = () => false,
): StoryLine<L>[] {
  const who = names
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  const subject = who ? new RegExp(`^(${who}) ([a-z]+)(.*)$`) : null;
  const produced = who ? new RegExp(`^An? (.+?) is produced for (${who}) for m(\\d+)$`) : null;
  const activates = who ? new RegExp(`^(${who}) activates (.+?) #(\\d+): (.+)$`) : null;
  const control = who ? new RegExp(`^(${who}) takes control of (.+)$`) : null;
  const parse = (body: string): Parsed | null => {
    const p = produced?.exec(body);
    if (p) return { key: `produced ${p[2]}`, who: p[2]!, rest: p[1]!, price: Number(p[3]) };
    const u = activates?.exec(body);
    if (u) return { key: `activates ${u[1]} ${u[2]}: ${u[4]}`, who: u[1]!, rest: `#${u[3]}` };
    const c = control?.exec(body);
    if (c) return { key: `control ${c[1]}`, who: c[1]!, rest: c[2]! };
    const s = subject?.exec(body);
    if (s && plainVerb(s[2]!)) return { key: `who ${s[2]}${s[3]}`, who: s[1]!, rest: `${s[2]}${s[3]}` };
    return null;
  };

  // Each entry: a plain line or a fold.
  type Entry = { line: L } | { fold: Fold<L> };
  const out: Entry[] = [];
  // The folds open in the current stretch: one nday's stamp, or (lines without a stamp) a run.
  let open = new Map<string, Fold<L>>();
  let stretch: string | null = null;
  for (const line of lines) {
    if (fixed(line)) {
      out.push({ line });
      continue;
    }
    const stamp = STAMP.exec(line.text)?.[1] ?? '';
    const parsed = parse(line.text.slice(stamp.length));
    if (stamp !== stretch) {
      open = new Map();
      stretch = stamp;
    }
    if (!parsed) {
      out.push({ line });
      continue;
    }
    const fold = open.get(parsed.key);
    const lastEntry = out[out.length - 1];
    // Without a stamp, a fold takes only the lines right after it.
    const joins = fold && (stamp !== '' || (lastEntry && 'fold' in lastEntry && lastEntry.fold === fold));
    if (fold && joins) {
      fold.members.push({ line, parsed });
      // The fold moves to where its newest line stands.
      out.splice(
        out.findIndex((e) => 'fold' in e && e.fold === fold),
        1,
      );
      out.push({ fold });
      continue;
    }
    const f: Fold<L> = { parsed, prefix: stamp, members: [{ line, parsed }] };
    open.set(parsed.key, f);
    out.push({ fold: f });
  }

  // Any other identical lines in a row fold with a count.
  const story: (StoryLine<L> & { plain: boolean })[] = [];
  for (const e of out) {
    if ('fold' in e) {
      story.push({ ...render(e.fold), plain: false });
      continue;
    }
    const prev = story[story.length - 1];
    if (prev?.plain && !fixed(e.line) && prev.line.text === e.line.text) {
      prev.count++;
      prev.line = e.line;
      prev.text = withCount(e.line.text, prev.count);
      continue;
    }
    story.push({ line: e.line, text: e.line.text, count: 1, plain: !fixed(e.line) });
  }
  return story.map(({ line, text, count, alike }) => ({ line, text, count, ...(alike ? { alike } : {}) }));
}

function render<L extends { text: string }>(fold: Fold<L>): StoryLine<L> {
  const members = fold.members;
  const anchor = members[members.length - 1]!.line;
  if (fold.parsed.key.startsWith('produced ')) {
    // One player's purchases: each Device with how many and at what price, in the order bought.
    const byName = new Map<string, number[]>();
    for (const m of members)
      byName.set(m.parsed.rest, [...(byName.get(m.parsed.rest) ?? []), m.parsed.price!]);
    const items = [...byName].map(([name, prices]) => {
      if (prices.length === 1) return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name} (m${prices[0]})`;
      const same = prices.every((p) => p === prices[0]);
      return `${prices.length} ${pluralName(name)} (${same ? `m${prices[0]} each` : prices.map((p) => `m${p}`).join(', ')})`;
    });
    return {
      line: anchor,
      text: `${fold.prefix}${fold.parsed.who} produced ${andList(items)}`,
      count: members.length,
    };
  }
  if (members.length === 1) return { line: anchor, text: anchor.text, count: 1 };
  if (fold.parsed.key.startsWith('activates ')) {
    // One player using the same Power of several cards: "Bot 2 activates Mint #1 and #3: Coin".
    const [name, power] = fold.parsed.key.slice(`activates ${fold.parsed.who} `.length).split(/: (.*)/s);
    const ids = andList(members.map((m) => m.parsed.rest));
    return {
      line: anchor,
      text: `${fold.prefix}${fold.parsed.who} activates ${name} ${ids}: ${power}`,
      count: members.length,
    };
  }
  if (fold.parsed.key.startsWith('control ')) {
    const assets = members.map((m) => m.parsed.rest);
    return {
      line: anchor,
      text: `${fold.prefix}${fold.parsed.who} takes control of ${andList(assets)}`,
      count: members.length,
    };
  }
  // The same thing done by several players: each named once, in the order they did it.
  const counts = new Map<string, number>();
  for (const m of members) counts.set(m.parsed.who, (counts.get(m.parsed.who) ?? 0) + 1);
  const people = [...counts].map(([name, n]) => (n > 1 ? `${name} (×${n})` : name));
  const rest = fold.parsed.rest;
  const space = rest.indexOf(' ');
  const verb = space < 0 ? rest : rest.slice(0, space);
  const tail = space < 0 ? '' : rest.slice(space);
  const text =
    people.length > 1
      ? `${fold.prefix}${andList(people)} ${plainVerb(verb)}${tail}`
      : `${fold.prefix}${fold.parsed.who} ${rest} ×${members.length}`;
  return {
    line: anchor,
    text,
    count: members.length,
    ...(counts.size > 1 ? { alike: { people: [...counts.keys()], predicate: rest } } : {}),
  };
}
