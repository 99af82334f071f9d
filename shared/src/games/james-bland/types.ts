/**
 * James Bland's types: options, plans and actions, the full state (server only) and the per-viewer
 * view. Everything secret (plans before the reveal, IP, gadgets, Intel Cards, codenames, Master
 * Plans) lives in the seat's own record and leaves the server only through view.ts.
 */
import type { RngState } from '../../core/rng';
import type { JamesBlandAction, Plan } from './actions';
import type { AssetId, DefenseChoice, Fact, GadgetId, OffenseId, Status } from './data';
import type { MasterPlanId } from './plans';

export type JamesBlandMode = '1v1' | 'full';

/** Extra time for new players: in round 1 only (the default), every round, or never. */
export type NewcomerTime = 'firstRound' | 'everyRound' | 'off';

export interface JamesBlandOptions {
  /** Planning window in seconds; 0 = the mode's default (90 s, 60 s in 1v1). */
  planningSeconds: number;
  /** Extra planning and Adaptation time for people new to the game (default: the first round). */
  newcomerTime?: NewcomerTime;
  /** No clock at all: every window waits for everyone (default false). */
  untimed?: boolean;
  /** The match ends after this many rounds at the latest (higher IP wins): every game ends. */
  roundLimit: number;
  /**
   * The rules edition (see edition.ts): 2 for new tables. Absent from an edition-1 match's state,
   * whose options keep their old shape.
   */
  edition?: number;
}

export type Position = 1 | 2 | 3;

/** Plans and actions have their schemas as their one source: actions.ts. */
export type { JamesBlandAction, Plan };

export type JamesBlandPhase = 'planning' | 'banner' | 'adaptation' | 'showdown' | 'finished';

export interface IntelCard {
  uid: number;
  about: number;
  fact: Fact;
  /** Set on a copy received through a pact (that pact's id): Alliance Disruption discards these. */
  sharedVia?: number;
  /**
   * A copy (shared through a pact, caught by Communication Intercepts): it counts in its holder's
   * dossier but is not one of the deck's cards, so it never goes to the discard pile or the deck.
   * It keeps this tag wherever it goes (a confiscated copy is still a copy).
   */
  copy?: true;
}

export interface GadgetItem {
  uid: number;
  id: GadgetId;
  /** Used and waiting for a recharge (rechargeable gadgets). */
  tapped: boolean;
  /** First round it works (Camera Networks take one full Planning Phase to assemble). */
  readyRound: number;
}

/** A successful operation, kept for Master Plans. */
export interface Success {
  round: number;
  offense: OffenseId;
  target: number;
  gadget?: GadgetId;
  /** The target controlled a Strategic Asset (Saboteur Supreme). */
  targetHadAsset?: boolean;
  /** IP stolen by Asset Theft. */
  stolen?: number;
  betrayal?: boolean;
  pactsAtStart?: number;
}

export interface Agent {
  ip: number;
  status: Status;
  codename: string;
  safeHouse: string;
  favouriteGadget: string;
  masterPlan: MasterPlanId;
  gadgets: GadgetItem[];
  cards: IntelCard[];
  /** Exposed marker: through this round (RULINGS 5). */
  exposedUntil: number;
  /** Codename revealed to everyone through this round (Exposure). */
  codenameRevealedUntil: number;
  /** Permanent Bugged token; the seats that planted bugs on this agent. */
  buggedBy: number[];
  /** Honeypot: no offense in this round. */
  stuckRound: number;
  /** Captures that ended without an escape (a second capture then eliminates). */
  captures: number;
  capturedRound: number | null;
  /** Effects on the next income / next round. */
  incomeHalved: boolean;
  /** Edition 1 only: an ACME Mobile Fortress used last round, so no income at this round's start. */
  noIncome?: boolean;
  /** The income paid at this round's start (an ACME Mobile Fortress used this round forfeits it; edition 2). */
  incomeThisRound?: number;
  noBonusesRound: number;
  pendingIp: number;
  misfireRound: number;
  guardDogRound: number;
  /** The last round the ACME Mailman delivered to this agent (one delivery a round; edition 2). */
  mailmanRound?: number;
  timeBomb: boolean;
  noAlliancesUntil: number;
  tunnelMaps: number;
  counterSurveillanceRound: number;
  cameraTarget: number | null;
  /** This round's plan (secret until the reveal). */
  plan: Plan | null;
  ready: boolean;
  bannerAnswer: boolean | null;
  /** Private knowledge, newest last. */
  notes: string[];
  /** What others revealed about this agent publicly (Preemptive Strike gadget reveals). */
  revealedGadgets: GadgetId[];
  successes: Success[];
  /** Master Plan trackers. */
  bannersBelieved: number;
  untouchableStreak: number;
  missionComplete: boolean;
}

export interface Pact {
  id: number;
  a: number;
  b: number;
  /** Last round the pact is in force. */
  until: number;
}

export interface Offer {
  kind: 'pact' | 'coordination';
  from: number;
  to: number;
  target?: number;
}

