/** Tactical Risk's client registration: the map scene, view, how-to-play. */
import { tacticalRiskMeta } from '@parlor/shared/games/tactical-risk/meta';
import { optionFields } from '@parlor/shared/games/tactical-risk/options';
import { tacticalRiskViewShape } from '@parlor/shared/games/tactical-risk/viewShape';
import { screenView, type TrPublic } from '@parlor/shared/games/tactical-risk/wireView';
import rules from '../../../../docs/rules/tactical-risk.md?raw';
import { defineClientGame } from '../defineClientGame';
import { tacticalRiskParty } from './party';
import { seatWithFactions } from './summary';
import { tacticalRiskHowToMore } from './howto';
import { TacticalRiskScene } from './TacticalRiskScene';
import { tacticalRiskWords } from './words';

export const tacticalRiskClient = defineClientGame({
  meta: tacticalRiskMeta,
  optionFields,
  scene: TacticalRiskScene,
  // The wire view (wireView.ts), with the seat's fog-of-war stacks put back on the board.
  view: tacticalRiskViewShape,
  screenView,
  rulesDoc: rules,
  howToMore: tacticalRiskHowToMore,
  // Its unit chips are drawn per owner colour when the map is built (unitArt.ts, MapStacks.ts).
  words: tacticalRiskWords,
  party: tacticalRiskParty,
  formatScore: (score) => `${score} production`,
  seatLabel: (pub, seat, name) => seatWithFactions(pub as TrPublic, seat, name),
});
