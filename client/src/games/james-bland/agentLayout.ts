/**
 * Where the James Bland agent cards go and how each lays out its text: pure maths (no Phaser), so
 * the scene only applies it and tests can check it. Cards sit in a grid under the header; a tall
 * card puts its text under the avatar, a squeezed one beside it, and a card too short for rows of
 * text shows a small avatar with the name and status on one or two lines (`strip`, `line`).
 */

/**
 * How the text sits: under the avatar (`tall`), beside it in rows (`squeezed`), or, in a card too
 * short for those (a phone with the planning form and a warning up), name and badge on one row
 * and the status under it (`strip`) or beside the name (`line`).
 */
export type CardMode = 'tall' | 'squeezed' | 'strip' | 'line';

/** Cards shorter than this lay their text out in the `strip` / `line` modes. */
export const STRIP_BELOW = 58;
/** Short cards at least this tall put the status under the name (`strip`), shorter ones beside it. */
export const TWO_ROWS_FROM = 34;

/** A text's place, font size and wrap (absent: unchanged). */
export interface TextPlace {
  x: number;
  y: number;
  size: number;
  wrap?: number;
  maxLines?: number;
  visible?: boolean;
}

export interface AgentCardPlace {
  x: number;
  y: number;
  w: number;
  h: number;
  mode: CardMode;
  /** Results on the card are shortened (phones, six agents). */
  small: boolean;
  avatar: { x: number; y: number; size: number };
  /** Left edge of the text in the `strip` and `line` modes. */
  textX: number;
  /** Widest a text line may be, and the name's and status's font sizes before any shrinking. */
  textW: number;
  nameSize: number;
  statusSize: number;
  /** Text origins: centred above (0.5, 0) or left (0, 0) in the short modes. */
  textOriginX: number;
  /** Name and status places (null in the short modes: placed once their widths are known). */
  name: { x: number; y: number } | null;
  status: { x: number; y: number } | null;
  badge: { x: number; y: number; size: number } | null;
  badgeSize: number;
  /** Markers and hits (null: hidden in the short modes). */
  markers: TextPlace | null;
  hits: TextPlace | null;
}

export interface AgentGrid {
  compact: boolean;
  header: { x: number; y: number; size: number };
  sub: { x: number; y: number; wrap: number };
  /** Top of the near-victory warnings (DOM). */
  warningsTop: number;
  cards: AgentCardPlace[];
}

/**
 * The grid for `n` agents in a canvas W0 x H, `reserveRight` px on the right kept for the dossier
 * and `reserveTop` px under the header for the warnings.
 */
export function agentGrid(
  n0: number,
  W0: number,
  H: number,
  reserveRight: number,
  reserveTop: number,
): AgentGrid {
  const n = Math.max(2, n0);
  const W = Math.max(200, W0 - reserveRight);
  const compact = W < 640;
  const top = (compact ? 48 : 62) + reserveTop;
  const cols = compact ? (n <= 4 ? 2 : 3) : n <= 4 ? n : 3;
  const rows = Math.ceil(n / cols);
  const gap = compact ? 6 : 12;
  const cw = Math.min(250, (W - gap * (cols + 1)) / cols);
  const ch = Math.min(compact ? 190 : 230, (H - top - gap * (rows + 1)) / rows);
  const x0 = (W - (cw * cols + gap * (cols - 1))) / 2;
  const cards = Array.from({ length: n }, (_, i) =>
    cardPlace(x0 + (i % cols) * (cw + gap), top + Math.floor(i / cols) * (ch + gap), cw, ch),
  );
  return {
    compact,
    header: { x: W / 2, y: compact ? 6 : 10, size: compact ? 15 : 19 },
    sub: { x: W / 2, y: compact ? 26 : 34, wrap: W - 20 },
    warningsTop: compact ? 44 : 56,
    cards,
  };
}

/** One card's text layout for its size. */
export function cardPlace(x: number, y: number, cw: number, ch: number): AgentCardPlace {
  const small = cw < 150 || ch < 170;
  const base = { x, y, w: cw, h: ch, small };
  if (ch < STRIP_BELOW) {
    // Too short for rows of text: a small avatar, the name (badge beside it) and the status
    // placed by render once their widths are known; markers and hits wait for a taller card.
    const av = Math.max(0, Math.min(ch - 8, cw * 0.22));
    const textX = x + av + 14;
    return {
      ...base,
      mode: ch < TWO_ROWS_FROM ? 'line' : 'strip',
      avatar: { x: x + 8 + av / 2, y: y + ch / 2 + 1, size: av },
      textX,
      textW: x + cw - 8 - textX,
      nameSize: 13,
      statusSize: 10,
      textOriginX: 0,
      name: null,
      status: null,
      badge: null,
      badgeSize: 10,
      markers: null,
      hits: null,
    };
  }
  if (ch < 120) {
    // Squeezed (a phone while the planning form is up): avatar on the left, text beside it.
    const av = Math.min(ch - 14, cw * 0.3);
    const tx = x + av + 12 + (cw - av - 18) / 2;
    const tw = cw - av - 18;
    return {
      ...base,
      mode: 'squeezed',
      avatar: { x: x + 8 + av / 2, y: y + ch / 2 + 2, size: av },
      textX: 0,
      textW: tw,
      nameSize: 13,
      statusSize: 10,
      textOriginX: 0.5,
      // Below the badge; last round's results only when there is room (the log has them too).
      name: { x: tx, y: y + 21 },
      status: { x: tx, y: y + 37 },
      badge: { x: x + cw - 6, y: y + 6, size: 10 },
      badgeSize: 10,
      markers: { x: tx, y: y + 50, size: 10, wrap: tw, maxLines: 1 },
      hits: { x: tx, y: y + 63, size: 9, wrap: tw, visible: ch >= 86 },
    };
  }
  const av = Math.min(ch * (small ? 0.4 : 0.45), cw * 0.55);
  const cx = x + cw / 2;
  return {
    ...base,
    mode: 'tall',
    avatar: { x: cx, y: y + 8 + av / 2, size: av },
    textX: 0,
    textW: cw - 12,
    nameSize: small ? 13 : 15,
    statusSize: small ? 10 : 11,
    textOriginX: 0.5,
    name: { x: cx, y: y + 12 + av },
    status: { x: cx, y: y + 30 + av },
    badge: { x: x + cw - 6, y: y + 6, size: small ? 10 : 11 },
    badgeSize: small ? 10 : 11,
    markers: { x: cx, y: y + 45 + av, size: small ? 10 : 11, wrap: cw - 10, maxLines: 2 },
    hits: { x: cx, y: y + 62 + av, size: small ? 9 : 11, wrap: cw - 10 },
  };
}
