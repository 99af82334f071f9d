/** Bankout: the game definition the server, the client and the bots drive. */
import { defineGame } from '../../core/defineGame';
import { bankoutViewShape } from './viewShape';
import { actionSchema } from './actions';
import { bankoutBot } from './bot';
import { explainBankout } from './explain';
import { optionFields, optionsSchema } from './options';
import { outcomeOf } from './rounds';
import { apply, legalActions, toAct } from './rules';
import { openingEvents, setup } from './setup';
import { timeout } from './timeouts';
import type { BankoutState } from './types';
import { privateView, view } from './view';
import { redeal } from './redeal';
import { bankoutMeta } from './meta';

export type * from './types';

const outcome = (s: BankoutState) => (s.phase === 'finished' ? outcomeOf(s) : null);

export const bankout = defineGame({
  meta: bankoutMeta,
  rules: {
    setup,
    openingEvents,
    legalActions,
    apply,
    view,
    privateView,
    redeal,
    phase: (s) => s.phase,
    toAct,
    timeout,
    outcome,
  },
  options: { schema: optionsSchema, fields: optionFields },
  actions: actionSchema,
  // A hint's words (core/hint.ts) beside the bot's choice.
  bot: { ...bankoutBot, explain: explainBankout },
  // The turn limit's `timeUp` is the server's timer's alone (a player banks with `bank`).
  table: { schemaName: 'Bankout', view: bankoutViewShape, clockOnly: (a) => a.type === 'timeUp' },
});
