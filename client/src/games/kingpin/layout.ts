/**
 * Where the Kingpin table's parts go for a canvas size: pure maths (no Phaser), so the scene only
 * applies it and tests can check it. Opponents' rows on top (two side by side when that gives
 * bigger cards), the shared zones, your row, then your hand; card widths scale together and are
 * the largest whose total height fits.
 */

export const HAND_MAX = 8;

export interface KingpinLayoutInput {
  W: number;
  H: number;
  /** Players at the table (2 or 3; 2 before the view arrives). */
  players: number;
  /** A seat (with a hand to show), not a spectator. */
  isPlayer: boolean;
  /**
   * The seat's hand holds no card: a phone keeps only the hand's label under your row, so more of
   * the opponents' rows fit (a desktop keeps its fixed place for the hand).
   */
  handEmpty?: boolean;
  /**
   * By row index (1, 2: the opponents' rows): that row's player is out. A phone drops the row (its
   * board is empty and a scrolling board kept a strip for a cue that never showed); a desktop keeps
   * it, dimmed.
   */
  out?: readonly boolean[];
  /** A board row's height for a card width and header height (BoardRow.heightFor). */
  rowHeight(cardW: number, headH: number): number;
  /** The shared zones' height (CenterStrip.heightFor). */
  centerHeight(cardW: number, compact: boolean): number;
}

export interface RowPlace {
  x: number;
  y: number;
  /** Row width and card width. */
  w: number;
  cardW: number;
}

export interface KingpinLayout {
  compact: boolean;
  headH: number;
  /** rows[0] is yours (bottom); rows[1..] the opponents' (absent when there is no such opponent). */
  rows: (RowPlace | null)[];
  center: RowPlace;
  /** The hand label's corner, then each hand card's centre. */
  handLabel: { x: number; y: number };
  handCardW: number;
  hand: { x: number; y: number }[];
  /** The height all of it takes: more than H on a phone with three players (the board scrolls). */
  height: number;
  /**
   * A phone whose board scrolls and cannot show the farthest opponent's row and yours at once: the
   * world height where your part (your row and hand) starts. That part stays pinned at the canvas's
   * bottom; the opponents and the shared zones scroll above it. Null: nothing is pinned.
   */
  pin: number | null;
}

/**
 * A scrolling board's strip at the canvas's top (and over a pinned part) where a scroll cue sits:
 * there only while its cue shows (BoardScroll), so scrolled to the top the view starts at the
 * canvas's top, and scrolled to the bottom it reaches down to your pinned part.
 */
export const CUE_STRIP = 26;

/** Narrower screens than this get the phone layout: readable cards, the board scrolls if need be. */
export const PHONE_W = 500;
/** The narrowest card whose name and numbers print readably. */
export const MIN_CARD_W = 56;

