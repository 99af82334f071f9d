/** Bankout's test plan (core/testPlan.ts): how the platform's checks play it. */
import { defineTestPlan } from '../../core/testPlan';
import { cardLabel } from './cards';
import type { BankoutAction, BankoutState } from './types';

const SEED = 20261122;

export const testPlan = defineTestPlan<BankoutState, BankoutAction>()({
  // A Blitz match is some 190 actions; a Bankout-mode one about 1,000 (checked in its opening).
  contract: { options: [{ mode: 'blitz' }, { mode: 'bankout', jokers: false }], matches: 6 },
  clock: { options: { turnSeconds: 60 }, action: { type: 'timeUp' } },
  leak: {
    steps: 50,
    lateJoin: (step) => step === 40,
    secretsPerStep: 50,
    newSeed: () => () => SEED,
    privateEvents: true,
    hooks: {
      // The deck and the other seats' hands (by id, or by label in a log text).
      secrets: (s, viewer) => [...s.deck, ...s.players.flatMap((p, i) => (i === viewer ? [] : p.hand))],
      // Both Jokers are labelled "Joker": the label names no card, so only ids count for them.
      spellings: (card) =>
        (card.startsWith('X') ? [` ${card}`] : [` ${card}`, ` ${cardLabel(card)}`]).map((text) => ({
          text,
          wordEnd: true,
        })),
    },
  },
});
