/**
 * James Bland's synchronised state. Public fields mirror JamesBlandPublic / PublicAgent
 * (shared/src/games/james-bland/types.ts). Everything a seat alone may know (IP, codename, safe
 * house, favourite gadget, Master Plan, gadgets, Intel Cards, dossier, its own plan, notes, banner
 * prompt, camera view, Coordinated Operation) lives only under the seat's `@view()` private child.
 * Nested structures that change at most a few times a round (the reveal, pacts, offers, the plan,
 * cards, the dossier) travel as JSON strings: one field, one patch.
 */
import { ArraySchema, type, view } from '@colyseus/schema';
import { gameSchemas } from '../../rooms/schema';

/** James Bland's own base classes (see gameSchemas): its rooms' handshake describes James Bland alone. */
export const jamesBlandBases = gameSchemas();
const { GameRoomState, PrivateState, SeatState } = jamesBlandBases;

export class JamesBlandPrivateState extends PrivateState {
  @type('int16') ip = 0;
  @type('string') codename = '';
  @type('string') safeHouse = '';
  @type('string') favouriteGadget = '';
  @type('string') masterPlan = '';
  /** JSON: { id, tapped, ready }[]. */
  @type('string') gadgets = '[]';
  /** JSON: { about, fact, value }[]. */
  @type('string') cards = '[]';
  /** JSON: (DossierEntry | null)[] by seat. */
  @type('string') dossier = '[]';
  /** JSON of this round's submitted plan; '' = none. */
  @type('string') plan = '';
  @type(['string']) notes = new ArraySchema<string>();
  @type('boolean') bannerPrompt = false;
  /** JSON { seat, defense } ('' = none). */
  @type('string') cameraView = '';
  /** JSON Coordination ('' = none). */
  @type('string') coordination = '';
}

export class JamesBlandSeatState extends SeatState {
  @type('string') agentStatus = 'active';
  @type('boolean') exposed = false;
  @type('boolean') bugged = false;
  @type('boolean') stuck = false;
  @type('boolean') ghost = false;
  @type('uint8') captures = 0;
  @type('boolean') submitted = false;
  @type('boolean') ready = false;
  @type(['string']) assets = new ArraySchema<string>();
  /** Public only while an Exposure has it revealed; '' = unknown. */
  @type('string') codename = '';
  @type(['string']) revealedGadgets = new ArraySchema<string>();
  /** Facts still lacking for Intelligence Supremacy; -1 = nothing to collect. */
  @type('int8') factsMissing = -1;
  /** Assets held without a break since the round began. */
  @type('uint8') networkHeld = 0;
  @view() @type(JamesBlandPrivateState) override private = new JamesBlandPrivateState();
}

export class JamesBlandRoomState extends GameRoomState {
  /** '1v1' | 'full'. */
  @type('string') mode = '';
  @type('uint16') round = 0;
  @type('uint16') roundLimit = 0;
  @type('uint32') planningMs = 0;
  /** JSON Record<AssetId, seat | null>. */
  @type('string') assetOwners = '{}';
  /** JSON { a, b, until }[]. */
  @type('string') pacts = '[]';
  /** JSON Offer[] (pact offers only; Coordinated Operation offers are private events). */
  @type('string') offers = '[]';
  /** JSON Reveal ('' = none yet). */
  @type('string') reveal = '';
  @type(['int8']) bannerWaiting = new ArraySchema<number>();
  /** JSON { seats, chosen } ('' = no showdown). */
  @type('string') showdown = '';
  @type(['int8']) winners = new ArraySchema<number>();
  @type('string') summary = '';
}
