/**
 * The project's own unit icons: white silhouettes on a 2D canvas (tinted on the map, used as data
 * URLs in the DOM panels). One drawing per unit type, in a 48×48 box.
 */
import { UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import type Phaser from 'phaser';
import { css, isLight } from './palette';

export const ICON = 48;

type Ctx = CanvasRenderingContext2D;

function poly(c: Ctx, pts: number[]): void {
  c.beginPath();
  c.moveTo(pts[0]!, pts[1]!);
  for (let i = 2; i < pts.length; i += 2) c.lineTo(pts[i]!, pts[i + 1]!);
  c.closePath();
  c.fill();
}

function rrect(c: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  c.beginPath();
  c.roundRect(x, y, w, h, r);
  c.fill();
}

function disc(c: Ctx, x: number, y: number, r: number): void {
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.fill();
}

const DRAW: Record<UnitType, (c: Ctx) => void> = {
  infantry(c) {
    disc(c, 24, 11, 5.5); // head
    poly(c, [15, 6, 33, 6, 30, 9, 18, 9]); // helmet brim
    poly(c, [16, 18, 32, 18, 34, 33, 14, 33]); // torso
    poly(c, [15, 33, 22, 33, 21, 44, 15, 44]); // legs
    poly(c, [26, 33, 33, 33, 33, 44, 27, 44]);
    c.fillRect(34, 8, 3, 26); // rifle
  },
  artillery(c) {
    poly(c, [8, 30, 40, 12, 43, 17, 12, 35]); // barrel
    disc(c, 18, 34, 9); // wheel
    poly(c, [20, 32, 42, 40, 40, 43, 18, 37]); // trail
  },
  armour(c) {
    rrect(c, 4, 28, 40, 12, 6); // tracks
    rrect(c, 8, 21, 32, 9, 2); // hull
    rrect(c, 14, 13, 17, 10, 4); // turret
    c.fillRect(29, 16, 17, 3.5); // gun
  },
  fighter(c) {
    poly(c, [24, 3, 27, 10, 27, 38, 24, 44, 21, 38, 21, 10]); // fuselage
    poly(c, [4, 24, 44, 24, 44, 29, 27, 27, 21, 27, 4, 29]); // wings
    poly(c, [15, 39, 33, 39, 33, 43, 15, 43]); // tail
  },
  bomber(c) {
    poly(c, [24, 2, 28, 8, 28, 40, 24, 46, 20, 40, 20, 8]);
    poly(c, [1, 20, 47, 20, 47, 27, 28, 25, 20, 25, 1, 27]);
    for (const x of [8, 15, 33, 40]) rrect(c, x - 2, 16, 4, 8, 2); // engines
    poly(c, [13, 40, 35, 40, 35, 45, 13, 45]);
  },
  transport(c) {
    poly(c, [2, 30, 46, 30, 41, 40, 7, 40]); // hull
    c.fillRect(10, 21, 22, 9); // cargo box
    c.fillRect(34, 17, 7, 13); // bridge
    c.fillRect(36, 11, 3, 6); // funnel
  },
  submarine(c) {
    c.beginPath();
    c.ellipse(24, 31, 22, 6, 0, 0, Math.PI * 2);
    c.fill();
    rrect(c, 18, 19, 10, 10, 2); // tower
    c.fillRect(22, 12, 2, 8); // periscope
  },
  destroyer(c) {
    poly(c, [1, 29, 47, 29, 40, 38, 6, 38]);
    c.fillRect(15, 22, 16, 7);
    c.fillRect(20, 15, 5, 8);
    rrect(c, 34, 24, 7, 5, 2);
    c.fillRect(38, 24, 9, 2);
  },
  carrier(c) {
    poly(c, [1, 27, 47, 27, 43, 37, 7, 37]);
    c.fillRect(1, 24, 46, 4); // flight deck
    c.fillRect(32, 15, 7, 9); // island
    c.fillRect(34, 10, 3, 6);
  },
  battleship(c) {
    poly(c, [0, 29, 48, 29, 42, 39, 5, 39]);
    c.fillRect(16, 19, 15, 10);
    c.fillRect(21, 10, 5, 10);
    rrect(c, 5, 23, 8, 6, 2);
    c.fillRect(0, 23, 7, 2.5);
    rrect(c, 34, 23, 8, 6, 2);
    c.fillRect(40, 23, 8, 2.5);
  },
  aaGun(c) {
    poly(c, [18, 22, 36, 4, 39, 7, 21, 25]);
    poly(c, [12, 24, 30, 6, 33, 9, 15, 27]);
    rrect(c, 12, 24, 16, 8, 3);
    poly(c, [20, 31, 7, 44, 11, 44, 22, 33]);
    poly(c, [20, 31, 33, 44, 29, 44, 18, 33]);
  },
  factory(c) {
    poly(c, [4, 44, 4, 22, 14, 15, 14, 22, 24, 15, 24, 22, 34, 15, 34, 22, 44, 22, 44, 44]);
    c.fillRect(36, 6, 6, 16); // chimney
    c.clearRect(9, 30, 6, 6);
    c.clearRect(21, 30, 6, 6);
    c.clearRect(33, 30, 6, 6);
  },
};

/** Draws one unit silhouette in `colour` at scale `size / 48`. */
export function drawUnit(c: Ctx, type: UnitType, size = ICON, colour = '#fff'): void {
  c.save();
  c.scale(size / ICON, size / ICON);
  c.fillStyle = colour;
  DRAW[type](c);
  c.restore();
}

/** The map's textures: each unit's silhouette, a rounded chip and a disc (tinted per faction). */
const urls = new Map<string, string>();
/** A unit icon as a data URL for the DOM panels (white by default). */
export function unitIconUrl(type: UnitType, colour = '#fff'): string {
  const key = `${type}|${colour}`;
  let url = urls.get(key);
  if (!url) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = ICON;
    drawUnit(canvas.getContext('2d')!, type, ICON, colour);
    url = canvas.toDataURL();
    urls.set(key, url);
  }
  return url;
}

