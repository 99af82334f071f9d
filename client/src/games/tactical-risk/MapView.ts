/**
 * The map in Phaser: ocean, sea zones, land coloured by owner, continent borders, labels that keep
 * their screen size, unit stacks, hover / selection / destination highlights, and a camera that
 * pans (drag), zooms (wheel, pinch) and wraps around the Pacific (two extra cameras draw the map's
 * other end when the view crosses an edge). Hit testing is done here, in map pixels.
 */
import Phaser from 'phaser';
import { isWater } from '@parlor/shared/games/tactical-risk/board';
import type { TrStack, TrTerritory } from './adapter';
import { boardMap, type BoardMap } from './map/boardMap';
import { factionColour, NEUTRAL_LAND, NO_LAND, OCEAN } from './palette';
import {
  bakeScale,
  clamp,
  CONTINENT_ZOOM,
  DETAIL_ZOOM,
  inView,
  labelFits,
  MAX_ZOOM,
  minZoom,
  OPENING_ZOOM,
  overlayFill,
  pathPoints,
  screenToMap,
  settleCamera,
  stackLook,
  worldRect,
  wrapStrips,
  zoomAbout,
} from './mapMath';
import { wireMapInput } from './mapInput';
import { drawMovePath } from './mapPath';
import { makeLabels, makePlace, measureRoom, type Place, placeIsland } from './mapPlaces';
import { buildStacks } from './MapStacks';
import { type ContinentLabel, declutterLabels, labelClashes, stackClashes } from './mapLabels';
import type { Mark } from './sceneModel';
import { stackAtlas } from './unitArt';

export type { Mark };

export interface MapCallbacks {
  tap(name: string | null): void;
  hover(name: string | null): void;
  /** The camera moved or zoomed (the minimap follows). */
  view(): void;
}

const BAKE_KEY = 'tr-map-base';

