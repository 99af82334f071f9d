/**
 * Kingpin's card art, drawn on 2D canvases at load time (nothing comes from the web). Each clan has
 * a colour from the Okabe-Ito colour-blind-safe palette AND its own emblem shape, so no clan is told
 * apart by colour alone. The printed figures are the card's base values; the scene overlays the
 * current HP and the shields.
 */
import type { TextureJob } from '../../scenes/textures';
import { drawCardBackFrame, fitFont, roundRect, starPath, wrapWords } from '../cardCanvas';
import { quarters } from './numbers';
import { PALETTE } from '../../ui/palette';

export const CARD_W = 200;
export const CARD_H = 280;
export const BACK_KEY = 'kp-back';
export const FONT = "'Inter', system-ui, sans-serif";

export type ClanKey = 'gangsters' | 'authorities' | 'loners' | 'solo' | 'event';

/** What a card face shows; built from the rules' card table (see cards.ts). */
export interface CardFace {
  id: string;
  name: string;
  kind: 'boss' | 'common' | 'unique' | 'event';
  clan: ClanKey;
  faction: string;
  hp: number;
  atk: number;
  defend: number;
  rage: number;
  price: number;
  corruption: number;
  unbribable: boolean;
  /** One short line each, as the rules word them. */
  abilities: string[];
}

export const COLORS = {
  ...PALETTE,
  panel: 0x1f232a,
  panel2: 0x262b33,
  line: 0x363c46,
  shield: 0x56b4e9,
  money: 0xe0b84f,
} as const;

const CSS_SHIELD = '#56b4e9';

export const CSS = {
  text: '#f2efe6',
  muted: '#9aa1ab',
  gold: '#e0b84f',
  red: '#e2553f',
  teal: '#4fb7a8',
  shield: '#56b4e9',
  ink: '#15171b',
} as const;

/** Okabe-Ito colours per clan (colour-blind safe), with a darker shade for the header gradient. */
export const CLAN_STYLE: Record<ClanKey, { color: string; dark: string; label: string }> = {
  gangsters: { color: '#D55E00', dark: '#7a3600', label: 'Gangsters' },
  authorities: { color: '#0072B2', dark: '#003d60', label: 'Authorities' },
  loners: { color: '#009E73', dark: '#00563f', label: 'Loners' },
  solo: { color: '#CC79A7', dark: '#6e3d59', label: 'Solo' },
  event: { color: '#E69F00', dark: '#7d5600', label: 'Event' },
};

export function faceKey(id: string): string {
  return `kp-${id}`;
}

/** Small cards (phones, opponents' boards) use a face made for their size: name, emblem, no text. */
export const MINI_W = 120;
export const MINI_H = 168;
export function miniKey(id: string): string {
  return `kp-m-${id}`;
}

export const ICON_COLOR = { atk: '#f0a35e', hp: '#ff7a66', def: CSS_SHIELD, rage: '#f0e442' } as const;

/** Every texture to generate: the back, one face per card, the chips. */
export function kingpinTextures(faces: CardFace[]): TextureJob[] {
  const job = (key: string, draw: (ctx: CanvasRenderingContext2D) => void): TextureJob => ({
    key,
    width: CARD_W,
    height: CARD_H,
    draw,
  });
  return [
    job(BACK_KEY, drawBack),
    ...faces.map((f) => job(faceKey(f.id), (c) => drawFace(c, f))),
    ...faces.map((f) => ({
      key: miniKey(f.id),
      width: MINI_W,
      height: MINI_H,
      draw: (c: CanvasRenderingContext2D) => drawMini(c, f),
    })),
    { key: 'kp-mini-back', width: MINI_W, height: MINI_H, draw: drawMiniBack },
    { key: 'kp-chip-money', width: 64, height: 64, draw: (c) => drawChip(c, 'money') },
    { key: 'kp-chip-shield', width: 64, height: 64, draw: (c) => drawChip(c, 'shield') },
    ...(['atk', 'hp', 'def', 'rage'] as const).map((k) => ({
      key: `kp-ico-${k}`,
      width: 32,
      height: 32,
      draw: (c: CanvasRenderingContext2D) => {
        c.fillStyle = ICON_COLOR[k];
        glyph(c, k, 16, 16, 26);
      },
    })),
  ];
}

