/**
 * Registers the lobby and one GameRoom per game adapter. Rooms are listed live in the lobby.
 */
import { LobbyRoom, type Server } from '@colyseus/core';
import { LOBBY_ROOM } from '@parlor/shared';
import type { ServerConfig } from '../config';
import { gameAdapters } from '../games';
import type { AnyGameAdapter } from './GameAdapter';
import { DEFAULT_ROOM_LIMITS, GameRoom, type RoomLimits } from './GameRoom';

/** A GameRoom class bound to one game (Colyseus instantiates room classes itself). */
export function gameRoomClass(
  adapter: AnyGameAdapter,
  cfg: ServerConfig,
  limits: Partial<RoomLimits> = {},
): typeof GameRoom {
  return class extends GameRoom {
    override adapter = adapter;
    override cfg = cfg;
    override limits: RoomLimits = { ...DEFAULT_ROOM_LIMITS, ...limits };
  };
}

/** `name` defaults to the game id; tests register variants under other names or with other limits. */
export function registerGameRoom(
  gameServer: Server,
  adapter: AnyGameAdapter,
  cfg: ServerConfig,
  variant: { name?: string; limits?: Partial<RoomLimits> } = {},
): void {
  const roomClass = gameRoomClass(adapter, cfg, variant.limits);
  gameServer.define(variant.name ?? adapter.definition.id, roomClass).enableRealtimeListing();
}

export function registerRooms(gameServer: Server, cfg: ServerConfig): void {
  gameServer.define(LOBBY_ROOM, LobbyRoom);
  for (const adapter of gameAdapters) registerGameRoom(gameServer, adapter, cfg);
}
