/**
 * The logger Colyseus writes through (ServerOptions.logger): the console, except that a message
 * frame a client sent which msgpack cannot decode is one line, not an 11-line stack each time.
 * The client is disconnected by Colyseus; anyone can send such frames, as often as they like.
 */
import { inspect } from 'node:util';

/** A stack whose error came from decoding a client's frame (msgpackr under Room._onMessage). */
export function isUndecodableFrame(text: string): boolean {
  return /msgpackr/.test(text) && /_onMessage/.test(text);
}

function oneLine(args: unknown[]): unknown[] {
  if (args.length !== 1 || typeof args[0] !== 'string' || !isUndecodableFrame(args[0])) return args;
  const first = args[0].split('\n', 1)[0]!.trim();
  return [`A client sent a message that cannot be decoded (${first}); it was disconnected.`];
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
