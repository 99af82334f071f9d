/**
 * How Tactical Risk's wire view (wireView.ts) travels (see core/viewShape.ts). Territories are a map
 * by name, each with a map of stacks by faction, so a move patches the two stacks it changes; a
 * stack's id lists are space-separated strings (one field each). Under fog of war each seat's
 * private part carries the stacks it sees as one string per territory (primitives only, so they
 * ride with the private child), `Faction@Territory:type=n,...#ids#groups#rooms` per faction, `;`
 * between factions: every value names what it reveals (the leak test looks for `Faction@Territory:`).
 */
import { describeView, v } from '../../core/viewShape';
import { UNIT_TYPES, type UnitType } from './board';
import type { Counts, TrPrivate, TrPublic, TrStack } from './wireView';

const numbers = (text: string): number[] => text.split(' ').filter(Boolean).map(Number);
const ids = v.codec<number[], string>(v.string(), (x) => x.join(' '), numbers);
const groups = v.codec<number[][], string>(
  v.string(),
  (x) => x.map((g) => g.join(' ')).join('|'),
  (w) =>
    w
      .split('|')
      .map(numbers)
      .filter((g) => g.length > 0),
);
/** A list item as `a|b|c` (one string per entry: a turn summary line changes rarely). */
const line = <T>(encode: (x: T) => unknown[], decode: (parts: string[]) => T) =>
  v.codec<T, string>(
    v.string(),
    (x) => encode(x).join('|'),
    (w) => decode(w.split('|')),
  );

const count = v.optional(v.uint8, 0);
const counts = v.object({
  infantry: count,
  artillery: count,
  armour: count,
  fighter: count,
  bomber: count,
  transport: count,
  submarine: count,
  destroyer: count,
  carrier: count,
  battleship: count,
  aaGun: count,
  factory: count,
});

const stack = v.object({ counts, ids, spent: ids, groups, rooms: ids });

function fogString(at: string, stacks: Record<string, TrStack>): string {
  return Object.entries(stacks)
    .map(([faction, s]) => {
      const listed = UNIT_TYPES.filter((t) => (s.counts[t] ?? 0) > 0)
        .map((t) => `${t}=${s.counts[t]}`)
        .join(',');
      return `${faction}@${at}:${listed}#${ids.encode!(s.ids) as string}#${groups.encode!(s.groups) as string}#${ids.encode!(s.rooms) as string}`;
    })
    .join(';');
}

function parseFog(text: string): Record<string, TrStack> {
  const out: Record<string, TrStack> = {};
  for (const part of text.split(';').filter(Boolean)) {
    const at = part.indexOf('@');
    const colon = part.indexOf(':', at);
    const hash = part.indexOf('#', colon);
    const [idText = '', groupText = '', roomText = ''] = part.slice(hash + 1).split('#');
    const c: Counts = {};
    for (const entry of part
      .slice(colon + 1, hash)
      .split(',')
      .filter(Boolean)) {
      const [t, n] = entry.split('=');
      c[t as UnitType] = Number(n);
    }
    out[part.slice(0, at)] = {
      counts: c,
      ids: numbers(idText),
      spent: [],
      groups: groups.decode!(groupText),
      rooms: numbers(roomText),
    };
  }
  return out;
}

const fog = v.entries<TrPrivate['units'], string>(
  v.string(),
  (units) => {
    const out: Record<string, string> = {};
    for (const at in units) out[at] = fogString(at, units[at]!);
    return out;
  },
  (wire) => {
    const out: TrPrivate['units'] = {};
    for (const at in wire) out[at] = parseFog(wire[at]!);
    return out;
  },
);

export const tacticalRiskViewShape = describeView<TrPublic, TrPrivate>()({
  public: {
    mode: v.string(),
    fogOfWar: v.boolean,
    edition: v.uint8,
    phase: v.phase(),
    round: v.uint16,
    turnNumber: v.uint32,
    faction: v.string(),
    canUndo: v.boolean,
    draftSeat: v.int8,
    factions: v.rows(
      v.object({
        name: v.string(),
        seat: v.int8,
        alliance: v.string(),
        treasury: v.uint16,
        capital: v.string(),
        capitalHeld: v.boolean,
        income: v.uint16,
        out: v.boolean,
        pending: v.json<Counts>(),
      }),
    ),
    territories: v.record(v.object({ owner: v.string(), startOwner: v.string(), units: v.record(stack) })),
    factoriesAtStart: v.list(v.string()),
    placedAt: v.dict()(v.uint8),
    battles: v.list(v.string()),
    /** A child of its own: flat, the room state would pass the schema's 64 fields. */
    battle: v.child(
      v.nullable(
        v.object({
          territory: v.string(),
          kind: v.string(),
          attacker: v.string(),
          defender: v.string(),
          round: v.uint8,
          steps: v.list(v.string()),
          promptKind: v.string(),
          promptFaction: v.string(),
          promptSide: v.string(),
          promptCount: v.uint8,
          promptHits: v.string(),
          promptAirOnly: v.boolean,
          canSubmerge: v.boolean,
          out: v.list(v.uint32),
          suggestion: v.list(v.uint32),
          retreats: v.list(v.string()),
          rollsAttacker: v.list(v.uint8),
          rollsDefender: v.list(v.uint8),
          rollsAttackerAt: v.list(v.uint8),
          rollsDefenderAt: v.list(v.uint8),
          rollsLabel: v.string(),
          bombard: v.nullable(
            v.object({
              count: v.uint8,
              /** `id zone` per ship. */
              ships: v.list(
                v.codec<{ id: number; zone: string }, string>(
                  v.string(),
                  (s) => `${s.id} ${s.zone}`,
                  (w) => ({ id: Number(w.slice(0, w.indexOf(' '))), zone: w.slice(w.indexOf(' ') + 1) }),
                ),
              ),
              dice: v.list(v.uint8),
              at: v.list(v.uint8),
              hits: v.uint8,
            }),
            { when: 'count' },
          ),
        }),
        { when: 'territory' },
      ),
    ),
    lastBattle: v.nullable(v.object({ key: v.string(), winner: v.string(), captured: v.boolean }), {
      when: 'key',
    }),
    winner: v.nullable(v.object({ factions: v.list(v.string()), reason: v.string() })),
    bankMs: v.list(v.uint32),
    banking: v.boolean,
    turns: v.keyed(
      'turn',
      v.object({
        faction: v.string(),
        round: v.uint16,
        turn: v.uint32,
        done: v.boolean,
        changes: v.list(
          line<TrPublic['turns'][number]['changes'][number]>(
            (c) => [c.territory, c.from, c.to],
            ([territory = '', from = '', to = '']) => ({ territory, from, to }),
          ),
        ),
        battles: v.list(
          line<TrPublic['turns'][number]['battles'][number]>(
            (b) => [b.territory, b.kind, b.won ? 1 : 0, b.captured ? 1 : 0],
            ([territory = '', kind = '', won, captured]) => ({
              territory,
              kind,
              won: won === '1',
              captured: captured === '1',
            }),
          ),
        ),
        spent: v.uint16,
        income: v.nullable(v.int16, -1),
        continents: v.list(
          line<TrPublic['turns'][number]['continents'][number]>(
            (c) => [c.name, c.bonus, c.from, c.to],
            ([name = '', bonus, from = '', to = '']) => ({ name, bonus: Number(bonus) || 0, from, to }),
          ),
        ),
      }),
    ),
  },
  private: {
    factions: v.list(v.string()),
    pending: v.nullable(v.json<Record<string, Counts>>(), ''),
    units: fog,
    placedAt: v.dict()(v.uint8),
  },
});
