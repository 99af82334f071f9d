/**
 * Names on the map that stay legible at every zoom: after each zoom, a name that would cover another
 * shown name or a unit stack moves up a line, to one side or below its stack while it stays over its own
 * land, or hides (placeLabels in mapMath.ts decides; bigger places first, a marked or hovered place's name always shows on its point). The
 * stacks never move: they are what a player acts on. Hover a place, or zoom in, to read a hidden name.
 */
import Phaser from 'phaser';
import { type Box, boxesOverlap, type LabelCandidate, placeLabels } from './mapMath';
import { DISC_H } from './MapStacks';
import type { Place } from './mapPlaces';

/** A shown image's box in map units. */
function boxOf(o: Phaser.GameObjects.Image): Box {
  return [
    o.x - o.originX * o.displayWidth,
    o.y - o.originY * o.displayHeight,
    o.x + (1 - o.originX) * o.displayWidth,
    o.y + (1 - o.originY) * o.displayHeight,
  ];
}

/** Whether map points are over a place's land, remembered to 2 map px (an outline has hundreds of points). */
const landMemo = new WeakMap<Place, Map<number, boolean>>();
function overLand(p: Place, x: number, y: number): boolean {
  const [x0, y0, x1, y1] = p.bbox;
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  let memo = landMemo.get(p);
  if (!memo || memo.size > 4000) landMemo.set(p, (memo = new Map()));
  const key = Math.round(x / 2) * 10_000 + Math.round(y / 2);
  let on = memo.get(key);
  if (on === undefined) memo.set(key, (on = p.pieces.some((pc) => pc.geom.contains(x, y))));
  return on;
}

/** A continent's name (shown zoomed out): placed before the territories' names, moved or hidden alike. */
export interface ContinentLabel {
  image: Phaser.GameObjects.Image;
  /** Its place on the map (y: before any move). */
  home: [number, number];
}

/**
 * Sets each place's `crowded` and its name's position for the zoom just applied (stacks placed),
 * and moves or hides the continents' names shown (`continents`) the same way.
 */
export function declutterLabels(
  places: Iterable<Place>,
  kept: (p: Place) => boolean,
  continents: readonly ContinentLabel[] = [],
): void {
  const all = [...places];
  const shownContinents = continents.filter((c) => c.image.visible);
  for (const c of shownContinents) c.image.setPosition(c.home[0], c.home[1]);
  const candidates: LabelCandidate[] = shownContinents.map((c, i) => ({
    name: `continent:${i}`,
    label: boxOf(c.image),
    units: null,
    keep: false,
    priority: Number.MAX_SAFE_INTEGER,
  }));
  candidates.push(
    ...all.map((p) => {
      p.label.setPosition(p.anchor[0], p.anchor[1]);
      const keep = kept(p);
      let units: Box | null = null;
      if (p.units) {
        const chips = p.detail!.visible;
        const k = p.units.scaleX;
        const w = (chips ? p.detailW : p.summaryW) * k;
        const h = (chips ? p.detailH : DISC_H) * k;
        units = [p.units.x - w / 2, p.units.y, p.units.x + w / 2, p.units.y + h];
      }
      const label = p.labelOn || keep ? boxOf(p.label) : null;
      // Land's names may also move to nearer spots over their own land (an island's stays beside it).
      const over = p.water || p.island ? undefined : (x: number, y: number) => overLand(p, x, y);
      return { name: p.name, label, units, keep, priority: p.room * (p.water ? 0.5 : 1), over };
    }),
  );
  const placed = placeLabels(candidates);
  const hidden = candidates.filter((c) => c.label && !placed.has(c.name));
  if (hidden.length) raiseStacks(all, candidates, placed, hidden);
  shownContinents.forEach((c, i) => {
    const shift = placed.get(`continent:${i}`);
    if (shift === undefined) c.image.setVisible(false);
    else
      c.image.setPosition(
        c.home[0] + shift[0] * c.image.displayWidth,
        c.home[1] + shift[1] * c.image.displayHeight,
      );
  });
  for (const p of all) {
    const shift = placed.get(p.name);
    p.crowded = shift === undefined;
    if (shift)
      p.label.setPosition(
        p.anchor[0] + shift[0] * p.label.displayWidth,
        p.anchor[1] + shift[1] * p.label.displayHeight,
      );
  }
}

