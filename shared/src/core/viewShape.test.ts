/**
 * The view description language on its own: the flat wire layout it implies, and decoding a plain
 * room state (as a client's `state.toJSON()` gives it) back into the view. The round trip through
 * the real schema encoder and decoder is server/test/rooms/viewRoundTrip.test.ts.
 */
import { PRESENT, decodeView, describeView, layoutOf, v } from './viewShape';

interface Pub {
  mode: 'a' | 'b';
  prompt: { kind: string; seat: number } | null;
  winner: number | null;
  target: { zone: 'hand'; seat: number } | { zone: 'board'; seat: number; slot: number };
  players: { name: string; score: number; board: ({ id: string } | null)[] }[];
  phase: string;
}
interface Priv {
  seat: number;
  hand: string[];
  start?: number;
  tags?: string[];
}

const shape = describeView<Pub, Priv>()({
  public: {
    mode: v.string<'a' | 'b'>(),
    prompt: v.nullable(v.object({ kind: v.string(), seat: v.int8 })),
    winner: v.nullable(v.int8, -1),
    target: v.union('zone', { hand: { seat: v.int8 }, board: { seat: v.int8, slot: v.uint8 } }),
    players: v.seats({
      name: v.seatName,
      score: v.uint16,
      board: v.rows(v.nullable(v.object({ id: v.string() }))),
    }),
    phase: v.phase(),
  },
  private: {
    seat: v.viewerSeat,
    hand: v.list(v.string()),
    start: v.optional(v.int32, -1),
    tags: v.optional(v.list(v.string())),
  },
});

test('nested and nullable objects flatten into prefixed fields; only rows have item classes', () => {
  const pub = layoutOf(shape.public);
  expect(pub.slots.map((s) => s.name)).toEqual([
    'mode',
    'prompt',
    'promptKind',
    'promptSeat',
    'winner',
    'targetZone',
    'targetSeat',
    'targetSlot',
  ]);
  expect(pub.seat?.slots.map((s) => s.name)).toEqual(['score', 'board']);
  const board = pub.seat?.slots.find((s) => s.name === 'board');
  expect(board && 'rows' in board ? board.rows.slots.map((s) => s.name) : null).toEqual([PRESENT, 'id']);
  expect(layoutOf(shape.private).slots.map((s) => s.name)).toEqual(['hand', 'start', 'tags']);
});

test('two fields sent under one name are refused', () => {
  expect(() => layoutOf({ promptSeat: v.int8, prompt: v.object({ seat: v.uint8 }) })).toThrow(/promptSeat/);
});

test('a decoded state reads back as the view; sentinels, absent keys and the present flag decode to null', () => {
  const state = {
    phase: 'turn',
    mode: 'b',
    prompt: true,
    promptKind: 'joker',
    promptSeat: 1,
    winner: -1,
    targetZone: 'board',
    targetSeat: 0,
    targetSlot: 4,
    seats: [
      {
        name: 'Ada',
        score: 3,
        board: [
          { present: true, id: 'K' },
          { present: false, id: 'stale' },
        ],
        private: {},
      },
      { name: 'Bo', score: 0, board: [], private: { hand: ['QS'], start: 7, tags: [] } },
    ],
  };
  expect(decodeView(shape, state, 1)).toEqual({
    public: {
      mode: 'b',
      prompt: { kind: 'joker', seat: 1 },
      winner: null,
      target: { zone: 'board', seat: 0, slot: 4 },
      players: [
        { name: 'Ada', score: 3, board: [{ id: 'K' }, null] },
        { name: 'Bo', score: 0, board: [] },
      ],
      phase: 'turn',
    },
    private: { seat: 1, hand: ['QS'], start: 7 },
  });
  // A spectator has no private child; a prompt flagged absent is null whatever its stale fields say.
  const spectator = decodeView(shape, { ...state, prompt: false, seats: [{ name: 'Ada' }] }, -1);
  expect(spectator.private).toBeNull();
  expect(spectator.public.prompt).toBeNull();
  // A missing field reads as its fresh value, never as another field's.
  expect(spectator.public.players).toEqual([{ name: 'Ada', score: 0, board: [] }]);
});

test('a record is a map of item objects by its keys; a child holds its (nullable) object in an object of its own', () => {
  const board = {
    territories: v.record(v.object({ owner: v.string(), units: v.record(v.object({ n: v.uint8 })) })),
    battle: v.child(v.nullable(v.object({ at: v.string(), round: v.uint8 }), { when: 'at' })),
  };
  expect(layoutOf(board).slots).toEqual([
    {
      name: 'territories',
      keyed: {
        slots: [
          { name: 'owner', type: 'string', empty: '' },
          { name: 'units', keyed: { slots: [{ name: 'n', type: 'uint8', empty: 0 }] } },
        ],
      },
    },
    {
      name: 'battle',
      child: {
        slots: [
          { name: 'at', type: 'string', empty: '' },
          { name: 'round', type: 'uint8', empty: 0 },
        ],
      },
    },
  ]);
  const shapeOf = describeView<
    {
      territories: Record<string, { owner: string; units: Record<string, { n: number }> }>;
      battle: { at: string; round: number } | null;
    },
    object
  >()({ public: board, private: {} });
  const state = {
    territories: {
      Ukraine: { owner: 'Germans', units: { Germans: { n: 3 } } },
      Sea: { owner: '', units: {} },
    },
    battle: { at: '', round: 0 },
  };
  expect(decodeView(shapeOf, state, -1).public).toEqual({
    territories: {
      Ukraine: { owner: 'Germans', units: { Germans: { n: 3 } } },
      Sea: { owner: '', units: {} },
    },
    battle: null,
  });
  const fighting = { ...state, battle: { at: 'Ukraine', round: 2 } };
  expect(decodeView(shapeOf, fighting, -1).public.battle).toEqual({ at: 'Ukraine', round: 2 });
});
