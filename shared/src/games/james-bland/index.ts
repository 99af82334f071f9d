/**
 * James Bland: ACME Edition, the game definition the server, the client and the bots drive.
 */
import type { GameDefinition } from '../../core/contract';
import { jamesBlandTable } from './table';
import { actionSchema } from './actions';
import { jamesBlandBot } from './bot';
import { explainJamesBland } from './explain';
import { optionFields, optionsSchema } from './options';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import { timeout } from './timeouts';
import type {
  JamesBlandAction,
  JamesBlandOptions,
  JamesBlandPrivate,
  JamesBlandPublic,
  JamesBlandState,
} from './types';
import { view } from './view';
import { redeal } from './redeal';
import { jamesBlandMeta } from './meta';

export type * from './types';

export const jamesBland: GameDefinition<
  JamesBlandState,
  JamesBlandAction,
  JamesBlandOptions,
  JamesBlandPublic,
  JamesBlandPrivate
> = {
  ...jamesBlandMeta,
  optionsSchema,
  optionFields,
  actionSchema,
  setup,
  legalActions,
  apply,
  view,
  redeal,
  phase: (s) => s.phase,
  toAct,
  timeout,
  outcome: (s) =>
    s.phase === 'finished'
      ? { winners: s.winners.slice(), summary: s.summary, scores: s.agents.map((a) => a.ip) }
      : null,
  bot: { ...jamesBlandBot, explain: explainJamesBland },
  table: jamesBlandTable,
};
