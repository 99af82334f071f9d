#!/usr/bin/env node
// Builds the Tactical Risk board geometry (client/src/games/tactical-risk/map/board-map.json) from
// Natural Earth countries (world-atlas, public domain): countries merged and cut into the board's 70
// land territories (tactical-risk-map/regions.mjs), and sea zones as Voronoi cells of anchor points
// minus land. The output is checked in; meta.inputsHash lets a test notice when it is stale.
// Run with `npm run build:tr-map`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { geoPath, geoProjection } from 'd3-geo';
import { Delaunay } from 'd3-delaunay';
import * as topojson from 'topojson-client';
import { presimplify, simplify, sphericalTriangleArea } from 'topojson-simplify';
import polygonClipping from 'polygon-clipping';
import {
  EDGE_LON,
  ISLAND_DISCS,
  NORTH_LAT,
  LABEL_AT,
  OPEN_WATER,
  SEA_ANCHORS,
  SOUTH_LAT,
  SPLIT,
  WHOLE,
} from './tactical-risk-map/regions.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..', '..');
const ATLAS = require.resolve('world-atlas/countries-50m.json');
const TERRITORIES = path.join(root, 'shared/src/games/tactical-risk/data/territories.json');
const CONTINENTS = path.join(root, 'shared/src/games/tactical-risk/data/continents.json');
const OUT = path.join(root, 'client/src/games/tactical-risk/map/board-map.json');
/** Files whose content decides the output (hashed into meta.inputsHash, paths relative to the root). */
export const INPUTS = [
  'client/scripts/build-tactical-risk-map.mjs',
  'client/scripts/tactical-risk-map/regions.mjs',
  'shared/src/games/tactical-risk/data/territories.json',
  'shared/src/games/tactical-risk/data/continents.json',
  'node_modules/world-atlas/package.json',
];

const WIDTH = 3600;
/** Topology simplification: minimum spherical triangle area kept (steradians). */
const MIN_WEIGHT = 6e-7;
/** Rings smaller than this (square map pixels) are dropped: specks that nobody can see or click. */
const MIN_LAND_AREA = 10;
const MIN_SEA_AREA = 40;

const rad = Math.PI / 180;
const millerY = (phi) => 1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * phi));
const K = WIDTH / (2 * Math.PI);
const TOP = millerY(NORTH_LAT * rad) * K;
const HEIGHT = Math.round(TOP - millerY(SOUTH_LAT * rad) * K);
const CENTER_LON = EDGE_LON - 180;

const projection = geoProjection((lambda, phi) => [lambda, millerY(phi)])
  .rotate([-CENTER_LON, 0])
  .scale(K)
  .translate([WIDTH / 2, TOP])
  .clipExtent([
    [0, 0],
    [WIDTH, HEIGHT],
  ]);

/** Plane position of a longitude/latitude, unwrapped (no clipping at the edge): for boxes and anchors. */
function plane([lon, lat]) {
  const l = lon < EDGE_LON - 360 ? lon + 360 : lon;
  return [WIDTH / 2 + (l - CENTER_LON) * rad * K, TOP - millerY(lat * rad) * K];
}

/** Projected rings of a GeoJSON feature, as a polygon-clipping multipolygon (one polygon per ring). */
function projectRings(feature) {
  const rings = [];
  let ring = null;
  const context = {
    moveTo(x, y) {
      ring = [[x, y]];
      rings.push(ring);
    },
    lineTo(x, y) {
      ring.push([x, y]);
    },
    closePath() {
      if (ring.length) ring.push(ring[0]);
    },
    arc() {},
  };
  geoPath(projection, context)(feature);
  return rings.filter((r) => r.length >= 4).map((r) => [r]);
}

const union = (...geoms) => {
  const nonEmpty = geoms.filter((g) => g.length);
  return nonEmpty.length ? polygonClipping.union(...nonEmpty) : [];
};

function boxPolygon([w, s, e, n]) {
  // Boxes are straight in this projection (meridians vertical, parallels horizontal).
  const [x0, y0] = plane([w, n]);
  const [x1, y1] = plane([e, s]);
  return [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ];
}

