/**
 * A game's view, described once. One description per game (shared/src/games/<id>/viewShape.ts)
 * states how its public view, its per-seat public fields and a seat's private part travel: the
 * server derives its schema classes and the projection view -> schema from it (server/src/rooms/
 * derive*.ts), the client decodes the room state back into the same plain view with it
 * (decodeView below). Null and absent values are encoded here, once (`nullable(v.int8, -1)`).
 *
 * Pure data and pure functions: no schema library here. The wire layout is flat: a nested object
 * or a nullable object becomes prefixed fields of its parent (`prompt: { kind, seat } | null` ->
 * `prompt` (present?), `promptKind`, `promptSeat`), so a change costs its fields and nothing else,
 * and a seat's private part never holds a child created later (a StateView would not show it).
 * Only arrays and maps of objects have child classes.
 */

/** The schema primitive types the games use. */
export type WireType =
  'string' | 'boolean' | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

/** Phantom carrier of the view type a field describes (never set at run time). */
interface Typed<T> {
  readonly __view?: (v: T) => T;
}

/** One primitive (or an encoded value: codec, nullable, optional) in one schema field. */
export interface LeafField<T> extends Typed<T> {
  readonly kind: 'leaf';
  readonly wire: WireType;
  /** The wire value of a fresh field. */
  readonly empty: string | number | boolean;
  readonly encode?: (v: T) => unknown;
  readonly decode?: (w: unknown) => T;
}

/** An array of primitives (each item a leaf) in one schema field. */
export interface ListField<T> extends Typed<T[]> {
  readonly kind: 'list';
  readonly item: LeafField<T>;
}

/** A string-keyed map of primitives in one schema field. */
export interface DictField<T, K extends string = string> extends Typed<Partial<Record<K, T>>> {
  readonly kind: 'dict';
  readonly item: LeafField<T>;
  /**
   * Every key the map may hold, in the order a value lists them (optional): the server's
   * projection then reads those keys instead of enumerating the value's, which for keys like
   * '2'..'10' (array indices to the engine) is several times slower.
   */
  readonly keys?: readonly K[];
}

/** Any value sent as a string-keyed map of primitives, through two pure functions (`v.entries`). */
export interface EntriesField<T> extends Typed<T> {
  readonly kind: 'entries';
  readonly item: LeafField<unknown>;
  readonly encode: (v: T) => Record<string, unknown>;
  readonly decode: (w: Record<string, unknown>) => T;
}

/** A plain object: its fields flattened into the parent's (prefixed by the field's name). */
export interface ObjectField<T> extends Typed<T> {
  readonly kind: 'object';
  readonly fields: Fields;
}

/**
 * An object or null: its fields, back to their fresh values while null. Which it is: a boolean field
 * named after it, or (`when`) one member's value, whose fresh value the view never holds.
 */
export interface MaybeField<T> extends Typed<T | null> {
  readonly kind: 'maybe';
  readonly inner: ObjectField<T> | UnionField<T>;
  readonly when?: string;
}

/** A tagged union of objects: the tag field, then every variant's fields flattened (shared by name). */
export interface UnionField<T> extends Typed<T> {
  readonly kind: 'union';
  readonly tag: string;
  readonly variants: Readonly<Record<string, Fields>>;
}

/** An array of objects: one child class per item. `item` may be a maybe (a `present` flag per item). */
export interface RowsField<T> extends Typed<T[]> {
  readonly kind: 'rows';
  readonly item: ObjectField<T> | MaybeField<NonNullable<T>>;
}

/** An array of objects with a unique number key, sent as a map by that key (a new item patches one entry). */
export interface KeyedField<T> extends Typed<T[]> {
  readonly kind: 'keyed';
  readonly key: string;
  readonly item: ObjectField<T>;
}

/**
 * An object (or, by a maybe item, an object or null) in a child object of its own, for a parent
 * whose flat layout would pass the schema's 64 fields. Public only (a StateView shows no child
 * created later under a seat's private part).
 */
export interface ChildField<T> extends Typed<T> {
  readonly kind: 'child';
  readonly item: ObjectField<T> | MaybeField<NonNullable<T>>;
}

