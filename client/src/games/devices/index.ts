/** Devices' client registration: scene, state adapter, how-to-play. */
import { devicesMeta } from '@parlor/shared/games/devices/meta';
import { optionFields } from '@parlor/shared/games/devices/options';
import type { ClientGame } from '../types';
import { devicesParty } from './party';
import { devicesViewFromState } from './adapter';
import { DevicesScene } from './DevicesScene';
import { devicesHowTo } from './howto';
import { devicesWords } from './words';

export const devicesClient: ClientGame = {
  party: devicesParty,
  ...devicesMeta,
  optionFields,
  sceneKey: DevicesScene.KEY,
  sceneClass: DevicesScene,
  viewFromState: devicesViewFromState,
  textures: () => [],
  howToPlay: devicesHowTo,
  words: devicesWords,
  formatScore: (score) => `${score} Point${score === 1 ? '' : 's'}`,
};
