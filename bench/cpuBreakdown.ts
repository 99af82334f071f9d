/**
 * Where a server's CPU went, from a V8 CPU profile (node --cpu-prof): each sample is charged to the
 * first frame, from the leaf up, whose source says what it is for (the bundle's frames are mapped
 * back to their TypeScript files through server.js.map). Used by bench/load.ts for Bankout's row.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// source-map-js (1.2.4, here through vite's postcss): a bench-only reader of the bundle's source map.
import { SourceMapConsumer } from 'source-map-js';

export const PARTS = [
  'rules',
  'projection',
  'encoding',
  'events',
  'journal',
  'timers',
  'messages in',
  'transport',
  'gc',
  'other',
] as const;
export type Part = (typeof PARTS)[number];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What a frame is for, by its source file (and function), or null: ask its caller. */
function partOf(source: string, fn: string): Part | null {
  if (fn === '(garbage collector)') return 'gc';
  if (fn === '(idle)' || fn === '(program)' || fn === '(root)') return null;
  if (/shared\/src\/games\//.test(source)) return 'rules';
  // Schema's build is one file: its encoder's functions by name; the rest is change tracking.
  if (/@colyseus\/schema/.test(source))
    return /encode|Encoder|View|filter|discard/i.test(fn) ? 'encoding' : 'projection';
  if (/SchemaSerializer|broadcastPatch/.test(source + fn)) return 'encoding';
  if (/server\/src\/storage\/|rooms\/persistence|rooms\/writeCoalescer/.test(source)) return 'journal';
  if (/rooms\/TurnScheduler|node:internal\/timers/.test(source)) return 'timers';
  if (fn === 'sendEvents' || /msgpackr/.test(source)) return 'events';
  if (
    /rooms\/(MatchFlow|sync|viewSchema|tableState)|server\/src\/games\/|shared\/src\/core\/viewShape/.test(
      source,
    )
  )
    return 'projection';
  if (/rooms\/(roomMessages|wellFormed|tokenBucket|connections)|\/zod\/|RoomMessages|Room\.mjs/.test(source))
    return 'messages in';
  if (/\/ws\/|ws-transport|node:(net|stream)|node:internal\/(stream|streams|net)/.test(source))
    return 'transport';
  if (source) return 'other';
  return null;
}

/**
 * Milliseconds of CPU per part (idle left out) in the samples taken between `fromUs` and `toUs`
 * (CLOCK_MONOTONIC in µs, the profile's clock and process.hrtime's on Linux: the measured window,
 * without the server's start).
 */
export function breakdown(
  profileFile: string,
  bundleDir: string,
  fromUs: number,
  toUs: number,
): Record<Part, number> {
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
    if (part === null && callFrame.functionName !== '(idle)') {
      const up = parent.get(id);
      part = up === undefined ? null : classify(up);
    }
    memo.set(id, part);
    return part;
  };
  const out = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) return;
    const part = classify(id);
    if (part) out[part] += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return out;
}
