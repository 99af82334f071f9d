/**
 * The map's places, made once when the map is built: each territory's polygons (drawn into the
 * bake), its anchor for the name and the unit stack (an island's beside it, on the side where it
 * covers no other land), and the names drawn once into one texture.
 */
import Phaser from 'phaser';
import { continentList, production } from '@parlor/shared/games/tactical-risk/board';
import { textResolution } from '../cardCanvas';
import type { BoardMap } from './map/boardMap';
import {
  CROWDED_ROOM,
  SMALL_ROOM,
  continentLabelPoint,
  mapLabelText,
  nearestDistances,
  packRows,
} from './mapMath';
import { NEUTRAL_LAND, OCEAN, SEA_LINE } from './palette';

const FONT = "'Inter', system-ui, sans-serif";
const LABELS_KEY = 'tr-map-labels';

export interface Piece {
  /** Drawn into the baked base texture (never on the display list). */
  base: Phaser.GameObjects.Polygon;
  /** A fill over the base for hover, selection and destinations (hidden otherwise). */
  over: Phaser.GameObjects.Polygon | null;
  ring: number[];
  geom: Phaser.Geom.Polygon;
}

export interface Place {
  name: string;
  water: boolean;
  pieces: Piece[];
  bbox: [number, number, number, number];
  /** The name, an image from the labels texture (see bakeTexts); `labelK` its scale at zoom 1. */
  label: Phaser.GameObjects.Image;
  labelK: number;
  /** Label's text size on screen (px), for the fit test. */
  labelW: number;
  room: number;
  island: boolean;
  anchor: [number, number];
  units: Phaser.GameObjects.Container | null;
  unitsKey: string;
  detail: Phaser.GameObjects.Container | null;
  summary: Phaser.GameObjects.Container | null;
  /** Screen px of the chip block (widest row) and of the disc row. */
  detailW: number;
  summaryW: number;
  /** Map px to the nearest other anchor: how much room a stack has before it covers a neighbour's. */
  near: number;
  /** The label fits at this zoom (set per zoom); shown when also in view. */
  labelOn: boolean;
  /** The label would cover another name or another place's units at this zoom: hidden. */
  crowded: boolean;
  /** Screen px height of the chip block. */
  detailH: number;
  /** Its stack rose onto its point at this zoom (its name shows off the point: mapLabels.ts). */
  risen: boolean;
  inView: boolean;
  base: number;
}

/** A territory's place; its polygons go into `bakeList` (the base texture draws them). */
export function makePlace(
  scene: Phaser.Scene,
  map: BoardMap,
  name: string,
  water: boolean,
  bakeList: Phaser.GameObjects.GameObject[],
): Place {
  const geo = map.territories[name]!;
  const pieces: Piece[] = geo.shapes.map((shape) => {
    const ring = shape[0]!;
    const base = new Phaser.GameObjects.Polygon(
      scene,
      0,
      0,
      ring,
      water ? OCEAN : NEUTRAL_LAND,
      water ? 0 : 1,
    )
      .setOrigin(0)
      .setStrokeStyle(water ? 1.3 : 1.4, water ? SEA_LINE : 0x1c1a16, water ? 0.55 : 0.8);
    bakeList.push(base);
    return { base, over: null, ring, geom: new Phaser.Geom.Polygon(ring) };
  });
  const island = !water && geo.room < SMALL_ROOM;
  const [x0, , x1] = geo.bbox;
  const anchor: [number, number] = island ? [x1 + 4, geo.label[1]] : [geo.label[0], geo.label[1]];
  if (island && anchor[0] > map.width - 60) anchor[0] = x0 - 4;
  return {
    name,
    water,
    pieces,
    bbox: geo.bbox,
    label: null as unknown as Phaser.GameObjects.Image,
    labelK: 1,
    labelW: 0,
    room: geo.room,
    island,
    anchor,
    units: null,
    unitsKey: '',
    detail: null,
    summary: null,
    detailW: 0,
    summaryW: 0,
    detailH: 0,
    risen: false,
    crowded: false,
    near: Infinity,
    labelOn: false,
    inView: true,
    base: water ? OCEAN : NEUTRAL_LAND,
  };
}

/** The land territory under a map point, if any (no wrap: build time). */
function landAt(places: Iterable<Place>, x: number, y: number, not: string): string | null {
  for (const p of places) {
    if (p.water || p.name === not) continue;
    const [x0, y0, x1, y1] = p.bbox;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    if (p.pieces.some((pc) => pc.geom.contains(x, y))) return p.name;
  }
  return null;
}