/** A string-keyed record of objects, sent as a map of child objects by that key. */
export interface RecordField<T> extends Typed<Record<string, T>> {
  readonly kind: 'record';
  readonly item: ObjectField<T>;
}

/** The view's array of per-seat public objects: its fields go on the room's seats. */
export interface SeatsField<T> extends Typed<T[]> {
  readonly kind: 'seats';
  readonly item: ObjectField<T>;
}

/** A key that may be missing from the view: absent when the wire holds `empty` (or an empty list). */
export interface OptionalField<T> extends Typed<T> {
  readonly kind: 'optional';
  readonly inner: LeafField<T> | ListField<T extends (infer I)[] ? I : never>;
}

/** Not projected: read from the room's own state (the phase, a seat's name) or the viewer's seat. */
export interface SourceField<T> extends Typed<T> {
  readonly kind: 'source';
  readonly source: 'phase' | 'seatName' | 'viewerSeat' | 'null';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Field<T = any> =
  | LeafField<T>
  | ListField<T>
  | DictField<T>
  | EntriesField<T>
  | ObjectField<T>
  | MaybeField<T>
  | UnionField<T>
  | RowsField<T>
  | KeyedField<T>
  | RecordField<T>
  | ChildField<T>
  | SeatsField<T>
  | OptionalField<T>
  | SourceField<T>;

export type Fields = Readonly<Record<string, Field>>;

/** The view type a field describes. */
export type ViewOf<F> = F extends Typed<infer T> ? T : never;

type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { readonly kind: 'optional' } ? K : never;
}[keyof F];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The object type a set of fields describes. */
export type ObjectOf<F extends Fields> = Simplify<
  { -readonly [K in Exclude<keyof F, OptionalKeys<F>>]: ViewOf<F[K]> } & {
    -readonly [K in OptionalKeys<F>]?: ViewOf<F[K]>;
  }
>;

// ---- Field builders -------------------------------------------------------------------------------

const leaf = <T>(wire: WireType, empty: string | number | boolean): LeafField<T> => ({
  kind: 'leaf',
  wire,
  empty,
});
const num = (wire: WireType): LeafField<number> => leaf<number>(wire, 0);

