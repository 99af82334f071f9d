/**
 * Where the Bankout table's parts go for a canvas size: pure maths (no Phaser), so the scene only
 * applies it and tests can check it. Top to bottom: the opponent's panel, the info line (round,
 * pot), the piles, the banner, your panel; spare height is shared out between them.
 */
import { CARD_H, CARD_W } from './cardArt';

export interface BankoutLayoutInput {
  W: number;
  H: number;
  /** The panels' heights for this compactness (PlayerPanel.heightFor): opponent's, yours. */
  panelHeight(withRisk: boolean, compact: boolean): number;
  /** The piles row's height for a card width (CenterArea.rowHeight). */
  rowHeight(cardW: number): number;
}

export interface BankoutLayout {
  compact: boolean;
  /** Left edge and width of the column everything sits in. */
  x0: number;
  panelW: number;
  topY: number;
  infoY: number;
  centerY: number;
  /** Card width of the piles row. */
  cardW: number;
  bannerY: number;
  /** The banner's sub line, under the title. */
  subY: number;
  bannerSize: number;
  subSize: number;
  subWrap: number;
  bottomY: number;
}

const INFO_H = 20;

export function bankoutLayout({ W, H, panelHeight, rowHeight }: BankoutLayoutInput): BankoutLayout {
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
    x0,
    panelW,
    topY,
    infoY,
    centerY,
    cardW,
    bannerY,
    subY,
    bannerSize: compact ? 18 : 22,
    subSize: compact ? 12 : 13,
    subWrap: Math.min(W - 24, 640),
    bottomY: y,
  };
}
