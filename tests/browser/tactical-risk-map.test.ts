/**
 * The Tactical Risk board geometry (client/src/games/tactical-risk/map/board-map.json): every board
 * territory has a shape, neighbours on the board are neighbours on the map, sizes are sane, the file
 * is small and matches its inputs (else: `npm run build:tr-map`), and a preview renders in Chromium.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import continentsFile from '../../shared/src/games/tactical-risk/data/continents.json';
import territoriesFile from '../../shared/src/games/tactical-risk/data/territories.json';

const root = path.resolve(__dirname, '..', '..');
const mapFile = path.join(root, 'client/src/games/tactical-risk/map/board-map.json');
const board = territoriesFile.territories;

// The decoding of client/src/games/tactical-risk/map/boardMap.ts, repeated here: jest cannot load the
// client package's ES modules.
type Ring = number[];
type Shape = Ring[];
interface Geometry {
  shapes: Shape[];
  label: number[];
  bbox: number[];
}
function decodeRing(encoded: number[]): Ring {
  const out = encoded.slice(0, 2);
  for (let i = 2; i < encoded.length; i += 2) out.push(out[i - 2] + encoded[i], out[i - 1] + encoded[i + 1]);
  return out;
}
const file = JSON.parse(readFileSync(mapFile, 'utf8')) as {
  meta: { width: number; height: number; inputs: string[]; inputsHash: string };
  territories: Record<string, Geometry>;
  continents: Record<string, number[][][]>;
};
const map = {
  width: file.meta.width,
  height: file.meta.height,
  territories: Object.fromEntries(
    Object.entries(file.territories).map(([id, t]) => [
      id,
      { ...t, shapes: t.shapes.map((poly) => poly.map(decodeRing)) },
    ]),
  ),
};
const W = map.width;
const H = map.height;
const isWater = new Map(board.map((t) => [t.name, t.isWater]));

function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2)
    a += ring[j] * ring[i + 1] - ring[i] * ring[j + 1];
  return Math.abs(a / 2);
}
const shapeArea = (shapes: Shape[]) =>
  shapes.reduce(
    (sum, [outer, ...holes]) => sum + ringArea(outer) - holes.reduce((h, r) => h + ringArea(r), 0),
    0,
  );

function points(id: string): [number, number][] {
  const out: [number, number][] = [];
  for (const poly of map.territories[id].shapes)
    for (const ring of poly) for (let i = 0; i < ring.length; i += 2) out.push([ring[i], ring[i + 1]]);
  return out;
}

/** Horizontal distance on a map whose left and right edges meet. */
const dx = (a: number, b: number) => Math.min(Math.abs(a - b), W - Math.abs(a - b));

/** Whether some vertex of a lies within `limit` pixels of some vertex of b (grid lookup, wrap-aware). */
function verticesWithin(a: string, b: string, limit: number): boolean {
  const cell = (x: number, y: number) => `${Math.floor(x / limit)},${Math.floor(y / limit)}`;
  const grid = new Map<string, [number, number][]>();
  for (const p of points(b)) {
    const key = cell(...p);
    grid.set(key, [...(grid.get(key) ?? []), p]);
  }
  for (const [x, y] of points(a))
    for (const shift of [-W, 0, W])
      for (let i = -1; i <= 1; i++)
        for (let j = -1; j <= 1; j++)
          for (const [u, v] of grid.get(cell(x + shift + i * limit, y + j * limit)) ?? [])
            if (Math.hypot(dx(x, u), y - v) <= limit) return true;
  return false;
}

function bboxGap(a: string, b: string): number {
  const [ax0, ay0, ax1, ay1] = map.territories[a].bbox;
  const [bx0, by0, bx1, by1] = map.territories[b].bbox;
  const gapY = Math.max(0, by0 - ay1, ay0 - by1);
  // Either side of the wrap: shift b by -W, 0, +W and keep the smallest horizontal gap.
  const gapX = Math.min(...[-W, 0, W].map((s) => Math.max(0, bx0 + s - ax1, ax0 - (bx1 + s))));
  return Math.hypot(gapX, gapY);
}

const pairs: [string, string][] = [];
{
  const seen = new Set<string>();
  for (const t of board)
    for (const c of t.connections) {
      const key = [t.name, c].sort().join('|');
      if (!seen.has(key)) pairs.push([t.name, c]);
      seen.add(key);
    }
}

