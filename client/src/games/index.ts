/**
 * The client's game registry: one line per game. The shell, lobby and router never name a game.
 * Each game's code (scene, art, styles) is a chunk of its own, fetched when one of its tables or
 * replays opens: the lobby loads none of them (only the games' ids, from their small meta modules).
 */
import { bankoutMeta } from '@parlor/shared/games/bankout/meta';
import { devicesMeta } from '@parlor/shared/games/devices/meta';
import { jamesBlandMeta } from '@parlor/shared/games/james-bland/meta';
import { kingpinMeta } from '@parlor/shared/games/kingpin/meta';
import { tacticalRiskMeta } from '@parlor/shared/games/tactical-risk/meta';
import { canonicalGameId } from '@parlor/shared/games/ids';
import type { GameMeta } from '@parlor/shared/core/contract';
import type { ClientGame, HotSeatModule } from './types';

const loaders: Record<string, () => Promise<ClientGame>> = {
  [bankoutMeta.id]: () =>
    Promise.all([import('./bankout'), import('./bankout/bankout.css')]).then(([m]) => m.bankoutClient),
  [kingpinMeta.id]: () =>
    Promise.all([import('./kingpin'), import('./kingpin/kingpin.css')]).then(([m]) => m.kingpinClient),
  [devicesMeta.id]: () =>
    Promise.all([import('./devices'), import('./devices/devices.css')]).then(([m]) => m.devicesClient),
  [tacticalRiskMeta.id]: () => import('./tactical-risk').then((m) => m.tacticalRiskClient),
  [jamesBlandMeta.id]: () =>
    Promise.all([import('./james-bland'), import('./james-bland/jamesBland.css')]).then(
      ([m]) => m.jamesBlandClient,
    ),
};

export const gameIds: readonly string[] = Object.keys(loaders);

/**
 * Every game's name, line and seats, in the server registry's order: the lobby shows its cards
 * from these at once, before the server's list (with the create dialog's fields) has arrived.
 */
export const knownGames: readonly GameMeta[] = [
  bankoutMeta,
  kingpinMeta,
  devicesMeta,
  tacticalRiskMeta,
  jamesBlandMeta,
];

/** Games several people can play on one screen with no server (`#/hotseat/<id>`): their hot-seat code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const hotSeats: Record<string, () => Promise<HotSeatModule<any>>> = {
  [tacticalRiskMeta.id]: () => import('./tactical-risk/hotseatTable'),
};

export const hotSeatGameIds: readonly string[] = Object.keys(hotSeats);

/** The game's hot-seat code, fetched now; undefined for a game with no hot seat. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function loadHotSeat(anyId: string): Promise<HotSeatModule<any>> | undefined {
  const id = canonicalGameId(anyId);
  return Object.hasOwn(hotSeats, id) ? hotSeats[id]!() : undefined;
}

const loading = new Map<string, Promise<ClientGame | undefined>>();
const loaded = new Map<string, ClientGame>();

/** The game's client code, fetched on first use; undefined for a game this page does not know. */
export function loadGame(anyId: string): Promise<ClientGame | undefined> {
  const id = canonicalGameId(anyId); // a replay or link from before a game's id changed
  const load = Object.hasOwn(loaders, id) ? loaders[id] : undefined;
  if (!load) return Promise.resolve(undefined);
  let p = loading.get(id);
  if (!p) {
    p = load().then(
      (game) => (loaded.set(id, game), game),
      (err: unknown) => {
        loading.delete(id); // a failed fetch (network) may be retried
        throw err;
      },
    );
    loading.set(id, p);
  }
  return p;
}

/** The game's client code if it has been loaded already (no fetch). */
export function loadedGame(id: string): ClientGame | undefined {
  return loaded.get(canonicalGameId(id));
}
