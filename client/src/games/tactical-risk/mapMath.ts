/**
 * The map view's geometry and drawing rules as pure functions (no Phaser), so tests check them:
 * the camera (zoom limits, wrap-around east and west, the strips the wrap cameras draw), culling,
 * screen to map points, which names and stacks show at a zoom, the bake level, the highlight
 * colours, the path of a move, and the label and stack placements made once at build time.
 */
import { lighten } from './palette';
import type { Mark } from './sceneModel';

export const MIN_ZOOM_FACTOR = 1;
export const MAX_ZOOM = 3;
/** Below this zoom a stack shows one disc per faction; above, one chip per unit type. */
export const DETAIL_ZOOM = 0.62;
/** Zoom below which the half-size bake shows, and the quarter-size one (legacy: half only). */
export const HALF_BAKE_BELOW = 0.62;
export const QUARTER_BAKE_BELOW = 0.31;
/** Below this zoom continent names replace the territory names. */
export const CONTINENT_ZOOM = 0.4;
/** A desktop's first view is at least this close: the territories' names show (Europe's tuned here). */
export const OPENING_ZOOM = 0.44;

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export interface Size {
  w: number;
  h: number;
}
export interface Camera {
  cx: number;
  cy: number;
  zoom: number;
}

/** The whole world fits (letterboxed), except on tall phones: there, half the height at least. */
export function minZoom(view: Size, map: { width: number; height: number }): number {
  const fit = Math.min(view.h / map.height, view.w / map.width);
  return Math.max(fit, (0.4 * view.h) / map.height) * MIN_ZOOM_FACTOR;
}

/**
 * The camera made valid: zoom within its limits, x wrapped onto the map, y kept on it (or the map
 * kept in view). `cover`: screen px covered at the view's top (the status bar) and foot (a phone's
 * sheet): the map's northern and southern edges may come out from under them (Evenki's name from
 * under the status bar).
 */
export function settleCamera(
  c: Camera,
  view: Size,
  map: { width: number; height: number },
  cover: { top: number; bottom: number } = { top: 0, bottom: 0 },
): Camera {
  const zoom = clamp(c.zoom, minZoom(view, map), MAX_ZOOM);
  const W = map.width;
  const cx = ((c.cx % W) + W) % W;
  const hh = view.h / 2 / zoom;
  // A view taller than the map keeps all of it in view (off centre below a status bar, say).
  if (hh * 2 >= map.height) return { cx, cy: clamp(c.cy, map.height - hh, hh), zoom };
  const [top, bottom] = [cover.top / zoom, cover.bottom / zoom];
  return { cx, cy: clamp(c.cy, hh - top, map.height - hh + bottom), zoom };
}

/** The visible map rectangle (left may be < 0 or right > width when wrapping). */
export function worldRect(c: Camera, view: Size): { x: number; y: number; w: number; h: number } {
  return {
    x: c.cx - view.w / 2 / c.zoom,
    y: c.cy - view.h / 2 / c.zoom,
    w: view.w / c.zoom,
    h: view.h / c.zoom,
  };
}

/** Screen px left of the map's x = 0 and right of its x = W: where the wrap cameras draw the other end. */
export function wrapStrips(c: Camera, view: Size, mapWidth: number): { left: number; right: number } {
  const hw = view.w / 2 / c.zoom;
  return {
    left: Math.round((hw - c.cx) * c.zoom),
    right: Math.round((c.cx + hw - mapWidth) * c.zoom),
  };
}

/** Zooms by `factor` keeping the map point under screen point (px, py) where it is. */
export function zoomAbout(
  c: Camera,
  factor: number,
  px: number,
  py: number,
  view: Size,
  map: { width: number; height: number },
): Camera {
  const wx = c.cx + (px - view.w / 2) / c.zoom;
  const wy = c.cy + (py - view.h / 2) / c.zoom;
  const zoom = clamp(c.zoom * factor, minZoom(view, map), MAX_ZOOM);
  return { zoom, cx: wx - (px - view.w / 2) / zoom, cy: wy - (py - view.h / 2) / zoom };
}

