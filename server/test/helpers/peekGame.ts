/**
 * Peek (shared/test/games/peek.ts, a game that exists only for tests) on the server, registered in
 * the leak test's registry (server/test/rooms/leak.test.ts) like any product game: its adapter is
 * derived from its view description, as every game's is, and a client's decoded state is read back
 * into its view by the same description, so its bot can play for a remote client.
 */
import { decodeView, type GameView } from '@parlor/shared';
import { type PeekPrivate, type PeekPublic, peek, peekViewShape } from '../../../shared/test/games/peek';
import { tableAdapter } from '../../src/rooms/viewSchema';
import type { StateJson } from './clients';

export const peekAdapter = tableAdapter(peek);

/** Peek's view as a client rebuilds it from its decoded state. */
export function peekViewFromState(s: StateJson, seat: number): GameView<PeekPublic, PeekPrivate> {
  return decodeView(peekViewShape, s, seat);
}
