/**
 * Tactical Risk's view as the screen reads it: the wire view (shared wireView.ts, decoded by its
 * viewShape.ts) with the seat's fog-of-war stacks put back on the board (index.ts).
 */

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
