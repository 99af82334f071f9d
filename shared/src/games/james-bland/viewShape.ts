/**
 * How James Bland's view travels (see core/viewShape.ts). Everything a seat alone may know lives in
 * its private part. Nested structures that change at most a few times a round (the reveal, pacts,
 * offers, the plan, cards, the dossier) travel as JSON strings: one field, one patch.
 */
import { describeView, v } from '../../core/viewShape';
import type { AssetId, GadgetId, Status } from './data';
import type { MasterPlanId } from './plans';
import type { JamesBlandMode, JamesBlandPhase, JamesBlandPrivate, JamesBlandPublic } from './types';

type Pub = JamesBlandPublic;
type Priv = JamesBlandPrivate;

export const jamesBlandViewShape = describeView<Pub, Priv>()({
  public: {
    mode: v.string<JamesBlandMode>(),
    round: v.uint16,
    roundLimit: v.uint16,
    phase: v.phase<JamesBlandPhase>(),
    planningMs: v.uint32,
    agents: v.seats({
      name: v.seatName,
      status: v.string<Status>(),
      exposed: v.boolean,
      bugged: v.boolean,
      stuck: v.boolean,
      ghost: v.boolean,
      captures: v.uint8,
      submitted: v.boolean,
      ready: v.boolean,
      assets: v.list(v.string<AssetId>()),
      /** Public only while an Exposure has it revealed. */
      codename: v.nullable(v.string(), ''),
      revealedGadgets: v.list(v.string<GadgetId>()),
      /** Facts still lacking for Intelligence Supremacy (null: nothing to collect). */
      factsMissing: v.nullable(v.int8, -1),
      networkHeld: v.uint8,
    }),
    /** Asset -> the seat holding it. */
    assets: v.json<Pub['assets']>(),
    pacts: v.json<Pub['pacts']>(),
    /** Pact offers only (Coordinated Operation offers are private events). */
    offers: v.json<Pub['offers']>(),
    reveal: v.nullable(v.json<NonNullable<Pub['reveal']>>(), ''),
    bannerWaiting: v.list(v.int8),
    showdown: v.nullable(v.json<NonNullable<Pub['showdown']>>(), ''),
    winners: v.list(v.int8),
    summary: v.string(),
  },
  private: {
    seat: v.viewerSeat,
    ip: v.int16,
    codename: v.string(),
    safeHouse: v.string(),
    favouriteGadget: v.string(),
    masterPlan: v.string<MasterPlanId>(),
    gadgets: v.json<Priv['gadgets']>(),
    cards: v.json<Priv['cards']>(),
    dossier: v.json<Priv['dossier']>(),
    plan: v.nullable(v.json<NonNullable<Priv['plan']>>(), ''),
    notes: v.list(v.string()),
    bannerPrompt: v.boolean,
    cameraView: v.nullable(v.json<NonNullable<Priv['cameraView']>>(), ''),
    coordination: v.nullable(v.json<NonNullable<Priv['coordination']>>(), ''),
    ipMoves: v.list(v.string()),
    fortressForfeit: v.int16,
  },
});
