/** The planned move on the map: a shadowed gold line from the start, ending in an arrowhead. */
import Phaser from 'phaser';

/** `pts`: the path's points in map coordinates; `zoom` keeps the strokes the same size on screen. */
export function drawMovePath(g: Phaser.GameObjects.Graphics, pts: [number, number][], zoom: number): void {
  const points = pts.map(([x, y]) => new Phaser.Math.Vector2(x, y));
  g.lineStyle(7 / zoom, 0x000000, 0.45);
  g.strokePoints(points, false);
  g.lineStyle(3.5 / zoom, 0xffe066, 1);
  g.strokePoints(points, false);
  const [ax, ay] = pts.at(-2)!;
  const [bx, by] = pts.at(-1)!;
  const ang = Math.atan2(by - ay, bx - ax);
  const L = 16 / zoom;
  g.fillStyle(0xffe066, 1);
  g.fillTriangle(
    bx,
    by,
    bx - L * Math.cos(ang - 0.45),
    by - L * Math.sin(ang - 0.45),
    bx - L * Math.cos(ang + 0.45),
    by - L * Math.sin(ang + 0.45),
  );
  g.fillCircle(pts[0]![0], pts[0]![1], 5 / zoom);
}
