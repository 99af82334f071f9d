/**
 * The map's pointer input: drag to pan, pinch and wheel to zoom, a tap (a press that did not move)
 * selects, hover (mouse only) highlights. Points right of the map's part of the canvas (the
 * desktop sidebar column) are left alone.
 */
import Phaser from 'phaser';

export interface MapPointerTarget {
  /** Width of the map's part of the canvas. */
  mapWidth(): number;
  camera(): { cx: number; cy: number; zoom: number };
  /** Pans so that the map's centre is (cx, cy). */
  panTo(cx: number, cy: number): void;
  /** Zooms to `zoom` (clamped by the view) about a screen point. */
  zoomTo(zoom: number, sx: number, sy: number): void;
  hit(sx: number, sy: number): string | null;
  tap(name: string | null): void;
  hover(name: string | null): void;
}

export function wireMapInput(scene: Phaser.Scene, t: MapPointerTarget): void {
  const input = scene.input;
  input.addPointer(1);
  let drag: { x: number; y: number; cx: number; cy: number; moved: boolean } | null = null;
  let pinch: { dist: number; zoom: number } | null = null;
  const outside = (ptr: Phaser.Input.Pointer) => ptr.x > t.mapWidth();
  const downs = () => input.manager.pointers.filter((p) => p.isDown);
  input.on('pointerdown', (ptr: Phaser.Input.Pointer) => {
    if (outside(ptr)) return;
    const down = downs();
    if (down.length >= 2) {
      const [a, b] = down;
      pinch = { dist: Phaser.Math.Distance.Between(a!.x, a!.y, b!.x, b!.y), zoom: t.camera().zoom };
      drag = null;
      return;
    }
    const { cx, cy } = t.camera();
    drag = { x: ptr.x, y: ptr.y, cx, cy, moved: false };
  });
  input.on('pointermove', (ptr: Phaser.Input.Pointer) => {
    if (pinch) {
      const down = downs();
      if (down.length >= 2) {
        const [a, b] = down;
        const d = Phaser.Math.Distance.Between(a!.x, a!.y, b!.x, b!.y);
        t.zoomTo(pinch.zoom * (d / pinch.dist), (a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
      }
      return;
    }
    if (drag && ptr.isDown) {
      const dx = ptr.x - drag.x;
      const dy = ptr.y - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) > 6) drag.moved = true;
      if (drag.moved) {
        const z = t.camera().zoom;
        t.panTo(drag.cx - dx / z, drag.cy - dy / z);
      }
      return;
    }
    if (ptr.wasTouch) return;
    t.hover(outside(ptr) ? null : t.hit(ptr.x, ptr.y));
  });
  input.on('pointerup', (ptr: Phaser.Input.Pointer) => {
    if (pinch) {
      if (!input.manager.pointers.some((p) => p.isDown)) pinch = null;
      return;
    }
    const d = drag;
    drag = null;
    if (d && !d.moved) t.tap(t.hit(ptr.x, ptr.y));
  });
  input.on('gameout', () => t.hover(null));
  input.on('wheel', (ptr: Phaser.Input.Pointer, _o: unknown, _dx: number, dy: number) => {
    if (outside(ptr)) return;
    t.zoomTo(t.camera().zoom * Math.pow(1.0016, -dy), ptr.x, ptr.y);
  });
}