export const v = {
  /** A string; `v.string<Mode>()` narrows it to the view's union of names. */
  string: <T extends string = string>(): LeafField<NoInfer<T>> => leaf<T>('string', ''),
  boolean: leaf<boolean>('boolean', false),
  int8: num('int8'),
  uint8: num('uint8'),
  int16: num('int16'),
  uint16: num('uint16'),
  int32: num('int32'),
  uint32: num('uint32'),
  /** Lossy: the client reads the nearest float32. */
  float32: num('float32'),
  float64: num('float64'),

  /** A value in a wire field through two pure functions (`decode(encode(x))` must give x back). */
  codec<T, W>(wire: LeafField<W>, encode: (value: T) => W, decode: (wire: W) => T): LeafField<T> {
    return { kind: 'leaf', wire: wire.wire, empty: wire.empty, encode, decode: decode as (w: unknown) => T };
  },
  /** Any JSON value as one string field (for nested data that changes rarely: one field, one patch). */
  json<T>(): LeafField<NoInfer<T>> {
    return {
      kind: 'leaf',
      wire: 'string',
      empty: '',
      encode: (x: T) => JSON.stringify(x),
      decode: (w: unknown) => JSON.parse(String(w)) as T,
    };
  },
  /**
   * T or null. A primitive or codec stores `empty` for null (a wire value the view never holds:
   * -1 for a seat, '' for an id or a JSON value); an object or union adds a present flag.
   */
  nullable: (<T>(
    inner: LeafField<T> | ObjectField<T> | UnionField<T>,
    empty?: string | number | { when: string; is?: string | number },
  ) => {
    if (inner.kind !== 'leaf') {
      if (typeof empty !== 'object') return { kind: 'maybe', inner };
      const { when, is } = empty;
      if (inner.kind !== 'object' || inner.fields[when]?.kind !== 'leaf')
        throw new Error(`viewShape: "${when}" must be a primitive field of the object`);
      const member = inner.fields[when] as LeafField<unknown>;
      const fields = { ...inner.fields, [when]: { ...member, empty: is ?? member.empty } };
      return { kind: 'maybe', inner: { kind: 'object', fields }, when };
    }
    if (typeof empty === 'object') throw new Error('viewShape: `when` is for objects');
    const blank = empty ?? inner.empty;
    const enc = inner.encode;
    const dec = inner.decode;
    return {
      kind: 'leaf',
      wire: inner.wire,
      empty: blank,
      encode: (x: T | null) => (x === null ? blank : enc ? enc(x) : x),
      decode: (w: unknown) => (w === blank ? null : dec ? dec(w) : (w as T)),
    } satisfies LeafField<T | null>;
  }) as {
    /** `when`: null is this member holding `is` (default: its fresh value), so no flag is sent. */
    <T>(inner: ObjectField<T>, by: { when: keyof T & string; is?: string | number }): MaybeField<T>;
    <T>(inner: ObjectField<T> | UnionField<T>): MaybeField<T>;
    <T>(inner: LeafField<T>, empty: string | number): LeafField<T | null>;
  },
  /** A key the view may leave out: absent when the wire holds `empty` (a list: when it is empty). */
  optional: (<T>(inner: LeafField<T> | ListField<T>, empty?: string | number) =>
    inner.kind === 'list'
      ? { kind: 'optional', inner }
      : {
          kind: 'optional',
          inner: { ...inner, empty: empty ?? inner.empty },
        }) as {
    <T>(inner: ListField<T>): OptionalField<T[]>;
    <T>(inner: LeafField<T>, empty: string | number): OptionalField<T>;
  },
  list: <T>(item: LeafField<T>): ListField<T> => ({ kind: 'list', item }),
  /**
   * A string-keyed map of primitives; `v.dict<Rank>()(v.uint8)` types its keys, and
   * `v.dict(RANKS)(v.uint8)` also lists them all (see DictField.keys).
   */
  dict:
    <K extends string = string>(keys?: readonly K[]) =>
    <T>(item: LeafField<T>): DictField<T, NoInfer<K>> =>
      keys ? { kind: 'dict', item, keys } : { kind: 'dict', item },
  /**
   * A value sent as a map of primitives through two pure functions, so a change patches the entries
   * that changed (a list of statuses keyed by what they are about).
   */
  entries<T, I>(
    item: LeafField<I>,
    encode: (value: T) => Record<string, I>,
    decode: (wire: Record<string, I>) => T,
  ): EntriesField<T> {
    return {
      kind: 'entries',
      item: item as unknown as LeafField<unknown>,
      encode,
      decode: decode as (w: Record<string, unknown>) => T,
    };
  },
  object: <F extends Fields>(fields: F): ObjectField<ObjectOf<F>> => ({ kind: 'object', fields }),
  /** `tag` names the discriminant; each variant lists its other fields. */
  union: <Tag extends string, V extends Readonly<Record<string, Fields>>>(
    tag: Tag,
    variants: V,
  ): UnionField<
    { [K in keyof V & string]: Simplify<{ [P in Tag]: K } & ObjectOf<V[K]>> }[keyof V & string]
  > => ({
    kind: 'union',
    tag,
    variants,
  }),
  rows: (<T>(item: ObjectField<T> | MaybeField<T>) => ({ kind: 'rows', item })) as {
    <T>(item: MaybeField<T>): RowsField<T | null>;
    <T>(item: ObjectField<T>): RowsField<T>;
  },
  keyed: <T, K extends keyof T & string>(key: K, item: ObjectField<T>): KeyedField<T> => ({
    kind: 'keyed',
    key,
    item,
  }),
  /** Its fields in a child object of their own (see ChildField). */
  child: (<T>(item: ObjectField<T> | MaybeField<T>) => ({ kind: 'child', item })) as {
    <T>(item: MaybeField<T>): ChildField<T | null>;
    <T>(item: ObjectField<T>): ChildField<T>;
  },
  /** A record of objects by string key (a board's territories): a new key patches one entry. */
  record: <T>(item: ObjectField<T>): RecordField<T> => ({ kind: 'record', item }),
  seats: <F extends Fields>(fields: F): SeatsField<ObjectOf<F>> => ({
    kind: 'seats',
    item: v.object(fields),
  }),
  /** The room's own `phase` field (the rules' phase, which the room syncs for every game). */
  phase: <T extends string = string>(): SourceField<NoInfer<T>> => ({ kind: 'source', source: 'phase' }),
  /** A seat's name (the room's own seat field). */
  seatName: { kind: 'source', source: 'seatName' } as SourceField<string>,
  /** In the private part: the viewer's own seat number. */
  viewerSeat: { kind: 'source', source: 'viewerSeat' } as SourceField<number>,
  /** Not sent: null on the client (`v.absent<Outcome | null>()`: the room's `result` carries the outcome). */
  absent: <T>(): SourceField<NoInfer<T>> => ({ kind: 'source', source: 'null' }),
};

