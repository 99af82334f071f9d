/**
 * Party mode's table screen (client/src/party/): how it joins a table: as a spectator under its own name, and never with a seat
 * token (a TV that was once a player's browser must not sit down in that seat). The server leak
 * test (server/test/rooms/screenLeak.test.ts) joins with these very options.
 */
export const SCREEN_NAME = 'Table screen';

export function screenJoinOptions(): { name: string; spectator: true } {
  return { name: SCREEN_NAME, spectator: true };
}
