/**
 * Bankout's card art, drawn on 2D canvases at load time (nothing comes from the web): off-white
 * faces, a charcoal-and-gold back, a role label on each special card.
 */
import type { TextureJob } from '../../scenes/textures';
import { drawCardBackFrame, roundRect, starPath } from '../cardCanvas';
import { PALETTE } from '../../ui/palette';
import type { CardId, Rank, Suit } from '@parlor/shared/games/bankout/types';

export const CARD_W = 160;
export const CARD_H = 224;
export const BACK_KEY = 'bk-back';
export const FONT = "'Inter', system-ui, sans-serif";

export const COLORS = {
  ...PALETTE,
  felt: 0x1b1e23,
  panel: 0x22262d,
  line: 0x363c46,
  /** A chip that is on (Alert): white text on it reads at 5.5:1. */
  alert: 0xb8321f,
} as const;
export const CSS = {
  text: '#f2efe6',
  muted: '#9aa1ab',
  gold: '#e0b84f',
  red: '#e2553f',
  ink: '#1d1f24',
  cardRed: '#c4382a',
} as const;

const SUITS: Suit[] = ['S', 'H', 'D', 'C'];
const NUMBERS: Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10'];
const FACES: Rank[] = ['J', 'Q', 'K', 'A'];

export const ROLE: Partial<Record<Rank, { label: string; danger: boolean }>> = {
  J: { label: 'ALARM', danger: true },
  A: { label: 'BUST', danger: true },
  Q: { label: 'DECOY', danger: false },
  K: { label: 'INSIDER', danger: false },
  X: { label: 'JOKER', danger: false },
};

export function parseCard(id: CardId): { rank: Rank; suit: Suit | null } {
  if (id.startsWith('X')) return { rank: 'X', suit: null };
  return { rank: id.slice(0, -1) as Rank, suit: id.slice(-1) as Suit };
}

