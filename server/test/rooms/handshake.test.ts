/**
 * Each room's handshake (the schema reflection every client decodes on joining) describes its own
 * game's classes alone, not the other games' hosted by the same server.
 */
import { Encoder, Reflection } from '@colyseus/schema';
import { gameAdapters } from '../../src/games';

/** Every schema class a room of this game may send, by name. */
function classesOf(adapter: (typeof gameAdapters)[number]): Set<string> {
  const state = adapter.createState();
  const context = new Encoder(state).context as unknown as { types: Record<string, { name: string }> };
  return new Set(Object.values(context.types).map((t) => t.name));
}

test("a room's handshake describes its own game's classes and no other game's", () => {
  for (const adapter of gameAdapters) {
    const own = classesOf(adapter);
    const seat = adapter.createSeat();
    // Its state, seat and secrets are there...
    expect(own).toContain(adapter.createState().constructor.name);
    expect(own).toContain(seat.constructor.name);
    expect(own).toContain(seat.private.constructor.name);
    // ...and none of another game's.
    for (const other of gameAdapters) {
      if (other === adapter) continue;
      const theirs = other.createSeat();
      for (const name of [
        other.createState().constructor.name,
        theirs.constructor.name,
        theirs.private.constructor.name,
      ])
        expect(own).not.toContain(name);
    }
    // What a client downloads and builds on every join stays small.
    expect(Reflection.encode(new Encoder(adapter.createState())).length).toBeLessThan(4096);
  }
});
