/**
 * The schema sync helpers against a real encoder and decoder: whatever lists come in, the schema
 * holds them and a client decodes them (syncSet: the same entries, in any order).
 */
import { ArraySchema, Decoder, Encoder, Schema, type } from '@colyseus/schema';
import fc from 'fast-check';
import { syncArray, syncSet } from '../../src/rooms/sync';

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
