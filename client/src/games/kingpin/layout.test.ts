import { describe, expect, test } from '@jest/globals';
import {
  CUE_STRIP,
  HAND_MAX,
  MIN_CARD_W,
  damageSpot,
  eventSpot,
  kingpinLayout,
  lookedAt,
  rowCutShift,
  scrollShowing,
  turnStartScroll,
  zoneCuts,
} from './layout';

/** The widgets' real sizes (BoardRow.heightFor, CenterStrip.heightFor), without Phaser. */
const rowHeight = (cw: number, headH: number) => headH + (cw * 280) / 200 + 6;
const centerHeight = (cw: number, compact: boolean) => {
  const cards = (cw * 280) / 200 + 18;
  return compact ? cards + 52 : Math.max(cards + 12, 70);
};
const layout = (W: number, H: number, players: number, isPlayer = true) =>
  kingpinLayout({ W, H, players, isPlayer, rowHeight, centerHeight });
/**
 * A cut `cut` px under the shared zones' top splits none of their labels: above them, past them,
 * across their cards' art over the Bank's and the Fund's labels, or just under the zones' labels.
 */
const zonesClean = (cut: number, cw: number, zonesH: number) => {
  const [over, chips, labels] = zoneCuts(cw) as [number, number, number];
  return cut < over || cut >= zonesH || cut <= chips + 0.01 || Math.abs(cut - labels) < 0.01;
};

