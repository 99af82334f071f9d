/** Bankout's view as the screen reads it (decoded by its shared viewShape.ts: index.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import type { BankoutPrivate, BankoutPublic } from '@parlor/shared/games/bankout/types';

export type BankoutView = GameView<BankoutPublic, BankoutPrivate>;
