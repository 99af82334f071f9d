/**
 * A game's schema classes and projection, derived from its one view description (shared
 * core/viewShape.ts): the public view goes on the room state, the seats field on each seat, the
 * private part on each seat's `@view()` child. The projection writes only what differs (like
 * sync.ts), so a patch is the change and nothing else.
 */
import type { ArraySchema, MapSchema } from '@colyseus/schema';
import { Schema, schema, t } from '@colyseus/schema';
import {
  type Field,
  type Fields,
  type GameAction,
  type GameDefinition,
  type Layout,
  type MaybeField,
  type ViewShape,
  PRESENT,
  innerFields,
  layoutOf,
  wireName,
} from '@parlor/shared';
import type { GameAdapter } from './GameAdapter';
import { type GameRoomState, type PrivateState, type SeatState, gameSchemas } from './schema';
import { itemsOf, syncArray, syncMap } from './sync';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Target = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Value = any;
/**
 * Pass 0 writes a target's own primitive fields, pass 1 its collections: the encoder switches to a
 * structure once per run of changes, so all of a target's fields first, then each collection once.
 */
type Writer = (target: Target, value: Value, pass: 0 | 1) => void;
/** Both passes on one target (an item, a seat, the room, a private part). */
const writeAll = (w: Writer, t: Target, x: Value) => {
  w(t, x, 0);
  w(t, x, 1);
};
type SchemaClass = new () => Schema;

/** One game's classes: its own bases (its handshake describes it alone), the seat's private part hidden. */
export interface ViewClasses {
  RoomState: new () => GameRoomState;
  SeatState: new () => SeatState;
  PrivateState: new () => PrivateState;
  /**
   * Test only: the same game with each seat's private part NOT under `@view()` (the leak tests'
   * control), on bases of its own, so it is in no real room's handshake.
   */
  leaky(): ViewClasses;
}

function fieldsOf(layout: Layout, name: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const slot of layout.slots) {
    if ('type' in slot) fields[slot.name] = t[slot.type]().default(slot.empty as never);
    else if ('list' in slot) fields[slot.name] = t.array(slot.list);
    else if ('dict' in slot) fields[slot.name] = t.map(slot.dict);
    else if ('rows' in slot) fields[slot.name] = t.array(classOf(slot.rows, `${name}_${slot.name}`));
    else if ('child' in slot) fields[slot.name] = t.ref(classOf(slot.child, `${name}_${slot.name}`));
    else fields[slot.name] = t.map(classOf(slot.keyed, `${name}_${slot.name}`));
  }
  return fields;
}

function classOf(layout: Layout, name: string, base: typeof Schema = Schema): SchemaClass {
  return schema(fieldsOf(layout, name) as never, name, base) as unknown as SchemaClass;
}

/** The schema classes of a description. `name` prefixes the class names (the handshake's). */
export function viewClasses(shape: ViewShape, name: string, hidden = true): ViewClasses {
  const bases = gameSchemas();
  const pub = layoutOf(shape.public);
  const privateLayout = layoutOf(shape.private);
  // A child made after the seat's StateView was given its private part would not be shown to it.
  if (privateLayout.slots.some((slot) => 'child' in slot))
    throw new Error(`viewShape: ${name}'s private part may not hold a v.child`);
  const PrivateState = classOf(privateLayout, `${name}Private`, bases.PrivateState as never);
  const seatFields = fieldsOf(pub.seat ?? { slots: [] }, `${name}Seat`);
  const SeatState = schema(
    { ...seatFields, private: hidden ? t.ref(PrivateState).view() : t.ref(PrivateState) } as never,
    `${name}Seat`,
    bases.SeatState as never,
  ) as unknown as new () => SeatState;
  let leaky: ViewClasses | undefined;
  return {
    RoomState: classOf(
      pub,
      `${name}State`,
      bases.GameRoomState as never,
    ) as unknown as new () => GameRoomState,
    SeatState,
    PrivateState: PrivateState as unknown as new () => PrivateState,
    leaky: () => (leaky ??= viewClasses(shape, `${name}Leaky`, false)),
  };
}

// ---- The projection: compiled once per description into writers ----------------------------------

