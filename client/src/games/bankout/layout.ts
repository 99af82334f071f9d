/**
 * Where the Bankout table's parts go for a canvas size: pure maths (no Phaser), so the scene only
 * applies it and tests can check it. Top to bottom: the opponent's panel, the info line (round,
 * pot), the piles, the banner, your panel; spare height is shared out between them. Where that
 * column is taller than the screen (a phone held sideways: 740x360 leaves the canvas about 236 px
 * once the top bar and the action strip have theirs), the info line across the top and three
 * columns under it: the opponent's panel on the left, the piles and banner in the middle, yours on
 * the right. On party mode's table screen (a TV, scaled up), the two panels side by side on top and
 * the piles row as large as the rest leaves it under them.
 */
import { CARD_H, CARD_W } from './cardArt';

export interface BankoutLayoutInput {
  W: number;
  H: number;
  /** The panels' heights for this compactness (PlayerPanel.heightFor): opponent's, yours. */
  panelHeight(withRisk: boolean, compact: boolean): number;
  /** The piles row's height for a card width (CenterArea.rowHeight). */
  rowHeight(cardW: number): number;
  /** Party mode's table screen: nobody's own panel, the cards large (see screenLayout). */
  screen?: boolean;
}

export interface BankoutLayout {
  compact: boolean;
  /** Three columns side by side (short, wide screens) instead of one. */
  wide: boolean;
  /** Left edge and width of everything together. */
  x0: number;
  panelW: number;
  /** Each part's column: the opponent's panel, the middle (piles, banner), your panel. */
  topX: number;
  topW: number;
  midX: number;
  midW: number;
  bottomX: number;
  bottomW: number;
  topY: number;
  infoY: number;
  /** The info line (round, mode; the pot at its right end): over the middle, or over all three columns. */
  infoX: number;
  infoW: number;
  infoH: number;
  centerY: number;
  /** Card width of the piles row. */
  cardW: number;
  bannerY: number;
  /** The banner's centre line, and its sub line under the title. */
  bannerX: number;
  bannerH: number;
  subY: number;
  bannerSize: number;
  subSize: number;
  subWrap: number;
  bottomY: number;
}

const INFO_H = 20;
/** The narrowest a panel may be: its indicator row (NO ALERT, JACKS, LATENT ACES) needs this. */
const MIN_SIDE_PANEL = 262;

export function bankoutLayout(input: BankoutLayoutInput): BankoutLayout {
  const { W, H, panelHeight, rowHeight } = input;
  if (input.screen) return screenLayout(input);
  const compact = W < 640 || H < 560;
  const pad = compact ? 10 : 16;
  const bannerH = compact ? 44 : 52;
  const stackedMinH =
    panelHeight(false, compact) + panelHeight(true, compact) + INFO_H + bannerH + rowHeight(40) + pad * 5;
  return stackedMinH > H && W - pad * 4 - MIN_SIDE_PANEL * 2 >= 150 ? threeColumns(input) : oneColumn(input);
}

function oneColumn({ W, H, panelHeight, rowHeight }: BankoutLayoutInput): BankoutLayout {
  const compact = W < 640 || H < 560;
  const pad = compact ? 10 : 16;
  const panelW = Math.min(W - pad * 2, 820);
  const x0 = (W - panelW) / 2;
  const topH = panelHeight(false, compact);
  const botH = panelHeight(true, compact);
  const bannerH = compact ? 44 : 52;
  const gaps = pad * 5;
  const free = H - topH - botH - INFO_H - bannerH - gaps;
  const maxByH = (free - 18) / (CARD_H / CARD_W);
  const cardW = Math.max(40, Math.min(compact ? 74 : 104, maxByH, panelW / (compact ? 5.6 : 8)));
  const rowH = rowHeight(cardW);
  const used = topH + botH + INFO_H + bannerH + rowH + gaps;
  const extra = Math.max(0, (H - used) / 4);

  let y = pad + extra * 0.5;
  const topY = y;
  y += topH + pad + extra;
  const infoY = y;
  y += INFO_H + pad * 0.5;
  const centerY = y;
  y += rowH + pad * 0.5 + extra;
  const bannerY = y;
  const subY = y + (compact ? 22 : 28);
  y += bannerH + pad * 0.5 + extra;
  return {
    compact,
    wide: false,
    x0,
    panelW,
    topX: x0,
    topW: panelW,
    midX: x0,
    midW: panelW,
    bottomX: x0,
    bottomW: panelW,
    topY,
    infoY,
    infoX: x0,
    infoW: panelW,
    infoH: INFO_H,
    centerY,
    cardW,
    bannerX: W / 2,
    bannerY,
    bannerH,
    subY,
    bannerSize: compact ? 18 : 22,
    subSize: compact ? 12 : 13,
    subWrap: Math.min(W - 24, 640),
    bottomY: y,
  };
}

