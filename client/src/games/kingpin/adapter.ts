/** Kingpin's view from the decoded room state, by its one description (shared viewShape.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import { decodeView } from '@parlor/shared/core/viewShape';
import type { KingpinPrivate, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { kingpinViewShape } from '@parlor/shared/games/kingpin/viewShape';
import type { PlainState } from '../types';

export type KingpinView = GameView<KingpinPublic, KingpinPrivate>;

export const kingpinViewFromState = (state: PlainState, seat: number): KingpinView =>
  decodeView(kingpinViewShape, state, seat);
