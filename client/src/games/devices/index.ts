/** Devices' client registration: scene, view, how-to-play. */
import { devicesMeta } from '@parlor/shared/games/devices/meta';
import { optionFields } from '@parlor/shared/games/devices/options';
import { devicesViewShape } from '@parlor/shared/games/devices/viewShape';
import rules from '../../../../docs/rules/devices.md?raw';
import { defineClientGame } from '../defineClientGame';
import { devicesParty } from './party';
import { DevicesScene } from './DevicesScene';
import { devicesWords } from './words';

export const devicesClient = defineClientGame({
  meta: devicesMeta,
  optionFields,
  scene: DevicesScene,
  view: devicesViewShape,
  rulesDoc: rules,
  words: devicesWords,
  party: devicesParty,
  formatScore: (score) => `${score} Point${score === 1 ? '' : 's'}`,
});
