/** Bankout's client registration: scene, state adapter, textures, how-to-play. */
import { DEFAULT_OPTIONS } from '@parlor/shared/games/bankout/options';
import type { ClientGame } from '../types';
import { bankoutViewFromState } from './adapter';
import { BankoutScene } from './BankoutScene';
import { cardTextures } from './cardArt';
import { bankoutHowTo } from './howto';

export const bankoutClient: ClientGame = {
  id: 'bankout',
  title: 'Bankout',
  sceneKey: BankoutScene.KEY,
  sceneClass: BankoutScene,
  viewFromState: bankoutViewFromState,
  textures: cardTextures,
  defaultOptions: { ...DEFAULT_OPTIONS },
  howToPlay: bankoutHowTo,
  formatScore(score, options) {
    if (options.mode === 'blitz') return `$${score.toLocaleString('en-US')}`;
    return `${score} round${score === 1 ? '' : 's'}`;
  },
  describeOptions(options) {
    const out: string[] = [];
    if (options.mode) out.push(`Mode: ${options.mode === 'blitz' ? 'Blitz' : 'Bankout'}`);
    if (options.jokers !== undefined) out.push(`Jokers: ${options.jokers ? 'on' : 'off'}`);
    const t = Number(options.turnSeconds ?? 0);
    out.push(`Turn timer: ${t > 0 ? `${t} s` : 'off'}`);
    return out;
  },
};