/**
 * An island's name goes beside it, on the side where it covers no other territory (Eire's to the
 * west: to the east is Great Britain). Checked along the label's length at the zoom islands are named.
 * A small land with other land on both sides (Switzerland) is no island: beside it, its name would
 * lie over a neighbour and read as that one's; it goes on its own point (`point`, the map's label
 * point), like any land's.
 */
export function placeIsland(places: Map<string, Place>, p: Place, point: readonly [number, number]): void {
  if (!p.island) return;
  const [x0, , x1] = p.bbox;
  const y = p.anchor[1];
  const len = (p.name.length * 7.5 + 24) / 0.7;
  const clear = (from: number, dir: number) =>
    [0.1, 0.35, 0.6, 0.85, 1].every((k) => !landAt(places.values(), from + dir * k * len, y, p.name));
  const right = x1 + 4;
  const left = x0 - 4;
  if (clear(right, 1)) return;
  if (clear(left, -1)) p.anchor = [left, y];
  else {
    p.island = false;
    p.anchor = [point[0], point[1]];
  }
}

/** How far each anchor is from the nearest other one (wrap-aware), for stack sizes when crowded. */
export function measureRoom(places: Map<string, Place>, mapWidth: number): void {
  const all = [...places.values()];
  const near = nearestDistances(
    all.map((p) => p.anchor),
    mapWidth,
  );
  all.forEach((p, i) => (p.near = near[i]!));
}

/**
 * Every place's name (sea zones first) and every continent's, as images from one baked texture;
 * sets each place's `label`, `labelK` and `labelW`, and returns the continent names.
 */
export function makeLabels(
  scene: Phaser.Scene,
  map: BoardMap,
  named: Place[],
): { image: Phaser.GameObjects.Image; k: number }[] {
  const res = textResolution();
  const texts = named.map((p) => addLabel(scene, p, res));
  const continentTexts = continentList.map((c) => {
    const [x, y] = continentLabelPoint(
      c.territories.map((n) => map.territories[n]!),
      map.width,
    );
    return scene.add
      .text(x, y, `${c.name.toUpperCase()}  +${c.bonus}`, {
        fontFamily: FONT,
        fontSize: '11px',
        fontStyle: '800',
        color: '#ffffff',
        stroke: '#101216',
        strokeThickness: 3,
        resolution: res * 1.5,
      })
      .setOrigin(0.5, 1)
      .setAlpha(0.92)
      .setDepth(10);
  });
  const baked = bakeTexts(scene, [...texts, ...continentTexts]);
  named.forEach((p, i) => ([p.label, p.labelK] = [baked[i]!.image, baked[i]!.k]));
  return baked.slice(named.length);
}

function addLabel(scene: Phaser.Scene, p: Place, res: number): Phaser.GameObjects.Text {
  const text = mapLabelText(p, p.water ? 0 : production(p.name));
  const crowded = p.water || p.room < CROWDED_ROOM;
  const label = scene.add
    .text(p.anchor[0], p.anchor[1], text, {
      fontFamily: FONT,
      fontSize: crowded ? '10px' : '12px',
      fontStyle: p.water ? 'italic' : '700',
      color: p.water ? '#a9c8e4' : '#ffffff',
      stroke: p.water ? '#173b59' : '#14161a',
      strokeThickness: p.water ? 0 : 3,
      resolution: res * 1.5,
    })
    .setOrigin(p.island ? (p.anchor[0] < p.bbox[0] ? 1 : 0) : 0.5, 0.5);
  p.labelW = label.width;
  return label;
}

/**
 * Names drawn once into one texture and shown as images: they draw in one batch, where each text
 * object is a texture of its own (a texture switch per name on every frame). The texts go.
 */
function bakeTexts(
  s: Phaser.Scene,
  texts: Phaser.GameObjects.Text[],
): { image: Phaser.GameObjects.Image; k: number }[] {
  if (s.textures.exists(LABELS_KEY)) s.textures.remove(LABELS_KEY);
  const maxW = 2048;
  const { spots, height } = packRows(
    texts.map((t) => ({ w: t.canvas.width, h: t.canvas.height })),
    maxW,
  );
  const tex = s.textures.createCanvas(LABELS_KEY, maxW, height)!;
  const ctx = tex.getContext();
  texts.forEach((t, i) => {
    const p = spots[i]!;
    ctx.drawImage(t.canvas, p.x, p.y);
    tex.add(String(i), 0, p.x, p.y, t.canvas.width, t.canvas.height);
  });
  tex.refresh();
  return texts.map((t, i) => {
    const k = t.width / t.canvas.width;
    const image = s.add
      .image(t.x, t.y, LABELS_KEY, String(i))
      .setOrigin(t.originX, t.originY)
      .setAlpha(t.alpha)
      .setDepth(t.depth)
      .setScale(k);
    t.destroy();
    return { image, k };
  });
}