export function cardName(id: CardId): string {
  const { rank, suit } = parseCard(id);
  if (rank === 'X') return 'Joker';
  const names: Partial<Record<Rank, string>> = { J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
  const suitGlyph = { S: '♠', H: '♥', D: '♦', C: '♣' }[suit ?? 'S'];
  return `${names[rank] ?? rank} ${suitGlyph}`;
}

export function faceKey(id: CardId): string {
  const { rank, suit } = parseCard(id);
  return rank === 'X' ? 'bk-X' : `bk-${rank}${suit}`;
}

/** Every texture to generate, in order: the Boot scene reports progress over this list. */
export function cardTextures(): TextureJob[] {
  const job = (key: string, draw: (ctx: CanvasRenderingContext2D) => void): TextureJob => ({
    key,
    width: CARD_W,
    height: CARD_H,
    draw,
  });
  const out = [job(BACK_KEY, drawBack)];
  for (const suit of SUITS) {
    for (const rank of [...NUMBERS, ...FACES])
      out.push(job(`bk-${rank}${suit}`, (c) => drawFace(c, rank, suit)));
  }
  out.push(job('bk-X', (c) => drawFace(c, 'X', null)));
  return out;
}

/** Suit shapes as paths, centred on (x, y) with size s (no font needed). */
export function suitPath(ctx: CanvasRenderingContext2D, suit: Suit, x: number, y: number, s: number): void {
  const k = s / 2;
  ctx.beginPath();
  if (suit === 'D') {
    ctx.moveTo(x, y - k);
    ctx.quadraticCurveTo(x + k * 0.35, y - k * 0.3, x + k * 0.78, y);
    ctx.quadraticCurveTo(x + k * 0.35, y + k * 0.3, x, y + k);
    ctx.quadraticCurveTo(x - k * 0.35, y + k * 0.3, x - k * 0.78, y);
    ctx.quadraticCurveTo(x - k * 0.35, y - k * 0.3, x, y - k);
  } else if (suit === 'H') {
    ctx.moveTo(x, y + k * 0.9);
    ctx.bezierCurveTo(x - k * 1.1, y + k * 0.1, x - k * 1.0, y - k * 0.95, x, y - k * 0.45);
    ctx.bezierCurveTo(x + k * 1.0, y - k * 0.95, x + k * 1.1, y + k * 0.1, x, y + k * 0.9);
  } else if (suit === 'S') {
    ctx.moveTo(x, y - k * 0.95);
    ctx.bezierCurveTo(x + k * 1.15, y - k * 0.05, x + k * 0.75, y + k * 0.75, x + k * 0.08, y + k * 0.35);
    ctx.lineTo(x + k * 0.3, y + k * 0.95);
    ctx.lineTo(x - k * 0.3, y + k * 0.95);
    ctx.lineTo(x - k * 0.08, y + k * 0.35);
    ctx.bezierCurveTo(x - k * 0.75, y + k * 0.75, x - k * 1.15, y - k * 0.05, x, y - k * 0.95);
  } else {
    const r = k * 0.36;
    ctx.moveTo(x + r, y - k * 0.45);
    ctx.arc(x, y - k * 0.45, r, 0, Math.PI * 2);
    ctx.moveTo(x - k * 0.42 + r, y + k * 0.12);
    ctx.arc(x - k * 0.42, y + k * 0.12, r, 0, Math.PI * 2);
    ctx.moveTo(x + k * 0.42 + r, y + k * 0.12);
    ctx.arc(x + k * 0.42, y + k * 0.12, r, 0, Math.PI * 2);
    ctx.moveTo(x - k * 0.1, y);
    ctx.lineTo(x - k * 0.3, y + k * 0.95);
    ctx.lineTo(x + k * 0.3, y + k * 0.95);
    ctx.lineTo(x + k * 0.1, y);
  }
  ctx.closePath();
  ctx.fill();
}

function drawFace(ctx: CanvasRenderingContext2D, rank: Rank, suit: Suit | null): void {
  const role = ROLE[rank];
  const ink = suit === 'H' || suit === 'D' ? CSS.cardRed : CSS.ink;
  ctx.clearRect(0, 0, CARD_W, CARD_H);
  roundRect(ctx, 2, 2, CARD_W - 4, CARD_H - 4, 14);
  ctx.fillStyle = '#f4f1e8';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = role ? (role.danger ? CSS.red : CSS.gold) : '#d9d3c3';
  ctx.stroke();

  ctx.fillStyle = ink;
  ctx.textBaseline = 'alphabetic';
  if (rank === 'X') {
    ctx.fillStyle = '#9b7420';
    ctx.font = `800 30px ${FONT}`;
    ctx.textAlign = 'left';
    ctx.fillText('★', 14, 40);
    star(ctx, CARD_W / 2, CARD_H / 2 - 10, 42, 18);
  } else {
    ctx.textAlign = 'center';
    ctx.font = `800 ${rank === '10' ? 30 : 34}px ${FONT}`;
    ctx.fillText(rank, 28, 44);
    if (suit) suitPath(ctx, suit, 28, 62, 20);
    ctx.save();
    ctx.translate(CARD_W, CARD_H);
    ctx.rotate(Math.PI);
    ctx.fillText(rank, 28, 44);
    if (suit) suitPath(ctx, suit, 28, 62, 20);
    ctx.restore();
    if (suit) suitPath(ctx, suit, CARD_W / 2, CARD_H / 2 - (role ? 12 : 0), role ? 54 : 70);
  }
  if (role) {
    ctx.fillStyle = role.danger ? CSS.red : '#b98f2c';
    ctx.fillRect(22, CARD_H / 2 + 30, CARD_W - 44, 28);
    ctx.fillStyle = '#fffaf0';
    ctx.font = `800 16px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.fillText(role.label, CARD_W / 2, CARD_H / 2 + 50);
  } else {
    ctx.font = `700 18px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.fillStyle = 'rgba(29,31,36,0.55)';
    ctx.fillText(`$${rank}`, CARD_W / 2, CARD_H / 2 + 64);
  }
}

function star(ctx: CanvasRenderingContext2D, x: number, y: number, outer: number, inner: number): void {
  ctx.beginPath();
  starPath(ctx, x, y, outer, inner);
  ctx.fillStyle = CSS.gold;
  ctx.fill();
}

function drawBack(ctx: CanvasRenderingContext2D): void {
  drawCardBackFrame(ctx, CARD_W, CARD_H, {
    body: '#262a31',
    inset: 12,
    hatch: 'rgba(224,184,79,0.16)',
    step: 14,
    crossed: true,
    border: CSS.gold,
  });
  ctx.beginPath();
  const cx = CARD_W / 2;
  const cy = CARD_H / 2;
  ctx.moveTo(cx, cy - 34);
  ctx.lineTo(cx + 26, cy);
  ctx.lineTo(cx, cy + 34);
  ctx.lineTo(cx - 26, cy);
  ctx.closePath();
  ctx.fillStyle = '#262a31';
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = CSS.gold;
  ctx.font = `800 28px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('B', cx, cy + 1);
}
