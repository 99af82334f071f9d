/** Devices: the game definition the server, the client and the bots drive (registered in games/index.ts). */
import type { GameDefinition } from '../../core/contract';
import { devicesTable } from './table';
import { actionSchema } from './actions';
import { devicesBot } from './bot';
import { explainDevices } from './explain';
import { legalActions } from './legal';
import { optionFields, optionsSchema } from './options';
import { apply, phaseOf, toAct } from './rules';
import { setup } from './setup';
import { timeout } from './timeouts';
import type { DevicesAction, DevicesOptions, DevicesPrivate, DevicesPublic, DevicesState } from './types';
import { view } from './view';
import { redeal } from './redeal';
import { devicesMeta } from './meta';

export type * from './types';

export const devices: GameDefinition<
  DevicesState,
  DevicesAction,
  DevicesOptions,
  DevicesPublic,
  DevicesPrivate
> = {
  ...devicesMeta,
  optionsSchema,
  optionFields,
  actionSchema,
  setup,
  legalActions,
  apply,
  view,
  redeal,
  phase: phaseOf,
  toAct,
  timeout,
  outcome: (s) => s.outcome,
  bot: { ...devicesBot, explain: explainDevices },
  table: devicesTable,
};
