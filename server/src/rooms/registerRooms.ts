/**
 * Registers the lobby and one GameRoom per game adapter. Rooms are listed live in the lobby.
 */
import { LobbyRoom, type Server } from '@colyseus/core';
import { LOBBY_ROOM } from '@parlor/shared';
import type { ServerConfig } from '../config';
import { gameAdapters } from '../games';
import type { AnyGameAdapter } from './GameAdapter';
import { GameRoom } from './GameRoom';

/** A GameRoom class bound to one game (Colyseus instantiates room classes itself). */
export function gameRoomClass(adapter: AnyGameAdapter, cfg: ServerConfig): typeof GameRoom {
  return class extends GameRoom {
    override adapter = adapter;
    override cfg = cfg;
  };
}

export function registerGameRoom(
  gameServer: Server,
  adapter: AnyGameAdapter,
  cfg: ServerConfig,
  name?: string,
): void {
  gameServer.define(name ?? adapter.definition.id, gameRoomClass(adapter, cfg)).enableRealtimeListing();
}

export function registerRooms(gameServer: Server, cfg: ServerConfig): void {
  gameServer.define(LOBBY_ROOM, LobbyRoom);
  for (const adapter of gameAdapters) registerGameRoom(gameServer, adapter, cfg);
}
