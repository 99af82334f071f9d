/**
 * The schema sync helpers against a real encoder and decoder: whatever lists come in, the schema
 * holds them and a client decodes them (syncSet: the same entries, in any order).
 */
import { ArraySchema, Decoder, Encoder, MapSchema, Schema, type } from '@colyseus/schema';
import fc from 'fast-check';
import { syncArray, syncMap, syncSet } from '../../src/rooms/sync';

class Counts extends Schema {
  @type({ map: 'uint8' }) enumerated = new MapSchema<number>();
  @type({ map: 'uint8' }) listed = new MapSchema<number>();
}

/** The keys a value may hold, as a description's `v.dict(keys)` lists them ('2', '10': index-like). */
const KEYS = ['2', '3', '10', 'J', 'Q'];
/** Per step, each key's count (0: absent, as a rank none of which is left). */
const counts = fc.array(fc.array(fc.nat({ max: 2 }), { minLength: KEYS.length, maxLength: KEYS.length }), {
  minLength: 1,
  maxLength: 12,
});

test('syncMap, with or without the keys listed, leaves the schema and a decoding client with the entries given', () => {
  fc.assert(
    fc.property(counts, (steps) => {
      const state = new Counts();
      const encoder = new Encoder(state);
      const seen = new Counts();
      const decoder = new Decoder(seen);
      decoder.decode(encoder.encodeAll());
      encoder.discardChanges();
      for (const step of steps) {
        const values: Record<string, number | undefined> = {};
        KEYS.forEach((k, i) => (values[k] = step[i]! > 0 ? step[i] : undefined));
        syncMap(state.enumerated, values);
        syncMap(state.listed, values, KEYS);
        decoder.decode(encoder.encode());
        encoder.discardChanges();
        const expected = Object.fromEntries(KEYS.flatMap((k) => (values[k] ? [[k, values[k]]] : [])));
        for (const map of [state.enumerated, state.listed, seen.enumerated, seen.listed])
          expect(Object.fromEntries(map.entries())).toEqual(expected);
      }
    }),
    { numRuns: 300 },
  );
});

class Lists extends Schema {
  @type(['string']) ordered = new ArraySchema<string>();
  @type(['string']) unordered = new ArraySchema<string>();
}

const lists = fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 8 }), {
  minLength: 1,
  maxLength: 12,
});

test('syncArray and syncSet leave the schema and a decoding client with the lists given', () => {
  fc.assert(
    fc.property(lists, (steps) => {
      const state = new Lists();
      const encoder = new Encoder(state);
      const seen = new Lists();
      const decoder = new Decoder(seen);
      decoder.decode(encoder.encodeAll());
      encoder.discardChanges();
      for (const values of steps) {
        const unique = [...new Set(values)];
        syncArray(state.ordered, values);
        syncSet(state.unordered, unique);
        decoder.decode(encoder.encode());
        encoder.discardChanges();
        expect(state.ordered.toArray()).toEqual(values);
        expect(seen.ordered.toArray()).toEqual(values);
        expect([...seen.unordered.toArray()].sort()).toEqual(unique.sort());
      }
    }),
    { numRuns: 300 },
  );
});

test('an unchanged list sends nothing', () => {
  const state = new Lists();
  const encoder = new Encoder(state);
  syncArray(state.ordered, ['a', 'b']);
  encoder.encodeAll();
  encoder.discardChanges();
  syncArray(state.ordered, ['a', 'b']);
  expect(encoder.hasChanges).toBe(false);
});
