/**
 * Where a server's CPU went, from a V8 CPU profile (node --cpu-prof): each sample is charged to the
 * first frame, from the leaf up, whose source says what it is for (the bundle's frames are mapped
 * back to their TypeScript files through server.js.map; node's plumbing is charged to its caller).
 * Used by bench/load.ts for Bankout's row and floor-durable's, side by side.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// source-map-js (1.2.4, here through vite's postcss): a bench-only reader of the bundle's source map.
import { SourceMapConsumer } from 'source-map-js';

export const PARTS = [
  'rules',
  'projection',
  'log',
  'encoding',
  'events',
  'journal',
  'lobby',
  'timers',
  'messages in',
  'transport',
  'room',
  'colyseus',
  'runtime',
  'gc',
  'other',
] as const;
export type Part = (typeof PARTS)[number];

/** What each part stands for, printed under the breakdown. */
export const PART_NOTES: Record<Part, string> = {
  rules: "the game's rules (apply, legal actions, views) and the platform's rule helpers",
  projection: "the views written into the schema, and the schema's change tracking",
  log: "the public log's lines (the state's ring and their text)",
  encoding: 'patches encoded per client (StateView filtering included)',
  events: 'events messages packed and broadcast',
  journal: 'the table file and journal: lines encoded, handed to the writer thread, released',
  lobby: "the lobby listing's metadata",
  timers: 'deadlines, bot delays, node timers',
  'messages in': 'frames decoded, checked and dispatched (msgpack, zod, the budget)',
  transport: 'WebSocket frames and socket writes/reads (the write syscalls included)',
  room: "the room's own glue (seating, connections, the backlog check)",
  colyseus: "Colyseus's core not named above",
  runtime: "node and V8 with no JavaScript caller to charge (the event loop, promises, the VM's native code)",
  gc: 'garbage collection on the event loop',
  other: 'a source the classifier does not know yet',
};
/** A V8 CPU profile (`.cpuprofile`), as far as the benches read it. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Frames that work for whoever called them: node's plumbing (events, ticks, buffers), the debug
 * logger, native functions without a source, Colyseus's and msgpack's senders. Their time is
 * charged to their caller's part (a broadcast under sendEvents is the events', under a patch the
 * encoding's).
 */
const PASS_THROUGH =
  /^$|^node:(events|buffer|util|internal\/(process|async_hooks|buffer|per_context|linkedlist|fixed_queue|util|validators|errors|bootstrap|worker|fs))|\/debug\/|nanoevents|msgpackr\/pack|@colyseus\/core\/build\/Protocol|@noble\//;

/** What a frame is for, by its source file (and function), or null: ask its caller. */
function partOf(source: string, fn: string): Part | null {
  if (fn === '(garbage collector)') return 'gc';
  if (fn === '(program)') return 'runtime';
  if (fn === '(idle)' || fn === '(root)') return null;
  if (fn === 'sendEvents') return 'events';
  if (PASS_THROUGH.test(source)) return null;
  if (
    /shared\/src\/core\/protocol/.test(source) ||
    /rooms\/tableState/.test(source) ||
    (fn === 'log' && /rooms\/GameRoom/.test(source))
  )
    return 'log';
  if (/shared\/src\/core\/viewShape/.test(source)) return 'projection';
  if (/shared\/src\/(games|core)\//.test(source)) return 'rules';
  // Schema's build is one file: its encoder's functions by name; the rest (change tracking, the
  // collections' Proxy, the change recorders the encoder walks) is charged to its caller.
  if (/@colyseus\/schema/.test(source))
    return /encode|Encoder|View|filter|discard|concatBytes/i.test(fn) ? 'encoding' : null;
  if (/SchemaSerializer/.test(source) || fn === 'broadcastPatch') return 'encoding';
  if (/(^|\/)src\/storage\/|rooms\/persistence/.test(source)) return 'journal';
  if (/rooms\/lobbyListing/.test(source) || fn === 'publishMetadata') return 'lobby';
  if (/rooms\/TurnScheduler|^node:(internal\/)?timers/.test(source)) return 'timers';
  if (/rooms\/(MatchFlow|sync|viewSchema)|server\/src\/games\//.test(source)) return 'projection';
  if (
    /msgpackr\/unpack|rooms\/(roomMessages|wellFormed|tokenBucket|payloads)|\/zod\/|RoomMessages/.test(source)
  )
    return 'messages in';
  if (/@colyseus\/core\/build\/Room\.mjs/.test(source)) {
    if (/onMessage|_onMessage/.test(fn)) return 'messages in';
    // Its broadcast and send work for their caller (events, an error, a chat line).
    if (/^(broadcast|broadcastMessageType|send|sendMessage)$/.test(fn)) return null;
    return 'colyseus';
  }
  if (
    /\/ws\/|ws-transport|rooms\/writeCoalescer|^node:(net|stream|internal\/(stream|streams|net|stream_base_commons))/.test(
      source,
    )
  )
    return 'transport';
  if (/rooms\/|bench\/floor-server/.test(source)) return 'room';
  if (/@colyseus\/core|@pm2\//.test(source)) return 'colyseus';
  if (source) return 'other';
  return null;
}

/** A profile's CPU per part, and the sources charged to `other` (the next ones to name), in ms. */
export interface Breakdown {
  ms: Record<Part, number>;
  unnamed: [string, number][];
}

/**
 * Milliseconds of CPU per part (idle left out) in the samples taken between `fromUs` and `toUs`
 * (CLOCK_MONOTONIC in µs, the profile's clock and process.hrtime's on Linux: the measured window,
 * without the server's start).
 */
export function breakdown(profileFile: string, bundleDir: string, fromUs: number, toUs: number): Breakdown {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
  const mapFile = path.join(bundleDir, 'server.js.map');
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const memo = new Map<number, Part | null>();
  const sourceOf = new Map<number, string>();
  const classify = (id: number): Part | null => {
    if (memo.has(id)) return memo.get(id)!;
    const { callFrame } = byId.get(id)!;
    let source = callFrame.url;
    if (source.endsWith('/server.js')) {
      const pos = consumer.originalPositionFor({
        line: callFrame.lineNumber + 1,
        column: Math.max(0, callFrame.columnNumber),
      });
      source = pos.source ?? source;
    }
    let part = partOf(source, callFrame.functionName);
    sourceOf.set(id, `${callFrame.functionName || '(anonymous)'} ${source.replace(/.*node_modules\//, '')}`);
    if (part === null && callFrame.functionName !== '(idle)') {
      const up = parent.get(id);
      part = up === undefined ? null : classify(up);
      if (part === 'other') sourceOf.set(id, sourceOf.get(up!)!);
    }
    memo.set(id, part);
    return part;
  };
  const out = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  const unnamed = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) return;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    // A sample no frame of which says what it is for: node's and V8's own (no JavaScript caller).
    const part = classify(id) ?? 'runtime';
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    out[part] += ms;
    if (part === 'other') unnamed.set(sourceOf.get(id)!, (unnamed.get(sourceOf.get(id)!) ?? 0) + ms);
  });
  return { ms: out, unnamed: [...unnamed].sort((a, b) => b[1] - a[1]).slice(0, 5) };
}
