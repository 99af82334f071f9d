/** Kingpin's client registration: scene, state adapter, textures, how-to-play. */
import { kingpinMeta } from '@parlor/shared/games/kingpin/meta';
import { optionFields } from '@parlor/shared/games/kingpin/options';
import type { ClientGame } from '../types';
import { kingpinParty } from './party';
import { kingpinViewFromState } from './adapter';
import { kingpinTextures } from './cardArt';
import { allFaces } from './cards';
import { kingpinHowTo } from './howto';
import { KingpinScene } from './KingpinScene';
import { kingpinWords } from './words';

export const kingpinClient: ClientGame = {
  party: kingpinParty,
  ...kingpinMeta,
  optionFields,
  sceneKey: KingpinScene.KEY,
  sceneClass: KingpinScene,
  viewFromState: kingpinViewFromState,
  textures: () => kingpinTextures(allFaces()),
  howToPlay: kingpinHowTo,
  words: kingpinWords,
  formatScore(score) {
    return `Boss HP ${Number.isInteger(score) ? score : score.toFixed(2)}`;
  },
};
