/**
 * The map in Phaser: ocean, sea zones, land coloured by owner, continent borders, labels that keep
 * their screen size, unit stacks, hover / selection / destination highlights, and a camera that
 * pans (drag), zooms (wheel, pinch) and wraps around the Pacific (two extra cameras draw the map's
 * other end when the view crosses an edge). Hit testing is done here, in map pixels.
 */
import Phaser from 'phaser';
import {
  continentList,
  isWater,
  production,
  UNIT_TYPES,
  type UnitType,
} from '@parlor/shared/games/tactical-risk/board';
import type { TrStack, TrTerritory } from './adapter';
import { boardMap, type BoardMap } from './map/boardMap';
import { factionColour, isLight, lighten, NEUTRAL_LAND, NO_LAND, OCEAN, SEA_LINE } from './palette';
import { ATLAS_KEY, DIGIT, stackAtlas } from './unitArt';

export interface MapCallbacks {
  tap(name: string | null): void;
  hover(name: string | null): void;
  /** The camera moved or zoomed (the minimap follows). */
  view(): void;
}

interface Piece {
  /** Drawn into the baked base texture (never on the display list). */
  base: Phaser.GameObjects.Polygon;
  /** A fill over the base for hover, selection and destinations (hidden otherwise). */
  over: Phaser.GameObjects.Polygon | null;
  ring: number[];
  geom: Phaser.Geom.Polygon;
}

interface Place {
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
  inView: boolean;
  base: number;
}

export type Mark = 'selected' | 'dest' | 'source' | 'battle' | 'place';

const MIN_ZOOM_FACTOR = 1;
const MAX_ZOOM = 3;
/** Below this zoom a stack shows one disc per faction; above, one chip per unit type. */
const DETAIL_ZOOM = 0.62;
const FONT = "'Inter', system-ui, sans-serif";
const BAKE_KEY = 'tr-map-base';
const LABELS_KEY = 'tr-map-labels';
/** Zoom below which the half-size bake shows, and the quarter-size one (legacy: half only). */
const HALF_BAKE_BELOW = 0.62;
const QUARTER_BAKE_BELOW = 0.31;

/** How the baked map is drawn (see MapView.levels); the bench switches between them. */
export interface MapDrawing {
  /** The path before the levels: full size, half size below HALF_BAKE_BELOW, blended. */
  legacy: boolean;
  /** The bake is opaque: drawn with the COPY blend (no read of the frame under it). */
  copyBlend: boolean;
  /** Nearest-texel sampling (one fetch a pixel instead of four) for the levels sampled about 1:1. */
  nearest: boolean;
}
const DEFAULT_DRAWING: MapDrawing = { legacy: false, copyBlend: true, nearest: false };
/** Below this zoom continent names replace the territory names. */
const CONTINENT_ZOOM = 0.4;

