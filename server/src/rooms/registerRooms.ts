/**
 * Registers the lobby and one GameRoom per game adapter. Rooms are listed live in the lobby.
 */
import { LobbyRoom, type Server } from '@colyseus/core';
import { LOBBY_ROOM, type Random, type Seed } from '@parlor/shared';
import type { ServerConfig } from '../config';
import { gameAdapters } from '../games';
import type { AnyGameAdapter } from './GameAdapter';
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from './connections';
import { GameRoom } from './GameRoom';
import { newMatchSeed, newPlatformRandom } from './matchSeeds';
import { type BotPool, botPool } from '../bots/botPool';

/** A GameRoom class bound to one game (Colyseus instantiates room classes itself). */
export function gameRoomClass(
  adapter: AnyGameAdapter,
  cfg: ServerConfig,
  variant: RoomVariant = {},
): typeof GameRoom {
  return class extends GameRoom {
    override adapter = adapter;
    override cfg = cfg;
    override limits: RoomLimits = { ...DEFAULT_ROOM_LIMITS, ...variant.limits };
    override newSeed = variant.newSeed ?? newMatchSeed;
    override newBotRandom = variant.newBotRandom ?? newPlatformRandom;
    override botPool = variant.botPool === undefined ? botPool() : variant.botPool;
  };
}

/** Test variants of a game room: another name, other limits, fixed seeds. */
export interface RoomVariant {
  name?: string;
  limits?: Partial<RoomLimits>;
  newSeed?: () => Seed;
  /** Fixed bot choices, so a seeded table against bots plays the same match every time. */
  newBotRandom?: () => Random;
  /** Bot threads of the test's own (null: bots decide in process). */
  botPool?: BotPool | null;
}

/** `name` defaults to the game id; tests register variants under other names or with other limits. */
export function registerGameRoom(
  gameServer: Server,
  adapter: AnyGameAdapter,
  cfg: ServerConfig,
  variant: RoomVariant = {},
): void {
  const roomClass = gameRoomClass(adapter, cfg, variant);
  gameServer.define(variant.name ?? adapter.definition.id, roomClass).enableRealtimeListing();
}

export function registerRooms(gameServer: Server, cfg: ServerConfig): void {
  gameServer.define(LOBBY_ROOM, LobbyRoom);
  for (const adapter of gameAdapters) registerGameRoom(gameServer, adapter, cfg);
}
