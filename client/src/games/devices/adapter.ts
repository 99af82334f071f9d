/** Devices' view as the screen reads it (decoded by its shared viewShape.ts: index.ts). */
import type { GameView } from '@parlor/shared/core/contract';
import type { DevicesPrivate, DevicesPublic } from '@parlor/shared/games/devices/types';

export type DevicesView = GameView<DevicesPublic, DevicesPrivate>;