/**
 * Opponent | table | you. The info line goes over the left and middle columns, which sit under it;
 * your panel, the tallest part, has the right column's whole height (with a second row in the
 * action strip, a 740x360 screen leaves the canvas under 200 px).
 */
function threeColumns({ W, H, panelHeight, rowHeight }: BankoutLayoutInput): BankoutLayout {
  const pad = 10;
  const width = Math.min(W - pad * 2, 1100);
  const x0 = (W - width) / 2;
  const sideW = Math.max(MIN_SIDE_PANEL, Math.min(340, (width - pad * 2) * 0.36));
  const midW = width - pad * 2 - sideW * 2;
  const midX = x0 + sideW + pad;
  const topH = panelHeight(false, true);
  const botH = panelHeight(true, true);
  const bannerH = 44;
  const infoY = pad * 0.5;
  const below = infoY + INFO_H + pad * 0.3;
  const room = H - below - pad * 0.5;
  // Deck, discard and at least a card's width of this turn's row side by side (CenterArea.layout).
  const byW = (midW - 8) / 4.6;
  const byH = (room - pad - bannerH - 32) / (CARD_H / CARD_W);
  const cardW = Math.max(40, Math.min(74, byW, byH));
  const rowH = rowHeight(cardW);
  const midH = rowH + pad * 0.5 + bannerH;
  const centerY = below + Math.max(0, (room - midH) / 2);
  const bannerY = centerY + rowH + pad * 0.5;
  return {
    compact: true,
    wide: true,
    x0,
    panelW: width,
    topX: x0,
    topW: sideW,
    midX,
    midW,
    bottomX: x0 + width - sideW,
    bottomW: sideW,
    topY: below + Math.max(0, (room - topH) / 2),
    infoY,
    infoX: x0,
    infoW: width - sideW - pad,
    infoH: INFO_H,
    centerY,
    cardW,
    bannerX: midX + midW / 2,
    bannerY,
    bannerH,
    subY: bannerY + 22,
    bannerSize: 18,
    subSize: 12,
    subWrap: midW,
    bottomY: Math.max(pad * 0.5, (H - botH) / 2),
  };
}

/** The largest card on the table screen's piles row (scene px, before the screen's zoom). */
const SCREEN_MAX_CARD = 150;

/**
 * The table screen: seat 0's panel (the "bottom" one) on the left and seat 1's on the right, both
 * of a spectator's height (no bust meter); the info line, the piles row with cards as large as the
 * height left allows, and the banner under them. The spare height goes around the parts.
 */
function screenLayout({ W, H, panelHeight, rowHeight }: BankoutLayoutInput): BankoutLayout {
  const pad = 16;
  const width = Math.min(W - pad * 2, 1100);
  const x0 = (W - width) / 2;
  const sideW = (width - pad) / 2;
  const panelH = panelHeight(false, false);
  const bannerH = 64;
  const gaps = pad * 4;
  const free = H - panelH - INFO_H - bannerH - gaps;
  const byH = (free - 32) / (CARD_H / CARD_W);
  // Deck, discard and about four drawn cards side by side (CenterArea.layout).
  const cardW = Math.max(40, Math.min(SCREEN_MAX_CARD, byH, width / 6.5));
  const rowH = rowHeight(cardW);
  const extra = Math.max(0, (H - panelH - INFO_H - rowH - bannerH - gaps) / 3);
  const topY = pad + extra;
  const infoY = topY + panelH + pad + extra * 0.5;
  const centerY = infoY + INFO_H + pad * 0.5;
  const bannerY = centerY + rowH + pad * 0.5 + extra * 0.5;
  return {
    compact: false,
    wide: true,
    x0,
    panelW: width,
    topX: x0 + sideW + pad,
    topW: sideW,
    midX: x0,
    midW: width,
    bottomX: x0,
    bottomW: sideW,
    topY,
    infoY,
    infoX: x0,
    infoW: width,
    infoH: INFO_H,
    centerY,
    cardW,
    bannerX: W / 2,
    bannerY,
    bannerH,
    subY: bannerY + 36,
    bannerSize: 28,
    subSize: 16,
    subWrap: Math.min(width, 760),
    bottomY: topY,
  };
}
