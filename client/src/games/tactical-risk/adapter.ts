/**
 * Tactical Risk's view from the decoded room state, by its one description (shared viewShape.ts, of
 * the wire view in wireView.ts), with the seat's fog-of-war stacks put back on the board.
 */
import { decodeView } from '@parlor/shared/core/viewShape';
import { tacticalRiskViewShape } from '@parlor/shared/games/tactical-risk/viewShape';
import { type TrView, screenView } from '@parlor/shared/games/tactical-risk/wireView';
import type { PlainState } from '../types';

export type {
  Counts,
  TrBattle,
  TrBombard,
  TrFaction,
  TrPrivate,
  TrPublic,
  TrStack,
  TrTerritory,
  TrTurn,
  TrView,
} from '@parlor/shared/games/tactical-risk/wireView';

export const tacticalRiskViewFromState = (state: PlainState, seat: number): TrView =>
  screenView(decodeView(tacticalRiskViewShape, state, seat));
