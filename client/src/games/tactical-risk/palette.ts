/**
 * Owner colours: the design's (docs/rules/tactical-risk.md) and a colour-blind-safe set (Okabe-Ito),
 * picked in the map's settings and remembered on this device.
 */
import { UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';

export type PaletteName = 'design' | 'safe';

const DESIGN: Record<string, number> = {
  Russians: 0x993300,
  Germans: 0x9c9c9c,
  British: 0x996600,
  Japanese: 0xff9900,
  Americans: 0x666600,
};

const SAFE: Record<string, number> = {
  Russians: 0xd55e00,
  Germans: 0x8a8a8a,
  British: 0x56b4e9,
  Japanese: 0xf0e442,
  Americans: 0x009e73,
};

export const NEUTRAL_LAND = 0xd8ccaa;
export const NO_LAND = 0x6f6a5f;
export const OCEAN = 0x1d4a6e;
export const OCEAN_DEEP = 0x173b59;
export const SEA_LINE = 0x4f7ea6;

const KEY = 'parlor.tr.palette';

function stored(): PaletteName {
  try {
    return localStorage.getItem(KEY) === 'safe' ? 'safe' : 'design';
  } catch {
    return 'design';
  }
}

let current: PaletteName = stored();

export function paletteName(): PaletteName {
  return current;
}

export function setPalette(name: PaletteName): void {
  current = name;
  try {
    localStorage.setItem(KEY, name);
  } catch {
    // private mode: not remembered
  }
}

export function factionColour(name: string): number {
  return (current === 'safe' ? SAFE : DESIGN)[name] ?? NEUTRAL_LAND;
}

export function css(n: number): string {
  return `#${n.toString(16).padStart(6, '0')}`;
}

export function factionCss(name: string): string {
  return css(factionColour(name));
}

/** Relative luminance 0..1: dark text on light colours. */
export function isLight(n: number): boolean {
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** A lighter shade for hover. */
export function lighten(n: number, k = 0.25): number {
  const ch = (s: number) => Math.round(((n >> s) & 255) + (255 - ((n >> s) & 255)) * k);
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}

export const SHORT: Record<UnitType, string> = {
  infantry: 'Infantry',
  artillery: 'Artillery',
  armour: 'Armour',
  fighter: 'Fighter',
  bomber: 'Bomber',
  transport: 'Transport',
  submarine: 'Submarine',
  destroyer: 'Destroyer',
  carrier: 'Carrier',
  battleship: 'Battleship',
  aaGun: 'AA gun',
  factory: 'Factory',
};

export const UNIT_ORDER: readonly UnitType[] = UNIT_TYPES;
