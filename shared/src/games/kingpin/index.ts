/** Kingpin: the game definition the server, the client and the bots drive. */
import { defineGame } from '../../core/defineGame';
import { kingpinViewShape } from './viewShape';
import { actionSchema } from './actions';
import { kingpinBot } from './bot';
import { explainKingpin } from './explain';
import { nameOf } from './state';
import { winReasonOf } from './edition';
import { optionFields, optionsSchema } from './options';
import { apply, legalActions, toAct } from './rules';
import { openingEvents, setup } from './setup';
import { timeout } from './timeouts';
import type { KingpinState, WinReason } from './types';
import { view } from './view';
import { redeal } from './redeal';
import { kingpinMeta } from './meta';

export type * from './types';
export { CARD_TABLE, CARDS, cardDef } from './cards';
export { attackPreview, hitPreview, type AttackPreview } from './preview';

const WIN_SUMMARY: Record<WinReason, (name: string) => string> = {
  boss: (name) => `${name} wins: the last Boss standing.`,
  collapse: (name) => `${name} wins: the last player standing after an Economic Collapse.`,
  domination: (name) => `${name} wins by Domination.`,
  cap: (name) => `${name} wins on Boss HP at the turn cap.`,
};

function outcome(s: KingpinState) {
  if (s.phase !== 'finished') return null;
  if (s.winner === null) return { winners: [], summary: 'A draw at the turn cap.' };
  return { winners: [s.winner], summary: WIN_SUMMARY[winReasonOf(s) ?? 'boss'](nameOf(s, s.winner)) };
}

export const kingpin = defineGame({
  meta: kingpinMeta,
  rules: {
    setup,
    openingEvents,
    legalActions,
    apply,
    view,
    redeal,
    phase: (s) => s.phase,
    toAct,
    timeout,
    outcome,
  },
  options: { schema: optionsSchema, fields: optionFields },
  actions: actionSchema,
  bot: { ...kingpinBot, explain: explainKingpin },
  table: { schemaName: 'Kingpin', view: kingpinViewShape },
});
