/**
 * Drawing helpers the games' canvas art shares (card faces and backs, tokens, icons): paths,
 * text that fits, the hatched back, a texture as a data URL for DOM prompts. No Phaser import:
 * these run on a plain CanvasRenderingContext2D at load time.
 */

/** The resolution Phaser texts are rendered at: the screen's pixel ratio, at most 2 (phones). */
export function textResolution(): number {
  return Math.min(2, (typeof window === 'undefined' ? 1 : window.devicePixelRatio) || 1);
}

/** A rounded rectangle path (begun and closed; fill or stroke it). */
export function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** The ten corners of a five-pointed star centred on (x, y), the first point straight up. */
export function starPoints(x: number, y: number, outer: number, inner: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    out.push([x + Math.cos(a) * r, y + Math.sin(a) * r]);
  }
  return out;
}

/** A closed star path (continuing the current path: call beginPath first when needed). */
export function starPath(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  outer: number,
  inner: number,
): void {
  for (const [px, py] of starPoints(x, y, outer, inner)) ctx.lineTo(px, py);
  ctx.closePath();
}

/** Width of a text in the context's current font. */
export type Measure = (text: string) => number;

/**
 * Sets `ctx.font` to `weight size font` at the largest size (down to `min`) at which `text` is at
 * most `maxW` wide; returns the size.
 */
export function fitFont(
  ctx: CanvasRenderingContext2D,
  text: string,
  maxW: number,
  size: number,
  weight: string,
  font: string,
  min = 9,
): number {
  let s = size;
  ctx.font = `${weight} ${s}px ${font}`;
  while (s > min && ctx.measureText(text).width > maxW) {
    s -= 1;
    ctx.font = `${weight} ${s}px ${font}`;
  }
  return s;
}

/** `text` broken at spaces into lines at most `maxW` wide (a single long word keeps its line). */
export function wrapWords(text: string, maxW: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/)) {
    if (!w) continue;
    const next = line ? `${line} ${w}` : w;
    if (measure(next) > maxW && line) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A number as printed on a card: whole numbers plain, others rounded to two decimals ("1.5"). */
export function printNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

export interface CardBackStyle {
  /** The card body's fill. */
  body: string;
  /** Inset of the hatched panel from the card's edge, and its corner radius. */
  inset: number;
  /** Hatch line colour and spacing; `crossed` draws both diagonals. */
  hatch: string;
  step: number;
  crossed: boolean;
  /** The panel's border colour. */
  border: string;
}

/**
 * The card-back frame both card games use: a rounded body with a grey edge, and an inner panel of
 * diagonal hatching with a border. The game draws its emblem over it.
 */
export function drawCardBackFrame(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  s: CardBackStyle,
): void {
  ctx.clearRect(0, 0, W, H);
  roundRect(ctx, 2, 2, W - 4, H - 4, 14);
  ctx.fillStyle = s.body;
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#3b414b';
  ctx.stroke();
  ctx.save();
  roundRect(ctx, s.inset, s.inset, W - s.inset * 2, H - s.inset * 2, 8);
  ctx.clip();
  ctx.strokeStyle = s.hatch;
  ctx.lineWidth = 2;
  for (let i = -H; i < W + H; i += s.step) {
    ctx.beginPath();
    ctx.moveTo(i, 0);
    ctx.lineTo(i + H, H);
    if (s.crossed) {
      ctx.moveTo(i + H, 0);
      ctx.lineTo(i, H);
    }
    ctx.stroke();
  }
  ctx.restore();
  roundRect(ctx, s.inset, s.inset, W - s.inset * 2, H - s.inset * 2, 8);
  ctx.strokeStyle = s.border;
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** A drawn texture's canvas as a data URL (DOM prompts show the same art); '' when there is none. */
export function canvasDataUrl(source: unknown): string {
  return typeof HTMLCanvasElement !== 'undefined' && source instanceof HTMLCanvasElement
    ? source.toDataURL()
    : '';
}
