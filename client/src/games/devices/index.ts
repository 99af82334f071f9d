/** Devices' client registration: scene, state adapter, how-to-play. */
import { DEFAULT_OPTIONS } from '@parlor/shared/games/devices/options';
import type { ClientGame } from '../types';
import { devicesViewFromState } from './adapter';
import { DevicesScene } from './DevicesScene';
import { devicesHowTo } from './howto';

export const devicesClient: ClientGame = {
  id: 'devices',
  title: 'Devices',
  sceneKey: DevicesScene.KEY,
  sceneClass: DevicesScene,
  viewFromState: devicesViewFromState,
  textures: () => [],
  defaultOptions: { ...DEFAULT_OPTIONS },
  howToPlay: devicesHowTo,
  formatScore: (score) => `${score} Point${score === 1 ? '' : 's'}`,
  describeOptions(options) {
    const out: string[] = [];
    if (options.ndaySeconds !== undefined) out.push(`nday: ${Number(options.ndaySeconds)} s`);
    if (options.nweeks !== undefined) out.push(`Nweeks: ${Number(options.nweeks)}`);
    if (options.targetPoints !== undefined) out.push(`Target: ${Number(options.targetPoints)} Points`);
    return out;
  },
};