describe('the Kingpin layout', () => {
  test.each([
    [1280, 800, 2],
    [1280, 800, 3],
    [360, 740, 2],
    [360, 740, 3],
    [1024, 600, 3],
  ])('at %ix%i with %i players the rows, zones and hand fit on screen, in order', (W, H, players) => {
    const L = layout(W, H, players);
    const mine = L.rows[0]!;
    const opps = L.rows.slice(1).filter((r) => r !== null);
    expect(opps).toHaveLength(players - 1);
    for (const r of [mine, ...opps, L.center]) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.w).toBeLessThanOrEqual(W + 0.5);
    }
    for (const o of opps) expect(o.y + rowHeight(o.cardW, L.headH)).toBeLessThanOrEqual(L.center.y + 0.5);
    expect(L.center.y + centerHeight(L.center.cardW, L.compact)).toBeLessThanOrEqual(mine.y + 0.5);
    expect(mine.y + rowHeight(mine.cardW, L.headH)).toBeLessThanOrEqual(L.handLabel.y + 0.5);
    // The whole hand: every card inside the screen, left to right.
    expect(L.hand).toHaveLength(HAND_MAX);
    const half = { w: L.handCardW / 2, h: (L.handCardW * 1.4) / 2 };
    for (const c of L.hand) {
      expect(c.x - half.w).toBeGreaterThanOrEqual(0);
      expect(c.x + half.w).toBeLessThanOrEqual(W + 0.5);
      expect(c.y + half.h).toBeLessThanOrEqual(Math.max(H, L.height) + 0.5);
    }
  });

  test.each([
    [360, 452, 2, false],
    [360, 468, 3, true],
    [412, 520, 3, true],
  ])('a %ix%i phone stage with %i players: readable cards (scrolls: %s)', (W, H, players, scrolls) => {
    const L = layout(W, H, players);
    for (const r of L.rows) if (r) expect(r.cardW).toBeGreaterThanOrEqual(MIN_CARD_W);
    expect(L.handCardW).toBeGreaterThanOrEqual(MIN_CARD_W);
    expect(L.height > H).toBe(scrolls);
    // Six hand cards side by side, none over another.
    for (let k = 1; k < 6; k++) expect(L.hand[k]!.x - L.hand[k - 1]!.x).toBeGreaterThanOrEqual(L.handCardW);
  });

  test('two opponents sit side by side on a wide screen, stacked on a phone', () => {
    const wide = layout(1280, 800, 3);
    expect(wide.rows[1]!.y).toBe(wide.rows[2]!.y);
    expect(wide.rows[1]!.x).toBeLessThan(wide.rows[2]!.x);
    const phone = layout(360, 740, 3);
    expect(phone.rows[2]!.y).toBeGreaterThan(phone.rows[1]!.y);
  });

  test('your cards are at least as big as an opponent’s, and a spectator’s board has room for no hand', () => {
    const L = layout(1280, 800, 2);
    expect(L.rows[0]!.cardW).toBeGreaterThanOrEqual(L.rows[1]!.cardW);
    expect(L.rows[2]).toBeNull();
    const watching = layout(360, 740, 2, false);
    expect(watching.rows[0]!.cardW).toBeGreaterThanOrEqual(layout(360, 740, 2).rows[0]!.cardW);
  });

  test('a phone with an empty hand keeps no room for its cards (more of the board shows); a desktop keeps it', () => {
    const input = { W: 360, H: 414, players: 3, isPlayer: true, rowHeight, centerHeight };
    const full = kingpinLayout(input);
    const empty = kingpinLayout({ ...input, handEmpty: true });
    // The rows stay where they were (but for the room that keeps the zones' labels whole when
    // scrolled to the top: it depends on the view); only the hand's cards' room goes.
    // (That room goes between the opponents' rows and between the lower one and the zones.)
    const room = (L: typeof full) =>
      L.center.y - L.rows[1]!.y - 2 * (rowHeight(L.rows[1]!.cardW, L.headH) + 5);
    expect(empty.rows[1]).toEqual(full.rows[1]);
    expect(empty.rows[0]!.y - room(empty)).toBeCloseTo(full.rows[0]!.y - room(full), 5);
    expect(full.height - room(full) - (empty.height - room(empty))).toBeCloseTo(full.handCardW * 1.4, 5);
    expect(empty.height).toBeGreaterThanOrEqual(empty.handLabel.y + 16);
    const desk = { W: 1280, H: 800, players: 3, isPlayer: true, rowHeight, centerHeight };
    expect(kingpinLayout({ ...desk, handEmpty: true })).toEqual(kingpinLayout(desk));
  });

  test.each([
    [440, false],
    [440, true],
    [380, false],
  ])(
    'a 360x%i phone with three players pins your row and hand (empty hand: %s): the rest scrolls above, a whole row at a time',
    (H, handEmpty) => {
      const L = kingpinLayout({ W: 360, H, players: 3, isPlayer: true, handEmpty, rowHeight, centerHeight });
      const mine = L.rows[0]!;
      const rowH = rowHeight(mine.cardW, L.headH);
      // Without the pin the top opponent's row and yours would not fit in one view.
      expect(mine.y + rowH - L.rows[1]!.y).toBeGreaterThan(H - CUE_STRIP);
      expect(L.pin).not.toBeNull();
      // Your row and hand are below the pin; the shared zones above it.
      expect(L.pin!).toBeLessThanOrEqual(mine.y);
      expect(L.pin!).toBeGreaterThanOrEqual(L.center.y + centerHeight(L.center.cardW, true) - 0.5);
      // Between the two cue strips over the pinned part, a whole opponent's row fits.
      const view = H - 2 * CUE_STRIP - (L.height - L.pin!);
      expect(view).toBeGreaterThanOrEqual(rowHeight(L.rows[1]!.cardW, L.headH));
    },
  );

  /** A 360-wide phone's layout with three players, for a seated player. */
  const threePlayerPhone = (H: number, handEmpty: boolean) =>
    kingpinLayout({ W: 360, H, players: 3, isPlayer: true, handEmpty, rowHeight, centerHeight });

  test.each([380, 414, 440, 468, 500, 520])(
    'a 360x%i phone with three players, your part pinned, scrolled to the top: the view ends on a clean line of the shared zones, not through a label',
    (H) => {
      for (const handEmpty of [false, true]) {
        const L = threePlayerPhone(H, handEmpty);
        if (L.pin === null) continue;
        // At the top there is no "more above" cue, nor its strip: only the "more below" one's.
        const view = H - CUE_STRIP - (L.height - L.pin);
        const cut = view - L.center.y;
        const zones = centerHeight(L.center.cardW, true);
        // Above the zones, or on one of their clean lines (anywhere across their cards' art over the
        // Bank's and the Fund's labels), or past them.
        const clean = zonesClean(cut, L.center.cardW, zones);
        expect({ H, handEmpty, cut: Math.round(cut), clean }).toEqual({
          H,
          handEmpty,
          cut: Math.round(cut),
          clean: true,
        });
        // The room for it opens above the lowest opponent's row, never between your part and the zones.
        expect(L.pin).toBeCloseTo(L.center.y + zones, 5);
      }
    },
  );

  test('a 360-wide phone with three players, your part pinned, scrolled to the top (no strip there): the view never ends through a label or a card’s figures of the lower row, nor a zones’ label', () => {
    let checked = 0;
    for (let H = 380; H <= 560; H += 2)
      for (const handEmpty of [false, true]) {
        const L = threePlayerPhone(H, handEmpty);
        if (L.pin === null) continue;
        checked++;
        // The view at the top: from the canvas's top to the "more below" strip over your part.
        const foot = H - CUE_STRIP - (L.height - L.pin);
        const low = L.rows[2]!;
        const c = foot - low.y;
        const zones = foot - L.center.y;
        const clean = zonesClean(zones, L.center.cardW, centerHeight(L.center.cardW, true));
        expect({ H, handEmpty, row: rowCutShift(c, low.cardW, L.headH) < 0.01, zonesClean: clean }).toEqual({
          H,
          handEmpty,
          row: true,
          zonesClean: true,
        });
        // And no hole between the two opponents' rows.
        expect(low.y - (L.rows[1]!.y + rowHeight(low.cardW, L.headH))).toBeLessThanOrEqual(31);
      }
    expect(checked).toBeGreaterThan(20);
  });

  test.each([414, 440, 468])(
    "a 360x%i phone with three players, your part pinned: no hole between the two opponents' rows, and scrolled to the bottom the lower one's name is in view when the rows under it fit",
    (H) => {
      for (const handEmpty of [false, true]) {
        const L = threePlayerPhone(H, handEmpty);
        if (L.pin === null) continue;
        const rowH = rowHeight(L.rows[1]!.cardW, L.headH);
        // At the bottom there is no "more below" cue, nor its strip: only the "more above" one's.
        const view = H - CUE_STRIP - (L.height - L.pin);
        const gap = L.rows[2]!.y - (L.rows[1]!.y + rowH);
        // The room a clean cut needs (up to 78 px) went all between the two rows: 40 px at 440, 51 at 468.
        expect({ H, handEmpty, hole: gap > 25 }).toEqual({ H, handEmpty, hole: false });
        const bottomTop = L.pin - view;
        if (L.pin - (L.rows[2]!.y - 4) <= view)
          expect({ H, handEmpty, name: bottomTop <= L.rows[2]!.y - 4 + 0.01 }).toEqual({
            H,
            handEmpty,
            name: true,
          });
      }
    },
  );

  test("a phone drops an out player's row (a desktop keeps it, dimmed): the rest lays out as with one opponent fewer", () => {
    const base = { W: 360, H: 440, isPlayer: true, rowHeight, centerHeight };
    const three = kingpinLayout({ ...base, players: 3, out: [false, true, false] });
    const two = kingpinLayout({ ...base, players: 2 });
    expect(three.rows[1]).toBeNull();
    expect(three.rows[2]).toEqual(two.rows[1]);
    expect(three.rows[0]).toEqual(two.rows[0]);
    expect(three.height).toBe(two.height);
    expect(three.pin).toBe(two.pin);
    // The lower row out: the top one stays where it was.
    const lowOut = kingpinLayout({ ...base, players: 3, out: [false, false, true] });
    expect(lowOut.rows[2]).toBeNull();
    expect(lowOut.rows[1]).toEqual(two.rows[1]);
    // Everyone else out (the match is over): the last boards stay.
    const over = kingpinLayout({ ...base, players: 3, out: [false, true, true] });
    expect(over).toEqual(kingpinLayout({ ...base, players: 3 }));
    const desk = { ...base, W: 1280, H: 800, players: 3 };
    expect(kingpinLayout({ ...desk, out: [false, true, false] })).toEqual(kingpinLayout(desk));
  });

  test('nothing is pinned when it all fits in one view: two players, a desktop, a spectator, a tiny stage', () => {
    expect(layout(360, 440, 2).pin).toBeNull();
    expect(layout(1280, 800, 3).pin).toBeNull();
    expect(layout(360, 440, 3, false).pin).toBeNull();
    // Too short to show a whole row above your pinned part: the whole board scrolls as before.
    expect(layout(360, 300, 3).pin).toBeNull();
  });

  test('phones are compact', () => {
    expect(layout(360, 740, 2).compact).toBe(true);
    expect(layout(1280, 800, 2).compact).toBe(false);
  });
});

