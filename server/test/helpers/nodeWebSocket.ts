/**
 * Jest setup (server project): @colyseus/sdk uses `globalThis.WebSocket`, and in Node 22 that is
 * undici's, which fires no `close` after a connection that never opened (a server still down): the
 * SDK's automatic reconnection then waits forever after its first failed attempt. Browsers do fire
 * `close`, and so does the `ws` package (the SDK's own fallback where there is no global one):
 * tests give the SDK `ws`, so it behaves as in a browser.
 */
import WebSocket from 'ws';

(globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
