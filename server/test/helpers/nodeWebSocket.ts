/**
 * Jest setup (server project): @colyseus/sdk picks `globalThis.WebSocket` when there is one, and in
 * Node 22 that is undici's, which fires no `close` after a connection that never opened (a server
 * still down): the SDK's automatic reconnection then waits forever after its first failed attempt.
 * Browsers do fire `close`; so does the `ws` package, which the SDK uses when there is no global
 * WebSocket. Tests run the SDK the way a browser behaves.
 */
delete (globalThis as { WebSocket?: unknown }).WebSocket;
