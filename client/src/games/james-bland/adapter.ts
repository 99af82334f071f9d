/** James Bland's view as the screen reads it (decoded by its shared viewShape.ts: index.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import type { JamesBlandPrivate, JamesBlandPublic } from '@parlor/shared/games/james-bland/types';

export type JbView = GameView<JamesBlandPublic, JamesBlandPrivate>;