function setter(name: string, encode?: (v: Value) => unknown): Writer {
  if (!encode)
    return (t, x, pass) => {
      if (pass === 0 && t[name] !== x) t[name] = x;
    };
  return (t, x, pass) => {
    if (pass !== 0) return;
    const w = encode(x);
    if (t[name] !== w) t[name] = w;
  };
}

/** Which pass a field's writer works in: 0 its target's primitives, 1 collections, both (nested). */
function passOf(f: Field): 0 | 1 | 2 {
  switch (f.kind) {
    case 'leaf':
      return 0;
    case 'optional':
      return f.inner.kind === 'leaf' ? 0 : 1;
    case 'object':
    case 'union':
    case 'maybe':
      return 2;
    default:
      return 1;
  }
}

/**
 * `target.name = value.key` for each primitive, only where they differ, as straight-line code with
 * constant property names (built once per description from its field names, never from input): V8
 * then caches each access as the hand-written projections had it, where a loop over names does not.
 */
function plainAssigner(keys: string[], names: string[]): (t: Target, x: Value) => void {
  const lit = (k: string) => JSON.stringify(k);
  const body = keys
    .map((k, i) => `v = x[${lit(k)}]; if (t[${lit(names[i]!)}] !== v) t[${lit(names[i]!)}] = v;`)
    .join('\n');
  return new Function('t', 'x', `let v;\n${body}`) as (t: Target, x: Value) => void;
}

/**
 * The writer of a set of fields on one target. Runs after every accepted action for the whole view:
 * plain primitives are compared in one loop (no call per field), each pass calls only its writers.
 */
function objectWriter(prefix: string, fields: Fields): Writer {
  const plainKeys: string[] = [];
  const plainNames: string[] = [];
  const byPass: [string, Writer][][] = [[], [], []];
  for (const [key, f] of Object.entries(fields)) {
    if (f.kind === 'leaf' && !f.encode) {
      plainKeys.push(key);
      plainNames.push(wireName(prefix, key));
      continue;
    }
    const w = writerOf(prefix, key, f);
    if (w) byPass[passOf(f)]!.push([key, w]);
  }
  const [first, second, nested] = byPass as [[string, Writer][], [string, Writer][], [string, Writer][]];
  const plain = plainAssigner(plainKeys, plainNames);
  return (t, x, pass) => {
    if (pass === 0) {
      plain(t, x);
      for (let i = 0; i < first.length; i++) first[i]![1](t, x[first[i]![0]], 0);
    } else for (let i = 0; i < second.length; i++) second[i]![1](t, x[second[i]![0]], 1);
    for (let i = 0; i < nested.length; i++) nested[i]![1](t, x[nested[i]![0]], pass);
  };
}

