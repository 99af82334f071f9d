/** Tactical Risk: the game definition the server, the client and the bots drive. */
import { defineGame } from '../../core/defineGame';
import { actionSchema, takeOverPayload } from './actions';
import { tacticalRiskBot } from './bot';
import { explainTacticalRisk } from './explain';
import { optionFields, optionsSchema } from './options';
import { apply, legalActions, toAct } from './rules';
import { setup } from './setup';
import { timeout } from './timeouts';
import { view } from './view';
import { tacticalRiskBotPace } from './pace';
import { redeal } from './redeal';
import { outcomeOf } from './outcome';
import { holderOf } from './takeOver';
import { tacticalRiskMeta } from './meta';
import { tacticalRiskViewShape } from './viewShape';
import { wirePrivate, wirePublic } from './wireView';

export type * from './types';

export const tacticalRisk = defineGame({
  meta: tacticalRiskMeta,
  rules: {
    setup,
    legalActions,
    apply,
    view,
    redeal,
    phase: (s) => s.phase,
    toAct,
    timeout,
    outcome: outcomeOf,
    takeOver: { payload: takeOverPayload, holder: holderOf },
  },
  options: { schema: optionsSchema, fields: optionFields },
  actions: actionSchema,
  bot: { ...tacticalRiskBot, explain: explainTacticalRisk },
  table: {
    schemaName: 'TacticalRisk',
    // The description is of the screen's model: the rules' view folded into stacks per territory.
    view: tacticalRiskViewShape,
    wire: { public: wirePublic, private: wirePrivate },
    // A move phase lists a couple of hundred templates; as a set a move re-sends only those that changed.
    legalAsSet: true,
    // A draw on the time bank is the server's timer's alone.
    clockOnly: (a) => a.type === 'timeBank',
    // The table's `botPace` option: `quick` AIs skip the server's per-move bot delay.
    botPace: tacticalRiskBotPace,
    // The map's stacks and a move phase's listed templates pass the platform's 16 KB.
    stateBufferKb: 64,
  },
});