function disc([lon, lat], r) {
  const [cx, cy] = plane([lon, lat]);
  const ring = [];
  for (let i = 0; i <= 16; i++) {
    const a = (i % 16) * ((2 * Math.PI) / 16);
    ring.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return [ring];
}

/** Signed area of a ring (open or closed). */
const ringArea = (ring) => {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return a / 2;
};

/** Rounds to whole pixels, drops specks, keeps holes of kept polygons. Rings come out open. */
function tidy(multi, minArea) {
  const out = [];
  for (const poly of multi) {
    const outer = roundRing(poly[0]);
    if (outer.length < 3 || Math.abs(ringArea(outer)) < minArea) continue;
    const holes = poly
      .slice(1)
      .map(roundRing)
      .filter((r) => r.length >= 3 && Math.abs(ringArea(r)) >= minArea);
    out.push([outer, ...holes]);
  }
  return out;
}

/** Whole-pixel ring without repeated, closing or collinear points. */
function roundRing(ring) {
  const pts = [];
  for (const [x, y] of ring) {
    const p = [Math.round(x), Math.round(y)];
    const last = pts[pts.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) continue;
    pts.push(p);
  }
  while (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1])
    pts.pop();
  const out = [];
  for (let i = 0; i < pts.length; i++) {
    const a = out[out.length - 1] ?? pts[pts.length - 1];
    const b = pts[i];
    const c = pts[(i + 1) % pts.length];
    if ((b[0] - a[0]) * (c[1] - a[1]) === (b[1] - a[1]) * (c[0] - a[0])) continue;
    out.push(b);
  }
  return out;
}

function bboxOf(multi) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const poly of multi)
    for (const [x, y] of poly[0]) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  return [x0, y0, x1, y1];
}

function insidePoly(poly, x, y) {
  let inside = false;
  for (const ring of poly)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}

function edgeDistance(poly, x, y) {
  let best = Infinity;
  for (const ring of poly)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j];
      const [bx, by] = ring[i];
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
    }
  return best;
}

/**
 * Label anchor: the point of the largest polygon farthest from its edges (grid search, refined
 * twice), with that distance (the room a label has, in map pixels).
 */
function labelPoint(multi) {
  const largest = multi.reduce((a, b) => (Math.abs(ringArea(b[0])) > Math.abs(ringArea(a[0])) ? b : a));
  let [x0, y0, x1, y1] = bboxOf([largest]);
  let best = [(x0 + x1) / 2, (y0 + y1) / 2];
  let bestD = insidePoly(largest, ...best) ? edgeDistance(largest, ...best) : -1;
  for (let round = 0; round < 3; round++) {
    const n = 24;
    for (let i = 0; i <= n; i++)
      for (let j = 0; j <= n; j++) {
        const x = x0 + ((x1 - x0) * i) / n;
        const y = y0 + ((y1 - y0) * j) / n;
        if (!insidePoly(largest, x, y)) continue;
        const d = edgeDistance(largest, x, y);
        if (d > bestD) [best, bestD] = [[x, y], d];
      }
    const w = (x1 - x0) / 8;
    const h = (y1 - y0) / 8;
    [x0, y0, x1, y1] = [best[0] - w, best[1] - h, best[0] + w, best[1] + h];
  }
  return { at: best.map(Math.round), room: Math.max(1, Math.round(bestD)) };
}

/** Rings as flat [x0, y0, dx1, dy1, dx2, dy2, ...]: the first point absolute, the rest as steps. */
const deltaEncode = (ring) =>
  ring.flatMap(([x, y], i) => (i ? [x - ring[i - 1][0], y - ring[i - 1][1]] : [x, y]));

