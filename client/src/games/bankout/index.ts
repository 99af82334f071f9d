/** Bankout's client registration: scene, state adapter, textures, how-to-play. */
import { bankoutMeta } from '@parlor/shared/games/bankout/meta';
import { optionFields } from '@parlor/shared/games/bankout/options';
import type { ClientGame } from '../types';
import { bankoutParty } from './party';
import { bankoutViewFromState } from './adapter';
import { BankoutScene } from './BankoutScene';
import { cardTextures } from './cardArt';
import { bankoutHowTo } from './howto';
import { bankoutWords } from './words';

export const bankoutClient: ClientGame = {
  party: bankoutParty,
  ...bankoutMeta,
  optionFields,
  sceneKey: BankoutScene.KEY,
  sceneClass: BankoutScene,
  viewFromState: bankoutViewFromState,
  textures: cardTextures,
  howToPlay: bankoutHowTo,
  words: bankoutWords,
  formatScore(score, options) {
    if (options.mode === 'blitz') return `$${score.toLocaleString('en-US')}`;
    return `${score} round${score === 1 ? '' : 's'}`;
  },
};
