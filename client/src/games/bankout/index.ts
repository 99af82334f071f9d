/** Bankout's client registration: scene, view, textures, how-to-play. */
import { bankoutMeta } from '@parlor/shared/games/bankout/meta';
import { optionFields } from '@parlor/shared/games/bankout/options';
import { bankoutViewShape } from '@parlor/shared/games/bankout/viewShape';
import rules from '../../../../docs/rules/bankout.md?raw';
import { defineClientGame } from '../defineClientGame';
import { bankoutParty } from './party';
import { BankoutScene } from './BankoutScene';
import { cardTextures } from './cardArt';
import { bankoutWords } from './words';

export const bankoutClient = defineClientGame({
  meta: bankoutMeta,
  optionFields,
  scene: BankoutScene,
  view: bankoutViewShape,
  rulesDoc: rules,
  textures: cardTextures,
  words: bankoutWords,
  party: bankoutParty,
  formatScore(score, options) {
    if (options.mode === 'blitz') return `$${score.toLocaleString('en-US')}`;
    return `${score} round${score === 1 ? '' : 's'}`;
  },
});