/** The map point (x wrapped onto the map) under a screen point. */
export function screenToMap(
  c: Camera,
  sx: number,
  sy: number,
  view: Size,
  mapWidth: number,
): [number, number] {
  const W = mapWidth;
  const x = (((c.cx + (sx - view.w / 2) / c.zoom) % W) + W) % W;
  return [x, c.cy + (sy - view.h / 2) / c.zoom];
}

/** A map point is in (or near: `margin` map px) the view, counting its copies one map width away. */
export function inView(
  [x, y]: readonly [number, number],
  r: { x: number; y: number; w: number; h: number },
  margin: number,
  mapWidth: number,
): boolean {
  const [x0, x1, y0, y1] = [r.x - margin, r.x + r.w + margin, r.y - margin, r.y + r.h + margin];
  const W = mapWidth;
  return (
    y >= y0 &&
    y <= y1 &&
    ((x >= x0 && x <= x1) || (x + W >= x0 && x + W <= x1) || (x - W >= x0 && x - W <= x1))
  );
}

/** The bake level (1, 0.5 or 0.25 of full size) with about one texel per screen pixel at a zoom. */
export function bakeScale(zoom: number, legacy: boolean): number {
  if (legacy) return zoom < HALF_BAKE_BELOW ? 0.5 : 1;
  return zoom < QUARTER_BAKE_BELOW ? 0.25 : zoom < HALF_BAKE_BELOW ? 0.5 : 1;
}

/**
 * A territory's name may show at this zoom (its on-screen width against the territory's room). A
 * crowded place's name may reach further past its edges (Europe's small lands at a desktop's opening
 * zoom): whether it then shows is placeLabels' decision (never over another name or stack).
 */
export function labelFits(
  p: { water: boolean; island: boolean; labelW: number; room: number },
  zoom: number,
): boolean {
  const inv = 1 / zoom;
  if (p.water) return zoom >= 0.55 && p.labelW * inv < p.room * 3;
  if (p.island) return zoom >= 0.4;
  // A narrow land (the East Indies' strip of islands) and a roomy one (Italian East Africa, Kenya-
  // Rhodesia: long names) reach further than their room alike at a desktop's opening zoom.
  const reach = p.room < NARROW_ROOM ? 11 : p.room < CROWDED_ROOM ? 8 : 6.5;
  return p.labelW * inv < p.room * reach || zoom >= 1.2;
}

/**
 * How a unit stack shows at a zoom: chips per unit type when they fit the territory, else one disc
 * per faction; `scale` shrinks it where anchors crowd, so it does not cover a neighbour's.
 */
export function stackLook(
  p: { room: number; near: number; detailW: number; summaryW: number },
  zoom: number,
): { chips: boolean; scale: number } {
  const room = Math.max(p.room, 10) * zoom;
  const chips = zoom >= DETAIL_ZOOM && (p.detailW <= room * 2.6 || zoom >= 1.6);
  const width = chips ? p.detailW : p.summaryW;
  return { chips, scale: clamp((p.near * zoom * 1.15) / Math.max(width, 1), chips ? 0.8 : 0.55, 1) };
}

/** The fill over a territory for its mark, the hover and fog of war: colour and alpha (0: none). */
export function overlayFill(
  mark: Mark | undefined,
  hover: boolean,
  water: boolean,
  base: number,
  hidden: boolean,
): [number, number] {
  let colour = 0xffffff;
  let alpha = 0;
  if (mark === 'dest' || mark === 'place') [colour, alpha] = [0x6fb7ff, water ? 0.32 : 0.3];
  else if (mark === 'battle') [colour, alpha] = [0xff6a4d, 0.3];
  else if (mark === 'selected') [colour, alpha] = water ? [0xffffff, 0.18] : [lighten(base, 0.3), 1];
  if (hover) {
    if (alpha === 0) [colour, alpha] = water ? [0x9cc8f0, 0.16] : [lighten(base, 0.22), 1];
    else alpha = Math.min(1, alpha + 0.12);
  }
  // Fog of war: what the seat cannot see is darkened (hidden, as opposed to empty).
  if (alpha === 0 && hidden) [colour, alpha] = [0x05070a, water ? 0.42 : 0.5];
  return [colour, alpha];
}

