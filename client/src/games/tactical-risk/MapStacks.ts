/**
 * A territory's unit stacks, built once per change of its units: a block of chips (one per unit
 * type, with its count) for close zooms, and a row of discs (one per faction, with its total) for
 * far ones. MapView places and scales them and picks which shows. Chips and discs are named
 * `faction|type` and `faction` (MapView.stackRects reads them back for tests).
 */
import type Phaser from 'phaser';
import { UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import type { TrStack } from './adapter';
import { factionColour, isLight } from './palette';
import { ATLAS_KEY, DIGIT, factionAtlas } from './unitArt';

export interface Stacks {
  detail: Phaser.GameObjects.Container;
  summary: Phaser.GameObjects.Container;
  /** Screen px of the chip block (widest row) and of the disc row. */
  detailW: number;
  summaryW: number;
  /** Screen px height of the chip block (the disc row is DISC_H). */
  detailH: number;
}

/** Screen px height of the disc row, its number included. */
export const DISC_H = 22;

export function buildStacks(s: Phaser.Scene, stacks: [string, TrStack][]): Stacks {
  const detail = s.add.container(0, 0);
  const summary = s.add.container(0, 0);
  const CH = 26;
  const GAP = 3;
  const perRow = 4;
  const rows: { faction: string; type: UnitType; n: number }[][] = [];
  for (const [faction, stack] of stacks) {
    const items = UNIT_TYPES.filter((t) => (stack.counts[t] ?? 0) > 0).map((type) => ({
      faction,
      type,
      n: stack.counts[type]!,
    }));
    for (let i = 0; i < items.length; i += perRow) rows.push(items.slice(i, i + perRow));
  }
  const detailW = Math.max(0, ...rows.map((row) => row.length * CH + (row.length - 1) * GAP));
  const summaryW = stacks.length * 22;
  rows.forEach((row, r) => {
    const w = row.length * CH + (row.length - 1) * GAP;
    row.forEach((it, i) => {
      const x = -w / 2 + CH / 2 + i * (CH + GAP);
      const y = r * (CH + GAP) + CH / 2;
      const atlas = factionAtlas(s.textures, factionColour(it.faction));
      const chip = s.add
        .image(x, y, atlas, it.type)
        .setDisplaySize(CH, CH)
        .setName(`${it.faction}|${it.type}`);
      detail.add(chip);
      if (it.n > 1) detail.add(digits(s, String(it.n), x + CH / 2 + 2, y + CH / 2 + 2, 1, 'w', 14));
    });
  });
  const D = 20;
  stacks.forEach(([faction, stack], i) => {
    const total = Object.values(stack.counts).reduce((a, b) => a + (b ?? 0), 0);
    const x = (i - (stacks.length - 1) / 2) * (D + 2);
    const colour = factionColour(faction);
    const disc = s.add
      .image(x, D / 2, factionAtlas(s.textures, colour), 'disc')
      .setDisplaySize(D, D)
      .setName(faction);
    const n = String(total);
    summary.add(disc);
    summary.add(digits(s, n, x, D / 2 + 6, 0.5, isLight(colour) ? 'k' : 'w', n.length > 2 ? 10 : 12));
  });
  const detailH = rows.length * (CH + GAP);
  return { detail, summary, detailW, summaryW, detailH };
}

/**
 * A number from the atlas's digits, `h` px tall: its bottom at `y`, `x` its right edge (align 1) or
 * its centre (align 0.5).
 */
function digits(
  s: Phaser.Scene,
  text: string,
  x: number,
  y: number,
  align: number,
  set: 'w' | 'k',
  h: number,
): Phaser.GameObjects.Image[] {
  const k = h / DIGIT.h;
  const step = DIGIT.w * k * (set === 'w' ? 0.7 : 0.62);
  const width = step * (text.length - 1) + DIGIT.w * k;
  const left = x - width * align;
  return [...text].map((d, i) =>
    s.add
      .image(left + i * step, y, ATLAS_KEY, `${set}${d}`)
      .setOrigin(0, 1)
      .setScale(k),
  );
}
