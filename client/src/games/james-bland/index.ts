/** James Bland's client registration: scene, view, textures, how-to-play. */
import { jamesBlandMeta } from '@parlor/shared/games/james-bland/meta';
import { optionFields } from '@parlor/shared/games/james-bland/options';
import { jamesBlandViewShape } from '@parlor/shared/games/james-bland/viewShape';
import rules from '../../../../docs/rules/james-bland.md?raw';
import { defineClientGame } from '../defineClientGame';
import { jamesBlandParty } from './party';
import { jamesBlandTextures } from './art';
import { jamesBlandHowTo } from './howto';
import { JamesBlandScene } from './JamesBlandScene';
import { jamesBlandWords } from './words';

export const jamesBlandClient = defineClientGame({
  meta: jamesBlandMeta,
  optionFields,
  scene: JamesBlandScene,
  view: jamesBlandViewShape,
  rulesDoc: rules,
  howToPlay: jamesBlandHowTo,
  textures: jamesBlandTextures,
  words: jamesBlandWords,
  party: jamesBlandParty,
  formatScore(score) {
    return `${score} IP`;
  },
});
