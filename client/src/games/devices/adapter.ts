/** Devices' view from the decoded room state, by its one description (shared viewShape.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import { decodeView } from '@parlor/shared/core/viewShape';
import type { DevicesPrivate, DevicesPublic } from '@parlor/shared/games/devices/types';
import { devicesViewShape } from '@parlor/shared/games/devices/viewShape';
import type { PlainState } from '../types';

export type DevicesView = GameView<DevicesPublic, DevicesPrivate>;

export const devicesViewFromState = (state: PlainState, seat: number): DevicesView =>
  decodeView(devicesViewShape, state, seat);