/** The clan's emblem: diamond (gangsters), star (authorities), triangle (loners), ring (solo), bolt (event). */
export function emblem(ctx: CanvasRenderingContext2D, clan: ClanKey, x: number, y: number, s: number): void {
  const k = s / 2;
  ctx.beginPath();
  if (clan === 'gangsters') {
    ctx.moveTo(x, y - k);
    ctx.lineTo(x + k * 0.8, y);
    ctx.lineTo(x, y + k);
    ctx.lineTo(x - k * 0.8, y);
    ctx.closePath();
    ctx.fill();
  } else if (clan === 'authorities') {
    starPath(ctx, x, y, k, k * 0.45);
    ctx.fill();
  } else if (clan === 'loners') {
    ctx.moveTo(x, y - k);
    ctx.lineTo(x + k * 0.9, y + k * 0.75);
    ctx.lineTo(x - k * 0.9, y + k * 0.75);
    ctx.closePath();
    ctx.fill();
  } else if (clan === 'solo') {
    ctx.arc(x, y, k * 0.85, 0, Math.PI * 2);
    ctx.moveTo(x + k * 0.45, y);
    ctx.arc(x, y, k * 0.45, 0, Math.PI * 2, true);
    ctx.fill('evenodd');
  } else {
    ctx.moveTo(x + k * 0.2, y - k);
    ctx.lineTo(x - k * 0.6, y + k * 0.1);
    ctx.lineTo(x - k * 0.05, y + k * 0.1);
    ctx.lineTo(x - k * 0.25, y + k);
    ctx.lineTo(x + k * 0.6, y - k * 0.15);
    ctx.lineTo(x + k * 0.05, y - k * 0.15);
    ctx.closePath();
    ctx.fill();
  }
}

/** Small stat glyphs drawn as paths (no emoji font needed). */
export function glyph(
  ctx: CanvasRenderingContext2D,
  kind: 'atk' | 'hp' | 'def' | 'rage',
  x: number,
  y: number,
  s: number,
) {
  const k = s / 2;
  ctx.beginPath();
  if (kind === 'hp') {
    ctx.moveTo(x, y + k * 0.85);
    ctx.bezierCurveTo(x - k * 1.15, y, x - k * 0.8, y - k * 1.05, x, y - k * 0.4);
    ctx.bezierCurveTo(x + k * 0.8, y - k * 1.05, x + k * 1.15, y, x, y + k * 0.85);
    ctx.fill();
  } else if (kind === 'def') {
    ctx.moveTo(x, y - k);
    ctx.lineTo(x + k * 0.85, y - k * 0.6);
    ctx.quadraticCurveTo(x + k * 0.8, y + k * 0.5, x, y + k);
    ctx.quadraticCurveTo(x - k * 0.8, y + k * 0.5, x - k * 0.85, y - k * 0.6);
    ctx.closePath();
    ctx.fill();
  } else if (kind === 'rage') {
    ctx.moveTo(x, y - k);
    ctx.quadraticCurveTo(x + k * 0.9, y - k * 0.1, x + k * 0.55, y + k * 0.6);
    ctx.quadraticCurveTo(x + k * 0.2, y + k, x, y + k);
    ctx.quadraticCurveTo(x - k * 0.7, y + k, x - k * 0.7, y + k * 0.2);
    ctx.quadraticCurveTo(x - k * 0.6, y - k * 0.3, x - k * 0.1, y - k * 0.2);
    ctx.quadraticCurveTo(x + k * 0.15, y - k * 0.55, x, y - k);
    ctx.fill();
  } else {
    // A sword: blade, guard, grip.
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(Math.PI / 4);
    ctx.fillRect(-k * 0.14, -k * 1.05, k * 0.28, k * 1.4);
    ctx.fillRect(-k * 0.5, k * 0.3, k, k * 0.18);
    ctx.fillRect(-k * 0.1, k * 0.45, k * 0.2, k * 0.5);
    ctx.restore();
  }
}

function fitText(ctx: CanvasRenderingContext2D, text: string, maxW: number, size: number, weight: string) {
  fitFont(ctx, text, maxW, size, weight, FONT);
}

const wrap = (ctx: CanvasRenderingContext2D, text: string, maxW: number): string[] =>
  wrapWords(text, maxW, (t) => ctx.measureText(t).width);