export function kingpinLayout(i: KingpinLayoutInput): KingpinLayout {
  const { W, H, isPlayer } = i;
  if (W < PHONE_W) return phoneLayout(i);
  const compact = W < 700;
  const pad = compact ? 8 : 16;
  const opps = Math.max(1, i.players - 1);
  const innerW = Math.min(W - pad * 2, 1100);
  const x0 = (W - innerW) / 2;
  const headH = compact ? 18 : 24;
  /** Card sizes for one arrangement (two opponents side by side, or stacked). */
  const plan = (side: boolean) => {
    const oppRowW = side ? (innerW - pad * 2) / 2 : innerW;
    const oppRows = side ? 1 : opps;
    // Card widths scale together: yours = s, opponents' = s * ro, the shared zones = s * rc, hand s * 0.82.
    const ro = compact && !side ? 1 : side ? 0.8 : 0.72;
    const rc = compact ? 0.7 : 0.6;
    const rh = isPlayer ? 0.82 : 0;
    const widths = (k: number) => ({
      my: k,
      opp: Math.min(k * ro, oppRowW / 6.3),
      cen: Math.min(k * rc, innerW / 9.5),
    });
    const heightOf = (k: number): number => {
      const w = widths(k);
      return (
        oppRows * (i.rowHeight(w.opp, headH) + pad) +
        i.centerHeight(w.cen, compact) +
        pad +
        i.rowHeight(w.my, headH) +
        pad * 0.6 +
        (isPlayer ? 16 + (w.my * rh * 280) / 200 : 0) +
        pad * 2
      );
    };
    // The largest cards that fit: by width first, then shrink until the height fits too.
    let s0 = Math.min(innerW / 6.3, 150);
    while (s0 > 30 && heightOf(s0) > H) s0 *= 0.97;
    return { side, oppRowW, s0, widths, heightOf, score: s0 + widths(s0).opp };
  };
  // Two opponents go side by side when that gives bigger cards (wide or short screens).
  const stacked = plan(false);
  const beside = opps === 2 && W >= 600 ? plan(true) : null;
  const best = beside && beside.score > stacked.score ? beside : stacked;
  const { side, oppRowW, s0, widths, heightOf } = best;
  const { my: myCw, opp: oppCw, cen: centerCw } = widths(s0);
  const extra = Math.max(0, (H - heightOf(s0)) / 5);
  const rows: (RowPlace | null)[] = [null, null, null];
  let y = pad + extra / 2;
  for (let r = 1; r < 3; r++) {
    if (r > opps) continue;
    const col = side ? r - 1 : 0;
    const rw = Math.min(oppRowW, oppCw * 6.45);
    rows[r] = { x: x0 + col * (oppRowW + pad * 2) + (oppRowW - rw) / 2, y, w: rw, cardW: oppCw };
    if (!side || r === opps) y += i.rowHeight(oppCw, headH) + pad;
  }
  y += extra;
  const myW = Math.min(innerW, myCw * 6.45);
  const centerW = compact ? myW : innerW;
  const center = { x: x0 + (innerW - centerW) / 2, y, w: centerW, cardW: centerCw };
  y += i.centerHeight(centerCw, compact) + pad + extra;
  rows[0] = { x: x0 + (innerW - myW) / 2, y, w: myW, cardW: myCw };
  y += i.rowHeight(myCw, headH) + pad * 0.6 + extra * 0.5;
  const hw = myCw * 0.82;
  const hx = x0 + (innerW - myW) / 2;
  const handStep = Math.min(hw + 8, (myW - hw) / Math.max(1, HAND_MAX - 1));
  const hand = Array.from({ length: HAND_MAX }, (_, k) => ({
    x: hx + hw / 2 + k * handStep,
    y: y + 16 + (hw * 1.4) / 2,
  }));
  return { compact, headH, rows, center, handLabel: { x: hx, y }, handCardW: hw, hand, height: H, pin: null };
}

/**
 * A phone: every board and hand card as wide as a sixth of the screen (at least MIN_CARD_W when the
 * screen allows), opponents stacked on top, then the shared zones (smaller cards: a tap shows
 * them), your row and your hand. When that is taller than the screen the scene scrolls the board;
 * `height` says how tall it is.
 */