// ---- The description and its compile-time check -------------------------------------------------

export interface ViewShape<Pub = unknown, Priv = unknown> {
  readonly public: Fields;
  readonly private: Fields;
  /** Phantom: the view types this shape was checked against. */
  readonly __types?: (p: Pub, q: Priv) => void;
}

type Mutable<T> = T extends (infer I)[]
  ? Mutable<I>[]
  : T extends readonly (infer I)[]
    ? Mutable<I>[]
    : T extends object
      ? { -readonly [K in keyof T]: Mutable<T[K]> }
      : T;
type Same<A, B> = [Mutable<A>] extends [Mutable<B>]
  ? [Mutable<B>] extends [Mutable<A>]
    ? true
    : false
  : false;
/** The keys whose described type differs from the view's (for the compile error's message). */
type Mismatch<D, V> = {
  [K in keyof D | keyof V]: K extends keyof D
    ? K extends keyof V
      ? Same<D[K], V[K]> extends true
        ? never
        : K
      : K
    : K;
}[keyof D | keyof V];
type Checked<D extends Fields, V, Part extends string> =
  Same<ObjectOf<D>, V> extends true
    ? unknown
    : { [P in `${Part} differs from the view at`]: Mismatch<ObjectOf<D>, V> };

/**
 * A game's description, checked against its view types: `describeView<Pub, Priv>()({ public, private })`
 * fails to compile when a field is missing, extra, or of another type than the view's.
 */
export function describeView<Pub, Priv>() {
  return <P extends Fields, Q extends Fields>(
    shape: { public: P; private: Q } & NoInfer<Checked<P, Pub, 'public'> & Checked<Q, Priv, 'private'>>,
  ): ViewShape<Pub, Priv> => ({ public: shape.public, private: shape.private });
}

// ---- The wire layout ------------------------------------------------------------------------------

/** The name a nested field takes in its parent's flat layout (`prompt` + `seat` = `promptSeat`). */
export function wireName(prefix: string, key: string): string {
  return prefix === '' ? key : prefix + key[0]!.toUpperCase() + key.slice(1);
}

/** One schema field of a layout. */
export type WireSlot =
  | { readonly name: string; readonly type: WireType; readonly empty: string | number | boolean }
  | { readonly name: string; readonly list: WireType }
  | { readonly name: string; readonly dict: WireType }
  | { readonly name: string; readonly rows: Layout }
  | { readonly name: string; readonly keyed: Layout }
  | { readonly name: string; readonly child: Layout };

/** The flat schema fields of one class; `seat` (public only): the seats' own fields. */
export interface Layout {
  readonly slots: readonly WireSlot[];
  readonly seat?: Layout;
}

/** The item of a rows field whose items may be null carries this flag. */
export const PRESENT = 'present';

