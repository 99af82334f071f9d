/**
 * The device engine's data: Blueprints, Devices, Powers and the wallets they act on. Generic over the
 * game that uses it: seats are numbers, money and score are plain integers, and `Units` says how
 * they are written (Devices: `m5` mackerel and Points; James Bland could use `2 IP`).
 */

export type Uniqueness = 'Non-Unique' | 'Player' | 'Game';
export const UNIQUENESS: readonly Uniqueness[] = ['Non-Unique', 'Player', 'Game'];

/** A Blueprint's Production Count: a non-negative integer or Infinite. */
export type ProductionCount = number | 'Infinite';

/** How money and score are written. `money(5)` = prefix + 5 + suffix. */
export interface Units {
  /** The currency's name: mackerel. */
  moneyName: string;
  /** Written before the amount: `m` for mackerel (`m5`). */
  moneyPrefix: string;
  /** Written after the amount: ` IP` for `2 IP`. */
  moneySuffix: string;
  /** The score unit, singular and plural: Point / Points. */
  scoreOne: string;
  scoreMany: string;
  /** How much money one score unit converts into (the automatic shortfall conversion). */
  pointValue: number;
}

/** An amount in a Power: a literal or X, the value the activator specifies. */
export type Amount = number | 'X';

/** The RFC's shorthand Costs. Tap and Sacrifice take effect after the Power resolves. */
export type Cost =
  | { kind: 'zero' }
  | { kind: 'spend'; amount: Amount }
  | { kind: 'lose'; amount: Amount }
  | { kind: 'tap' }
  | { kind: 'sacrifice' }
  | { kind: 'requires'; device: string };

/**
 * The fixed vocabulary of Game Actions a Power may perform. None of them touches rules, documents,
 * Blueprints, the Clock or Panic Buttons (the RFC's prohibitions): they are not in the vocabulary.
 * `target Player` is the one player the activator names (never themselves); `target Device` the one
 * device they name.
 */
export type Effect =
  | { kind: 'gain'; amount: Amount }
  | { kind: 'score'; amount: Amount }
  | { kind: 'pay'; amount: Amount }
  | { kind: 'take'; amount: Amount }
  | { kind: 'everyoneGains'; amount: Amount }
  | { kind: 'tapDevice' }
  | { kind: 'untapDevice' }
  | { kind: 'destroyDevice' };

/** `Name (Costs): Game Actions`. */
export interface Power {
  name: string;
  costs: Cost[];
  effects: Effect[];
}

/** The Additional Device Definition: what a produced Device gains besides name and uniqueness. */
export interface DeviceDefinition {
  attributes: Record<string, string | number>;
  properties: string[];
  powers: Power[];
}

export interface Bid {
  seat: number;
  amount: number;
}

export interface Blueprint {
  name: string;
  uniqueness: Uniqueness;
  count: ProductionCount;
  price: number;
  biddable: boolean;
  /** Set when biddable (defaults to the Price when the property is gained). */
  startingPrice: number | null;
  definition: DeviceDefinition;
  /** Bidding is open (from the start of Breakday to the start of Ballotday). */
  biddingOpen: boolean;
  /** The highest bid so far while bidding is open. */
  highBid: Bid | null;
  /** After bidding closed: the winning bid, produced at the end of Thirnight. */
  winner: Bid | null;
}

export interface Device {
  /** Stable id: non-unique devices share names, so activations and offers name the id. */
  id: number;
  /** Immutable once produced. */
  name: string;
  owner: number;
  uniqueness: Uniqueness;
  tapped: boolean;
  attributes: Record<string, string | number>;
  properties: string[];
  powers: Power[];
}

export interface Offer {
  id: number;
  device: number;
  from: number;
  to: number;
}

export interface Wallet {
  money: number;
  score: number;
}

/** Everything the engine owns; a game keeps it inside its own state. */
export interface EngineState {
  wallets: Wallet[];
  blueprints: Blueprint[];
  devices: Device[];
  offers: Offer[];
  /** Next id for devices and offers. */
  nextId: number;
}

/** What a Blueprint looks like when written or proposed (before it exists). */
export interface BlueprintSpec {
  name: string;
  uniqueness: Uniqueness;
  count: ProductionCount;
  price: number;
  biddable?: boolean;
  startingPrice?: number;
  definition?: Partial<DeviceDefinition>;
}

/** Largest amount anywhere in the engine (prices, bids, X). */
export const MAX_AMOUNT = 9999;
export const MAX_NAME_LENGTH = 32;