/** A move's path through label points, crossing the Pacific edge the short way (null: unknown place). */
export function pathPoints(
  labels: (readonly [number, number] | readonly number[] | undefined)[],
  mapWidth: number,
): [number, number][] | null {
  const pts: [number, number][] = [];
  for (const l of labels) {
    if (!l) return null;
    let x = l[0]!;
    const prev = pts.at(-1);
    if (prev && Math.abs(x - prev[0]) > mapWidth / 2) x += x > prev[0] ? -mapWidth : mapWidth;
    pts.push([x, l[1]!]);
  }
  return pts;
}

/** For each anchor, the distance to the nearest other one (wrap-aware). */
export function nearestDistances(
  anchors: readonly (readonly [number, number])[],
  mapWidth: number,
): number[] {
  return anchors.map((p, i) => {
    let best = Infinity;
    anchors.forEach((q, j) => {
      if (i === j) return;
      const dx = Math.abs(p[0] - q[0]);
      const d = Math.hypot(Math.min(dx, mapWidth - dx), p[1] - q[1]);
      if (d < best) best = d;
    });
    return best;
  });
}

/**
 * Where a continent's name goes: the room-weighted centre of its territories' label points,
 * unwrapped around the roomiest one (the Pacific islands sit on both edges of the map).
 */
export function continentLabelPoint(
  places: { label: readonly [number, number] | readonly number[]; room: number }[],
  mapWidth: number,
): [number, number] {
  const W = mapWidth;
  const big = places.reduce((a, b) => (b.room > a.room ? b : a));
  const ref = big.label[0]!;
  let [sx, sy, sw] = [0, 0, 0];
  for (const p of places) {
    const [lx, ly] = [p.label[0]!, p.label[1]!];
    const wgt = p.room ** 2;
    const ux = lx - ref > W / 2 ? lx - W : ref - lx > W / 2 ? lx + W : lx;
    [sx, sy, sw] = [sx + ux * wgt, sy + ly * wgt, sw + wgt];
  }
  return [(((sx / sw) % W) + W) % W, sy / sw];
}

/** Rows of boxes packed left to right into a sheet `maxW` wide (2 px apart): each box's corner. */
export function packRows(
  sizes: { w: number; h: number }[],
  maxW: number,
): { spots: { x: number; y: number }[]; height: number } {
  let [x, y, row] = [0, 0, 0];
  const spots = sizes.map(({ w, h }) => {
    if (x + w > maxW) [x, y, row] = [0, y + row + 2, 0];
    const spot = { x, y };
    x += w + 2;
    row = Math.max(row, h);
    return spot;
  });
  return { spots, height: Math.max(1, y + row) };
}

/** An axis-aligned box: left, top, right, bottom. */
export type Box = [number, number, number, number];

export function boxesOverlap(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** One place for the label decluttering: its name's box, its stack's box (null: none shown). */
export interface LabelCandidate {
  name: string;
  label: Box | null;
  units: Box | null;
  /** A marked, selected or hovered place: its name always shows. */
  keep: boolean;
  /** Larger first: the names kept when two collide. */
  priority: number;
  /**
   * Whether a map point is over this place's own land: given, the name may also go to the nearer
   * spots of NEAR_SHIFTS, each only where its middle stays over its land (Europe's crowded names).
   */
  over?: (x: number, y: number) => boolean;
}

/**
 * Where a name may go, tried in order, as [x, y] in its own width and height: on its point, a line
 * above it (over its own stack), then beside its point (its near end on the point), level or a line
 * up: Europe's names hide less often at a desktop's zoom.
 */
export const LABEL_SHIFTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, -1],
  [0.5, 0],
  [-0.5, 0],
  [0.5, -1],
  [-0.5, -1],
];

