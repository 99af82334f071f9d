/**
 * Devices' public types: options, actions, the server state and the per-viewer view. The game is a
 * market in real time: everyone may act at any moment; time passes in ndays (a timer, or once every
 * player has passed the nday).
 */
import type { Bot, Outcome, RuleError } from '../../core/contract';
import type { RngState } from '../../core/rng';
import type { DevicesAction, ProposalSpec } from './actions';
import type { Bid, Blueprint, EngineState, Offer, Uniqueness } from '../../devices-engine';

export interface DevicesOptions {
  /** Length of one nday in seconds (the RFC's default: 45). */
  ndaySeconds: number;
  /** The game ends after this many nweeks at the latest. */
  nweeks: number;
  /** The game ends at the end of a Thirnight when someone has this many Points. */
  targetPoints: number;
  /**
   * How fast bots play: their think time per action and their budget of actions per nday (absent in
   * records made before the option: normal).
   */
  botPace?: BotPaceName;
  /** Rules edition (2, the newest, for new tables); absent in edition-1 states (see edition.ts). */
  edition?: number;
}

export type BotPaceName = 'relaxed' | 'normal' | 'quick';

/** The price the receiver of an offer pays the giver on accepting (0 and 0: a gift). */
export interface TradePrice {
  money: number;
  points: number;
}

/** An offer as everyone sees it: the Device, the two players and the price. */
export type PricedOffer = Offer & TradePrice;

/** A Blueprint's or Device's Attributes and Properties (the Additional Device Definition). */
export interface Traits {
  attributes: Record<string, string | number>;
  properties: string[];
}

export interface Proposal {
  id: number;
  author: number;
  spec: ProposalSpec;
  /** Indexed by seat: null = not voted yet. Votes are cast on Ballotday. */
  votes: (boolean | null)[];
}

export type EmergencyChoice = 'resume' | 'rollback' | 'end';

export interface Emergency {
  votes: (EmergencyChoice | null)[];
  /** The Clock's state when the emergency began (a resume restores it). */
  clockWasOn: boolean;
}

/** Actions and proposals have their schemas as their one source: actions.ts. */
export type { DevicesAction, ProposalSpec };

export type DevicesPhase = 'clockOff' | 'running' | 'emergency' | 'finished';

/** The state at the start of the nweek, for the emergency roll-back. */
export interface WeekSnapshot {
  engine: EngineState;
  proposals: Proposal[];
  /** Absent in records made before offers had prices. */
  offerPrices?: Record<number, TradePrice>;
}

export interface DevicesState {
  options: DevicesOptions;
  rng: RngState;
  names: string[];
  engine: EngineState;
  nweek: number;
  /** 1 (Breakday) .. 12 (Thirnight). */
  nday: number;
  clockOn: boolean;
  phase: 'running' | 'emergency' | 'finished';
  /** Counts timed windows (clock off, each nday, each emergency): the timer key and the tick's guard. */
  window: number;
  /** Market actions each seat took this nday (bots keep to a budget of them); absent in edition 1. */
  acted?: number[];
  /** The price of each open offer, by offer id (the engine's offers carry none); absent in edition 1. */
  offerPrices?: Record<number, TradePrice>;
  passed: boolean[];
  /** Private drafts, one per seat. */
  drafts: (ProposalSpec | null)[];
  /** The nweek in which each seat last submitted (one proposal per player per nweek). */
  submittedIn: number[];
  proposals: Proposal[];
  nextProposalId: number;
  panic: boolean[];
  emergency: Emergency | null;
  /** The nweek of the last roll-back: one per nweek, so a game always ends. */
  rolledBackIn: number;
  weekStart: WeekSnapshot;
  outcome: Outcome | null;
}

export interface PowerView {
  name: string;
  text: string;
}

/** A Blueprint as every seat sees it: the engine's attributes of it, its bidding, its Powers in words. */
export interface BlueprintView extends Pick<
  Blueprint,
  'name' | 'uniqueness' | 'count' | 'price' | 'biddable' | 'startingPrice'
> {
  biddingOpen: boolean;
  highBid: Bid | null;
  winner: Bid | null;
  powers: PowerView[];
  attributes: Record<string, string | number>;
  properties: string[];
}

export interface DeviceView {
  id: number;
  name: string;
  owner: number;
  uniqueness: Uniqueness;
  tapped: boolean;
  powers: PowerView[];
  attributes: Record<string, string | number>;
  properties: string[];
}

export interface PlayerView {
  name: string;
  money: number;
  points: number;
  passed: boolean;
  panic: boolean;
}

export interface DevicesPublic {
  nweek: number;
  nday: number;
  ndayName: string;
  clockOn: boolean;
  phase: DevicesPhase;
  window: number;
  ndaySeconds: number;
  nweeks: number;
  targetPoints: number;
  botPace: BotPaceName;
  players: PlayerView[];
  blueprints: BlueprintView[];
  devices: DeviceView[];
  offers: PricedOffer[];
  proposals: Proposal[];
  /** Panic Buttons On needed to start an emergency. */
  panicThreshold: number;
  emergency: Emergency | null;
  outcome: Outcome | null;
}

/** Whether a Power on one's own Device can be activated now, and if not, why. */
export interface PowerStatus {
  device: number;
  power: string;
  blocked: RuleError | null;
}

export interface DevicesPrivate {
  /** The viewer's own seat. */
  seat: number;
  draft: ProposalSpec | null;
  /** Whether this seat has already submitted a proposal this nweek. */
  submitted: boolean;
  /** Each Power of the seat's Devices: activatable now, or the reason it is not. */
  powers: PowerStatus[];
  /** Market actions this seat took this nday (purchases, bids, Powers, trades, proposals). */
  actedThisNday: number;
}

/** A Devices bot: decides from its seat's view and legal actions. */
export type DevicesBot = Bot<DevicesAction, DevicesPublic, DevicesPrivate>;
