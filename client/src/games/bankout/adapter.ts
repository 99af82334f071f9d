/** Bankout's view from the decoded room state, by its one description (shared viewShape.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import { decodeView } from '@parlor/shared/core/viewShape';
import type { BankoutPrivate, BankoutPublic } from '@parlor/shared/games/bankout/types';
import { bankoutViewShape } from '@parlor/shared/games/bankout/viewShape';
import type { PlainState } from '../types';

export type BankoutView = GameView<BankoutPublic, BankoutPrivate>;

export const bankoutViewFromState = (state: PlainState, seat: number): BankoutView =>
  decodeView(bankoutViewShape, state, seat);
