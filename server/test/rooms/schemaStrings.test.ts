/**
 * Strings of every length near the msgpack boundaries reach a client intact through
 * @colyseus/schema's real encoder and decoder, and so does the field after them. Schema 3.0 wrote a
 * string of exactly 255 UTF-8 bytes with length 0 and the client read its bytes as operations
 * (James Bland's duel test failed this way now and then, when a seat's gadgets JSON came to 255
 * bytes); the server worked around it until schema 4.0.9 fixed it upstream.
 */
import { Decoder, Encoder, Reflection, Schema, StateView, type } from '@colyseus/schema';
import fc from 'fast-check';
import { gameAdapter } from '../../src/games';

const jamesBlandAdapter = gameAdapter('james-bland');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

class Pair extends Schema {
  @type('string') text = '';
  @type('uint8') after = 0;
}

const utf8Bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** `units` characters drawn from one of ASCII, 2-byte, 3-byte or 4-byte (surrogate pair) UTF-8. */
const mixedString = (units: number) =>
  fc
    .array(fc.constantFrom('a', '{', 'é', 'ñ', '€', '☂', '😀'), { minLength: units, maxLength: units })
    .map((chars) => chars.join(''));

/** A string of exactly `bytes` UTF-8 bytes, with some multi-byte characters in it. */
function ofBytes(bytes: number, seed: number): string {
  const wide = ['é', '€', '😀'][seed % 3]!;
  const count = Math.min(seed % 7, Math.floor(bytes / utf8Bytes(wide)));
  const head = wide.repeat(count);
  return head + 'x'.repeat(bytes - utf8Bytes(head));
}

function roundTrip(text: string, after: number): Pair {
  const state = new Pair();
  const encoder = new Encoder(state);
  const seen = new Pair();
  const decoder = new Decoder(seen);
  decoder.decode(encoder.encodeAll());
  encoder.discardChanges();
  state.text = text;
  state.after = after;
  decoder.decode(encoder.encode());
  encoder.discardChanges();
  return seen;
}

test('every string length around the str8 boundaries decodes, and so does the next field', () => {
  const lengths = [0, 1, 31, 32, 33, 84, 85, 127, 128, 200, 254, 255, 256, 257, 300, 1000, 4096];
  for (const bytes of lengths) {
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      const text = ofBytes(bytes, seed);
      expect(utf8Bytes(text)).toBe(bytes);
      const seen = roundTrip(text, 7);
      expect(seen.text).toBe(text);
      expect(seen.after).toBe(7);
    }
  }
});

test('random strings of mixed widths decode in a patch and in a full state', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 300 }).chain((units) => mixedString(units)),
      fc.integer({ min: 0, max: 255 }),
      (text, after) => {
        const seen = roundTrip(text, after);
        expect(seen.text).toBe(text);
        expect(seen.after).toBe(after);
        const state = new Pair();
        state.text = text;
        state.after = after;
        const full = new Pair();
        new Decoder(full).decode(new Encoder(state).encodeAll());
        expect(full.text).toBe(text);
        expect(full.after).toBe(after);
      },
    ),
    { numRuns: 2000 },
  );
});

test("a James Bland seat's 255-byte gadgets reach its client through its view, and the state after them", () => {
  const state = jamesBlandAdapter.createState() as Any;
  const seat = jamesBlandAdapter.createSeat() as Any;
  state.seats.push(seat);
  const encoder = new Encoder(state);
  const seatView = new StateView();
  seatView.add(seat.private);
  // The client builds its classes from the handshake, as colyseus.js does.
  const decoder = Reflection.decode(Reflection.encode(encoder));
  const it = { offset: 0 };
  encoder.encodeAll(it);
  decoder.decode(encoder.encodeAllView(seatView, it.offset, { ...it }));
  encoder.discardChanges();

  const gadgets = JSON.stringify([
    { id: 'silencedWeapons', tapped: false, ready: true },
    { id: 'cameraNetworks', tapped: false, ready: true },
    { id: 'duckAmmo', tapped: false, ready: true },
    { id: 'explosivesBox', tapped: false, ready: true },
    { id: 'signalJammers', tapped: false, ready: false },
  ]);
  expect(utf8Bytes(gadgets)).toBe(255);
  seat.private.ip = 5;
  seat.private.gadgets = gadgets;
  seat.private.cameraView = '{"seat":1}';
  state.round = 4;
  const patch = { offset: 0 };
  encoder.encode(patch);
  decoder.decode(encoder.encodeView(seatView, patch.offset, patch));
  encoder.discardChanges();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = decoder.state.toJSON() as any;
  expect(client.round).toBe(4);
  expect(client.seats[0].private).toMatchObject({ ip: 5, gadgets, cameraView: '{"seat":1}' });
});