function itemFields(item: ObjectField<unknown> | MaybeField<unknown>): Fields {
  if (item.kind !== 'maybe') return item.fields;
  return item.when ? innerFields(item.inner) : { [PRESENT]: v.boolean, ...innerFields(item.inner) };
}
/** The fields of an object or union, flattened (a union: its tag and every variant's fields). */
export function innerFields(inner: ObjectField<unknown> | UnionField<unknown>): Fields {
  if (inner.kind === 'object') return inner.fields;
  const all: Record<string, Field> = { [inner.tag]: v.string() };
  for (const fields of Object.values(inner.variants)) Object.assign(all, fields);
  return all;
}

/** The flat layout of a set of fields; throws on two fields with one wire name. */
export function layoutOf(fields: Fields): Layout {
  const slots: WireSlot[] = [];
  let seat: Layout | undefined;
  const taken = new Map<string, string>();
  const add = (slot: WireSlot) => {
    const sig = JSON.stringify(slot);
    const before = taken.get(slot.name);
    if (before !== undefined) {
      if (before !== sig) throw new Error(`viewShape: two fields are both sent as "${slot.name}"`);
      return;
    }
    taken.set(slot.name, sig);
    slots.push(slot);
  };
  const walk = (prefix: string, key: string, f: Field): void => {
    const name = wireName(prefix, key);
    switch (f.kind) {
      case 'leaf':
        return add({ name, type: f.wire, empty: f.empty });
      case 'list':
        return add({ name, list: f.item.wire });
      case 'dict':
      case 'entries':
        return add({ name, dict: f.item.wire });
      case 'optional':
        return walk(prefix, key, f.inner);
      case 'object':
        for (const [k, sub] of Object.entries(f.fields)) walk(name, k, sub);
        return;
      case 'union':
        for (const [k, sub] of Object.entries(innerFields(f))) walk(name, k, sub);
        return;
      case 'maybe':
        if (!f.when) add({ name, type: 'boolean', empty: false });
        for (const [k, sub] of Object.entries(innerFields(f.inner))) walk(name, k, sub);
        return;
      case 'rows':
        return add({ name, rows: layoutOf(itemFields(f.item)) });
      case 'keyed':
      case 'record':
        return add({ name, keyed: layoutOf(f.item.fields) });
      case 'child':
        return add({ name, child: layoutOf(itemFields(f.item)) });
      case 'seats':
        if (prefix !== '' || seat)
          throw new Error('viewShape: one seats field, at the top of the public view');
        seat = layoutOf(f.item.fields);
        return;
      case 'source':
        return;
    }
  };
  for (const [k, f] of Object.entries(fields)) walk('', k, f);
  return seat ? { slots, seat } : { slots };
}

// ---- Decoding (the client's side: decoded room state, as plain JSON, back to the view) --------------

type Plain = Record<string, unknown>;
const asObject = (x: unknown): Plain => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Plain) : {});
const asArray = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

interface ReadContext {
  readonly room: Plain;
  readonly seat: Plain;
  readonly viewer: number;
}

function readLeaf(f: LeafField<unknown>, w: unknown): unknown {
  const ok =
    f.wire === 'string'
      ? typeof w === 'string'
      : f.wire === 'boolean'
        ? typeof w === 'boolean'
        : typeof w === 'number';
  const value = ok ? w : f.empty;
  return f.decode ? f.decode(value) : value;
}