function writerOf(prefix: string, key: string, f: Field): Writer | null {
  const name = wireName(prefix, key);
  switch (f.kind) {
    case 'leaf':
      return setter(name, f.encode);
    case 'list': {
      const enc = f.item.encode;
      return enc
        ? (t, x, pass) => pass === 1 && syncArray(t[name], (x as Value[]).map(enc) as never)
        : (t, x, pass) => pass === 1 && syncArray(t[name], x);
    }
    case 'dict': {
      const enc = f.item.encode;
      const keys = f.keys;
      if (!enc)
        return keys
          ? (t, x, pass) => pass === 1 && syncMap(t[name], x, keys)
          : (t, x, pass) => pass === 1 && syncMap(t[name], x);
      return (t, x, pass) => {
        if (pass !== 1) return;
        const out: Record<string, unknown> = {};
        for (const k in x) if (x[k] !== undefined) out[k] = enc(x[k]);
        syncMap(t[name], out as never);
      };
    }
    case 'entries': {
      const enc = f.item.encode;
      return (t, x, pass) => {
        if (pass !== 1) return;
        const out = f.encode(x);
        if (enc) for (const k in out) out[k] = enc(out[k]);
        syncMap(t[name], out as never);
      };
    }
    case 'optional': {
      if (f.inner.kind === 'list') {
        const enc = f.inner.item.encode;
        return (t, x, pass) =>
          pass === 1 &&
          syncArray(
            t[name],
            ((x ?? []) as Value[]).map((i) => (enc ? enc(i) : i)),
          );
      }
      const { empty, encode } = f.inner;
      return setter(name, (x) => (x === undefined ? empty : encode ? encode(x) : x));
    }
    case 'object':
      return objectWriter(name, f.fields);
    case 'union':
      return unionWriter(name, f.tag, f.variants);
    case 'maybe':
      return maybeWriter(name, f);
    case 'rows': {
      const item = f.item;
      const write = item.kind === 'object' ? objectWriter('', item.fields) : maybeWriter('', item);
      const classOfItem = itemClassOf(name);
      return (t, x: Value[], pass) => {
        if (pass !== 1) return;
        const list = t[name] as ArraySchema<Schema>;
        while (list.length > x.length) list.pop();
        for (let i = 0; i < x.length; i++) {
          if (i >= list.length) list.push(new (classOfItem(t))());
          writeAll(write, list[i] as Target, x[i]);
        }
      };
    }
    case 'keyed': {
      const classOfItem = itemClassOf(name);
      const write = objectWriter('', f.item.fields);
      const key = f.key;
      return (t, x: Value[], pass) => {
        if (pass !== 1) return;
        const map = t[name] as MapSchema<Schema>;
        const ids = new Set(x.map((item) => String(item[key])));
        for (const k of Array.from(map.keys())) if (!ids.has(k)) map.delete(k);
        for (const item of x) {
          const k = String(item[key]);
          let target = map.get(k);
          if (!target) map.set(k, (target = new (classOfItem(t))()));
          writeAll(write, target, item);
        }
      };
    }
    case 'child': {
      const classOfChild = itemClassOf(name);
      const item = f.item;
      const write = item.kind === 'object' ? objectWriter('', item.fields) : maybeWriter('', item);
      return (t, x, pass) => {
        if (pass !== 1) return;
        let target = t[name];
        if (!target) t[name] = target = new (classOfChild(t))();
        writeAll(write, target, x);
      };
    }
    case 'record': {
      const classOfItem = itemClassOf(name);
      const write = objectWriter('', f.item.fields);
      return (t, x: Record<string, Value>, pass) => {
        if (pass !== 1) return;
        const map = t[name] as MapSchema<Schema>;
        for (const k of Array.from(map.keys())) if (!(k in x)) map.delete(k);
        for (const k in x) {
          let target = map.get(k);
          if (!target) map.set(k, (target = new (classOfItem(t))()));
          writeAll(write, target, x[k]);
        }
      };
    }
    case 'seats': {
      const write = objectWriter('', f.item.fields);
      return (state, x: Value[], pass) => {
        if (pass !== 1) return;
        const seats = itemsOf(state.seats as ArraySchema<Schema>);
        for (let i = 0; i < x.length; i++) {
          const seat = seats[i];
          if (seat) writeAll(write, seat, x[i]);
        }
      };
    }
    case 'source':
      return null;
  }
}

/**
 * A nullable object flattened at `prefix` ('' for a rows item): its flag (unless a member says it)
 * and its fields; null puts every field back to its fresh value, as a new one would read.
 */
function maybeWriter(prefix: string, f: MaybeField<unknown>): Writer {
  const inner =
    f.inner.kind === 'object'
      ? objectWriter(prefix, f.inner.fields)
      : unionWriter(prefix, f.inner.tag, f.inner.variants);
  const flag = f.when ? null : prefix === '' ? PRESENT : prefix;
  const reset = resetterOf(layoutOf(innerFields(f.inner)), prefix);
  return (t, x, pass) => {
    const present = x !== null && x !== undefined;
    if (flag !== null && pass === 0 && t[flag] !== present) t[flag] = present;
    if (present) inner(t, x, pass);
    else reset(t, pass);
  };
}

function unionWriter(prefix: string, tag: string, variants: Readonly<Record<string, Fields>>): Writer {
  const tagName = wireName(prefix, tag);
  const byTag = new Map(Object.entries(variants).map(([k, fields]) => [k, objectWriter(prefix, fields)]));
  return (t, x, pass) => {
    if (pass === 0 && t[tagName] !== x[tag]) t[tagName] = x[tag];
    byTag.get(x[tag])?.(t, x, pass);
  };
}