const fmt = quarters;

/** Clears a `w` x `h` card canvas and fills its cream body, whose outline stays the current path. */
function cardBody(ctx: CanvasRenderingContext2D, w: number, h: number, r: number): void {
  ctx.clearRect(0, 0, w, h);
  roundRect(ctx, 2, 2, w - 4, h - 4, r);
  ctx.fillStyle = '#f3efe4';
  ctx.fill();
}

/** Strokes the current path as the card's frame: a Boss's gold, a Unique's brass (both 6 wide), else the clan's colour. */
function strokeFrame(ctx: CanvasRenderingContext2D, f: CardFace, width: number): void {
  ctx.lineWidth = f.kind === 'boss' || f.kind === 'unique' ? 6 : width;
  ctx.strokeStyle = f.kind === 'boss' ? CSS.gold : f.kind === 'unique' ? '#b98f2c' : CLAN_STYLE[f.clan].color;
  ctx.stroke();
}

export function drawFace(ctx: CanvasRenderingContext2D, f: CardFace): void {
  const st = CLAN_STYLE[f.clan];
  const W = CARD_W;
  const H = CARD_H;
  cardBody(ctx, W, H, 14);
  strokeFrame(ctx, f, 4);

  // Header band in the clan colour
  clanBand(ctx, st, W, H, 14, 62);

  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  emblem(ctx, f.clan, 24, 24, 26);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  fitText(ctx, f.name, W - 56, 22, '800');
  ctx.fillText(f.name, 44, 25);
  ctx.font = `700 12px ${FONT}`;
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  const tag =
    f.kind === 'event'
      ? 'EVENT · RESOLVES AT ONCE'
      : `${f.kind === 'boss' ? 'BOSS · ' : f.kind === 'unique' ? 'UNIQUE · ' : ''}${st.label.toUpperCase()} · ${f.faction.toUpperCase()}`;
  fitText(ctx, tag, W - 24, 12, '700');
  ctx.fillText(tag, 12, 50);

  if (f.kind !== 'event') {
    // Price and bribe cost, small, under the header.
    ctx.font = `700 13px ${FONT}`;
    ctx.fillStyle = '#5b5446';
    ctx.textAlign = 'left';
    ctx.fillText(`Price ${f.price}`, 12, 76);
    ctx.textAlign = 'right';
    ctx.fillText(f.unbribable ? 'Unbribable' : `Bribe ${f.corruption}`, W - 12, 76);
  }

  // Abilities
  ctx.textAlign = 'left';
  ctx.fillStyle = '#2a2620';
  const top = f.kind === 'event' ? 82 : 96;
  const bottom = f.kind === 'event' ? H - 20 : H - 126;
  let size = 14;
  for (; size >= 10; size--) {
    ctx.font = `500 ${size}px ${FONT}`;
    const lines = f.abilities.flatMap((a) => wrap(ctx, a, W - 28));
    if (lines.length * (size + 3) + (f.abilities.length - 1) * 4 <= bottom - top) break;
  }
  let y = top + size / 2;
  for (const a of f.abilities) {
    for (const l of wrap(ctx, a, W - 28)) {
      if (y > bottom) break;
      ctx.fillText(l, 14, y);
      y += size + 3;
    }
    y += 4;
  }
  if (f.kind === 'event') {
    ctx.fillStyle = 'rgba(230,159,0,0.18)';
    emblem(ctx, 'event', W / 2, H - 70, 90);
    return;
  }

  // The figures are drawn live by the scene (current ATK and HP, shields) in the bottom band; the
  // band shows the printed Defend and Rage beside the clan emblem for reference.
  ctx.fillStyle = st.color;
  ctx.globalAlpha = 0.3;
  emblem(ctx, f.clan, W - 30, H - 112, 26);
  ctx.globalAlpha = 1;
  ctx.font = `700 12px ${FONT}`;
  ctx.fillStyle = '#5b5446';
  ctx.textAlign = 'left';
  ctx.fillText(`D ${fmt(f.defend)} · Rage ${fmt(f.rage)}`, 14, H - 112);
}

