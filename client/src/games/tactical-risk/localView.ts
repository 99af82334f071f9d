/**
 * Hot seat (no server): the rules' own view, folded as the server folds it (shared wireView.ts), so
 * the map client sees one shape whichever table it sits at.
 */
import type { GameView } from '@parlor/shared/core/contract';
import type { TacticalRiskPrivate, TacticalRiskPublic } from '@parlor/shared/games/tactical-risk/types';
import { type TrView, screenView, wireView } from '@parlor/shared/games/tactical-risk/wireView';

type RulesView = GameView<TacticalRiskPublic, TacticalRiskPrivate>;

/** The map client's view of a rules view (hot seat). */
export function tacticalRiskViewFromRules(view: RulesView): TrView {
  return screenView(wireView(view));
}