function phoneLayout(i: KingpinLayoutInput): KingpinLayout {
  const { W, isPlayer } = i;
  const pad = 5;
  const headH = 18;
  const innerW = W - pad * 2;
  const x0 = pad;
  const cw = Math.min(innerW / 6.1, 72);
  const cen = Math.min(cw * 0.7, innerW / 9.5);
  const opps = Math.max(1, i.players - 1);
  // The opponents still in (all of them when none is: the match is over, the last board stays).
  const all = Array.from({ length: opps }, (_, k) => k + 1);
  const live = all.filter((r) => !i.out?.[r]);
  const shown = live.length ? live : all;
  const rows: (RowPlace | null)[] = [null, null, null];
  let y = pad;
  for (const r of shown) {
    rows[r] = { x: x0, y, w: innerW, cardW: cw };
    y += i.rowHeight(cw, headH) + pad;
  }
  const center = { x: x0, y, w: innerW, cardW: cen };
  y += i.centerHeight(cen, true) + pad;
  rows[0] = { x: x0, y, w: innerW, cardW: cw };
  y += i.rowHeight(cw, headH) + pad;
  const handLabel = { x: x0, y };
  // A hand holds at most 6 cards in practice (hand and board together): those sit side by side;
  // a 7th and 8th (rare) tuck in at the right end.
  const step = Math.min(cw + 6, (innerW - cw) / 5);
  const last = x0 + innerW - cw / 2;
  const hand = Array.from({ length: HAND_MAX }, (_, k) => ({
    x: k <= 5 ? x0 + cw / 2 + k * step : last - (HAND_MAX - 1 - k) * cw * 0.3,
    y: y + 16 + (cw * 1.4) / 2,
  }));
  const height = !isPlayer ? y : i.handEmpty ? y + 16 + pad : y + 16 + cw * 1.4 + pad;
  // Your part is pinned when the farthest opponent's row and yours do not fit in one view, and the
  // rest still shows a whole row (between the two cue strips) above it.
  const rowH = i.rowHeight(cw, headH);
  const mine = rows[0]!;
  const top = rows[shown[0]!]!;
  const span = mine.y + rowH - top.y;
  const pinAt = mine.y - pad;
  const view = i.H - 2 * CUE_STRIP - (height - pinAt);
  const pin = isPlayer && height > i.H && span > i.H - CUE_STRIP && view >= rowH + pad ? pinAt : null;
  // Everything under a cut moved down by `shift`: the board grows by it and the pin moves with it.
  const laidOut = (shift: number, pinned: number | null) => ({
    compact: true,
    headH,
    rows,
    center,
    handLabel,
    handCardW: cw,
    hand,
    height: height + shift,
    pin: pinned === null ? null : pinned + shift,
  });
  if (pin === null) return laidOut(0, null);
  // Scrolled to the top (the opponents), the board's view ends somewhere in the shared zones: the
  // zones and all under them move down until it ends on a clean line of the zones (just over their
  // top, or under their labels), so no label is cut in half there (the Bank's and the Fund's sat
  // under the strip). With two opponents' rows the room goes between the lower row and the zones
  // as far as the view scrolled to the bottom still shows that row's name, the rest between the
  // two rows (all of it there left a 55 px hole between them).
  // (Scrolled to the top the up cue hides and its strip with it: the view starts at the canvas's top.)
  const foot = view + CUE_STRIP;
  const cut = foot - center.y;
  const s = zoneCutShift(cut, cen, i.centerHeight(cen, true));
  const low = shown.length > 1 ? rows[shown[shown.length - 1]!]! : null;
  // A shorter view ends in the lower opponent's row: not through its name line nor its cards'
  // figures (the zones and all under them move down with the row, the room between the two rows).
  if (low && cut < -6) {
    const r = rowCutShift(foot - low.y, cw, headH);
    for (const p of [low, center, mine, handLabel, ...hand]) p.y += r;
    return laidOut(r, pin);
  }
  // Scrolled to the bottom the view ends where your part starts (the "more below" strip gone with
  // its cue, the view reaches down to it): its top must not pass the low row's.
  const under = low ? Math.min(s, Math.max(0, low.y - 4 - (pinAt - view - CUE_STRIP))) : s;
  if (low) low.y += s - under;
  for (const p of [center, mine, handLabel, ...hand]) p.y += s;
  return laidOut(s, pin);
}

/**
 * Heights from a phone's shared zones' top (for a card width) where a cut across the board splits
 * nothing of them: 6 px over their top (a playable card's glow reaches 7 px out of it), down to just
 * over the Bank's and the Fund's labels (beside their chips, CenterStrip.layout: across the cards'
 * art and the chips, whose tops show under the "more" strip), and under their one-line labels, which
 * sit 3 px under the cards in 10 px type; the banner's lines come after. Between the first two, any
 * height is clean.
 */
export function zoneCuts(cw: number): number[] {
  const ch = (cw * 280) / 200;
  const chip = Math.max(26, Math.min(44, cw * 0.5));
  return [-6, Math.min(ch / 2 + chip * 0.05, ch - Math.max(16, Math.round(ch * 0.2)) - 4) - 1, ch + 16];
}

/**
 * How far the shared zones must move down (for their card width and height) so that a cut across
 * them at height `cut` from their top splits nothing of them (zoneCuts): 0 above them, past them, or
 * between their first two clean heights; else down to the nearest clean height above the cut.
 */
export function zoneCutShift(cut: number, cw: number, zonesH: number): number {
  const [over, chips, labels] = zoneCuts(cw) as [number, number, number];
  if (cut < over || cut >= zonesH || cut <= chips) return 0;
  return cut - (cut >= labels ? labels : chips);
}

/**
 * How far a phone's board row must move down so that a cut across it at height `c` from its top
 * splits no text of it (for a card width and header height): a cut through its name line (or just
 * over it) goes 6 px over the row; one through its cards' figures (their stat strip, CardSprite:
 * max(16, a fifth of the card) tall, 4 px off the card's foot) goes just over them, across the
 * cards' art. Elsewhere (across the art, under the cards) nothing moves.
 */