function drawBack(ctx: CanvasRenderingContext2D): void {
  const W = CARD_W;
  const H = CARD_H;
  drawCardBackFrame(ctx, W, H, {
    body: '#20242b',
    inset: 14,
    hatch: 'rgba(224,184,79,0.13)',
    step: 16,
    crossed: false,
    border: CSS.gold,
  });
  const cx = W / 2;
  const cy = H / 2;
  ctx.beginPath();
  ctx.arc(cx, cy, 40, 0, Math.PI * 2);
  ctx.fillStyle = '#20242b';
  ctx.fill();
  ctx.stroke();
  // A crown over a K.
  ctx.fillStyle = CSS.gold;
  ctx.beginPath();
  ctx.moveTo(cx - 22, cy - 14);
  ctx.lineTo(cx - 22, cy - 30);
  ctx.lineTo(cx - 11, cy - 21);
  ctx.lineTo(cx, cy - 33);
  ctx.lineTo(cx + 11, cy - 21);
  ctx.lineTo(cx + 22, cy - 30);
  ctx.lineTo(cx + 22, cy - 14);
  ctx.closePath();
  ctx.fill();
  ctx.font = `800 36px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('K', cx, cy + 12);
}

/** A poker-chip token: gold money (with a coin mark) or blue shield (with a shield mark). */
/** A filled circle of radius `r` at (x, y). */
function disc(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
}

function drawChip(ctx: CanvasRenderingContext2D, kind: 'money' | 'shield'): void {
  const c = 32;
  const main = kind === 'money' ? '#e0b84f' : '#56b4e9';
  const dark = kind === 'money' ? '#8a6a1c' : '#1f5f86';
  ctx.clearRect(0, 0, 64, 64);
  disc(ctx, c, c, 30, dark);
  disc(ctx, c, c - 2, 28, main);
  // Edge notches
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    ctx.save();
    ctx.translate(c + Math.cos(a) * 23, c - 2 + Math.sin(a) * 23);
    ctx.rotate(a);
    ctx.fillRect(-3, -5, 6, 10);
    ctx.restore();
  }
  disc(ctx, c, c - 2, 17, dark);
  ctx.fillStyle = '#ffffff';
  if (kind === 'money') {
    ctx.font = `800 22px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('$', c, c - 1);
  } else {
    glyph(ctx, 'def', c, c - 2, 20);
  }
}

/** The header band in the clan colour, `band` tall, inside the card's rounded edge of radius `r`. */
function clanBand(
  ctx: CanvasRenderingContext2D,
  st: { color: string; dark: string },
  w: number,
  h: number,
  r: number,
  band: number,
): void {
  ctx.save();
  roundRect(ctx, 2, 2, w - 4, h - 4, r);
  ctx.clip();
  const grad = ctx.createLinearGradient(0, 0, 0, band);
  grad.addColorStop(0, st.color);
  grad.addColorStop(1, st.dark);
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, w, band);
  ctx.restore();
}

/** The small face: clan header with the name on two lines if needed, emblem watermark. */
function drawMini(ctx: CanvasRenderingContext2D, f: CardFace): void {
  const st = CLAN_STYLE[f.clan];
  const W = MINI_W;
  const H = MINI_H;
  cardBody(ctx, W, H, 10);
  clanBand(ctx, st, W, H, 10, 70);
  roundRect(ctx, 2, 2, W - 4, H - 4, 10);
  strokeFrame(ctx, f, 3);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const words = f.name.split(' ');
  const lines =
    words.length > 1 && f.name.length > 9 ? [words.slice(0, -1).join(' '), words.at(-1)!] : [f.name];
  lines.forEach((l, i) => {
    fitText(ctx, l, W - 12, 24, '800');
    ctx.fillText(l, W / 2, lines.length === 1 ? 36 : 24 + i * 26);
  });
  // Between the header and the shield pips the scene lays over the lower third.
  const mid = 88;
  ctx.fillStyle = st.color;
  ctx.globalAlpha = 0.35;
  emblem(ctx, f.clan, W / 2, mid, 34);
  ctx.globalAlpha = 1;
  if (f.kind === 'boss') {
    ctx.fillStyle = '#8a6a1c';
    ctx.font = `800 16px ${FONT}`;
    ctx.fillText('BOSS', W / 2, mid);
  }
}

function drawMiniBack(ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.scale(MINI_W / CARD_W, MINI_H / CARD_H);
  drawBack(ctx);
  ctx.restore();
}
