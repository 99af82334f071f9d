/** James Bland's client registration: scene, state adapter, textures, how-to-play. */
import { jamesBlandMeta } from '@parlor/shared/games/james-bland/meta';
import { optionFields } from '@parlor/shared/games/james-bland/options';
import type { ClientGame } from '../types';
import { jamesBlandParty } from './party';
import { jamesBlandViewFromState } from './adapter';
import { jamesBlandTextures } from './art';
import { jamesBlandHowTo } from './howto';
import { JamesBlandScene } from './JamesBlandScene';
import { jamesBlandWords } from './words';

export const jamesBlandClient: ClientGame = {
  party: jamesBlandParty,
  ...jamesBlandMeta,
  optionFields,
  sceneKey: JamesBlandScene.KEY,
  sceneClass: JamesBlandScene,
  viewFromState: jamesBlandViewFromState,
  textures: jamesBlandTextures,
  howToPlay: jamesBlandHowTo,
  words: jamesBlandWords,
  formatScore(score) {
    return `${score} IP`;
  },
};
