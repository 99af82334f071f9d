/** Kingpin's client registration: scene, view, textures, how-to-play. */
import { kingpinMeta } from '@parlor/shared/games/kingpin/meta';
import { optionFields } from '@parlor/shared/games/kingpin/options';
import { kingpinViewShape } from '@parlor/shared/games/kingpin/viewShape';
import rules from '../../../../docs/rules/kingpin.md?raw';
import { defineClientGame } from '../defineClientGame';
import { kingpinParty } from './party';
import { kingpinTextures } from './cardArt';
import { allFaces } from './cards';
import { kingpinHowToMore } from './howto';
import { KingpinScene } from './KingpinScene';
import { kingpinWords } from './words';
import { quarters } from './numbers';

export const kingpinClient = defineClientGame({
  meta: kingpinMeta,
  optionFields,
  scene: KingpinScene,
  view: kingpinViewShape,
  rulesDoc: rules,
  howToMore: kingpinHowToMore,
  textures: () => kingpinTextures(allFaces()),
  words: kingpinWords,
  party: kingpinParty,
  formatScore(score) {
    return `Boss HP ${quarters(score)}`;
  },
});
