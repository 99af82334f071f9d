/**
 * The logger Colyseus writes through (ServerOptions.logger): the console, except that a bad frame a
 * client sent is one line, not a stack each time: a message msgpack cannot decode (11 lines), or a
 * WebSocket frame the `ws` library refuses, an oversized one above all (15 lines). The client is
 * disconnected; anyone can send such frames, as often as they like.
 */
import { inspect } from 'node:util';

/** A stack whose error came from decoding a client's frame (msgpackr under Room._onMessage). */
export function isUndecodableFrame(text: string): boolean {
  return /msgpackr/.test(text) && /_onMessage/.test(text);
}

/**
 * A stack whose error came from reading a client's WebSocket frame (the `ws` Receiver: a frame past
 * the transport's maxPayload, a bad opcode, invalid UTF-8, ...).
 */
export function isRefusedFrame(text: string): boolean {
  return /[\\/]ws[\\/]lib[\\/]receiver\.js:/.test(text);
}

function oneLine(args: unknown[]): unknown[] {
  if (args.length !== 1 || typeof args[0] !== 'string') return args;
  const first = args[0].split('\n', 1)[0]!.trim();
  if (isUndecodableFrame(args[0]))
    return [`A client sent a message that cannot be decoded (${first}); it was disconnected.`];
  if (isRefusedFrame(args[0]))
    return [`A client sent a WebSocket frame that is refused (${first}); it was disconnected.`];
  return args;
}

export const colyseusLogger = {
  debug: (...args: unknown[]) => console.debug(...args),
  info: (...args: unknown[]) => console.info(...args),
  warn: (...args: unknown[]) => console.warn(...oneLine(args)),
  error: (...args: unknown[]) => console.error(...oneLine(args)),
  trace: (...args: unknown[]) => console.trace(...args),
  /** Anything else Colyseus may call. */
  log: (...args: unknown[]) => console.log(...args.map((a) => (typeof a === 'string' ? a : inspect(a)))),
};
