/** Tactical Risk's client registration: the map scene, state adapter, unit textures, how-to-play. */
import { tacticalRiskMeta } from '@parlor/shared/games/tactical-risk/meta';
import { optionFields } from '@parlor/shared/games/tactical-risk/options';
import type { ClientGame } from '../types';
import { tacticalRiskViewFromState } from './adapter';
import { tacticalRiskHowTo } from './howto';
import { TacticalRiskScene } from './TacticalRiskScene';
import { unitTextures } from './unitArt';

export const tacticalRiskClient: ClientGame = {
  ...tacticalRiskMeta,
  optionFields,
  sceneKey: TacticalRiskScene.KEY,
  sceneClass: TacticalRiskScene,
  viewFromState: tacticalRiskViewFromState,
  textures: unitTextures,
  howToPlay: tacticalRiskHowTo,
  formatScore: (score) => `${score} production`,
};
