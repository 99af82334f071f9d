/** James Bland's view from the decoded room state, by its one description (shared viewShape.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import { decodeView } from '@parlor/shared/core/viewShape';
import type { JamesBlandPrivate, JamesBlandPublic } from '@parlor/shared/games/james-bland/types';
import { jamesBlandViewShape } from '@parlor/shared/games/james-bland/viewShape';
import type { PlainState } from '../types';

export type JbView = GameView<JamesBlandPublic, JamesBlandPrivate>;

export const jamesBlandViewFromState = (state: PlainState, seat: number): JbView =>
  decodeView(jamesBlandViewShape, state, seat);
