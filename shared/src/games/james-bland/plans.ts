/**
 * Secret Master Plans (design 7, RULINGS 14): the design's five and five more in the same spirit.
 * Completing your plan is the Mission Completion victory (in the full game), checked by
 * planCompletion.ts. The catalogue alone: the types and the client read it without the rules.
 */
export const MASTER_PLANS = [
  'exposeAll',
  'controlAllAssets',
  'anvilCarnage',
  'mastermindOfMisinformation',
  'saboteurSupreme',
  'grandLarceny',
  'bugTheWorld',
  'doubleAgent',
  'roadrunner',
  'bannerDay',
] as const;
export type MasterPlanId = (typeof MASTER_PLANS)[number];

export interface MasterPlanSpec {
  name: string;
  text: string;
  /** IP paid on completion (kept for the tie-break). */
  reward: number;
  /** Dealt only at tables of at least this many agents. */
  minPlayers: number;
}

/** "In a single round" objectives are spread over 3 consecutive rounds (RULINGS 14). */
export const PLAN_WINDOW = 3;
export const LARCENY_TARGET = 8;
export const ROADRUNNER_ROUNDS = 3;
export const BANNERS_BELIEVED = 2;

export const MASTER_PLAN_SPECS: Record<MasterPlanId, MasterPlanSpec> = {
  exposeAll: {
    name: 'Expose All',
    text: 'Successfully Expose every Active opponent within 3 consecutive rounds.',
    reward: 5,
    minPlayers: 3,
  },
  controlAllAssets: {
    name: 'Control All Assets',
    text: 'Hold all five Strategic Assets at the start of a round.',
    reward: 0,
    minPlayers: 3,
  },
  anvilCarnage: {
    name: 'Anvil Carnage',
    text: 'Land Anvil Drone Assassinations on three different opponents within 3 consecutive rounds.',
    reward: 3,
    minPlayers: 4,
  },
  mastermindOfMisinformation: {
    name: 'Mastermind of Misinformation',
    text: 'Trick three different opponents with Misinformation within 3 consecutive rounds.',
    reward: 4,
    minPlayers: 4,
  },
  saboteurSupreme: {
    name: 'Saboteur Supreme',
    text: 'Sabotage an asset-holding agent successfully in three consecutive rounds.',
    reward: 5,
    minPlayers: 3,
  },
  grandLarceny: {
    name: 'Grand Larceny',
    text: `Steal ${LARCENY_TARGET} IP in total with Asset Theft.`,
    reward: 3,
    minPlayers: 3,
  },
  bugTheWorld: {
    name: 'Bug the World',
    text: 'Have your bugs planted on every other agent still in play.',
    reward: 3,
    minPlayers: 3,
  },
  doubleAgent: {
    name: 'Double Agent',
    text: 'While in pacts with two agents, successfully attack one of them.',
    reward: 3,
    minPlayers: 3,
  },
  roadrunner: {
    name: 'Roadrunner',
    text: 'Be attacked in three consecutive rounds and have every attack on you fail.',
    reward: 3,
    minPlayers: 3,
  },
  bannerDay: {
    name: 'Banner Day',
    text: `Have attackers believe your biplane banners ${BANNERS_BELIEVED} times.`,
    reward: 3,
    minPlayers: 3,
  },
};

export function plansFor(players: number): MasterPlanId[] {
  return MASTER_PLANS.filter((id) => MASTER_PLAN_SPECS[id].minPlayers <= players);
}
