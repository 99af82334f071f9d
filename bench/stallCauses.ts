/**
 * What ran on the event loop during each of its stalls, from a V8 CPU profile (node --cpu-prof) of
 * the server's main thread: each sample inside a stall's window is named by its stack, the bundle's
 * frames mapped back to their TypeScript files through server.js.map. A sample's name is its game
 * (a frame under shared/src/games/<game> or server/src/games/<game>), the outermost frame of our
 * own code (the handler: a message, a timer, a bot's answer), the innermost one (where the time
 * went), and the library function it was in when that is not ours. Used by bench/party.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// source-map-js (1.2.4, here through vite's postcss): a bench-only reader of the bundle's source map.
import { SourceMapConsumer } from 'source-map-js';
import type { Profile, ProfileNode } from './cpuBreakdown';

/** A window on CLOCK_MONOTONIC µs (the profile's clock and process.hrtime's on Linux). */
export interface Window {
  fromUs: number;
  toUs: number;
}
export interface Causes {
  /** CPU the profile saw inside the window (idle left out; each sample capped), and of it the collector's. */
  sampledMs: number;
  gcMs: number;
  /** Names and their ms, largest first. */
  named: [string, number][];
}

/** Our own sources, as the source map names them (`../src/rooms/…`, `../../shared/src/games/…`). */
const isOurs = (source: string) => /(^|\/)src\//.test(source) && !source.includes('node_modules');
const shortFile = (source: string) => source.replace(/.*?(^|\/)src\//, '').replace(/\.ts$/, '');
/**
 * A sample stands for the time since the one before, but no more than this: a longer gap is the
 * thread off its core (another process had it), not CPU spent where the sample found it.
 */
const SAMPLE_CAP_US = 2000;
const libOf = (source: string) => {
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (m) return m[1]!;
  return source.startsWith('node:') ? source : source ? path.basename(source) : '';
};

export function stallCauses(profileFile: string, bundleDir: string, windows: Window[]): Causes[] {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
  const consumer = new SourceMapConsumer(
    JSON.parse(readFileSync(path.join(bundleDir, 'server.js.map'), 'utf8')),
  );
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const sources = new Map<number, string>();
  const sourceOf = (id: number): string => {
    let s = sources.get(id);
    if (s !== undefined) return s;
    const { callFrame } = byId.get(id)!;
    s = callFrame.url;
    if (s.endsWith('/server.js')) {
      const pos = consumer.originalPositionFor({
        line: callFrame.lineNumber + 1,
        column: Math.max(0, callFrame.columnNumber),
      });
      s = pos.source ?? s;
    }
    sources.set(id, s);
    return s;
  };
  const names = new Map<number, string>();
  const nameOf = (leaf: number): string => {
    let name = names.get(leaf);
    if (name !== undefined) return name;
    let game = '';
    let inner = '';
    let outer = '';
    let lib = '';
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const fn = byId.get(id)!.callFrame.functionName || '(anonymous)';
      const source = sourceOf(id);
      if (fn === '(root)') break;
      const g = /src\/games\/([\w-]+)\//.exec(source);
      if (g && !game) game = g[1]!;
      if (isOurs(source)) {
        const here = `${shortFile(source)}:${fn}`;
        if (!inner) inner = here;
        outer = here;
      } else if (!inner && !lib) lib = `${fn}${libOf(source) ? ` (${libOf(source)})` : ''}`;
    }
    name = inner
      ? `${game || 'platform'}: ${outer === inner ? inner : `${outer} … ${inner}`}${lib ? ` > ${lib}` : ''}`
      : lib || '(no frame)';
    names.set(leaf, name);
    return name;
  };
  const out: Causes[] = windows.map(() => ({ sampledMs: 0, gcMs: 0, named: [] }));
  const tallies = windows.map(() => new Map<string, number>());
  let at = profile.startTime;
  profile.samples.forEach((id, k) => {
    const dt = profile.timeDeltas[k] ?? 0;
    at += dt;
    const fn = byId.get(id)!.callFrame.functionName;
    if (fn === '(idle)') return;
    const ms = Math.min(dt, SAMPLE_CAP_US) / 1000;
    // A few dozen windows: each sample is looked up in all of them (they may overlap).
    windows.forEach((win, i) => {
      if (at < win.fromUs || at > win.toUs) return;
      const c = out[i]!;
      c.sampledMs += ms;
      if (fn === '(garbage collector)') c.gcMs += ms;
      const name = fn === '(garbage collector)' || fn === '(program)' ? fn : nameOf(id);
      tallies[i]!.set(name, (tallies[i]!.get(name) ?? 0) + ms);
    });
  });
  tallies.forEach((t, i) => (out[i]!.named = [...t].sort((a, b) => b[1] - a[1])));
  return out;
}