export interface Coordination {
  a: number;
  b: number;
  target: number;
  round: number;
}

/** One revealed offense, as everyone sees it (the attacker only when identified: RULINGS 8). */
export interface RevealedOffense {
  offense: OffenseId;
  target: number;
  target2: number | null;
  attacker: number | null;
  result:
    'success' | 'failure' | 'blocked' | 'untargetable' | 'cancelled' | 'misfire' | 'fizzled' | 'pending';
  roll: number | null;
  /**
   * What a successful operation did, to whom (edition 3): "Bot 2 took the ACME Bank from Bea",
   * "Bea -3 IP, cover hurt: Compromised". Public facts only (no gadget or card is named).
   */
  effect?: string;
}

export interface Reveal {
  round: number;
  offenses: RevealedOffense[];
  /** Agents with no plan (Captured). */
  absent: number[];
  defenses: { seat: number; defense: DefenseChoice }[];
  banners: { caster: number; text: string; redirect: number }[];
}

export interface Showdown {
  seats: [number, number];
  choices: [('assassination' | 'sabotage') | null, ('assassination' | 'sabotage') | null];
}

export interface JamesBlandState {
  options: JamesBlandOptions;
  mode: JamesBlandMode;
  names: string[];
  round: number;
  phase: JamesBlandPhase;
  agents: Agent[];
  assets: Record<AssetId, number | null>;
  /**
   * Who has held each asset without a break since this round began: set at the round start, cleared
   * (null) when the asset changes hands during the round. Network Control needs three of these
   * (the same three assets held from the start of the round to its end).
   */
  heldSinceStart?: Record<AssetId, number | null>;
  /** Edition 1 only (instead of heldSinceStart): who controlled each asset when this round began. */
  assetsAtStart?: Record<AssetId, number | null>;
  pacts: Pact[];
  nextPactId: number;
  offers: Offer[];
  coordinations: Coordination[];
  deck: IntelCard[];
  discard: IntelCard[];
  nextUid: number;
  reveal: Reveal | null;
  /** Secret: the attacker of each entry of reveal.offenses, in that (shuffled) order. */
  revealAttackers: number[];
  showdown: Showdown | null;
  winners: number[];
  summary: string;
  /** Every IP change of the current round, with its reason (tests check it adds up). */
  ledger: { seq: number; round: number; seat: number; delta: number; reason: string }[];
  ledgerSeq: number;
  /** Bumped whenever a timed window restarts inside one phase. */
  windowSeq: number;
  rng: RngState;
}

export interface PublicAgent {
  name: string;
  status: Status;
  exposed: boolean;
  bugged: boolean;
  stuck: boolean;
  ghost: boolean;
  captures: number;
  submitted: boolean;
  ready: boolean;
  assets: AssetId[];
  codename: string | null;
  revealedGadgets: GadgetId[];
  /**
   * How many facts (as Intel Cards) this agent still lacks for Intelligence Supremacy; null when no
   * other agent is Active (nothing to collect). Public: players nearing victory become targets
   * (design 8, "Endgame Tension"); which facts, and what they say, stay secret.
   */
  factsMissing: number | null;
  /** Strategic Assets held without a break since this round began (Network Control needs 3). */
  networkHeld: number;
}

export interface JamesBlandPublic {
  mode: JamesBlandMode;
  round: number;
  roundLimit: number;
  phase: JamesBlandPhase;
  planningMs: number;
  agents: PublicAgent[];
  assets: Record<AssetId, number | null>;
  pacts: { a: number; b: number; until: number }[];
  offers: Offer[];
  reveal: Reveal | null;
  /** Banner phase: seats that still owe an answer (every living agent answers, so this reveals no attacker). */
  bannerWaiting: number[];
  showdown: { seats: [number, number]; chosen: [boolean, boolean] } | null;
  winners: number[];
  summary: string;
}

export interface DossierEntry {
  codename: string | null;
  safeHouse: string | null;
  gadget: string | null;
}

export interface JamesBlandPrivate {
  seat: number;
  ip: number;
  codename: string;
  safeHouse: string;
  favouriteGadget: string;
  masterPlan: MasterPlanId;
  gadgets: { id: GadgetId; tapped: boolean; ready: boolean }[];
  cards: { about: number; fact: Fact; value: string }[];
  dossier: (DossierEntry | null)[];
  plan: Plan | null;
  notes: string[];
  /** True when this seat targeted a banner caster and must choose Believe or Ignore. */
  bannerPrompt: boolean;
  /** Camera Networks: the aimed agent's defense, once they have submitted. */
  cameraView: { seat: number; defense: DefenseChoice } | null;
  coordination: Coordination | null;
  /** This seat's own IP moves of this round and the last, newest last ("Round 7: -2 IP, Network Attack"). */
  ipMoves: string[];
  /** The IP a Mobile Fortress in this round's plan gives back on top of its cost (planning.ts). */
  fortressForfeit: number;
}
