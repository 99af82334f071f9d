/** A new match: agents with secret identities, Master Plans, starting IP (and gadgets in 1v1), the deck. */
import type { SeatSetup } from '../../core/contract';
import { Random, type Seed, seedRng } from '../../core/rng';
import type { GadgetId } from './data';
import { CODENAMES, FAVOURITE_GADGETS, GADGETS, GADGET_SPECS, SAFE_HOUSES } from './data';
import { MASTER_PLANS, plansFor } from './plans';
import { optionsEdition } from './edition';
import { buildDeck } from './state';
import type { Agent, JamesBlandOptions, JamesBlandState } from './types';

export const START_IP = 5;
export const START_IP_1V1 = 7;
export const START_GADGETS_1V1 = 2;

/** Basic gadgets with no prerequisite: the 1v1 starting draw. */
export const STARTER_GADGETS: GadgetId[] = GADGETS.filter(
  (g) => !GADGET_SPECS[g].advanced && GADGET_SPECS[g].requires.length === 0,
);

export function newAgent(
  fields: Pick<Agent, 'codename' | 'safeHouse' | 'favouriteGadget' | 'masterPlan' | 'ip'>,
  legacy = false,
): Agent {
  // Edition 1's agent has its old fields only (undefined ones are left out of the JSON state).
  return {
    ...fields,
    status: 'active',
    gadgets: [],
    cards: [],
    exposedUntil: 0,
    codenameRevealedUntil: 0,
    buggedBy: [],
    stuckRound: 0,
    captures: 0,
    capturedRound: null,
    incomeHalved: false,
    noIncome: legacy ? false : undefined,
    incomeThisRound: legacy ? undefined : 0,
    noBonusesRound: 0,
    pendingIp: 0,
    misfireRound: 0,
    guardDogRound: 0,
    mailmanRound: legacy ? undefined : 0,
    timeBomb: false,
    noAlliancesUntil: 0,
    tunnelMaps: 0,
    counterSurveillanceRound: -10,
    cameraTarget: null,
    plan: null,
    ready: false,
    bannerAnswer: null,
    notes: [],
    revealedGadgets: [],
    successes: [],
    bannersBelieved: 0,
    untouchableStreak: 0,
    missionComplete: false,
  };
}

const noAssets = () => ({
  bank: null,
  armory: null,
  blackMarket: null,
  broadcastStation: null,
  tunnelHub: null,
});

export function setup(options: JamesBlandOptions, seats: SeatSetup[], seed: Seed): JamesBlandState {
  if (seats.length < 2 || seats.length > 6) throw new Error('James Bland needs 2 to 6 agents');
  const rnd = new Random(seedRng(seed));
  const edition = optionsEdition(options);
  const legacy = edition === 1;
  const n = seats.length;
  const duel = n === 2;
  const codenames = rnd.shuffle(CODENAMES);
  const houses = rnd.shuffle(SAFE_HOUSES);
  const favourites = rnd.shuffle(FAVOURITE_GADGETS);
  const plans = rnd.shuffle(duel ? MASTER_PLANS : plansFor(n));
  let uid = 1;
  const agents = seats.map((_, i) =>
    newAgent(
      {
        codename: codenames[i]!,
        safeHouse: houses[i]!,
        favouriteGadget: favourites[i]!,
        masterPlan: plans[i % plans.length]!,
        ip: duel ? START_IP_1V1 : START_IP,
      },
      legacy,
    ),
  );
  if (duel)
    for (const a of agents)
      for (let k = 0; k < START_GADGETS_1V1; k++)
        a.gadgets.push({ uid: uid++, id: rnd.pick(STARTER_GADGETS), tapped: false, readyRound: 1 });
  const deck = rnd.shuffle(buildDeck(n, uid));
  uid += deck.length;
  return {
    // Edition 1 keeps its old options (and no `edition`: that absence is how isLegacy knows it).
    options: legacy
      ? { planningSeconds: options.planningSeconds, roundLimit: options.roundLimit }
      : { ...options, edition },
    mode: duel ? '1v1' : 'full',
    names: seats.map((s, i) => s.name || `Agent ${i + 1}`),
    round: 1,
    phase: 'planning',
    agents,
    assets: { bank: null, armory: null, blackMarket: null, broadcastStation: null, tunnelHub: null },
    ...(legacy ? { assetsAtStart: noAssets() } : { heldSinceStart: noAssets() }),
    pacts: [],
    nextPactId: 1,
    offers: [],
    coordinations: [],
    deck,
    discard: [],
    nextUid: uid,
    reveal: null,
    revealAttackers: [],
    showdown: null,
    winners: [],
    summary: '',
    ledger: [],
    ledgerSeq: 0,
    windowSeq: 0,
    rng: rnd.state,
  };
}