function readField(src: Plain, prefix: string, key: string, f: Field, ctx: ReadContext): unknown {
  const name = wireName(prefix, key);
  switch (f.kind) {
    case 'leaf':
      return readLeaf(f, src[name]);
    case 'list':
      return asArray(src[name]).map((w) => readLeaf(f.item, w));
    case 'dict': {
      const out: Plain = {};
      for (const [k, w] of Object.entries(asObject(src[name]))) out[k] = readLeaf(f.item, w);
      return out;
    }
    case 'entries': {
      const out: Plain = {};
      for (const [k, w] of Object.entries(asObject(src[name]))) out[k] = readLeaf(f.item, w);
      return f.decode(out);
    }
    case 'optional':
      return undefined; // handled by readFields (the key is left out)
    case 'object':
      return readFields(src, name, f.fields, ctx);
    case 'union':
      return readUnion(src, name, f, ctx);
    case 'maybe':
      if (!isPresent(src, name, f)) return null;
      return f.inner.kind === 'object'
        ? readFields(src, name, f.inner.fields, ctx)
        : readUnion(src, name, f.inner, ctx);
    case 'rows':
      return asArray(src[name]).map((item) => readItem(asObject(item), f.item, ctx));
    case 'keyed':
      return Object.values(asObject(src[name]))
        .map((item) => readFields(asObject(item), '', f.item.fields, ctx) as Plain)
        .sort((a, b) => (a[f.key] as number) - (b[f.key] as number));
    case 'child':
      return readItem(asObject(src[name]), f.item, ctx);
    case 'record': {
      const out: Plain = {};
      for (const [k, item] of Object.entries(asObject(src[name])))
        out[k] = readFields(asObject(item), '', f.item.fields, ctx);
      return out;
    }
    case 'seats':
      return asArray(ctx.room.seats).map((s) =>
        readFields(asObject(s), '', f.item.fields, { ...ctx, seat: asObject(s) }),
      );
    case 'source':
      if (f.source === 'phase') return typeof ctx.room.phase === 'string' ? ctx.room.phase : '';
      if (f.source === 'seatName') return typeof ctx.seat.name === 'string' ? ctx.seat.name : '';
      if (f.source === 'viewerSeat') return ctx.viewer;
      return null;
  }
}

/** Whether a flattened nullable object is there: its flag, or its `when` member off its fresh value. */
function isPresent(src: Plain, prefix: string, f: MaybeField<unknown>): boolean {
  if (!f.when) return src[prefix === '' ? PRESENT : prefix] === true;
  const member = (f.inner as ObjectField<unknown>).fields[f.when] as LeafField<unknown>;
  const w = src[wireName(prefix, f.when)];
  return w !== undefined && w !== member.empty;
}

function readItem(src: Plain, item: ObjectField<unknown> | MaybeField<unknown>, ctx: ReadContext): unknown {
  if (item.kind === 'object') return readFields(src, '', item.fields, ctx);
  if (!isPresent(src, '', item)) return null;
  return item.inner.kind === 'object'
    ? readFields(src, '', item.inner.fields, ctx)
    : readUnion(src, '', item.inner, ctx);
}

function readUnion(src: Plain, prefix: string, f: UnionField<unknown>, ctx: ReadContext): Plain {
  const tag = src[wireName(prefix, f.tag)];
  const fields = typeof tag === 'string' ? f.variants[tag] : undefined;
  if (!fields) throw new Error(`viewShape: unknown ${f.tag} "${String(tag)}"`);
  return { [f.tag]: tag, ...readFields(src, prefix, fields, ctx) };
}

function readFields(src: Plain, prefix: string, fields: Fields, ctx: ReadContext): Plain {
  const out: Plain = {};
  for (const key in fields) {
    const f = fields[key]!;
    if (f.kind === 'optional') {
      const name = wireName(prefix, key);
      if (f.inner.kind === 'list') {
        const list = asArray(src[name]);
        if (list.length > 0) out[key] = list.map((w) => readLeaf((f.inner as ListField<unknown>).item, w));
      } else {
        const w = src[name];
        if (w !== undefined && w !== f.inner.empty) out[key] = readLeaf(f.inner, w);
      }
    } else out[key] = readField(src, prefix, key, f, ctx);
  }
  return out;
}

/**
 * The decoded room state (plain JSON, as `state.toJSON()` gives it) back to the game's view for
 * `seat` (-1: a spectator, who gets no private part). Missing fields read as their fresh value.
 */
export function decodeView<Pub, Priv>(
  shape: ViewShape<Pub, Priv>,
  state: Readonly<Record<string, unknown>>,
  seat: number,
): { public: Pub; private: Priv | null } {
  const room = state as Plain;
  const ctx: ReadContext = { room, seat: {}, viewer: seat };
  const pub = readFields(room, '', shape.public, ctx) as Pub;
  const mine = seat >= 0 ? asObject(asArray(room.seats)[seat]).private : undefined;
  const priv =
    mine && typeof mine === 'object' ? (readFields(mine as Plain, '', shape.private, ctx) as Priv) : null;
  return { public: pub, private: priv };
}