export function rowCutShift(c: number, cw: number, headH: number): number {
  const ch = (cw * 280) / 200;
  const figures = headH + 2 + ch - Math.max(16, Math.round(ch * 0.2)) - 5;
  if (c >= -6 && c < headH) return c + 6;
  if (c >= figures && c < headH + 2 + ch) return c - figures;
  return 0;
}

/** A scrolling board's view and shared zones, for where a turn's start scroll may leave the view's foot. */
export interface ScrollFit {
  /** The scrolling view's height, the shared zones' top and height and their card width (world). */
  viewH: number;
  zonesTop: number;
  zonesH: number;
  zoneCw: number;
  /** An opponent's row's height. */
  rowH: number;
}

/**
 * Where a scrolling board starts your turn: at the bottom (`max`: your row and hand, or with your
 * part pinned the shared zones over it), unless an opponent the threat line names sits in a row
 * whose top is above that view; then up to that row's top (less a little air), so the player the
 * line warns about is on screen (and your pinned row with it). With `fit`, a view whose foot would
 * then cross the shared zones' labels (the Draw Pile's and the Discard's sat under the "more" strip)
 * scrolls up a little more, to the nearest clean line of the zones, while the named rows' cards stay
 * whole in view.
 */
export function turnStartScroll(max: number, namedRowTops: readonly number[], fit?: ScrollFit): number {
  if (max <= 0) return 0;
  const y = Math.max(0, Math.min(max, ...namedRowTops.map((t) => t - 4)));
  if (!fit || !namedRowTops.length || y >= max) return y;
  const cut = y + fit.viewH - fit.zonesTop;
  // The foot above the zones, past them, or on a clean stretch of theirs: nothing of theirs is cut.
  const shift = zoneCutShift(cut, fit.zoneCw, fit.zonesH);
  if (shift === 0) return y;
  const up = y - shift;
  // The lowest named row's cards still whole above the foot (its last 4 px are air).
  return up >= 0 && up + fit.viewH >= Math.max(...namedRowTops) + fit.rowH - 4 ? up : y;
}

/**
 * The scroll position (BoardScroll's `y`) whose view starts at world height `top`: once scrolled
 * down the up cue's strip covers the canvas's top, so `top` less the strip; near the board's top the
 * cue and its strip are gone and the view starts above `top` (at 0).
 */
export function scrollShowing(top: number, max: number): number {
  return Math.max(0, Math.min(max, top - CUE_STRIP));
}

/** A part of the board (a row, the shared zones) as it lay: world height and canvas height. */
export interface PartPlace {
  /** Null: not on the board's scrolling view (hidden, or in your pinned part). */
  canvasY: number | null;
  worldY: number;
  h: number;
}

/**
 * Which part the player was looking at on a scrolling board (`viewTop`..`viewBottom`, canvas
 * heights of the board's view): the highest part whose top is in view, else the one across the view's
 * top. Parts in the order to try; `keep(i)` says whether part i is still laid out (a player out:
 * their row is gone, the next part below is kept in place instead). -1: none.
 */
export function lookedAt(
  parts: readonly PartPlace[],
  viewTop: number,
  viewBottom: number,
  keep: (i: number) => boolean,
): number {
  const order = parts
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.canvasY !== null && p.canvasY + p.h > viewTop && p.canvasY < viewBottom)
    .sort((a, b) => a.p.canvasY! - b.p.canvasY!);
  const whole = order.filter(({ p }) => p.canvasY! >= viewTop - 1);
  const across = order.filter(({ p }) => p.canvasY! < viewTop - 1);
  for (const { i } of [...whole, ...across]) if (keep(i)) return i;
  return -1;
}

/** A box in a camera view's own coordinates. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface EventSpotInput {
  /** The board's view (the scrolling camera's, under its cue strip and above a pinned part). */
  viewW: number;
  viewH: number;
  /** The card's widest and narrowest width, and the narrowest worth taking over a bare stretch before covering cards. */
  wMax: number;
  wMin: number;
  readable?: number;
  /** How much the pop's overshoot grows it for a moment (Back.Out: about 1.1). */
  grow: number;
  /** Where it would rather be (the shared zones' middle): the nearest free spot wins. */
  prefer: { x: number; y: number };
  /** Texts it must never cover: row names and lines, the zones' labels, the banner, the hand's label. */
  hard: Box[];
  /** Texts it had better not cover: the cards' own names and numbers. */
  soft: Box[];
  /**
   * Your own board's cards, on your turn (the cards you are about to play with): covered only when
   * no spot of any size off them is free of the hard texts.
   */
  own?: Box[];
}

