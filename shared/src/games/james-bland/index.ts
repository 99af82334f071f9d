/**
 * James Bland: ACME Edition, the game definition the server, the client and the bots drive.
 */
import { defineGame } from '../../core/defineGame';
import { jamesBlandTable } from './table';
import { actionSchema } from './actions';
import { jamesBlandBot } from './bot';
import { explainJamesBland } from './explain';
import { optionFields, optionsSchema } from './options';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import { timeout } from './timeouts';
import type { JamesBlandState } from './types';
import { view } from './view';
import { redeal } from './redeal';
import { jamesBlandMeta } from './meta';

export type * from './types';

const outcome = (s: JamesBlandState) =>
  s.phase === 'finished'
    ? { winners: s.winners.slice(), summary: s.summary, scores: s.agents.map((a) => a.ip) }
    : null;

export const jamesBland = defineGame({
  meta: jamesBlandMeta,
  rules: { setup, legalActions, apply, view, redeal, phase: (s) => s.phase, toAct, timeout, outcome },
  options: { schema: optionsSchema, fields: optionFields },
  actions: actionSchema,
  bot: { ...jamesBlandBot, explain: explainJamesBland },
  table: jamesBlandTable,
});