/**
 * More spots for a name that knows its land (LabelCandidate.over): a grid around its point, an eighth
 * of its width and half a line apart, nearest first (a line up or down counts as a quarter width
 * aside). Taken only where the name's middle stays over its own land, so a name never reads as its
 * neighbour's.
 */
export const NEAR_SHIFTS: readonly (readonly [number, number])[] = (() => {
  const out: [number, number][] = [];
  for (let i = -6; i <= 6; i++) for (let j = -5; j <= 5; j++) out.push([i / 8, j / 2]);
  const cost = ([x, y]: readonly [number, number]) => Math.hypot(x, y / 4);
  return out
    .filter((s) => !LABEL_SHIFTS.some((l) => l[0] === s[0] && l[1] === s[1]))
    .sort((a, b) => cost(a) - cost(b));
})();

/**
 * Where each name goes so that no shown name covers a unit stack (another place's, or its own once
 * moved off its point) or another shown name (stacks always show: they are what a player acts on):
 * the shift tried (a LABEL_SHIFTS or NEAR_SHIFTS entry, in label widths and heights), or absent when
 * it is hidden. Kept names come first (on their point), then by priority; a name that then finds no
 * spot may move a neighbour's (not kept) name to another free spot of that name's own (one step
 * deep): both then show. Then, while it shows more, the names hidden go first in another pass.
 */
export function placeLabels(places: readonly LabelCandidate[]): Map<string, readonly [number, number]> {
  const named = places.filter((p) => p.label);
  let order = [...named].sort((a, b) => Number(b.keep) - Number(a.keep) || b.priority - a.priority);
  const cache = new Map<string, NameSpots>();
  let best = placeInOrder(places, order, cache);
  // Greedy placement can box a name in: the names it hid go first, up to twice, while more show.
  for (let round = 0; round < 2 && best.size < named.length; round++) {
    const hidden = order.filter((p) => !best.has(p.name) && !p.keep);
    order = [...order.filter((p) => p.keep), ...hidden, ...order.filter((p) => !p.keep && best.has(p.name))];
    const next = placeInOrder(places, order, cache);
    if (next.size <= best.size) break;
    best = next;
  }
  return best;
}

/** A label's box moved by a shift in its own width and height (a LABEL_SHIFTS or NEAR_SHIFTS entry). */
export function shiftedBox([x0, y0, x1, y1]: Box, [dx, dy]: readonly [number, number]): Box {
  const [w, h] = [x1 - x0, y1 - y0];
  return [x0 + dx * w, y0 + dy * h, x1 + dx * w, y1 + dy * h];
}

/**
 * Which stacks rise onto their points, and by how much (`rises`: map px up to the unnamed place's
 * spot): a stack sits a little under its name's point so that the name reads above it; once that
 * name shows off its point (`placed`, not [0, 0]) the stack may rise, wherever it then covers no
 * name shown and no other stack (as placed or risen before it, in order). A hidden name's stack
 * stays: that name may yet show on its point. Sets the risen stacks' `units` boxes.
 */
export function raiseStacks(
  candidates: readonly LabelCandidate[],
  placed: ReadonlyMap<string, readonly [number, number]>,
  rises: ReadonlyMap<string, number>,
): Map<string, number> {
  const shown = candidates
    .filter((c) => c.label && placed.has(c.name))
    .map((c) => shiftedBox(c.label!, placed.get(c.name)!));
  const risen = new Map<string, number>();
  for (const c of candidates) {
    const at = placed.get(c.name);
    const rise = rises.get(c.name) ?? 0;
    if (!c.units || !at || (at[0] === 0 && at[1] === 0) || rise <= 0) continue;
    const [x0, y0, x1, y1] = c.units;
    const box: Box = [x0, y0 - rise, x1, y1 - rise];
    if (shown.some((b) => boxesOverlap(b, box))) continue;
    if (candidates.some((o) => o !== c && o.units && boxesOverlap(o.units, box))) continue;
    c.units = box;
    risen.set(c.name, rise);
  }
  return risen;
}

