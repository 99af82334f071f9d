import { describe, expect, test } from '@jest/globals';
import { STRIP_BELOW, TWO_ROWS_FROM, agentGrid, cardPlace } from './agentLayout';

const inside = (p: { x: number; y: number }, c: { x: number; y: number; w: number; h: number }) =>
  p.x >= c.x && p.x <= c.x + c.w && p.y >= c.y && p.y <= c.y + c.h;

describe('the James Bland agent grid', () => {
  test.each([
    [1280, 800, 4],
    [1280, 800, 6],
    [360, 740, 4],
    [360, 740, 6],
    [360, 420, 6],
  ])('at %ix%i with %i agents the cards do not overlap and stay on screen', (W, H, n) => {
    const g = agentGrid(n, W, H, 0, 0);
    expect(g.cards).toHaveLength(n);
    for (const c of g.cards) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.w).toBeLessThanOrEqual(W);
      expect(c.y + c.h).toBeLessThanOrEqual(H);
      expect(inside(c.avatar, c)).toBe(true);
    }
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const [a, b] = [g.cards[i]!, g.cards[j]!];
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart).toBe(true);
      }
  });

  test('phones use two columns for four agents and three for six; desktops one row of four', () => {
    const cols = (n: number, W: number, H: number) =>
      new Set(agentGrid(n, W, H, 0, 0).cards.map((c) => c.x)).size;
    expect(cols(4, 360, 740)).toBe(2);
    expect(cols(6, 360, 740)).toBe(3);
    expect(cols(4, 1280, 800)).toBe(4);
    expect(cols(6, 1280, 800)).toBe(3);
  });

  test('the dossier column and the warnings push the cards left and down', () => {
    const plain = agentGrid(4, 1400, 800, 0, 0);
    const reserved = agentGrid(4, 1400, 800, 320, 40);
    const right = (g: typeof plain) => Math.max(...g.cards.map((c) => c.x + c.w));
    expect(right(reserved)).toBeLessThanOrEqual(1400 - 320);
    expect(reserved.cards[0]!.y).toBe(plain.cards[0]!.y + 40);
    expect(reserved.header.x).toBe((1400 - 320) / 2);
  });
});

describe('an agent card’s text layout', () => {
  test('each height gets its mode', () => {
    expect(cardPlace(0, 0, 200, 230).mode).toBe('tall');
    expect(cardPlace(0, 0, 170, 100).mode).toBe('squeezed');
    expect(cardPlace(0, 0, 170, STRIP_BELOW - 1).mode).toBe('strip');
    expect(cardPlace(0, 0, 170, TWO_ROWS_FROM - 1).mode).toBe('line');
  });

  test('short cards hide the markers and hits; squeezed ones keep hits only with room', () => {
    const strip = cardPlace(0, 0, 170, 50);
    expect(strip.markers).toBeNull();
    expect(strip.hits).toBeNull();
    expect(strip.textX).toBeGreaterThan(strip.avatar.x);
    expect(strip.textX + strip.textW).toBeLessThanOrEqual(170);
    expect(cardPlace(0, 0, 170, 80).hits?.visible).toBe(false);
    expect(cardPlace(0, 0, 170, 100).hits?.visible).toBe(true);
  });

  test('a tall card stacks avatar, name, status, markers and hits downwards, inside the card', () => {
    const c = cardPlace(10, 20, 220, 230);
    const ys = [c.avatar.y, c.name!.y, c.status!.y, c.markers!.y, c.hits!.y];
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    for (const p of [c.name!, c.status!, c.markers!, c.hits!]) expect(inside(p, c)).toBe(true);
    expect(c.small).toBe(false);
    expect(cardPlace(0, 0, 140, 230).small).toBe(true);
  });
});