const clear = (b: Box, list: Box[]) =>
  list.every((o) => o.x >= b.x + b.w || o.x + o.w <= b.x || o.y >= b.y + b.h || o.y + o.h <= b.y);

/**
 * Where an event card's pop-up goes (its centre and width, in the view's coordinates): the widest
 * card, nearest `prefer`, that covers no text at all when one at least `good` wide fits (an empty
 * stretch of the board: your row's empty slots, a desktop's side), else the widest that covers no
 * row name, zone label or banner (the cards' figures under it for a moment), at least `readable` wide;
 * failing that, a smaller one down to `wMin` (bare stretch first).
 * Null: nowhere (the caller falls back to the zones' middle).
 */
export function eventSpot(i: EventSpotInput): { x: number; y: number; w: number } | null {
  const air = 4;
  const step = 6;
  const good = Math.min(i.wMax, Math.max(i.wMin, 84));
  const readable = Math.min(i.wMax, Math.max(i.wMin, i.readable ?? i.wMin));
  const search = (from: number, to: number, avoid: Box[]) => {
    for (let w = from; w >= to - 0.01; w -= 4) {
      const bw = w * i.grow + 2 * air;
      const bh = w * 1.4 * i.grow + 2 * air;
      if (bw > i.viewW || bh > i.viewH) continue;
      let best: { x: number; y: number; w: number; d: number } | null = null;
      // A grid, and every spot where the card's edge meets a text's or the view's (a tight gap).
      const at = (size: number, half: number, edges: number[]) => {
        const out = new Set<number>();
        for (let v = half; v <= size - half + 0.01; v += step) out.add(v);
        for (const e of edges)
          for (const v of [e + half, e - half]) if (v >= half && v <= size - half) out.add(v);
        out.add(half);
        out.add(size - half);
        return [...out];
      };
      const xs = at(
        i.viewW,
        bw / 2,
        avoid.flatMap((o) => [o.x, o.x + o.w]),
      );
      const ys = at(
        i.viewH,
        bh / 2,
        avoid.flatMap((o) => [o.y, o.y + o.h]),
      );
      for (const x of xs)
        for (const y of ys) {
          const d = Math.hypot(x - i.prefer.x, y - i.prefer.y);
          if (best && d >= best.d) continue;
          if (clear({ x: x - bw / 2, y: y - bh / 2, w: bw, h: bh }, avoid)) best = { x, y, w, d };
        }
      if (best) return { x: best.x, y: best.y, w: best.w };
    }
    return null;
  };
  const tiers = (hard: Box[]) =>
    search(i.wMax, good, [...hard, ...i.soft]) ??
    search(i.wMax, readable, hard) ??
    search(readable, i.wMin, [...hard, ...i.soft]) ??
    search(readable, i.wMin, hard);
  return (i.own?.length ? tiers([...i.hard, ...i.own]) : null) ?? tiers(i.hard);
}

/**
 * Where a damage number floats over the card it hit (`b`, its bounds; `small`: the small face):
 * the band between the card's name header (the small face's clan band, the large face's name,
 * tag and price lines) and its stat strip, so it covers neither the card's name, its row's label
 * above it nor its figures. Its font fits that band (24 px at most, 12 at least); it does not move.
 */
export function damageSpot(
  b: Box,
  small: boolean,
): { x: number; y: number; size: number; stroke: number; band: { top: number; bottom: number } } {
  const stroke = 4;
  // cardArt: the small face's band ends at 70 of 168; the large face's price line at about 84 of 280.
  const top = b.y + b.h * (small ? 70 / 168 : 86 / 280);
  // CardSprite: the stat strip is max(16, 0.2 h) high, 4 px above the card's foot.
  const bottom = b.y + b.h - Math.max(16, Math.round(b.h * 0.2)) - 4;
  // A line of text is about 1.25 times its font size high, plus the stroke.
  const size = Math.max(12, Math.min(24, Math.floor((bottom - top - stroke) / 1.25)));
  return { x: b.x + b.w / 2, y: (top + bottom) / 2, size, stroke, band: { top, bottom } };
}