describe("a phone's board at the start of your turn", () => {
  test('at the bottom, or up to the top of a row the threat line names', () => {
    expect(turnStartScroll(120, [])).toBe(120);
    // The top opponent (row at y 5) is named: the board starts scrolled up to it.
    expect(turnStartScroll(120, [5])).toBe(1);
    // A named row already in view at the bottom position changes nothing.
    expect(turnStartScroll(40, [118])).toBe(40);
    expect(turnStartScroll(0, [5])).toBe(0);
  });
  test("with the view's size: its foot lands on a clean line of the shared zones, the named row's cards still whole", () => {
    const cw = 40;
    const ch = (cw * 280) / 200; // 56
    const fit = { viewH: 171, zonesTop: 224, zonesH: ch + 70, zoneCw: cw, rowH: 104 };
    const named = 114;
    // Up to the row (110), the foot at 281 would cut the zones 57 px down: through the Draw Pile's
    // and the Discard's labels (56 + 3 to 56 + 16). Up to the line over the Bank's and the Fund's
    // labels instead (across the cards' art: their tops show).
    const y = turnStartScroll(200, [named], fit);
    expect(y + fit.viewH - fit.zonesTop).toBeCloseTo(zoneCuts(cw)[1]!, 5);
    expect(y).toBeLessThan(named - 4);
    expect(y + fit.viewH).toBeGreaterThanOrEqual(named + fit.rowH - 4);
    // A foot already on a clean line (under the labels) stays.
    const under = fit.zonesTop + zoneCuts(cw)[2]! - fit.viewH + 4;
    expect(turnStartScroll(200, [under], fit)).toBeCloseTo(under - 4, 5);
    // No room above to go up to a clean line: up to the row as before.
    expect(turnStartScroll(200, [20], { ...fit, viewH: 230 })).toBe(16);
    // Nor when the named row's cards would go under the foot: a row named lower than the zones' top
    // allows (a made-up place) keeps its turn-start view.
    expect(turnStartScroll(200, [150], { ...fit, rowH: 160 })).toBe(146);
    // At the bottom (your part's edge), nothing to do.
    expect(turnStartScroll(60, [named], fit)).toBe(60);
  });
});

