/**
 * How Devices' view travels (see core/viewShape.ts). Everything in the RFC is public; the one
 * secret, a seat's draft proposal until it is submitted, lives only in the seat's private part.
 * Devices and offers are maps keyed by id, so producing or destroying one patches one entry (an
 * array would shift every later Device). A count of -1 means Infinite; -1 amounts mean none.
 */
import type { Outcome, RuleError } from '../../core/contract';
import { describeView, v } from '../../core/viewShape';
import type { ProductionCount, Uniqueness } from '../../devices-engine';
import type {
  BotPaceName,
  DevicesPhase,
  DevicesPrivate,
  DevicesPublic,
  EmergencyChoice,
  PowerStatus,
} from './types';

const count = v.codec<ProductionCount, number>(
  v.int32,
  (c) => (c === 'Infinite' ? -1 : c),
  (n) => (n < 0 ? 'Infinite' : n),
);
const uniqueness = v.string<Uniqueness>();
const attributes = v.json<Record<string, string | number>>();
const powers = v.rows(v.object({ name: v.string(), text: v.string() }));
const bid = v.nullable(v.object({ seat: v.int8, amount: v.int32 }), { when: 'seat', is: -1 });

/** A Blueprint as proposed (public once submitted; a draft, private). */
const spec = v.object({
  name: v.string(),
  uniqueness,
  count,
  price: v.uint16,
  startingPrice: v.optional(v.int32, -1),
  powers: v.list(v.string()),
  attributes: v.optional(attributes, '{}'),
  properties: v.optional(v.list(v.string())),
});

/**
 * Each Power of the seat's Devices, keyed `<device id>/<Power name>`: null if it can be activated
 * now, else the refusal that blocks it.
 */
const powerStatuses = v.entries<PowerStatus[], RuleError | null>(
  v.nullable(v.json<RuleError>(), ''),
  (list) => {
    const out: Record<string, RuleError | null> = {};
    for (const p of list)
      out[`${p.device}/${p.power}`] = p.blocked && { code: p.blocked.code, message: p.blocked.message };
    return out;
  },
  (map) =>
    Object.entries(map).map(([key, blocked]) => {
      const cut = key.indexOf('/');
      return { device: Number(key.slice(0, cut)), power: key.slice(cut + 1), blocked };
    }),
);

export const devicesViewShape = describeView<DevicesPublic, DevicesPrivate>()({
  public: {
    nweek: v.uint16,
    nday: v.uint8,
    ndayName: v.string(),
    clockOn: v.boolean,
    phase: v.phase<DevicesPhase>(),
    /** Counts timed windows (the tick's guard). */
    window: v.uint32,
    ndaySeconds: v.uint16,
    nweeks: v.uint8,
    targetPoints: v.uint16,
    botPace: v.string<BotPaceName>(),
    players: v.seats({
      name: v.seatName,
      money: v.int32,
      points: v.int32,
      passed: v.boolean,
      panic: v.boolean,
    }),
    blueprints: v.rows(
      v.object({
        name: v.string(),
        uniqueness,
        count,
        price: v.uint16,
        biddable: v.boolean,
        startingPrice: v.nullable(v.int32, -1),
        biddingOpen: v.boolean,
        highBid: bid,
        winner: bid,
        powers,
        attributes,
        properties: v.list(v.string()),
      }),
    ),
    devices: v.keyed(
      'id',
      v.object({
        id: v.uint32,
        name: v.string(),
        owner: v.int8,
        uniqueness,
        tapped: v.boolean,
        powers,
        attributes,
        properties: v.list(v.string()),
      }),
    ),
    offers: v.keyed(
      'id',
      v.object({
        id: v.uint32,
        device: v.uint32,
        from: v.int8,
        to: v.int8,
        money: v.uint16,
        points: v.uint16,
      }),
    ),
    proposals: v.rows(
      v.object({
        id: v.uint32,
        author: v.int8,
        spec,
        /** By seat: -1 = not voted, 0 = against, 1 = for. */
        votes: v.list(
          v.codec<boolean | null, number>(
            v.int8,
            (b) => (b === null ? -1 : b ? 1 : 0),
            (n) => (n < 0 ? null : n === 1),
          ),
        ),
      }),
    ),
    panicThreshold: v.uint8,
    emergency: v.nullable(
      v.object({ votes: v.list(v.nullable(v.string<EmergencyChoice>(), '')), clockWasOn: v.boolean }),
    ),
    /** Not sent: the room's `result` carries it (the client reads null, as before). */
    outcome: v.absent<Outcome | null>(),
  },
  private: {
    seat: v.viewerSeat,
    draft: v.nullable(spec, { when: 'name' }),
    submitted: v.boolean,
    powers: powerStatuses,
    actedThisNday: v.uint16,
  },
});