describe('Tactical Risk board geometry', () => {
  it('is up to date with its build script, regions and inputs, and small', () => {
    const hash = createHash('sha256');
    for (const input of file.meta.inputs) hash.update(readFileSync(path.join(root, input)));
    expect({ inputsHash: hash.digest('hex'), hint: 'npm run build:tr-map' }).toEqual({
      inputsHash: file.meta.inputsHash,
      hint: 'npm run build:tr-map',
    });
    expect(statSync(mapFile).size).toBeLessThan(400 * 1024);
  });

  it('has a non-empty shape inside the map for each of the 128 territories, and nothing else', () => {
    expect(board).toHaveLength(128);
    expect(Object.keys(map.territories).sort()).toEqual(board.map((t) => t.name).sort());
    for (const t of board) {
      const geo = map.territories[t.name];
      expect({ id: t.name, pieces: geo.shapes.length > 0 }).toEqual({ id: t.name, pieces: true });
      const outside = geo.shapes
        .flat()
        .flatMap((ring) => ring.filter((c, i) => c < 0 || c > (i % 2 ? H : W)))
        .concat(geo.shapes.flat().some((ring) => ring.length < 6) ? [NaN] : []);
      expect({ id: t.name, outside }).toEqual({ id: t.name, outside: [] });
      const [x0, y0, x1, y1] = geo.bbox;
      expect(geo.label[0]).toBeGreaterThanOrEqual(x0);
      expect(geo.label[0]).toBeLessThanOrEqual(x1);
      expect(geo.label[1]).toBeGreaterThanOrEqual(y0);
      expect(geo.label[1]).toBeLessThanOrEqual(y1);
    }
  });

  it('outlines each continent as the union of its territories', () => {
    expect(Object.keys(file.continents).sort()).toEqual(continentsFile.continents.map((c) => c.name).sort());
    for (const c of continentsFile.continents) {
      const outline = shapeArea(file.continents[c.name].map((poly) => poly.map(decodeRing)));
      const parts = c.territories.reduce((sum, t) => sum + shapeArea(map.territories[t].shapes), 0);
      // Equal up to specks dropped and whole-pixel rounding along the coasts.
      expect({ continent: c.name, ratio: Math.round((outline / parts) * 100) / 100 }).toEqual({
        continent: c.name,
        ratio: 1,
      });
    }
  });

  it('gives no territory an absurd size', () => {
    const total = W * H;
    const bad: string[] = [];
    for (const t of board) {
      const area = shapeArea(map.territories[t.name].shapes);
      // Land: from a small island's disc up to Soviet-sized; seas: from the Caspian up to an ocean.
      const [min, max] = t.isWater ? [1500, 0.06 * total] : [100, 0.025 * total];
      if (area < min || area > max) bad.push(`${t.name}: ${Math.round(area)} px²`);
    }
    expect(bad).toEqual([]);
  });

  it('draws neighbouring land territories with a shared border', () => {
    const apart = pairs
      .filter(([a, b]) => !isWater.get(a) && !isWater.get(b))
      .filter(([a, b]) => bboxGap(a, b) > 0 || !verticesWithin(a, b, 1.5))
      .map(([a, b]) => `${a} | ${b}`);
    expect(apart).toEqual([]);
  });

  it('puts each coastal territory on the shore of its sea zones, and neighbouring seas close', () => {
    const far: string[] = [];
    for (const [a, b] of pairs) {
      const wet = Number(isWater.get(a)) + Number(isWater.get(b));
      if (wet === 1 && !verticesWithin(a, b, 20)) far.push(`${a} | ${b}`);
      // Sea zones are Voronoi regions: a few board neighbours meet only across a strait or a corner.
      if (wet === 2 && bboxGap(a, b) > 0 && !verticesWithin(a, b, 120)) far.push(`${a} | ${b}`);
    }
    expect(far).toEqual([]);
  });

  it('renders a preview of the whole board with owners and labels in Chromium', () => {
    const out = path.join(root, 'test-artifacts', 'tactical-risk-map', 'board.png');
    rmSync(out, { force: true });
    const r = spawnSync(process.execPath, [path.join(root, 'client/scripts/tactical-risk-map/preview.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(existsSync(out)).toBe(true);
    expect(statSync(out).size).toBeGreaterThan(100_000);
  });
});