/**
 * Sea zones' stacks that cover another stack (the Sea of Japan's over Japan's, beside its island)
 * move down below every stack they cross, or else up above them, where they then cross none: a sea
 * zone has room, the land's stack stays. Returns each moved stack's shift in y (map px).
 */
export function separateSeaStacks(
  stacks: readonly { name: string; water: boolean; box: Box }[],
): Map<string, number> {
  const boxes = new Map(stacks.map((s) => [s.name, s.box]));
  const moved = new Map<string, number>();
  for (const s of stacks) {
    if (!s.water) continue;
    const box = boxes.get(s.name)!;
    const crossed = [...boxes].filter(([n, b]) => n !== s.name && boxesOverlap(b, box)).map(([, b]) => b);
    if (!crossed.length) continue;
    const gap = (box[3] - box[1]) * 0.1;
    const down = Math.max(...crossed.map((b) => b[3])) + gap - box[1];
    const up = Math.min(...crossed.map((b) => b[1])) - gap - box[3];
    for (const dy of [down, up]) {
      const at: Box = [box[0], box[1] + dy, box[2], box[3] + dy];
      if ([...boxes].some(([n, b]) => n !== s.name && boxesOverlap(b, at))) continue;
      boxes.set(s.name, at);
      moved.set(s.name, dy);
      break;
    }
  }
  return moved;
}

/** How many spots a hidden name tries moving a neighbour's name off (the nearest first). */
const SWAP_TRIES = 6;

/** A shift, its box, and (a nearer spot) whether its middle is over the name's land. */
type Spot = [readonly [number, number], Box, (() => boolean)?];
interface NameSpots {
  /** Its LABEL_SHIFTS spots; then, asked for (`more`), its NEAR_SHIFTS spots over its land. */
  spots: Spot[];
  more: (() => Spot[]) | null;
  /** The stacks near any of its spots. */
  stacks: LabelCandidate[];
}

