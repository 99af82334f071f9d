/** Kingpin's client registration: scene, state adapter, textures, how-to-play. */
import { DEFAULT_OPTIONS } from '@parlor/shared/games/kingpin/options';
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
  defaultOptions: { ...DEFAULT_OPTIONS },
  howToPlay: kingpinHowTo,
  formatScore(score) {
    return `Boss HP ${Number.isInteger(score) ? score : score.toFixed(2)}`;
  },
  describeOptions(options) {
    const out: string[] = [];
    if (options.bossTruce !== undefined) out.push(`Opening truce: ${options.bossTruce ? 'on' : 'off'}`);
    if (options.bossHp !== undefined) out.push(`Boss HP: ${Number(options.bossHp)}`);
    const cap = Number(options.ammoCap ?? 0);
    out.push(`Ammunition cap: ${cap > 0 ? cap : 'none'}`);
    if (options.economicCollapse) out.push('Economic Collapse victory: on');
    const dom = Number(options.dominationTokens ?? 0);
    if (dom > 0) out.push(`Domination victory: ${dom} tokens`);
    if (options.emergencyDefense !== undefined)
      out.push(`Emergency Defense: ${options.emergencyDefense ? 'on' : 'off'}`);
    const t = Number(options.turnSeconds ?? 0);
    out.push(`Turn timer: ${t > 0 ? `${t} s` : 'off'}`);
    return out;
  },
};
