/** Devices: the game definition the server, the client and the bots drive (registered in games/index.ts). */
import { defineGame } from '../../core/defineGame';
import { devicesTable } from './table';
import { actionSchema } from './actions';
import { devicesBot } from './bot';
import { explainDevices } from './explain';
import { legalActions } from './legal';
import { optionFields, optionsSchema } from './options';
import { apply, phaseOf, toAct } from './rules';
import { openingEvents, setup } from './setup';
import { timeout } from './timeouts';
import type { DevicesState } from './types';
import { view } from './view';
import { redeal } from './redeal';
import { devicesMeta } from './meta';

export type * from './types';

const outcome = (s: DevicesState) => s.outcome;

export const devices = defineGame({
  meta: devicesMeta,
  rules: { setup, openingEvents, legalActions, apply, view, redeal, phase: phaseOf, toAct, timeout, outcome },
  options: { schema: optionsSchema, fields: optionFields },
  actions: actionSchema,
  bot: { ...devicesBot, explain: explainDevices },
  table: devicesTable,
});