/** A name's spots in order (LABEL_SHIFTS, then NEAR_SHIFTS over its land, worked out only if asked). */
function spotsOf(p: LabelCandidate, stacks: readonly LabelCandidate[]): NameSpots {
  const [x0, y0, x1, y1] = p.label!;
  const w = x1 - x0;
  const h = y1 - y0;
  const at = ([dx, dy]: readonly [number, number]): Box => [
    x0 + dx * w,
    y0 + dy * h,
    x1 + dx * w,
    y1 + dy * h,
  ];
  const spots: Spot[] = (p.keep ? LABEL_SHIFTS.slice(0, 1) : LABEL_SHIFTS).map((s) => [s, at(s)]);
  const near = !!p.over && !p.keep;
  const far = near ? NEAR_SHIFTS.concat(LABEL_SHIFTS) : LABEL_SHIFTS;
  const dx = Math.max(...far.map((s) => Math.abs(s[0])));
  const dy = Math.max(...far.map((s) => Math.abs(s[1])));
  const reach: Box = [x0 - dx * w, y0 - dy * h, x1 + dx * w, y1 + dy * h];
  // Whether a nearer spot's middle is over its land is asked only of a spot otherwise free (a
  // territory's outline has hundreds of points).
  const more = near
    ? () =>
        NEAR_SHIFTS.map((s): Spot => {
          const b = at(s);
          return [s, b, () => p.over!((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)];
        })
    : null;
  return { spots, more, stacks: stacks.filter((o) => boxesOverlap(reach, o.units!)) };
}

/**
 * placeLabels for one order of the names (kept names first). `cache` keeps each name's spots and the
 * stacks near them across orders (placeLabels runs on every zoom, hover and move: kept cheap).
 */
function placeInOrder(
  places: readonly LabelCandidate[],
  order: readonly LabelCandidate[],
  cache: Map<string, NameSpots>,
): Map<string, readonly [number, number]> {
  const placed = new Map<string, readonly [number, number]>();
  const boxes = new Map<string, Box>();
  const stacks = places.filter((p) => p.units);
  const info = (p: LabelCandidate) => {
    let got = cache.get(p.name);
    if (!got) cache.set(p.name, (got = spotsOf(p, stacks)));
    return got;
  };
  /** All its spots: the nearer ones worked out now if not yet. */
  const allSpots = (p: LabelCandidate) => {
    const i = info(p);
    if (i.more) [i.spots, i.more] = [i.spots.concat(i.more()), null];
    return i.spots;
  };
  /**
   * No shown name there (but `ignore`'s), nor a stack: another place's, or its own off its point;
   * a nearer spot only over the name's own land.
   */
  const free = (p: LabelCandidate, [shift, box, onLand]: Spot, near: [string, Box][], ignore?: string) =>
    !near.some(([n, o]) => n !== ignore && boxesOverlap(box, o)) &&
    !info(p).stacks.some(
      (o) => (o.name !== p.name || shift !== LABEL_SHIFTS[0]) && boxesOverlap(box, o.units!),
    ) &&
    (!onLand || onLand());
  const put = (p: LabelCandidate, [shift, box]: Spot) => {
    placed.set(p.name, shift);
    boxes.set(p.name, box);
  };
  for (const p of order) {
    const { spots } = info(p);
    if (p.keep) {
      put(p, spots[0]!);
      continue;
    }
    const shown = [...boxes];
    const spot = spots.find((s) => free(p, s, shown)) ?? allSpots(p).find((s) => free(p, s, shown));
    if (spot) {
      put(p, spot);
      continue;
    }
    // One step deeper: a spot blocked by one shown (not kept) name that can move elsewhere (the
    // nearest few such spots: each asks the other name for all its spots).
    let tries = 0;
    for (const spot of allSpots(p)) {
      const blockers = shown.filter(([, o]) => boxesOverlap(spot[1], o)).map(([n]) => n);
      if (blockers.length !== 1) continue;
      if (++tries > SWAP_TRIES) break;
      const other = order.find((o) => o.name === blockers[0])!;
      if (other.keep || !free(p, spot, shown, other.name)) continue;
      const otherBox = boxes.get(other.name)!;
      boxes.delete(other.name);
      boxes.set(p.name, spot[1]);
      const now = [...boxes];
      const moved = allSpots(other).find((s) => s[1] !== otherBox && free(other, s, now));
      if (moved) {
        placed.set(p.name, spot[0]);
        put(other, moved);
        break;
      }
      boxes.delete(p.name);
      boxes.set(other.name, otherBox);
    }
  }
  return placed;
}

/** Land with less room than this (map px to its edge) is a narrow strip: its name reaches furthest. */
const NARROW_ROOM = 20;

/** Land with less room than this (map px to its edge) is small: an island's name goes beside it. */
export const SMALL_ROOM = 16;

/** Places with less room than this (map px to their edge; Europe's) are named in a smaller type. */
export const CROWDED_ROOM = 45;

/** The short forms of long names in the crowded parts of the map (Europe, the Near East). */
const SHORT_NAMES: Record<string, string> = {
  'United Kingdom': 'UK',
  'West Europe': 'W. Europe',
  'East Europe': 'E. Europe',
  'South Europe': 'S. Europe',
  'Finland Norway': 'Finland',
  'Anglo Sudan Egypt': 'Egypt',
  'Syria Jordan': 'Syria',
};

/**
 * A place's name on the map: a sea zone's without "Sea Zone"; land's in its short form ("Ukraine"
 * for Ukraine S.S.R., "W. Europe") with its production. The full name shows in the territory's
 * panel, its tooltip and the find box.
 */
export function mapLabelText(p: { name: string; water: boolean }, ipc: number): string {
  if (p.water) return p.name.replace(/ Sea Zone$/, '');
  const name = SHORT_NAMES[p.name] ?? p.name.replace(/ S\.S\.R\.$/, '');
  return ipc > 0 ? `${name} · ${ipc}` : name;
}
