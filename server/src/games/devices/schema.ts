/**
 * Devices' synchronised state. Field names mirror DevicesPublic / DevicesPrivate
 * (shared/src/games/devices/types.ts). Everything in the RFC is public; the one secret, a seat's
 * draft proposal until it is submitted, lives only under the seat's `@view()` private child.
 * Devices and offers are maps keyed by id, so producing or destroying one patches one entry
 * (an array would shift every later Device). A count of -1 means Infinite; -1 amounts mean none.
 */
import { ArraySchema, MapSchema, Schema, type, view } from '@colyseus/schema';
import { gameSchemas } from '../../rooms/schema';

/** Devices's own base classes (see gameSchemas): its rooms' handshake describes Devices alone. */
export const devicesBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = devicesBases;

export class DevicesPowerState extends Schema {
  @type('string') name = '';
  /** The Power in the RFC's canonical text form, `Name (Costs): Game Actions`. */
  @type('string') text = '';
}

export class DevicesBlueprintState extends Schema {
  @type('string') name = '';
  @type('string') uniqueness = '';
  /** -1 = Infinite. */
  @type('int32') count = -1;
  @type('uint16') price = 0;
  @type('boolean') biddable = false;
  /** -1 = none. */
  @type('int32') startingPrice = -1;
  @type('boolean') biddingOpen = false;
  /** The highest bid while bidding is open (-1 = none). */
  @type('int8') highBidSeat = -1;
  @type('int32') highBidAmount = -1;
  /** The winning bid once bidding closed, produced at the end of Thirnight (-1 = none). */
  @type('int8') winnerSeat = -1;
  @type('int32') winnerAmount = -1;
  @type([DevicesPowerState]) powers = new ArraySchema<DevicesPowerState>();
  /** Attributes as JSON (`{"colour":"gold"}`); Properties as names. */
  @type('string') attributes = '{}';
  @type(['string']) properties = new ArraySchema<string>();
}

export class DevicesDeviceState extends Schema {
  @type('uint32') id = 0;
  @type('string') name = '';
  @type('int8') owner = -1;
  @type('string') uniqueness = '';
  @type('boolean') tapped = false;
  @type([DevicesPowerState]) powers = new ArraySchema<DevicesPowerState>();
  /** Attributes as JSON (`{"colour":"gold"}`); Properties as names. */
  @type('string') attributes = '{}';
  @type(['string']) properties = new ArraySchema<string>();
}

export class DevicesOfferState extends Schema {
  @type('uint32') id = 0;
  @type('uint32') device = 0;
  @type('int8') from = -1;
  @type('int8') to = -1;
  /** The price the receiver pays on accepting (0 and 0: a gift). */
  @type('uint16') money = 0;
  @type('uint16') points = 0;
}

/** A Blueprint as proposed (public once submitted; a draft, private). */
export class DevicesSpecState extends Schema {
  @type('string') name = '';
  @type('string') uniqueness = '';
  /** -1 = Infinite. */
  @type('int32') count = -1;
  @type('uint16') price = 0;
  /** -1 = not Biddable. */
  @type('int32') startingPrice = -1;
  @type(['string']) powers = new ArraySchema<string>();
  /** Attributes as JSON; Properties as names. */
  @type('string') attributes = '{}';
  @type(['string']) properties = new ArraySchema<string>();
}

export class DevicesProposalState extends Schema {
  @type('uint32') id = 0;
  @type('int8') author = -1;
  @type(DevicesSpecState) spec = new DevicesSpecState();
  /** By seat: -1 = not voted, 0 = against, 1 = for. */
  @type(['int8']) votes = new ArraySchema<number>();
}

/**
 * The seat's secrets. Primitives only: a schema object pushed later into a collection under a
 * `@view()` child would need its own view.add (see STACK.md), primitives ride with their parent.
 */
export class DevicesPrivateState extends PrivateState {
  /** The seat's draft proposal, seen by its author alone until submitted ('' name = no draft). */
  @type('string') draftName = '';
  @type('string') draftUniqueness = '';
  /** -1 = Infinite. */
  @type('int32') draftCount = -1;
  @type('uint16') draftPrice = 0;
  /** -1 = not Biddable. */
  @type('int32') draftStartingPrice = -1;
  @type(['string']) draftPowers = new ArraySchema<string>();
  /** The draft's Attributes as JSON, and its Properties. */
  @type('string') draftAttributes = '{}';
  @type(['string']) draftProperties = new ArraySchema<string>();
  /** This seat already submitted its proposal this nweek. */
  @type('boolean') submitted = false;
  /** Market moves this seat made this nday. */
  @type('uint16') actedThisNday = 0;
  /**
   * Each Power of the seat's Devices, keyed `<device id>/<Power name>`: '' = it can be activated
   * now, else the JSON of the refusal that blocks it (`{ code, message }`).
   */
  @type({ map: 'string' }) powers = new MapSchema<string>();
}

export class DevicesSeatState extends SeatState {
  @type('int32') money = 0;
  @type('int32') points = 0;
  @type('boolean') passed = false;
  @type('boolean') panic = false;
  @view() @type(DevicesPrivateState) override private = new DevicesPrivateState();
}

export class DevicesRoomState extends GameRoomState {
  @type('uint16') nweek = 0;
  @type('uint8') nday = 0;
  @type('string') ndayName = '';
  @type('boolean') clockOn = false;
  /** Counts timed windows (the tick's guard). */
  @type('uint32') window = 0;
  @type('uint16') ndaySeconds = 0;
  @type('uint8') nweeks = 0;
  @type('uint16') targetPoints = 0;
  /** 'relaxed' | 'normal' | 'quick': how fast the bots play. */
  @type('string') botPace = 'normal';
  @type('uint8') panicThreshold = 0;
  @type([DevicesBlueprintState]) blueprints = new ArraySchema<DevicesBlueprintState>();
  /** Device id -> Device. */
  @type({ map: DevicesDeviceState }) devices = new MapSchema<DevicesDeviceState>();
  /** Offer id -> offer. */
  @type({ map: DevicesOfferState }) offers = new MapSchema<DevicesOfferState>();
  @type([DevicesProposalState]) proposals = new ArraySchema<DevicesProposalState>();
  @type('boolean') emergency = false;
  @type('boolean') emergencyClockWasOn = false;
  /** By seat: '' = not voted, else 'resume' | 'rollback' | 'end'. */
  @type(['string']) emergencyVotes = new ArraySchema<string>();
}