export class MapView {
  readonly map: BoardMap = boardMap();
  private places = new Map<string, Place>();
  private owners: Record<string, string> = {};
  private marks = new Map<string, Mark>();
  private path: string[] | null = null;
  private hovered: string | null = null;
  private highlight!: Phaser.GameObjects.Graphics;
  private pulseLines!: Phaser.GameObjects.Graphics;
  /**
   * Ocean, land, borders and continent outlines baked into one texture: one quad a frame, redrawn on
   * captures. `levels` are the bake at full, half and quarter size (scale 1, 0.5, 0.25): the one shown
   * is the smallest with about one texel per screen pixel at the zoom (a hand-made mipmap: software
   * renderers pay per texel fetched, and a texture sampled at a fraction of its size misses the cache).
   */
  private levels: { scale: number; tex: Phaser.Textures.DynamicTexture; image: Phaser.GameObjects.Image }[] =
    [];
  /** The drawing options (the bench compares them; `legacy` is the path before the levels). */
  private drawing: MapDrawing = { ...DEFAULT_DRAWING };
  private bakeList: Phaser.GameObjects.GameObject[] = [];
  /** Continent names with their bonus: what reads when zoomed far out. */
  private continentLabels: { image: Phaser.GameObjects.Image; k: number }[] = [];
  private wrapLeft!: Phaser.Cameras.Scene2D.Camera;
  private wrapRight!: Phaser.Cameras.Scene2D.Camera;
  private cx = 0;
  private cy = 0;
  private zoom = 0.4;
  private lastZoomDrawn = -1;
  private lastDetail: boolean | null = null;
  private drag: { x: number; y: number; cx: number; cy: number; moved: boolean } | null = null;
  private pinch: { dist: number; zoom: number } | null = null;
  private pulse = 0;
  /** Fog of war: territories the seat cannot see into (shaded). */
  private hidden = new Set<string>();
  private readonly res = Math.min(2, window.devicePixelRatio || 1);

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly cb: MapCallbacks,
  ) {
    this.build();
    this.wire();
    this.cx = this.map.width * 0.53;
    this.cy = this.map.height * 0.45;
  }

  // ------------------------------------------------------------------ building

  private build(): void {
    const s = this.scene;
    const { width: W, height: H } = this.map;
    stackAtlas(s.textures);
    this.bakeList.push(new Phaser.GameObjects.Rectangle(s, 0, 0, W, H, OCEAN).setOrigin(0));
    // Sea zones first (land covers their island holes), then the grey land that is no territory.
    const names = Object.keys(this.map.territories);
    const seas = names.filter((n) => isWater(n));
    const lands = names.filter((n) => !isWater(n));
    for (const n of seas) this.addPlace(n, true);
    for (const shape of this.map.neutral)
      this.bakeList.push(
        new Phaser.GameObjects.Polygon(s, 0, 0, shape[0]!, NO_LAND)
          .setOrigin(0)
          .setStrokeStyle(1.2, 0x3d3a34, 0.8),
      );
    for (const n of lands) this.addPlace(n, false);
    const continents = new Phaser.GameObjects.Graphics(s);
    continents.lineStyle(3.2, 0x0d0f13, 0.85);
    for (const shapes of Object.values(this.map.continents))
      for (const shape of shapes) {
        const pts = shape[0]!;
        if (pts.length < 8) continue;
        continents.beginPath();
        continents.moveTo(pts[0]!, pts[1]!);
        for (let i = 2; i < pts.length; i += 2) continents.lineTo(pts[i]!, pts[i + 1]!);
        continents.closePath();
        continents.strokePath();
      }
    this.bakeList.push(continents);
    this.levels = [1, 0.5, 0.25].map((scale) => {
      const key = scale === 1 ? BAKE_KEY : `${BAKE_KEY}-${scale}`;
      if (s.textures.exists(key)) s.textures.remove(key);
      const tex = s.textures.addDynamicTexture(key, Math.ceil(W * scale), Math.ceil(H * scale))!;
      const image = s.add
        .image(0, 0, key)
        .setOrigin(0)
        .setScale(1 / scale);
      return { scale, tex, image };
    });
    this.setDrawing({});
    for (const p of this.places.values())
      for (const piece of p.pieces) {
        piece.over = s.add.polygon(0, 0, piece.ring, 0xffffff, 0).setOrigin(0).setVisible(false);
      }
    this.pulseLines = s.add.graphics();
    this.highlight = s.add.graphics();
    this.rebake();
    // Labels over everything on the map, sea labels first.
    for (const n of lands) this.placeIsland(this.places.get(n)!);
    const named = [...seas, ...lands].map((n) => this.places.get(n)!);
    const texts = named.map((p) => this.addLabel(p));
    this.measureRoom();
    const continentTexts: Phaser.GameObjects.Text[] = [];
    for (const c of continentList) {
      // The room-weighted centre of its territories' label points, unwrapped around the roomiest one
      // (the Pacific islands sit on both edges of the map).
      const geo = (n: string) => this.map.territories[n]!;
      const big = c.territories.reduce((a, b) => (geo(b).room > geo(a).room ? b : a));
      const ref = geo(big).label[0];
      let [sx, sy, sw] = [0, 0, 0];
      for (const n of c.territories) {
        const [lx, ly] = geo(n).label;
        const wgt = geo(n).room ** 2;
        const ux = lx - ref > W / 2 ? lx - W : ref - lx > W / 2 ? lx + W : lx;
        [sx, sy, sw] = [sx + ux * wgt, sy + ly * wgt, sw + wgt];
      }
      const x = (((sx / sw) % W) + W) % W;
      const y = sy / sw;
      continentTexts.push(
        s.add
          .text(x, y, `${c.name.toUpperCase()}  +${c.bonus}`, {
            fontFamily: FONT,
            fontSize: '11px',
            fontStyle: '800',
            color: '#ffffff',
            stroke: '#101216',
            strokeThickness: 3,
            resolution: this.res * 1.5,
          })
          .setOrigin(0.5, 1)
          .setAlpha(0.92)
          .setDepth(10),
      );
    }
    const baked = this.bakeTexts([...texts, ...continentTexts]);
    named.forEach((p, i) => ([p.label, p.labelK] = [baked[i]!.image, baked[i]!.k]));
    this.continentLabels = baked.slice(named.length);
    this.wrapLeft = s.cameras.add(0, 0, 1, 1, false, 'wrap-left');
    this.wrapRight = s.cameras.add(0, 0, 1, 1, false, 'wrap-right');
    // Past the map's top and bottom (the whole world in a view less wide than the map) the ocean goes on.
    s.cameras.main.setBackgroundColor(OCEAN);
  }

  private addPlace(name: string, water: boolean): void {
    const geo = this.map.territories[name]!;
    const pieces: Piece[] = geo.shapes.map((shape) => {
      const ring = shape[0]!;
      const base = new Phaser.GameObjects.Polygon(
        this.scene,
        0,
        0,
        ring,
        water ? OCEAN : NEUTRAL_LAND,
        water ? 0 : 1,
      )
        .setOrigin(0)
        .setStrokeStyle(water ? 1.3 : 1.4, water ? SEA_LINE : 0x1c1a16, water ? 0.55 : 0.8);
      this.bakeList.push(base);
      return { base, over: null, ring, geom: new Phaser.Geom.Polygon(ring) };
    });
    const island = !water && geo.room < 16;
    const [x0, , x1] = geo.bbox;
    const anchor: [number, number] = island ? [x1 + 4, geo.label[1]] : [geo.label[0], geo.label[1]];
    if (island && anchor[0] > this.map.width - 60) anchor[0] = x0 - 4;
    this.places.set(name, {
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
      near: Infinity,
      labelOn: false,
      inView: true,
      base: water ? OCEAN : NEUTRAL_LAND,
    });
  }

  /** The land territory under a map point, if any (no wrap: build time). */
  private landAt(x: number, y: number, not: string): string | null {
    for (const p of this.places.values()) {
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
   */
  private placeIsland(p: Place): void {
    if (!p.island) return;
    const [x0, , x1] = p.bbox;
    const y = p.anchor[1];
    const len = (p.name.length * 7.5 + 24) / 0.7;
    const clear = (from: number, dir: number) =>
      [0.1, 0.35, 0.6, 0.85, 1].every((k) => !this.landAt(from + dir * k * len, y, p.name));
    const right = x1 + 4;
    const left = x0 - 4;
    if (!clear(right, 1) && clear(left, -1)) p.anchor = [left, y];
  }

  /** How far each anchor is from the nearest other one (wrap-aware), for stack sizes when crowded. */
  private measureRoom(): void {
    const W = this.map.width;
    const all = [...this.places.values()];
    for (const p of all) {
      let best = Infinity;
      for (const q of all) {
        if (q === p) continue;
        const dx = Math.abs(p.anchor[0] - q.anchor[0]);
        const d = Math.hypot(Math.min(dx, W - dx), p.anchor[1] - q.anchor[1]);
        if (d < best) best = d;
      }
      p.near = best;
    }
  }

  private addLabel(p: Place): Phaser.GameObjects.Text {
    const display = p.water ? p.name.replace(/ Sea Zone$/, '') : p.name;
    const ipc = !p.water ? production(p.name) : 0;
    const text = p.water ? display : ipc > 0 ? `${display} · ${ipc}` : display;
    const label = this.scene.add
      .text(p.anchor[0], p.anchor[1], text, {
        fontFamily: FONT,
        fontSize: p.water ? '11px' : '12px',
        fontStyle: p.water ? 'italic' : '700',
        color: p.water ? '#a9c8e4' : '#ffffff',
        stroke: p.water ? '#173b59' : '#14161a',
        strokeThickness: p.water ? 0 : 3,
        resolution: this.res * 1.5,
      })
      .setOrigin(p.island ? (p.anchor[0] < p.bbox[0] ? 1 : 0) : 0.5, 0.5);
    p.labelW = label.width;
    return label;
  }

  /**
   * Names drawn once into one texture and shown as images: they draw in one batch, where each text
   * object is a texture of its own (a texture switch per name on every frame). The texts go.
   */
  private bakeTexts(texts: Phaser.GameObjects.Text[]): { image: Phaser.GameObjects.Image; k: number }[] {
    const s = this.scene;
    if (s.textures.exists(LABELS_KEY)) s.textures.remove(LABELS_KEY);
    const maxW = 2048;
    let [x, y, row] = [0, 0, 0];
    const spots = texts.map((t) => {
      const [w, h] = [t.canvas.width, t.canvas.height];
      if (x + w > maxW) [x, y, row] = [0, y + row + 2, 0];
      const spot = { x, y, w, h };
      x += w + 2;
      row = Math.max(row, h);
      return spot;
    });
    const tex = s.textures.createCanvas(LABELS_KEY, maxW, Math.max(1, y + row))!;
    const ctx = tex.getContext();
    texts.forEach((t, i) => {
      const p = spots[i]!;
      ctx.drawImage(t.canvas, p.x, p.y);
      tex.add(String(i), 0, p.x, p.y, p.w, p.h);
    });
    tex.refresh();
    return texts.map((t, i) => {
      const k = t.width / spots[i]!.w;
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

  // ------------------------------------------------------------------ state

  /** Owners of the land territories ('' = neutral); repaints only what changed. */
  setOwners(territories: Record<string, TrTerritory>): void {
    let changed = false;
    for (const [name, t] of Object.entries(territories)) {
      const p = this.places.get(name);
      if (!p || p.water) continue;
      if (this.owners[name] === t.owner) continue;
      this.owners[name] = t.owner;
      p.base = t.owner ? factionColour(t.owner) : NEUTRAL_LAND;
      for (const piece of p.pieces) piece.base.setFillStyle(p.base, 1);
      this.paint(p);
      changed = true;
    }
    if (changed) this.rebake();
  }

  private rebake(): void {
    const [full, ...smaller] = this.levels;
    full!.tex.clear();
    full!.tex.draw(this.bakeList);
    full!.tex.render();
    // Scaled stamps of the full bake (drawing the objects through a scaled container broke text textures).
    for (const l of smaller) {
      l.tex.clear();
      l.tex.stamp(BAKE_KEY, undefined, 0, 0, { originX: 0, originY: 0, scale: l.scale });
      l.tex.render();
    }
  }

  /** Switches how the bake is drawn (the bench compares the legacy path with the current one). */
  setDrawing(d: Partial<MapDrawing>): MapDrawing {
    this.drawing = { ...this.drawing, ...d };
    const { legacy, copyBlend, nearest } = this.drawing;
    for (const l of this.levels) {
      l.image.setBlendMode(!legacy && copyBlend ? Phaser.BlendModes.COPY : Phaser.BlendModes.NORMAL);
      // The full bake is magnified when zoomed in: it keeps linear sampling.
      l.tex.setFilter(
        !legacy && nearest && l.scale < 1
          ? Phaser.Textures.FilterMode.NEAREST
          : Phaser.Textures.FilterMode.LINEAR,
      );
    }
    this.showLevel();
    return { ...this.drawing };
  }

  /** The bake level for the zoom (see `levels`). */
  private showLevel(): void {
    const z = this.zoom;
    const scale = this.drawing.legacy
      ? z < HALF_BAKE_BELOW
        ? 0.5
        : 1
      : z < QUARTER_BAKE_BELOW
        ? 0.25
        : z < HALF_BAKE_BELOW
          ? 0.5
          : 1;
    for (const l of this.levels) l.image.setVisible(l.scale === scale);
  }

  /** Palette changed: repaint every owner colour and every stack. */
  repaint(territories: Record<string, TrTerritory>): void {
    this.owners = {};
    for (const p of this.places.values()) p.unitsKey = '';
    this.setOwners(territories);
    this.setUnits(territories);
  }

  /** Fog of war: shades the territories the seat cannot see into (repaints only what changed). */
  setHidden(hidden: Set<string>): void {
    const changed = [...hidden].filter((n) => !this.hidden.has(n));
    for (const n of this.hidden) if (!hidden.has(n)) changed.push(n);
    this.hidden = hidden;
    for (const n of changed) {
      const p = this.places.get(n);
      if (p) this.paint(p);
    }
  }

  setMarks(marks: Map<string, Mark>): void {
    const changed = new Set([...this.marks.keys(), ...marks.keys()]);
    this.marks = marks;
    for (const n of changed) {
      const p = this.places.get(n);
      if (!p) continue;
      this.paint(p);
      this.showPlace(p);
    }
    this.drawHighlight();
  }

  /** The path a move would take (drawn as arrows between the territories' label points). */
  setPath(path: string[] | null): void {
    if ((path ?? []).join('|') === (this.path ?? []).join('|')) return;
    this.path = path;
    this.drawHighlight();
  }

  private paint(p: Place): void {
    const mark = this.marks.get(p.name);
    const hover = this.hovered === p.name;
    let colour = 0xffffff;
    let alpha = 0;
    if (mark === 'dest' || mark === 'place') [colour, alpha] = [0x6fb7ff, p.water ? 0.32 : 0.3];
    else if (mark === 'battle') [colour, alpha] = [0xff6a4d, 0.3];
    else if (mark === 'selected') [colour, alpha] = p.water ? [0xffffff, 0.18] : [lighten(p.base, 0.3), 1];
    if (hover) {
      if (alpha === 0) [colour, alpha] = p.water ? [0x9cc8f0, 0.16] : [lighten(p.base, 0.22), 1];
      else alpha = Math.min(1, alpha + 0.12);
    }
    // Fog of war: what the seat cannot see is darkened (hidden, as opposed to empty).
    if (alpha === 0 && this.hidden.has(p.name)) [colour, alpha] = [0x05070a, p.water ? 0.42 : 0.5];
    for (const piece of p.pieces) piece.over?.setFillStyle(colour, alpha).setVisible(alpha > 0);
  }

  /** Outlines of the marked territories, in screen-constant widths. */
  private drawHighlight(): void {
    const g = this.highlight;
    g.clear();
    this.pulseLines.clear();
    const z = this.zoom;
    const ring = (p: Place, colour: number, width: number, alpha = 1, into = g) => {
      into.lineStyle(width / z, colour, alpha);
      for (const piece of p.pieces) into.strokePoints(piece.geom.points, true, true);
    };
    for (const [name, mark] of this.marks) {
      const p = this.places.get(name)!;
      if (mark === 'dest' || mark === 'place') ring(p, 0x8fd3ff, 2.5, 1, this.pulseLines);
      else if (mark === 'battle') ring(p, 0xff5b3d, 3, 1, this.pulseLines);
      else if (mark === 'source') ring(p, 0xfff1a8, 1.6, 0.85);
    }
    const sel = [...this.marks].find(([, m]) => m === 'selected');
    if (sel) {
      ring(this.places.get(sel[0])!, 0x000000, 5, 0.5);
      ring(this.places.get(sel[0])!, 0xffe066, 2.5);
    }
    if (this.hovered && !this.marks.has(this.hovered))
      ring(this.places.get(this.hovered)!, 0xffffff, 1.5, 0.8);
    if (this.path && this.path.length > 1) this.drawPath(this.path);
  }

  private drawPath(path: string[]): void {
    const g = this.highlight;
    const z = this.zoom;
    const W = this.map.width;
    const pts: [number, number][] = [];
    for (const n of path) {
      const geo = this.map.territories[n];
      if (!geo) return;
      let x = geo.label[0];
      const y = geo.label[1];
      const prev = pts.at(-1);
      // Across the Pacific edge: keep going the short way (the wrap cameras show the rest).
      if (prev && Math.abs(x - prev[0]) > W / 2) x += x > prev[0] ? -W : W;
      pts.push([x, y]);
    }
    g.lineStyle(7 / z, 0x000000, 0.45);
    g.strokePoints(
      pts.map(([x, y]) => new Phaser.Math.Vector2(x, y)),
      false,
    );
    g.lineStyle(3.5 / z, 0xffe066, 1);
    g.strokePoints(
      pts.map(([x, y]) => new Phaser.Math.Vector2(x, y)),
      false,
    );
    const [ax, ay] = pts.at(-2)!;
    const [bx, by] = pts.at(-1)!;
    const ang = Math.atan2(by - ay, bx - ax);
    const L = 16 / z;
    g.fillStyle(0xffe066, 1);
    g.fillTriangle(
      bx,
      by,
      bx - L * Math.cos(ang - 0.45),
      by - L * Math.sin(ang - 0.45),
      bx - L * Math.cos(ang + 0.45),
      by - L * Math.sin(ang + 0.45),
    );
    g.fillStyle(0xffe066, 1);
    g.fillCircle(pts[0]![0], pts[0]![1], 5 / z);
  }

  /** Unit stacks; a territory's objects are rebuilt only when its units changed. */
  setUnits(territories: Record<string, TrTerritory>): void {
    for (const [name, t] of Object.entries(territories)) {
      const p = this.places.get(name);
      if (!p) continue;
      const key = JSON.stringify(Object.entries(t.units).map(([f, s]) => [f, s.counts]));
      if (key === p.unitsKey) continue;
      p.unitsKey = key;
      p.units?.destroy();
      p.units = null;
      p.detail = p.summary = null;
      const stacks = Object.entries(t.units).filter(([, s]) => Object.keys(s.counts).length > 0);
      if (stacks.length) this.buildUnits(p, stacks);
    }
    this.applyZoom(true);
  }

  private buildUnits(p: Place, stacks: [string, TrStack][]): void {
    const s = this.scene;
    const detail = s.add.container(0, 0);
    const summary = s.add.container(0, 0);
    const CH = 26;
    const GAP = 3;
    const perRow = 4;
    const rows: { faction: string; type: UnitType; n: number }[][] = [];
    for (const [faction, stack] of stacks) {
      const items = UNIT_TYPES.filter((t) => (stack.counts[t] ?? 0) > 0).map((type) => ({
        faction,
        type,
        n: stack.counts[type]!,
      }));
      for (let i = 0; i < items.length; i += perRow) rows.push(items.slice(i, i + perRow));
    }
    p.detailW = Math.max(0, ...rows.map((row) => row.length * CH + (row.length - 1) * GAP));
    p.summaryW = stacks.length * 22;
    rows.forEach((row, r) => {
      const w = row.length * CH + (row.length - 1) * GAP;
      row.forEach((it, i) => {
        const x = -w / 2 + CH / 2 + i * (CH + GAP);
        const y = r * (CH + GAP) + CH / 2;
        const colour = factionColour(it.faction);
        const chip = s.add.image(x, y, ATLAS_KEY, 'chip').setDisplaySize(CH, CH).setTint(colour);
        const icon = s.add
          .image(x, y - 1, ATLAS_KEY, it.type)
          .setDisplaySize(CH - 6, CH - 6)
          .setTint(isLight(colour) ? 0x1b1d22 : 0xffffff);
        detail.add([chip, icon]);
        if (it.n > 1) detail.add(this.digits(String(it.n), x + CH / 2 + 2, y + CH / 2 + 2, 1, 'w', 14));
      });
    });
    const D = 20;
    stacks.forEach(([faction, stack], i) => {
      const total = Object.values(stack.counts).reduce((a, b) => a + (b ?? 0), 0);
      const x = (i - (stacks.length - 1) / 2) * (D + 2);
      const colour = factionColour(faction);
      const disc = s.add
        .image(x, D / 2, ATLAS_KEY, 'disc')
        .setDisplaySize(D, D)
        .setTint(colour);
      const n = String(total);
      summary.add(disc);
      summary.add(this.digits(n, x, D / 2 + 6, 0.5, isLight(colour) ? 'k' : 'w', n.length > 2 ? 10 : 12));
    });
    const units = s.add.container(p.anchor[0], p.anchor[1], [detail, summary]);
    p.units = units;
    p.detail = detail;
    p.summary = summary;
  }

  /**
   * A number from the atlas's digits, `h` px tall: its bottom at `y`, `x` its right edge (align 1) or
   * its centre (align 0.5).
   */
  private digits(
    text: string,
    x: number,
    y: number,
    align: number,
    set: 'w' | 'k',
    h: number,
  ): Phaser.GameObjects.Image[] {
    const k = h / DIGIT.h;
    const step = DIGIT.w * k * (set === 'w' ? 0.7 : 0.62);
    const width = step * (text.length - 1) + DIGIT.w * k;
    const left = x - width * align;
    return [...text].map((d, i) =>
      this.scene.add
        .image(left + i * step, y, ATLAS_KEY, `${set}${d}`)
        .setOrigin(0, 1)
        .setScale(k),
    );
  }

  // ------------------------------------------------------------------ camera

  /** The map's part of the canvas (left of the desktop sidebar column). */
  viewSize(): { w: number; h: number } {
    return { w: Math.max(1, this.scene.scale.width - this.side), h: this.scene.scale.height };
  }

  /** Screen px on the right that belong to the sidebar column: the map is not drawn there. */
  private side = 0;
  setSide(px: number): void {
    this.side = px;
  }

  /** Screen px at the top covered by the status bar: the first views frame the map below them. */
  private top = 0;
  setTop(px: number): void {
    this.top = px;
  }

  /** The whole world fits (letterboxed), except on tall phones: there, half the height at least. */
  private minZoom(): number {
    const { w, h } = this.viewSize();
    const fit = Math.min(h / this.map.height, w / this.map.width);
    return Math.max(fit, (0.4 * h) / this.map.height) * MIN_ZOOM_FACTOR;
  }

  /** Centres a map point in the map's part of the screen. */
  frame(x: number, y: number, zoom = this.zoom): void {
    this.centerOn(x, y, Phaser.Math.Clamp(zoom, this.minZoom(), MAX_ZOOM));
  }

  /** The visible map rectangle (left may be < 0 or right > width when wrapping). */
  worldView(): { x: number; y: number; w: number; h: number } {
    const { w, h } = this.viewSize();
    return {
      x: this.cx - w / 2 / this.zoom,
      y: this.cy - h / 2 / this.zoom,
      w: w / this.zoom,
      h: h / this.zoom,
    };
  }

  getZoom(): number {
    return this.zoom;
  }

  centerOn(x: number, y: number, zoom = this.zoom): void {
    this.zoom = zoom;
    this.cx = x;
    this.cy = y;
    this.applyCamera();
  }

  /** Brings a territory into view (zooming in to at least `minZoom`). */
  focus(name: string, minZoom = 0): void {
    const p = this.places.get(name);
    if (!p) return;
    const [x0, y0, x1, y1] = p.bbox;
    this.frame((x0 + x1) / 2, (y0 + y1) / 2, Math.max(this.zoom, minZoom));
  }

  zoomBy(factor: number, sx?: number, sy?: number): void {
    const { w, h } = this.viewSize();
    const px = sx ?? w / 2;
    const py = sy ?? h / 2;
    const wx = this.cx + (px - w / 2) / this.zoom;
    const wy = this.cy + (py - h / 2) / this.zoom;
    this.zoom = Phaser.Math.Clamp(this.zoom * factor, this.minZoom(), MAX_ZOOM);
    this.cx = wx - (px - w / 2) / this.zoom;
    this.cy = wy - (py - h / 2) / this.zoom;
    this.applyCamera();
  }

  /**
   * The first view on a landscape screen: the map's full height fills the view (no bands above and
   * below), centred on `x`; east and west it pans on around the world. Portrait screens get fitAll.
   */
  fitView(x = this.map.width * 0.53): void {
    const { w, h } = this.viewSize();
    if (w < h) return this.fitAll();
    // The map's full height between the status bar and the bottom edge.
    const zoom = Math.max(this.minZoom(), (h - this.top) / this.map.height);
    this.frame(x, this.map.height / 2 - this.top / 2 / zoom, zoom);
  }

  /** The whole world in view (bands of ocean above and below where the view is wider than 2:1 is not). */
  fitAll(): void {
    const { w, h } = this.viewSize();
    const free = Math.min(h / this.map.height, w / this.map.width);
    this.frame(this.map.width / 2, this.map.height / 2, Math.max(free, this.minZoom()));
  }

  layout(): void {
    const { w, h } = this.viewSize();
    this.scene.cameras.main.setViewport(0, 0, w, h);
    this.lastZoomDrawn = -1;
    this.applyCamera();
  }

  applyCamera(): void {
    const { width: W, height: H } = this.map;
    const { w, h } = this.viewSize();
    this.zoom = Phaser.Math.Clamp(this.zoom, this.minZoom(), MAX_ZOOM);
    this.cx = ((this.cx % W) + W) % W;
    const hh = h / 2 / this.zoom;
    this.cy = hh * 2 >= H ? H / 2 : Phaser.Math.Clamp(this.cy, hh, H - hh);
    const hw = w / 2 / this.zoom;
    const main = this.scene.cameras.main;
    main.setZoom(this.zoom).centerOn(this.cx, this.cy);
    // Past an edge, a camera limited to that strip of the screen shows the map's other end.
    const z = this.zoom;
    const left = Math.round((hw - this.cx) * z); // screen px left of the map's x = 0
    const right = Math.round((this.cx + hw - W) * z); // screen px right of the map's x = W
    this.wrapLeft.setVisible(left > 0);
    if (left > 0)
      this.wrapLeft
        .setViewport(0, 0, left, h)
        .setZoom(z)
        .centerOn(W - left / 2 / z, this.cy);
    this.wrapRight.setVisible(right > 0);
    if (right > 0)
      this.wrapRight
        .setViewport(w - right, 0, right, h)
        .setZoom(z)
        .centerOn(right / 2 / z, this.cy);
    this.applyZoom(false);
    this.cull();
    this.cb.view();
  }

  /**
   * Labels and stacks outside the view are hidden (a renderer draws every object on its display list,
   * seen or not): checked on each camera move, wrap-aware, with a margin for wide labels.
   */
  private cull(): void {
    const W = this.map.width;
    const v = this.worldView();
    const m = 220 / this.zoom;
    const x0 = v.x - m;
    const x1 = v.x + v.w + m;
    const y0 = v.y - m;
    const y1 = v.y + v.h + m;
    for (const p of this.places.values()) {
      const [x, y] = p.anchor;
      const inView =
        y >= y0 &&
        y <= y1 &&
        ((x >= x0 && x <= x1) || (x + W >= x0 && x + W <= x1) || (x - W >= x0 && x - W <= x1));
      if (inView === p.inView) continue;
      p.inView = inView;
      this.showPlace(p);
    }
  }

  private showPlace(p: Place): void {
    // Marked places keep their names (a pale 'source' outline only where names fit anyway).
    const mark = this.marks.get(p.name);
    const marked = (mark !== undefined && mark !== 'source') || this.hovered === p.name;
    p.label.setVisible(p.inView && (p.labelOn || marked));
    p.units?.setVisible(p.inView);
  }

  /** Labels and stacks keep their screen size; which show depends on the zoom. */
  private applyZoom(force: boolean): void {
    const z = this.zoom;
    const detail = z >= DETAIL_ZOOM;
    if (!force && Math.abs(z - this.lastZoomDrawn) < 1e-4 && detail === this.lastDetail) return;
    this.lastZoomDrawn = z;
    this.lastDetail = detail;
    this.showLevel();
    const inv = 1 / z;
    const far = z < CONTINENT_ZOOM;
    for (const t of this.continentLabels) t.image.setScale(inv * t.k).setVisible(far);
    for (const p of this.places.values()) {
      const fits = p.water
        ? z >= 0.55 && p.labelW * inv < p.room * 3
        : p.island
          ? z >= 0.7
          : p.labelW * inv < p.room * 3.2 || z >= 1.2;
      p.labelOn = fits && !far;
      const mark = this.marks.get(p.name);
      const named = p.labelOn || (mark !== undefined && mark !== 'source') || this.hovered === p.name;
      p.label.setScale(inv * p.labelK);
      this.showPlace(p);
      if (p.units) {
        // Chips per unit type when they fit the territory at this zoom, else one disc per faction;
        // where anchors crowd (Europe zoomed out) the stack shrinks so it does not cover its neighbour's.
        const room = Math.max(p.room, 10) * z;
        const chips = detail && (p.detailW <= room * 2.6 || z >= 1.6);
        const width = chips ? p.detailW : p.summaryW;
        const k = Phaser.Math.Clamp((p.near * z * 1.15) / Math.max(width, 1), chips ? 0.8 : 0.55, 1);
        p.units.setScale(inv * k);
        // Stacks go under the name (beside it for islands), in screen pixels.
        const dy = (named ? 9 : -4 * k) * inv;
        const dx = p.island ? (p.label.originX === 1 ? -16 : 16) * inv : 0;
        p.units.setPosition(p.anchor[0] + dx, p.anchor[1] + dy);
        p.detail!.setVisible(chips);
        p.summary!.setVisible(!chips);
      }
    }
    this.drawHighlight();
  }

  /** Called each frame: pulses the destination outlines. */
  tick(delta: number): void {
    if (![...this.marks.values()].some((m) => m === 'dest' || m === 'battle' || m === 'place')) return;
    this.pulse += delta / 260;
    this.pulseLines.setAlpha(0.55 + 0.45 * Math.sin(this.pulse));
  }

  // ------------------------------------------------------------------ input

  /** The territory under a screen point (land before sea), wrap-aware. */
  hit(sx: number, sy: number): string | null {
    const { w, h } = this.viewSize();
    const W = this.map.width;
    const x = (((this.cx + (sx - w / 2) / this.zoom) % W) + W) % W;
    const y = this.cy + (sy - h / 2) / this.zoom;
    let sea: string | null = null;
    for (const p of this.places.values()) {
      const [x0, y0, x1, y1] = p.bbox;
      if (x < x0 - 2 || x > x1 + 2 || y < y0 - 2 || y > y1 + 2) continue;
      if (!p.pieces.some((pc) => pc.geom.contains(x, y))) continue;
      if (!p.water) return p.name;
      sea ??= p.name;
    }
    return sea;
  }

  private setHover(name: string | null): void {
    if (name === this.hovered) return;
    const prev = this.hovered;
    this.hovered = name;
    for (const n of [prev, name]) if (n) this.paint(this.places.get(n)!);
    this.applyZoom(true);
    this.cb.hover(name);
  }

  private wire(): void {
    const input = this.scene.input;
    input.addPointer(1);
    const outside = (ptr: Phaser.Input.Pointer) => ptr.x > this.viewSize().w;
    input.on('pointerdown', (ptr: Phaser.Input.Pointer) => {
      if (outside(ptr)) return;
      const down = input.manager.pointers.filter((p) => p.isDown);
      if (down.length >= 2) {
        const [a, b] = down;
        this.pinch = { dist: Phaser.Math.Distance.Between(a!.x, a!.y, b!.x, b!.y), zoom: this.zoom };
        this.drag = null;
        return;
      }
      this.drag = { x: ptr.x, y: ptr.y, cx: this.cx, cy: this.cy, moved: false };
    });
    input.on('pointermove', (ptr: Phaser.Input.Pointer) => {
      if (this.pinch) {
        const down = input.manager.pointers.filter((p) => p.isDown);
        if (down.length >= 2) {
          const [a, b] = down;
          const d = Phaser.Math.Distance.Between(a!.x, a!.y, b!.x, b!.y);
          const target = Phaser.Math.Clamp(this.pinch.zoom * (d / this.pinch.dist), this.minZoom(), MAX_ZOOM);
          this.zoomBy(target / this.zoom, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
        }
        return;
      }
      if (this.drag && ptr.isDown) {
        const dx = ptr.x - this.drag.x;
        const dy = ptr.y - this.drag.y;
        if (!this.drag.moved && Math.hypot(dx, dy) > 6) this.drag.moved = true;
        if (this.drag.moved) {
          this.cx = this.drag.cx - dx / this.zoom;
          this.cy = this.drag.cy - dy / this.zoom;
          this.applyCamera();
        }
        return;
      }
      if (ptr.wasTouch) return;
      this.setHover(outside(ptr) ? null : this.hit(ptr.x, ptr.y));
    });
    input.on('pointerup', (ptr: Phaser.Input.Pointer) => {
      if (this.pinch) {
        if (!input.manager.pointers.some((p) => p.isDown)) this.pinch = null;
        return;
      }
      const d = this.drag;
      this.drag = null;
      if (d && !d.moved) this.cb.tap(this.hit(ptr.x, ptr.y));
    });
    input.on('gameout', () => this.setHover(null));
    input.on('wheel', (ptr: Phaser.Input.Pointer, _o: unknown, _dx: number, dy: number) => {
      if (outside(ptr)) return;
      this.zoomBy(Math.pow(1.0016, -dy), ptr.x, ptr.y);
    });
  }
}
