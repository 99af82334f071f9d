/**
 * Names on the map that stay legible at every zoom: after each zoom, a name that would cover another
 * shown name or a unit stack moves up a line, to one side or below its stack while it stays over its own
 * land, or hides (placeLabels in mapMath.ts decides; bigger places first, a marked or hovered place's name always shows on its point). The
 * stacks never move: they are what a player acts on. Hover a place, or zoom in, to read a hidden name.
 */
import Phaser from 'phaser';
import {
  type Box,
  boxesOverlap,
  type LabelCandidate,
  placeLabels,
  raiseStacks,
  separateSeaStacks,
  shiftedBox,
} from './mapMath';
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
  const stackBox = (p: Place): Box => {
    const chips = p.detail!.visible;
    const k = p.units!.scaleX;
    const w = (chips ? p.detailW : p.summaryW) * k;
    const h = (chips ? p.detailH : DISC_H) * k;
    return [p.units!.x - w / 2, p.units!.y, p.units!.x + w / 2, p.units!.y + h];
  };
  // A sea zone's stack over another stack moves clear of it first (the names then go around both).
  const stacked = all.filter((p) => p.units);
  const moved = separateSeaStacks(stacked.map((p) => ({ name: p.name, water: p.water, box: stackBox(p) })));
  for (const p of stacked) p.units!.y += moved.get(p.name) ?? 0;
  candidates.push(
    ...all.map((p) => {
      p.label.setPosition(p.anchor[0], p.anchor[1]);
      p.risen = false;
      const keep = kept(p);
      const units = p.units ? stackBox(p) : null;
      const label = p.labelOn || keep ? boxOf(p.label) : null;
      // Land's names may also move to nearer spots over their own land (an island's stays beside it).
      const over = p.water || p.island ? undefined : (x: number, y: number) => overLand(p, x, y);
      return { name: p.name, label, units, keep, priority: p.room * (p.water ? 0.5 : 1), over };
    }),
  );
  const placed = placeLabels(candidates);
  const hidden = candidates.filter((c) => c.label && !placed.has(c.name));
  if (hidden.length) raiseHidden(all, candidates, placed, hidden);
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
 * zoom): the stacks whose names moved off their points rise onto them, as an unnamed place's do,
 * where they then cover no name shown and no other stack (raiseStacks in mapMath.ts). The names
 * shown stay where they are; the hidden ones try their spots again among the risen stacks. `placed`
 * gets their spots.
 */
function raiseHidden(
  all: readonly Place[],
  candidates: LabelCandidate[],
  placed: Map<string, readonly [number, number]>,
  hidden: readonly LabelCandidate[],
): void {
  const byName = new Map(all.map((p) => [p.name, p]));
  const rises = new Map<string, number>();
  for (const c of candidates) {
    const p = byName.get(c.name);
    // The unnamed place's spot (MapView.applyZoom: 4 px up, in the stack's own scale).
    if (p?.units && c.units) rises.set(c.name, c.units[1] - (p.anchor[1] - 4 * p.units.scaleX));
  }
  const risen = raiseStacks(candidates, placed, rises);
  if (!risen.size) return;
  for (const [name, rise] of risen) {
    const p = byName.get(name)!;
    p.units!.y -= rise;
    p.risen = true;
  }
  // The names shown keep their spots (kept, on the spot found); the hidden ones try theirs.
  const again = candidates.map((c): LabelCandidate => {
    const at = placed.get(c.name);
    return c.label && at ? { ...c, label: shiftedBox(c.label, at), keep: true, over: undefined } : c;
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

/**
 * For tests: each two places whose shown stacks cross (a chip or disc of one over one of the other),
 * as `name / other` (a stack risen onto its point marked `name ↑`), over the whole map.
 */
export function stackClashes(places: Iterable<Place>): string[] {
  const pieces: [string, Box][] = [];
  for (const p of places) {
    const shown = p.units?.visible ? [p.detail, p.summary].find((c) => c?.visible) : undefined;
    for (const o of shown?.list ?? [])
      if (o instanceof Phaser.GameObjects.Image && o.name !== '') {
        const b = o.getBounds();
        pieces.push([p.risen ? `${p.name} ↑` : p.name, [b.x, b.y, b.x + b.width, b.y + b.height]]);
      }
  }
  const out = new Set<string>();
  pieces.forEach(([name, box], i) => {
    for (const [other, b] of pieces.slice(i + 1))
      if (other !== name && boxesOverlap(box, b)) out.add(`${name} / ${other}`);
  });
  return [...out];
}