describe('a scrolling board laid out again', () => {
  test('scrolled down, the view starts under the up cue’s strip; near the top the strip goes and the view starts at 0', () => {
    expect(scrollShowing(114, 300)).toBe(114 - CUE_STRIP);
    expect(scrollShowing(10, 300)).toBe(0);
    expect(scrollShowing(400, 300)).toBe(300);
  });

  test('what the player looked at: the highest part whose top is in view and that is still laid out', () => {
    // Bo's row (0), Cy's (1), the zones (2), your pinned row (3: under the view).
    const parts = [
      { worldY: 5, h: 104, canvasY: 5 },
      { worldY: 114, h: 104, canvasY: 114 },
      { worldY: 223, h: 120, canvasY: 223 },
      { worldY: 400, h: 104, canvasY: 470 },
    ];
    expect(lookedAt(parts, 0, 440, () => true)).toBe(0);
    // Bo out: Cy's row keeps its place (not the zones, nor your row under the view).
    expect(lookedAt(parts, 0, 440, (i) => i !== 0)).toBe(1);
    // Scrolled down 60 px: Cy's row is the first whose top is in view; Bo's is across the view's top.
    const down = parts.map((p) => ({ ...p, canvasY: p.worldY - 60 + CUE_STRIP }));
    expect(lookedAt(down, CUE_STRIP, 440, () => true)).toBe(1);
    expect(lookedAt(down, CUE_STRIP, 440, (i) => i !== 1)).toBe(2);
    // Only a part across the view's top: that one.
    expect(lookedAt(down, CUE_STRIP, 70, () => true)).toBe(0);
    // Hidden parts never: -1 when nothing is left.
    expect(lookedAt([{ worldY: 0, h: 50, canvasY: null }], 0, 440, () => true)).toBe(-1);
  });
});

/** Whether the event pop-up at `s` (drawn 1.1 times its card size, as the scene grows it) covers box `b`. */
function popUpCovers(
  s: { x: number; y: number; w: number },
  b: { x: number; y: number; w: number; h: number },
): boolean {
  const w = s.w * 1.1;
  const h = s.w * 1.4 * 1.1;
  return !(b.x >= s.x + w / 2 || b.x + b.w <= s.x - w / 2 || b.y >= s.y + h / 2 || b.y + b.h <= s.y - h / 2);
}