/** Back to every field's fresh value (a seat without a private view, an object gone null). */
function resetterOf(layout: Layout, prefix = ''): (t: Target, pass: 0 | 1) => void {
  const slots = layout.slots.map((slot) => ({ ...slot, name: wireName(prefix, slot.name) }));
  return (t, pass) => {
    for (const slot of slots) {
      if ('type' in slot) {
        if (pass === 0 && t[slot.name] !== slot.empty) t[slot.name] = slot.empty;
      } else if (pass === 0) continue;
      else if ('child' in slot) {
        if (t[slot.name]) {
          resetterOf(slot.child)(t[slot.name], 0);
          resetterOf(slot.child)(t[slot.name], 1);
        }
      } else if ('list' in slot || 'rows' in slot) {
        const list = t[slot.name] as ArraySchema<unknown>;
        while (list.length > 0) list.pop();
      } else {
        const map = t[slot.name] as MapSchema<unknown>;
        for (const k of Array.from(map.keys())) map.delete(k);
      }
    }
  };
}

/**
 * The item class of a rows or keyed field under `parent`, remembered for the last parent class (a
 * game's real and leak-test classes share one projection).
 */
function itemClassOf(name: string): (parent: Target) => SchemaClass {
  let parentClass: unknown;
  let item: SchemaClass;
  return (parent) => {
    if (parent.constructor !== parentClass) {
      item = itemClass(parent, name);
      parentClass = parent.constructor;
    }
    return item;
  };
}

/** The item class of a rows or keyed field, from its parent's schema metadata. */
function itemClass(parent: Target, name: string): SchemaClass {
  const fields = (
    parent.constructor as { [Symbol.metadata]?: Record<number, { name: string; type: unknown }> }
  )[Symbol.metadata];
  for (const k in fields) {
    const field = fields[Number(k)];
    if (field?.name !== name) continue;
    const type = field.type as Record<string, unknown>;
    const child = typeof type === 'function' ? type : (type.array ?? type.map);
    if (typeof child === 'function') return child as SchemaClass;
  }
  throw new Error(`viewShape: no item class for ${name}`);
}

/** The projection of a description into its classes (see GameAdapter.project). */
export function viewProjection<Pub, Priv>(
  shape: ViewShape<Pub, Priv>,
): (state: GameRoomState, pub: Pub, privates: (Priv | null)[]) => void {
  const pub = objectWriter('', shape.public);
  const priv = objectWriter('', shape.private);
  const reset = resetterOf(layoutOf(shape.private));
  return (state, view, privates) => {
    writeAll(pub, state, view);
    const seats = itemsOf(state.seats);
    for (let i = 0; i < seats.length; i++) {
      const p = privates[i];
      const target = seats[i]!.private;
      if (p === null || p === undefined) {
        reset(target, 0);
        reset(target, 1);
      } else writeAll(priv, target, p);
    }
  };
}

/**
 * A game whose description is of a folded "wire" view rather than the rules' own (a map's
 * stacks per territory): the two pure functions from the rules' view to it.
 */
import type { WireFold } from '@parlor/shared';
export type { WireFold };

/** A game adapter derived from a description, which it carries (the round-trip test reads it). */
export interface ViewAdapter<S, A extends GameAction, O, Pub, Priv> extends GameAdapter<S, A, O, Pub, Priv> {
  shape: ViewShape;
  /** The fold the description is of (absent: it describes the rules' view itself). */
  wire?: WireFold<Pub, Priv, unknown, unknown>;
  classes: ViewClasses;
}

/**
 * A game on the platform from its rules and its table spec (view description plus the few habits
 * that are its own, see TableSpec): the derived classes and projection. With `wire`, the
 * description is of the folded view the fold gives.
 */
export function tableAdapter<S, A extends GameAction, O, Pub, Priv>(
  definition: GameDefinition<S, A, O, Pub, Priv>,
): ViewAdapter<S, A, O, Pub, Priv> {
  const table = definition.table;
  if (!table) throw new Error(`${definition.id}: no table spec (GameDefinition.table)`);
  const { schemaName, view, wire, ...habits } = table;
  const shape = view as ViewShape;
  const classes = viewClasses(shape, schemaName);
  const project = viewProjection(shape);
  return {
    ...habits,
    definition,
    shape,
    wire,
    classes,
    createState: () => new classes.RoomState(),
    createSeat: () => new classes.SeatState(),
    project: wire
      ? (state, pub, privates) =>
          project(
            state,
            wire.public(pub),
            privates.map((p) => (p === null || p === undefined ? null : wire.private(p, pub))),
          )
      : (project as (state: GameRoomState, pub: Pub, privates: (Priv | null)[]) => void),
  };
}