/** How the baked map is drawn (see MapView.levels); the bench switches between them. */
export interface MapDrawing {
  /** The path before the levels: full size, half size below HALF_BAKE_BELOW, blended. */
  legacy: boolean;
  /** The bake is opaque: drawn with the COPY blend (no read of the frame under it; WebGL only). */
  copyBlend: boolean;
  /** Nearest-texel sampling (one fetch a pixel instead of four) for the levels sampled about 1:1. */
  nearest: boolean;
}
const DEFAULT_DRAWING: MapDrawing = { legacy: false, copyBlend: true, nearest: false };

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
  private continentLabels: (ContinentLabel & { k: number })[] = [];
  private wrapLeft!: Phaser.Cameras.Scene2D.Camera;
  private wrapRight!: Phaser.Cameras.Scene2D.Camera;
  private cx = 0;
  private cy = 0;
  private zoom = 0.4;
  private lastZoomDrawn = -1;
  private lastDetail: boolean | null = null;
  private pulse = 0;
  /** Fog of war: territories the seat cannot see into (shaded). */
  private hidden = new Set<string>();

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
    const add = (n: string, water: boolean) =>
      this.places.set(n, makePlace(s, this.map, n, water, this.bakeList));
    for (const n of seas) add(n, true);
    for (const shape of this.map.neutral)
      this.bakeList.push(
        new Phaser.GameObjects.Polygon(s, 0, 0, shape[0]!, NO_LAND)
          .setOrigin(0)
          .setStrokeStyle(1.2, 0x3d3a34, 0.8),
      );
    for (const n of lands) add(n, false);
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
    for (const n of lands) placeIsland(this.places, this.places.get(n)!, this.map.territories[n]!.label);
    const named = [...seas, ...lands].map((n) => this.places.get(n)!);
    this.continentLabels = makeLabels(s, this.map, named).map((t) => ({
      ...t,
      home: [t.image.x, t.image.y] as [number, number],
    }));
    measureRoom(this.places, W);
    this.wrapLeft = s.cameras.add(0, 0, 1, 1, false, 'wrap-left');
    this.wrapRight = s.cameras.add(0, 0, 1, 1, false, 'wrap-right');
    // Past the map's top and bottom (the whole world in a view less wide than the map) the ocean goes on.
    s.cameras.main.setBackgroundColor(OCEAN);
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
      // WebGL only: the canvas renderer's COPY ('copy' composite) clears the whole canvas outside
      // the image drawn, so the ocean past the map's top and bottom (a TV's whole world) and the
      // game's background under a folded side panel came out black.
      const copy = !legacy && copyBlend && this.scene.game.renderer.type === Phaser.WEBGL;
      l.image.setBlendMode(copy ? Phaser.BlendModes.COPY : Phaser.BlendModes.NORMAL);
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
    const scale = bakeScale(this.zoom, this.drawing.legacy);
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
    const [colour, alpha] = overlayFill(
      this.marks.get(p.name),
      this.hovered === p.name,
      p.water,
      p.base,
      this.hidden.has(p.name),
    );
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
    const pts = pathPoints(
      path.map((n) => this.map.territories[n]?.label),
      this.map.width,
    );
    if (pts) drawMovePath(this.highlight, pts, this.zoom);
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
    const built = buildStacks(this.scene, stacks);
    p.units = this.scene.add.container(p.anchor[0], p.anchor[1], [built.detail, built.summary]);
    p.detail = built.detail;
    p.summary = built.summary;
    p.detailW = built.detailW;
    p.summaryW = built.summaryW;
    p.detailH = built.detailH;
  }

  /**
   * Canvas rectangles of a territory's stack pieces as shown now (for tests): its chips (named
   * `faction|type`) at close zooms, its discs (named by faction) at far ones.
   */
  stackRects(name: string): { name: string; x: number; y: number; w: number; h: number }[] {
    const p = this.places.get(name);
    const shown = p?.units?.visible ? [p.detail, p.summary].find((c) => c?.visible) : undefined;
    if (!shown) return [];
    const v = this.worldView();
    const z = this.zoom;
    return shown.list
      .filter((o): o is Phaser.GameObjects.Image => o instanceof Phaser.GameObjects.Image && o.name !== '')
      .map((o) => {
        const b = o.getBounds();
        return { name: o.name, x: (b.x - v.x) * z, y: (b.y - v.y) * z, w: b.width * z, h: b.height * z };
      });
  }

  /** For tests: the canvas rectangle of a place's name as shown now (null: hidden). */
  nameRect(name: string): { x: number; y: number; w: number; h: number } | null {
    const p = this.places.get(name);
    if (!p?.label.visible) return null;
    const v = this.worldView();
    const z = this.zoom;
    const b = p.label.getBounds();
    // Its copy one map width away, where the view crosses the Pacific edge.
    const W = this.map.width;
    const x = [b.x, b.x - W, b.x + W].find((bx) => bx + b.width > v.x && bx < v.x + v.w) ?? b.x;
    return { x: (x - v.x) * z, y: (b.y - v.y) * z, w: b.width * z, h: b.height * z };
  }

  /** For tests: the places whose name shows now (in view, not hidden by a clash). */
  shownNames(): string[] {
    return [...this.places.values()].filter((p) => p.label.visible).map((p) => p.name);
  }

  /** For tests: the lands whose name's point is in the camera's view now (no margin). */
  landInView(): string[] {
    const v = this.worldView();
    return [...this.places.values()]
      .filter((p) => !p.water && inView(p.anchor, v, 0, this.map.width))
      .map((p) => p.name);
  }

  /** For tests: shown names crossing another name or another place's stack (mapLabels.ts). */
  labelClashes(): string[] {
    return labelClashes(this.places.values(), this.continentLabels);
  }

  /** For tests: stacks crossing another place's stack (mapLabels.ts). */
  stackClashes(): string[] {
    return stackClashes(this.places.values());
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

  /** Screen px at the foot covered by a phone's sheet (0: none). */
  private bottom = 0;
  setBottom(px: number): void {
    this.bottom = px;
  }

  /**
   * The first view's capital while the player has not moved the map since (null: moved, or no first
   * view yet): a new screen size, or the seat's capital known late, frames it again (a phone opened
   * on a spectator's view of Europe, its capital under the map tools).
   */
  private framed: { capital: string | undefined } | null = null;

  private minZoom(): number {
    return minZoom(this.viewSize(), this.map);
  }

  /** Centres a map point in the map's part of the screen. */
  frame(x: number, y: number, zoom = this.zoom): void {
    this.centerOn(x, y, clamp(zoom, this.minZoom(), MAX_ZOOM));
  }

  /** The visible map rectangle (left may be < 0 or right > width when wrapping). */
  worldView(): { x: number; y: number; w: number; h: number } {
    return worldRect(this.camera(), this.viewSize());
  }

  private camera(): { cx: number; cy: number; zoom: number } {
    return { cx: this.cx, cy: this.cy, zoom: this.zoom };
  }

  getZoom(): number {
    return this.zoom;
  }

  centerOn(x: number, y: number, zoom = this.zoom): void {
    this.framed = null;
    this.zoom = zoom;
    this.cx = x;
    this.cy = y;
    this.applyCamera();
  }

  /**
   * Brings a territory into view (zooming in to at least `minZoom`), in the middle of the map between
   * the status bar and a phone's sheet (the map's northern edge may come out from under the status
   * bar: centred in the whole view, Karelia's name went under the sheet).
   */
  focus(name: string, minZoom = 0): void {
    const p = this.places.get(name);
    if (!p) return;
    const [x0, y0, x1, y1] = p.bbox;
    this.frameInBand((x0 + x1) / 2, (y0 + y1) / 2, Math.max(this.zoom, minZoom));
  }

  /** Centres a map point between the status bar and a phone's sheet. */
  private frameInBand(x: number, y: number, zoom: number): void {
    const z = clamp(zoom, this.minZoom(), MAX_ZOOM);
    const { h } = this.viewSize();
    // Screen px from the view's middle down to the band's.
    const below = (this.top + (h - this.bottom)) / 2 - h / 2;
    this.frame(x, y - below / z, z);
  }

  zoomBy(factor: number, sx?: number, sy?: number): void {
    this.framed = null;
    const view = this.viewSize();
    ({
      cx: this.cx,
      cy: this.cy,
      zoom: this.zoom,
    } = zoomAbout(this.camera(), factor, sx ?? view.w / 2, sy ?? view.h / 2, view, this.map));
    this.applyCamera();
  }

  /**
   * The first view of a match: a phone or tablet goes to the player's capital (its name in the middle
   * of the map between the status bar and the sheet); a phone spectator sees Europe; a desktop fills
   * the map's height, centred east-west on the capital.
   */
  firstFrame(capital: string | undefined): void {
    const W = this.scene.scale.width;
    if (capital && W < 900) {
      const [x, y] = this.map.territories[capital]!.label;
      this.frameInBand(x!, y!, 0.5);
    } else if (!capital && W < 560) this.frame(1950, 760, this.scene.scale.height / 1736);
    else if (capital) {
      const { bbox, label } = this.map.territories[capital]!;
      this.fitView((bbox[0] + bbox[2]) / 2, label[1]);
    }
    this.framed = { capital };
  }

  /** A new screen size: the first view again for it, if the player has not moved the map since. */
  reframe(): void {
    if (this.framed) this.firstFrame(this.framed.capital);
  }

  /**
   * The seat's capital now (a seat's first view can come before the table says which seat is this
   * page's: it framed a spectator's view): the first view again for it, if the map was not moved.
   */
  capitalKnown(capital: string | undefined): void {
    if (this.framed && capital !== this.framed.capital) this.firstFrame(capital);
  }

  /**
   * The first view on a landscape screen: the map's full height fills the view (no bands above and
   * below), centred on `x`; east and west it pans on around the world. Portrait screens get fitAll.
   * Never so far out that the names give way to the continents' (a 1280x800 desktop's map is 700 px
   * tall under its status bar: the full height came to zoom 0.36): then the map is taller than the
   * view, centred north-south on `y` (the capital's name), its edge at most up to the status bar.
   */
  fitView(x = this.map.width * 0.53, y = this.map.height / 2): void {
    const { w, h } = this.viewSize();
    if (w < h) return this.fitAll();
    // The map's full height between the status bar and the bottom edge.
    const fit = Math.max(this.minZoom(), (h - this.top) / this.map.height);
    if (fit >= OPENING_ZOOM) return this.frame(x, this.map.height / 2 - this.top / 2 / fit, fit);
    this.frame(x, y - this.top / 2 / OPENING_ZOOM, OPENING_ZOOM);
  }

  /**
   * The whole world in view below the status bar (ocean goes on above and below where the view is
   * less wide than the map; a phone's minimum zoom may crop east and west).
   */
  fitAll(): void {
    const { w, h } = this.viewSize();
    const free = Math.min((h - this.top) / this.map.height, w / this.map.width);
    const zoom = Math.max(free, this.minZoom());
    this.frame(this.map.width / 2, this.map.height / 2 - this.top / 2 / zoom, zoom);
  }

  layout(): void {
    const { w, h } = this.viewSize();
    this.scene.cameras.main.setViewport(0, 0, w, h);
    this.lastZoomDrawn = -1;
    this.applyCamera();
  }

  applyCamera(): void {
    const { width: W } = this.map;
    const { w, h } = this.viewSize();
    ({
      cx: this.cx,
      cy: this.cy,
      zoom: this.zoom,
    } = settleCamera(this.camera(), { w, h }, this.map, {
      top: this.top,
      bottom: this.bottom,
    }));
    this.scene.cameras.main.setZoom(this.zoom).centerOn(this.cx, this.cy);
    // Past an edge, a camera limited to that strip of the screen shows the map's other end.
    const z = this.zoom;
    const { left, right } = wrapStrips(this.camera(), { w, h }, W);
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
    const v = this.worldView();
    const m = 220 / this.zoom;
    for (const p of this.places.values()) {
      const seen = inView(p.anchor, v, m, this.map.width);
      if (seen === p.inView) continue;
      p.inView = seen;
      this.showPlace(p);
    }
  }

  private showPlace(p: Place): void {
    // Marked places keep their names (a pale 'source' outline only where names fit anyway).
    const mark = this.marks.get(p.name);
    const marked = (mark !== undefined && mark !== 'source') || this.hovered === p.name;
    p.label.setVisible(p.inView && ((p.labelOn && !p.crowded) || marked));
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
      p.labelOn = labelFits(p, z) && !far;
      const mark = this.marks.get(p.name);
      const named = p.labelOn || (mark !== undefined && mark !== 'source') || this.hovered === p.name;
      p.label.setScale(inv * p.labelK);
      if (p.units) {
        // Chips per unit type when they fit the territory at this zoom, else one disc per faction;
        // where anchors crowd (Europe zoomed out) the stack shrinks so it does not cover its neighbour's.
        const { chips, scale: k } = stackLook(p, z);
        p.units.setScale(inv * k);
        // Stacks go under the name (beside it for islands), in screen pixels.
        const dy = (named ? 9 : -4 * k) * inv;
        const dx = p.island ? (p.label.originX === 1 ? -16 : 16) * inv : 0;
        p.units.setPosition(p.anchor[0] + dx, p.anchor[1] + dy);
        p.detail!.setVisible(chips);
        p.summary!.setVisible(!chips);
      }
    }
    declutterLabels(
      this.places.values(),
      (p) => {
        const mark = this.marks.get(p.name);
        return (mark !== undefined && mark !== 'source') || this.hovered === p.name;
      },
      this.continentLabels,
    );
    for (const p of this.places.values()) this.showPlace(p);
    this.drawHighlight();
  }

  /** Whether outlines pulse (destinations, battles, placement spots). */
  pulses(): boolean {
    for (const m of this.marks.values()) if (m === 'dest' || m === 'battle' || m === 'place') return true;
    return false;
  }

  /** Called each frame: pulses the destination outlines. */
  tick(delta: number): void {
    if (!this.pulses()) return;
    this.pulse += delta / 260;
    this.pulseLines.setAlpha(0.55 + 0.45 * Math.sin(this.pulse));
  }

  // ------------------------------------------------------------------ input

  /** The territory under a screen point (land before sea), wrap-aware. */
  hit(sx: number, sy: number): string | null {
    const [x, y] = screenToMap(this.camera(), sx, sy, this.viewSize(), this.map.width);
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
    wireMapInput(this.scene, {
      mapWidth: () => this.viewSize().w,
      camera: () => this.camera(),
      panTo: (cx, cy) => {
        this.framed = null;
        [this.cx, this.cy] = [cx, cy];
        this.applyCamera();
      },
      // Clamped first: the zoom step is relative to the zoom now.
      zoomTo: (zoom, sx, sy) => this.zoomBy(clamp(zoom, this.minZoom(), MAX_ZOOM) / this.zoom, sx, sy),
      hit: (sx, sy) => this.hit(sx, sy),
      tap: (name) => this.cb.tap(name),
      hover: (name) => this.setHover(name),
    });
  }
}
