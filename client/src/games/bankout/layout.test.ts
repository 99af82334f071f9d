import { describe, expect, test } from '@jest/globals';
import { type BankoutLayout, bankoutLayout } from './layout';

/** The widgets' real sizes (PlayerPanel.heightFor, CenterArea.rowHeight), without Phaser. */
const sizes = {
  panelHeight: (withRisk: boolean, compact: boolean) =>
    12 + (compact ? 84 : 100) + 8 + 26 + (withRisk ? 30 : 0) + 12,
  rowHeight: (cw: number) => (224 / 160) * cw + 32,
};

describe('the Bankout layout', () => {
  /** Each part's rectangle as the scene places it. */
  const parts = (L: BankoutLayout) => ({
    top: { x: L.topX, y: L.topY, w: L.topW, h: sizes.panelHeight(false, L.compact) },
    info: { x: L.infoX, y: L.infoY, w: L.infoW, h: L.infoH },
    piles: { x: L.midX, y: L.centerY, w: L.midW, h: sizes.rowHeight(L.cardW) },
    banner: { x: L.midX, y: L.bannerY, w: L.midW, h: L.bannerH },
    bottom: { x: L.bottomX, y: L.bottomY, w: L.bottomW, h: sizes.panelHeight(true, L.compact) },
  });
  type Box = ReturnType<typeof parts>['top'];
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

  test.each([
    [1280, 800],
    [360, 740],
    [740, 360],
    // The canvas a 740x360 landscape phone really has, under the top bar and above the action strip.
    [740, 236],
    // ... and with a second row of buttons in the action strip (a card to play).
    [740, 196],
    [1024, 600],
    [412, 640],
    [1920, 1080],
    [844, 390],
  ])('at %ix%i every part is on screen, none over another', (W, H) => {
    const L = bankoutLayout({ W, H, ...sizes });
    const boxes = Object.entries(parts(L));
    for (const [name, b] of boxes) {
      expect({ name, x: b.x >= 0, y: b.y >= 0 }).toEqual({ name, x: true, y: true });
      expect({ name, right: b.x + b.w <= W, bottom: b.y + b.h <= H }).toEqual({
        name,
        right: true,
        bottom: true,
      });
    }
    for (const [i, [a, ba]] of boxes.entries())
      for (const [b, bb] of boxes.slice(i + 1))
        expect({ a, b, overlap: overlap(ba, bb) }).toEqual({ a, b, overlap: false });
    // The banner's sub line starts inside the banner.
    expect(L.subY).toBeGreaterThan(L.bannerY);
    expect(L.subY).toBeLessThan(L.bannerY + L.bannerH);
  });

  test('tall screens stack the parts in one column; a phone held sideways puts them side by side', () => {
    for (const [W, H] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      const L = bankoutLayout({ W, H, ...sizes });
      expect(L.wide).toBe(false);
      const ys = [L.topY, L.infoY, L.centerY, L.bannerY, L.subY, L.bottomY];
      expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    }
    const side = bankoutLayout({ W: 740, H: 236, ...sizes });
    expect(side.wide).toBe(true);
    // Opponent on the left, the table in the middle, you on the right.
    expect(side.topX + side.topW).toBeLessThanOrEqual(side.midX);
    expect(side.midX + side.midW).toBeLessThanOrEqual(side.bottomX);
  });

  test('phones and short screens are compact, with smaller cards and banner', () => {
    const phone = bankoutLayout({ W: 360, H: 740, ...sizes });
    const desk = bankoutLayout({ W: 1280, H: 800, ...sizes });
    expect(phone.compact).toBe(true);
    expect(bankoutLayout({ W: 1280, H: 500, ...sizes }).compact).toBe(true);
    expect(desk.compact).toBe(false);
    expect(phone.cardW).toBeLessThan(desk.cardW);
    expect(phone.bannerSize).toBeLessThan(desk.bannerSize);
    expect(desk.cardW).toBeLessThanOrEqual(104);
  });

  test('a wide screen keeps the column at most 820 px, centred', () => {
    const L = bankoutLayout({ W: 1920, H: 1080, ...sizes });
    expect(L.panelW).toBe(820);
    expect(L.x0).toBe((1920 - 820) / 2);
  });

  test('cards never shrink below 40 px, however short the screen', () => {
    expect(bankoutLayout({ W: 360, H: 300, ...sizes }).cardW).toBe(40);
  });

  test.each([
    // The table screen's scene at 1920x1080 and at 1280x720 (ScreenView zooms Bankout's board to about 500 px high).
    [832, 500],
    [880, 500],
    [720, 480],
  ])('on the table screen at %ix%i: panels side by side, large cards, nothing over another', (W, H) => {
    const L = bankoutLayout({ W, H, ...sizes, screen: true });
    // Nobody's seat: the bottom panel has no bust meter, so the top panel's height.
    const p = parts(L);
    const boxes = Object.entries({ ...p, bottom: { ...p.bottom, h: p.top.h } });
    for (const [name, b] of boxes)
      expect({ name, inside: b.x >= 0 && b.y >= 0 && b.x + b.w <= W && b.y + b.h <= H }).toEqual({
        name,
        inside: true,
      });
    for (const [i, [a, ba]] of boxes.entries())
      for (const [b, bb] of boxes.slice(i + 1))
        expect({ a, b, overlap: overlap(ba, bb) }).toEqual({ a, b, overlap: false });
    // Seat 0 (the "bottom" panel) on the left, seat 1 on the right, on one line.
    expect(L.bottomX + L.bottomW).toBeLessThan(L.topX);
    expect(L.bottomY).toBe(L.topY);
    // Larger cards than a desk's board, and most of the height used.
    expect(L.cardW).toBeGreaterThan(bankoutLayout({ W, H, ...sizes }).cardW);
    expect(L.bannerY + L.bannerH).toBeGreaterThan(H * 0.8);
  });
});