describe("an event card's pop-up spot", () => {
  const base = { viewW: 360, viewH: 440, wMax: 150, wMin: 56, grow: 1.1, prefer: { x: 180, y: 200 } };
  test('the widest card that covers no text, in the view, nearest the zones', () => {
    // A row's name line across the middle and a banner under it: the card goes above or below them.
    const hard = [
      { x: 0, y: 190, w: 360, h: 16 },
      { x: 20, y: 230, w: 320, h: 30 },
    ];
    const s = eventSpot({ ...base, hard, soft: [] })!;
    expect(s).not.toBeNull();
    for (const b of hard) expect(popUpCovers(s, b)).toBe(false);
    expect(s.y - (s.w * 1.54) / 2).toBeGreaterThanOrEqual(0);
    expect(s.y + (s.w * 1.54) / 2).toBeLessThanOrEqual(440);
    expect(s.w).toBeGreaterThanOrEqual(56);
  });
  test("a card's figures are covered only when no stretch without text is wide enough", () => {
    const soft = Array.from({ length: 6 }, (_, i) => ({ x: i * 60, y: 0, w: 60, h: 440 }));
    const s = eventSpot({ ...base, hard: [{ x: 0, y: 100, w: 360, h: 16 }], soft })!;
    expect(s).not.toBeNull();
    expect(popUpCovers(s, { x: 0, y: 100, w: 360, h: 16 })).toBe(false);
    // With a free stretch 120 px wide, it goes there (over no text at all).
    const gap = soft.filter((_, i) => i !== 2 && i !== 3);
    const t = eventSpot({ ...base, hard: [], soft: gap })!;
    for (const b of gap) expect(popUpCovers(t, b)).toBe(false);
  });
  test('no room at all: null (the caller keeps the zones’ middle)', () => {
    expect(eventSpot({ ...base, hard: [{ x: 0, y: 0, w: 360, h: 440 }], soft: [] })).toBeNull();
  });
});

describe("a damage number's place over the card it hit", () => {
  // Board cards are at least MIN_CARD_W (56) wide. CardSprite: the small face below 100 px wide; the name band and the stat strip as cardArt draws them.
  for (const w of [56, 64, 80, 99, 100, 130, 200]) {
    test(`a ${w} px card: between its name and its figures, never over its row's label above it`, () => {
      const h = (w * 280) / 200;
      const b = { x: 10, y: 300, w, h };
      const small = w < 100;
      const s = damageSpot(b, small);
      const nameBottom = b.y + h * (small ? 70 / 168 : 76 / 280);
      const stripTop = b.y + h - Math.max(16, Math.round(h * 0.2)) - 4;
      const half = (s.size * 1.25 + s.stroke) / 2;
      expect(s.y - half).toBeGreaterThanOrEqual(nameBottom);
      expect(s.y + half).toBeLessThanOrEqual(stripTop + 0.01);
      expect(s.x).toBeCloseTo(b.x + w / 2);
      expect(s.size).toBeGreaterThanOrEqual(12);
      expect(s.size).toBeLessThanOrEqual(24);
    });
  }
});

describe("an event card's pop-up on your turn", () => {
  const base = { viewW: 360, viewH: 520, wMax: 150, wMin: 44, readable: 56, grow: 1.1 };
  // A phone's board view: an opponent's row above (cards' texts), the banner, your row's name line
  // and cards, an empty stretch under them; the zones' middle (where it would rather be) just above
  // your row.
  const theirs = Array.from({ length: 5 }, (_, i) => ({ x: 8 + i * 70, y: 30, w: 60, h: 84 }));
  const mine = Array.from({ length: 4 }, (_, i) => ({ x: 8 + i * 70, y: 330, w: 60, h: 84 }));
  const hard = [
    { x: 0, y: 10, w: 360, h: 16 },
    { x: 20, y: 190, w: 320, h: 26 },
    { x: 0, y: 310, w: 360, h: 16 },
  ];
  // The shared zones' cards between them: no stretch of the view is free of every card's text.
  const zones = Array.from({ length: 5 }, (_, i) => ({ x: 8 + i * 70, y: 130, w: 60, h: 170 }));
  const input = { ...base, prefer: { x: 180, y: 300 }, hard, soft: [...theirs, ...zones, ...mine] };
  test('keeps off your own cards when a spot off them is free of the hard texts', () => {
    // Without them it may sit on your row (the texts of the cards are only "soft").
    const s = eventSpot({ ...input, own: mine })!;
    expect(s).not.toBeNull();
    for (const b of [...mine, ...hard]) expect(popUpCovers(s, b)).toBe(false);
  });
  test('covers them only when nothing else is left', () => {
    const full = [
      { x: 0, y: 0, w: 360, h: 326 },
      { x: 0, y: 420, w: 360, h: 100 },
    ];
    const s = eventSpot({ ...input, hard: full, soft: [], own: mine })!;
    expect(s).not.toBeNull();
    for (const b of full) expect(popUpCovers(s, b)).toBe(false);
  });
});