export const ATLAS_KEY = 'tr-stack-atlas';
const CELL = 64;
/** Count digits in the atlas: `w` white with a dark outline, `k` dark (on light discs). */
export const DIGIT = { w: 22, h: 30 };

/**
 * The count digits of the map's stacks in one texture: a text object per count is a texture of its
 * own and breaks the batch, which late-game boards with a thousand chips paid for on every frame.
 */
export function stackAtlas(textures: Phaser.Textures.TextureManager): void {
  if (textures.exists(ATLAS_KEY)) return;
  const tex = textures.createCanvas(ATLAS_KEY, 20 * DIGIT.w, DIGIT.h);
  if (!tex) return;
  const c = tex.getContext();
  c.font = "800 24px 'Inter', system-ui, sans-serif";
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  c.lineJoin = 'round';
  (['w', 'k'] as const).forEach((set, s) => {
    for (let d = 0; d < 10; d++) {
      const x = (s * 10 + d) * DIGIT.w;
      const y = 0;
      if (set === 'w') {
        c.lineWidth = 6;
        c.strokeStyle = '#000';
        c.strokeText(String(d), x + DIGIT.w / 2, y + DIGIT.h / 2 + 1);
      }
      c.fillStyle = set === 'w' ? '#fff' : '#15171b';
      c.fillText(String(d), x + DIGIT.w / 2, y + DIGIT.h / 2 + 1);
      tex.add(`${set}${d}`, 0, x, y, DIGIT.w, DIGIT.h);
    }
  });
  tex.refresh();
}

/** The ink of a unit icon on a chip of `colour`: dark on light colours, white on dark ones. */
export const iconInk = (colour: number): number => (isLight(colour) ? 0x1b1d22 : 0xffffff);

export const factionAtlasKey = (colour: number): string => `tr-stack-${css(colour).slice(1)}`;

/**
 * One owner colour's stack pieces, coloured when drawn: a disc ('disc') and, per unit type, a chip
 * with its icon on it (frame = the type). Not white art tinted per faction: Phaser's canvas renderer
 * ignores tints, so chips and discs showed plain white (and their white icons vanished on them).
 * One chip image instead of chip + icon also halves the objects a stack needs. Returns the key.
 */
export function factionAtlas(textures: Phaser.Textures.TextureManager, colour: number): string {
  const key = factionAtlasKey(colour);
  if (textures.exists(key)) return key;
  const pieces: string[] = ['disc', ...UNIT_TYPES];
  const perRow = 7;
  const tex = textures.createCanvas(key, perRow * CELL, Math.ceil(pieces.length / perRow) * CELL);
  if (!tex) return key;
  const c = tex.getContext();
  const fill = css(colour);
  const ink = css(iconInk(colour));
  pieces.forEach((name, i) => {
    const x = (i % perRow) * CELL;
    const y = Math.floor(i / perRow) * CELL;
    c.save();
    c.translate(x, y);
    c.fillStyle = 'rgba(15,18,24,0.9)';
    if (name === 'disc') {
      disc(c, 32, 32, 31);
      c.fillStyle = fill;
      disc(c, 32, 32, 27);
    } else {
      c.beginPath();
      c.roundRect(1, 1, 62, 62, 14);
      c.fill();
      c.fillStyle = fill;
      c.beginPath();
      c.roundRect(5, 5, 54, 54, 11);
      c.fill();
      // The icon on a canvas of its own first: its cut-outs (the factory's windows) must show the
      // chip, not punch through it.
      c.drawImage(iconCanvas(name as UnitType, ink), CHIP_ICON.at, CHIP_ICON.at - 2);
    }
    c.restore();
    tex.add(name, 0, x, y, CELL, CELL);
  });
  tex.refresh();
  return key;
}

/** The icon on a chip: 20/26 of the chip's width (as the two images were drawn before), centred. */
const CHIP_ICON = { size: Math.round((CELL * 20) / 26), at: Math.round((CELL - (CELL * 20) / 26) / 2) };

function iconCanvas(type: UnitType, colour: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = CHIP_ICON.size;
  drawUnit(canvas.getContext('2d')!, type, CHIP_ICON.size, colour);
  return canvas;
}
