/** Kingpin's client registration: scene, state adapter, textures, how-to-play. */
import type { ClientGame } from '../types';
import { kingpinViewFromState } from './adapter';
import { kingpinTextures } from './cardArt';
import { allFaces } from './cards';
import { kingpinHowTo } from './howto';
import { KingpinScene } from './KingpinScene';

export const kingpinClient: ClientGame = {
  id: 'kingpin',
  title: 'Kingpin',
  sceneKey: KingpinScene.KEY,
  sceneClass: KingpinScene,
  viewFromState: kingpinViewFromState,
  textures: () => kingpinTextures(allFaces()),
  defaultOptions: { emergencyDefense: false, turnSeconds: 0 },
  howToPlay: kingpinHowTo,
  formatScore(score) {
    return `Boss HP ${Number.isInteger(score) ? score : score.toFixed(2)}`;
  },
  describeOptions(options) {
    const out: string[] = [];
    if (options.emergencyDefense !== undefined)
      out.push(`Emergency Defense: ${options.emergencyDefense ? 'on' : 'off'}`);
    const t = Number(options.turnSeconds ?? 0);
    out.push(`Turn timer: ${t > 0 ? `${t} s` : 'off'}`);
    return out;
  },
};
