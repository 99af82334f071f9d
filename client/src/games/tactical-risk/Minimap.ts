/**
 * The minimap: the whole board on a small 2D canvas (repainted when owners change) with the
 * camera's viewport drawn over it (two boxes when the view wraps). Tap or drag to move the camera.
 */
import { isWater } from '@parlor/shared/games/tactical-risk/board';
import { h } from '../../ui/dom';
import type { BoardMap } from './map/boardMap';
import { css, factionColour, NEUTRAL_LAND, NO_LAND, OCEAN } from './palette';
import { textResolution } from '../cardCanvas';

export class Minimap {
  readonly el: HTMLElement;
  private canvas = h('canvas');
  private boxes = [h('div', { class: 'trm-vp' }), h('div', { class: 'trm-vp' })];
  private width = 0;
  private owners = '';

  constructor(
    private readonly map: BoardMap,
    private readonly goTo: (x: number, y: number) => void,
  ) {
    this.el = h(
      'div',
      { class: 'trm-mini', testid: 'tr-minimap', title: 'Minimap: tap to move there' },
      this.canvas,
      ...this.boxes,
    );
    let down = false;
    const move = (ev: PointerEvent) => {
      const r = this.canvas.getBoundingClientRect();
      const k = this.map.width / r.width;
      this.goTo((ev.clientX - r.left) * k, (ev.clientY - r.top) * k);
    };
    this.el.addEventListener('pointerdown', (ev) => {
      down = true;
      this.el.setPointerCapture(ev.pointerId);
      move(ev);
    });
    this.el.addEventListener('pointermove', (ev) => down && move(ev));
    this.el.addEventListener('pointerup', () => (down = false));
  }

  /** Paints the board at `width` css px (skipped when nothing changed). */
  paint(width: number, owners: Record<string, string>, force = false): void {
    const key = JSON.stringify(owners);
    if (!force && width === this.width && key === this.owners) return;
    this.width = width;
    this.owners = key;
    const dpr = textResolution();
    const height = Math.round((width * this.map.height) / this.map.width);
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const c = this.canvas.getContext('2d');
    if (!c) return;
    const k = (width * dpr) / this.map.width;
    c.setTransform(k, 0, 0, k, 0, 0);
    c.fillStyle = css(OCEAN);
    c.fillRect(0, 0, this.map.width, this.map.height);
    const fill = (rings: number[][], colour: string) => {
      c.fillStyle = colour;
      c.beginPath();
      const ring = rings[0]!;
      c.moveTo(ring[0]!, ring[1]!);
      for (let i = 2; i < ring.length; i += 2) c.lineTo(ring[i]!, ring[i + 1]!);
      c.closePath();
      c.fill();
    };
    for (const shape of this.map.neutral) fill(shape, css(NO_LAND));
    for (const [name, t] of Object.entries(this.map.territories)) {
      if (isWater(name)) continue;
      const o = owners[name];
      for (const shape of t.shapes) fill(shape, css(o ? factionColour(o) : NEUTRAL_LAND));
    }
  }

  /**
   * The camera's view in map pixels (x may run past either edge). A view across the map's seam is two
   * boxes open at the seam (no line where the map wraps); a view wider than the map is one box.
   */
  setView(v: { x: number; y: number; w: number; h: number }): void {
    if (!this.width) return;
    const k = this.width / this.map.width;
    const W = this.map.width;
    // The whole map in view: the minimap adds nothing and hides.
    this.el.classList.toggle('trm-whole', v.w >= W * 0.98);
    // [from, to, open at the left edge, open at the right edge]
    const parts: [number, number, boolean, boolean][] = [];
    if (v.w >= W) parts.push([0, W, false, false]);
    else {
      const x0 = ((v.x % W) + W) % W;
      const x1 = x0 + v.w;
      if (x1 <= W) parts.push([x0, x1, false, false]);
      else parts.push([x0, W, false, true], [0, x1 - W, true, false]);
    }
    const y = Math.max(0, v.y);
    const hh = Math.min(this.map.height, v.y + v.h) - y;
    this.boxes.forEach((b, i) => {
      const p = parts[i];
      b.style.display = p ? 'block' : 'none';
      if (!p) return;
      Object.assign(b.style, {
        left: `${p[0] * k}px`,
        width: `${Math.max(4, (p[1] - p[0]) * k)}px`,
        top: `${y * k}px`,
        height: `${Math.max(4, hh * k)}px`,
        borderLeftWidth: p[2] ? '0' : '',
        borderRightWidth: p[3] ? '0' : '',
      });
    });
  }
}