/**
 * A second pass for the names still hidden (S. Europe under Germany's stack at a desktop's opening
 * zoom): a stack sits a little under its name's point so that the name reads above it; once that
 * name has moved off its point (or hides) the stack may rise onto the point, as an unnamed place's
 * does, wherever it then covers no name shown. The names shown stay where they are; the hidden ones
 * try their spots again among the risen stacks. `placed` gets their spots.
 */
function raiseStacks(
  all: readonly Place[],
  candidates: LabelCandidate[],
  placed: Map<string, readonly [number, number]>,
  hidden: readonly LabelCandidate[],
): void {
  const byName = new Map(candidates.map((c) => [c.name, c]));
  const shift = (c: LabelCandidate, [dx, dy]: readonly [number, number]): Box => {
    const [x0, y0, x1, y1] = c.label!;
    const [w, h] = [x1 - x0, y1 - y0];
    return [x0 + dx * w, y0 + dy * h, x1 + dx * w, y1 + dy * h];
  };
  const shown = candidates
    .filter((c) => c.label && placed.has(c.name))
    .map((c) => shift(c, placed.get(c.name)!));
  let risen = 0;
  for (const p of all) {
    const c = byName.get(p.name);
    const at = placed.get(p.name);
    // Only a stack whose name shows elsewhere (a hidden name's stays: it may yet show on its point).
    if (!p.units || !c?.units || !at || (at[0] === 0 && at[1] === 0)) continue;
    // The unnamed place's spot (MapView.applyZoom: 4 px up, in the stack's own scale).
    const rise = c.units[1] - (p.anchor[1] - 4 * p.units.scaleX);
    if (rise <= 0) continue;
    const box: Box = [c.units[0], c.units[1] - rise, c.units[2], c.units[3] - rise];
    if (shown.some((b) => boxesOverlap(b, box))) continue;
    p.units.y -= rise;
    c.units = box;
    risen++;
  }
  if (!risen) return;
  // The names shown keep their spots (kept, on the spot found); the hidden ones try theirs.
  const again = candidates.map((c): LabelCandidate => {
    const at = placed.get(c.name);
    return c.label && at ? { ...c, label: shift(c, at), keep: true, over: undefined } : c;
  });
  const more = placeLabels(again);
  for (const c of hidden) {
    const at = more.get(c.name);
    if (at) placed.set(c.name, at);
  }
}

/**
 * For tests: each shown name whose drawn bounds cross another shown name or a chip or disc of another
 * place's stack, as `name / other` (none when the map is legible), over the whole map.
 */
export function labelClashes(places: Iterable<Place>, continents: readonly ContinentLabel[] = []): string[] {
  const bounds = (o: Phaser.GameObjects.Image): Box => {
    const b = o.getBounds();
    return [b.x, b.y, b.x + b.width, b.y + b.height];
  };
  const labels: [string, Box][] = [];
  const chips: [string, Box][] = [];
  for (const p of places) {
    if (p.label.visible) labels.push([p.name, bounds(p.label)]);
    const shown = p.units ? [p.detail, p.summary].find((c) => c?.visible) : undefined;
    for (const o of shown?.list ?? [])
      if (o instanceof Phaser.GameObjects.Image && o.name !== '') chips.push([p.name, bounds(o)]);
  }
  continents.forEach((c, i) => {
    if (c.image.visible) labels.push([`continent ${i}`, bounds(c.image)]);
  });
  const out: string[] = [];
  for (const [name, box] of labels)
    for (const [other, b] of [...labels, ...chips])
      if (other !== name && boxesOverlap(box, b)) out.push(`${name} / ${other}`);
  return out;
}
