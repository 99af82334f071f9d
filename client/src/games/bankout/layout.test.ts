import { describe, expect, test } from '@jest/globals';
import { bankoutLayout } from './layout';

/** The widgets' real sizes (PlayerPanel.heightFor, CenterArea.rowHeight), without Phaser. */
const sizes = {
  panelHeight: (withRisk: boolean, compact: boolean) =>
    12 + (compact ? 84 : 100) + 8 + 26 + (withRisk ? 30 : 0) + 12,
  rowHeight: (cw: number) => (224 / 160) * cw + 32,
};

describe('the Bankout layout', () => {
  test.each([
    [1280, 800],
    [360, 740],
    [1024, 600],
    [412, 640],
    [1920, 1080],
  ])('at %ix%i every part is on screen, top to bottom, in the column', (W, H) => {
    const L = bankoutLayout({ W, H, ...sizes });
    const ys = [L.topY, L.infoY, L.centerY, L.bannerY, L.subY, L.bottomY];
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(L.topY).toBeGreaterThanOrEqual(0);
    expect(L.bottomY + sizes.panelHeight(true, L.compact)).toBeLessThanOrEqual(H);
    expect(L.x0).toBeGreaterThanOrEqual(0);
    expect(L.x0 + L.panelW).toBeLessThanOrEqual(W);
    // The piles row ends before the banner starts.
    expect(L.centerY + sizes.rowHeight(L.cardW)).toBeLessThanOrEqual(L.bannerY);
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
});