function build() {
  const topology = simplify(
    presimplify(JSON.parse(readFileSync(ATLAS, 'utf8')), sphericalTriangleArea),
    MIN_WEIGHT,
  );
  const countries = new Map(
    topojson.feature(topology, topology.objects.countries).features.map((f) => [f.properties.name, f]),
  );
  const pieces = new Map(); // territory -> list of multipolygons
  const add = (territory, geom) => {
    if (!pieces.has(territory)) pieces.set(territory, []);
    pieces.get(territory).push(geom);
  };
  const used = new Set();
  for (const [territory, names] of Object.entries(WHOLE))
    for (const name of names) {
      const country = countries.get(name);
      if (!country) throw new Error(`No country named ${name}`);
      used.add(name);
      add(territory, union(...projectRings(country)));
    }
  for (const [name, rules] of Object.entries(SPLIT)) {
    const country = countries.get(name);
    if (!country) throw new Error(`No country named ${name}`);
    used.add(name);
    let rest = union(...projectRings(country));
    for (const rule of rules) {
      const area = union(...rule.boxes.map(boxPolygon));
      const piece = polygonClipping.intersection(rest, area);
      if (piece.length) add(rule.territory, piece);
      rest = rest.length ? polygonClipping.difference(rest, area) : rest;
    }
  }
  for (const [territory, { at, r }] of Object.entries(ISLAND_DISCS)) add(territory, disc(at, r));

  const board = JSON.parse(readFileSync(TERRITORIES, 'utf8')).territories;
  const land = {};
  for (const t of board.filter((t) => !t.isWater)) {
    const geoms = pieces.get(t.name);
    if (!geoms) throw new Error(`Land territory ${t.name} has no region`);
    land[t.name] = union(...geoms);
  }
  for (const name of pieces.keys())
    if (!(name in land)) throw new Error(`Region for unknown territory ${name}`);

  // Land not on the board (Greenland, Iceland, Taiwan, small island states): drawn, never played.
  const neutral = union(
    ...[...countries.entries()].filter(([name]) => !used.has(name)).flatMap(([, f]) => projectRings(f)),
  );
  // Land mask for the seas: every country plus the discs, with lakes filled (holes dropped) unless a
  // sea zone's anchor lies in them (the Caspian and Black Seas).
  const anchors = Object.values(SEA_ANCHORS).flat().map(plane);
  const allLand = union(neutral, ...Object.values(land));
  const mask = allLand.map((poly) => [
    poly[0],
    ...poly.slice(1).filter((hole) => anchors.some((a) => insidePoly([hole], ...a))),
  ]);

  const seeds = [];
  for (const [zone, anchors] of Object.entries(SEA_ANCHORS))
    for (const a of anchors) seeds.push({ zone, p: plane(a) });
  for (const a of OPEN_WATER) seeds.push({ zone: null, p: plane(a) });
  const voronoi = Delaunay.from(seeds.map((s) => s.p)).voronoi([0, 0, WIDTH, HEIGHT]);
  const cells = new Map();
  seeds.forEach((s, i) => {
    if (!s.zone) return;
    if (!cells.has(s.zone)) cells.set(s.zone, []);
    cells.get(s.zone).push([voronoi.cellPolygon(i)]);
  });
  const sea = {};
  for (const t of board.filter((t) => t.isWater)) {
    if (!cells.has(t.name)) throw new Error(`Sea zone ${t.name} has no anchors`);
    sea[t.name] = polygonClipping.difference(union(...cells.get(t.name)), mask);
  }

  const territories = {};
  for (const t of board) {
    const shapes = tidy(t.isWater ? sea[t.name] : land[t.name], t.isWater ? MIN_SEA_AREA : MIN_LAND_AREA);
    if (!shapes.length) throw new Error(`${t.name} came out empty`);
    const label = labelPoint(shapes);
    const override = LABEL_AT[t.name];
    territories[t.name] = {
      label: override ? plane(override).map(Math.round) : label.at,
      room: label.room,
      bbox: bboxOf(shapes),
      shapes: shapes.map((poly) => poly.map(deltaEncode)),
    };
  }
  // Continent outlines (for drawing continent borders): the union of each continent's territories.
  const continents = {};
  for (const c of JSON.parse(readFileSync(CONTINENTS, 'utf8')).continents)
    continents[c.name] = tidy(union(...c.territories.map((t) => land[t])), MIN_LAND_AREA).map((poly) =>
      poly.map(deltaEncode),
    );
  const hash = createHash('sha256');
  for (const file of INPUTS) hash.update(readFileSync(path.join(root, file)));
  return {
    meta: {
      source: 'Natural Earth 1:50m countries (public domain) via world-atlas; project-made regions',
      projection: `Miller, centred on ${CENTER_LON}°E, latitudes ${SOUTH_LAT}..${NORTH_LAT}`,
      width: WIDTH,
      height: HEIGHT,
      format:
        'shapes: polygons, each [outer ring, ...holes]; a ring is [x0, y0, dx1, dy1, ...] (first point absolute, then steps; closed implicitly); room: label space in px',
      inputs: INPUTS,
      inputsHash: hash.digest('hex'),
    },
    territories,
    neutral: tidy(neutral, 20).map((poly) => poly.map(deltaEncode)),
    continents,
  };
}

const t0 = Date.now();
const map = build();
mkdirSync(path.dirname(OUT), { recursive: true });
const text = JSON.stringify(map);
writeFileSync(OUT, text + '\n');
console.log(
  `${path.relative(root, OUT)}: ${Object.keys(map.territories).length} territories, ` +
    `${(text.length / 1024).toFixed(0)} KB, ${Date.now() - t0} ms`,
);
