/**
 * The contract suite for every registered game: the product's (shared/src/games) and the test-only
 * ones (shared/test/games). A game registered in either gets every check; a plan here only sizes
 * the run (options that keep a match short, how many matches) or names a known gap.
 */
import { games } from '../src/games';
import { fogLookalikes } from '../src/games/tactical-risk/fogLookalike';
import { type ContractPlan, contractSuite } from './contract.suite';
import { testGames } from './games';
import { peekLookalikes } from './games/peek';

const plans: Record<string, ContractPlan> = {
  // A Blitz match is some 190 actions; a Bankout-mode one about 1,000 (checked in its opening).
  bankout: { options: [{ mode: 'blitz' }, { mode: 'bankout', jokers: false }], matches: 6 },
  kingpin: { options: [{}, { emergencyDefense: true, economicCollapse: true }], matches: 8 },
  devices: {
    options: [
      { nweeks: 1, targetPoints: 10 },
      { nweeks: 1, targetPoints: 25, botPace: 'quick' },
    ],
    seats: [2, 3, 5],
    matches: 3,
    maxActions: 250,
  },
  'tactical-risk': {
    options: [{ roundLimit: 1 }, { roundLimit: 1, fogOfWar: true, mode: 'ffa' }],
    seats: [2, 3, 5],
    matches: 2,
    // Two matches: more states each for non-interference (with fog, hidden units).
    secrecyStates: 5,
    // Under fog: the same board with hidden enemy units removed, moved or added.
    lookalikes: (state, seat, random) => fogLookalikes(state, seat, () => random.float()),
    unlistedBotAnswers:
      'the bot buys several units in one action (`{ infantry: 8 }`) where legalActions lists one-unit templates, as the purchase form does; the room accepts such an answer when the rules do (MatchFlow.botTurn)',
  },
  'james-bland': { options: [{ roundLimit: 3 }, { roundLimit: 4, newcomerTime: 'off' }], matches: 6 },
  peek: { options: [{}, { rounds: 1, turnSeconds: 0 }], matches: 30, lookalikes: peekLookalikes },
};

describe.each([...games, ...testGames].map((def) => [def.id, def] as const))('%s', (_id, def) => {
  contractSuite(def, plans[def.id]);
});
