/** Tactical Risk's client registration: the map scene, state adapter, how-to-play. */
import { tacticalRiskMeta } from '@parlor/shared/games/tactical-risk/meta';
import { optionFields } from '@parlor/shared/games/tactical-risk/options';
import type { ClientGame } from '../types';
import { tacticalRiskParty } from './party';
import { tacticalRiskViewFromState } from './adapter';
import { tacticalRiskHowTo } from './howto';
import { TacticalRiskScene } from './TacticalRiskScene';
import { tacticalRiskWords } from './words';

export const tacticalRiskClient: ClientGame = {
  party: tacticalRiskParty,
  ...tacticalRiskMeta,
  optionFields,
  sceneKey: TacticalRiskScene.KEY,
  sceneClass: TacticalRiskScene,
  viewFromState: tacticalRiskViewFromState,
  // Its unit chips are drawn per owner colour when the map is built (unitArt.ts, MapStacks.ts).
  textures: () => [],
  howToPlay: tacticalRiskHowTo,
  words: tacticalRiskWords,
  formatScore: (score) => `${score} production`,
};
