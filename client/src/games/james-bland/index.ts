/** James Bland's client registration: scene, state adapter, textures, how-to-play. */
import { DEFAULT_OPTIONS } from '@parlor/shared/games/james-bland/options';
import type { ClientGame } from '../types';
import { jamesBlandViewFromState } from './adapter';
import { jamesBlandTextures } from './art';
import { jamesBlandHowTo } from './howto';
import { JamesBlandScene } from './JamesBlandScene';

export const jamesBlandClient: ClientGame = {
  id: 'james-bland',
  title: 'James Bland: ACME Edition',
  sceneKey: JamesBlandScene.KEY,
  sceneClass: JamesBlandScene,
  viewFromState: jamesBlandViewFromState,
  textures: jamesBlandTextures,
  defaultOptions: { ...DEFAULT_OPTIONS },
  howToPlay: jamesBlandHowTo,
  formatScore(score) {
    return `${score} IP`;
  },
  describeOptions(options) {
    const t = Number(options.planningSeconds ?? 0);
    const newcomers = String(options.newcomerTime ?? 'firstRound');
    return [
      options.untimed ? 'No clock' : `Planning: ${t > 0 ? `${t} s` : 'standard'}`,
      ...(options.untimed
        ? []
        : [
            newcomers === 'off'
              ? 'No newcomer time'
              : `Newcomer time: ${newcomers === 'everyRound' ? 'every round' : 'first round'}`,
          ]),
      `Round limit: ${Number(options.roundLimit ?? 30)}`,
    ];
  },
};
