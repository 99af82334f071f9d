/** Kingpin's view as the screen reads it (decoded by its shared viewShape.ts: index.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import type { KingpinPrivate, KingpinPublic } from '@parlor/shared/games/kingpin/types';

export type KingpinView = GameView<KingpinPublic, KingpinPrivate>;
