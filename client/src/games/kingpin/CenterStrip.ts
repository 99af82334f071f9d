/**
 * The shared zones between the boards: Draw Pile (a back and a count: its order is never known),
 * Reserve (open cards, tap one to buy it), Discard Pile (top card and count), the Bank and the
 * Golden Fund as chip stacks with counts, and the turn banner.
 */
import Phaser from 'phaser';
import type { KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { COLORS, CSS, FONT } from './cardArt';
import { CardSprite } from './CardSprite';
import { printed } from './cards';
import { textMaker } from '../sceneText';

const RESERVE_SHOWN = 5;

export class CenterStrip extends Phaser.GameObjects.Container {
  readonly pile: CardSprite;
  readonly discard: CardSprite;
  readonly reserve: CardSprite[] = [];
  private labels: Phaser.GameObjects.Text[] = [];
  private bg: Phaser.GameObjects.Graphics;
  private bankChip: Phaser.GameObjects.Image;
  private fundChip: Phaser.GameObjects.Image;
  readonly title: Phaser.GameObjects.Text;
  readonly sub: Phaser.GameObjects.Text;
  private cw = 60;
  /** Pile/discard/reserve positions, for animations. */
  pilePos = { x: 0, y: 0 };

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.add(this.bg);
    this.pile = new CardSprite(scene).showBack();
    this.discard = new CardSprite(scene);
    this.add([this.pile, this.discard]);
    for (let i = 0; i < RESERVE_SHOWN; i++) {
      const c = new CardSprite(scene);
      this.reserve.push(c);
      this.add(c);
    }
    const text = textMaker(scene, FONT);
    for (let i = 0; i < 5; i++) {
      const t = text(11, CSS.muted).setOrigin(0.5, 0).setLetterSpacing(1).setAlign('center');
      this.labels.push(t);
      this.add(t);
    }
    this.bankChip = scene.add.image(0, 0, 'kp-chip-shield').setTint(0xb0b0b0);
    this.fundChip = scene.add.image(0, 0, 'kp-chip-money');
    this.title = text(20, CSS.text, '800').setOrigin(0.5, 0);
    this.sub = text(13, CSS.muted, '500').setOrigin(0.5, 0).setAlign('center');
    this.add([this.bankChip, this.fundChip, this.title, this.sub]);
    scene.add.existing(this);
  }

  static heightFor(cw: number, compact: boolean): number {
    const cards = (cw * 280) / 200 + 18;
    return compact ? cards + 52 : Math.max(cards + 12, 70);
  }

  private compact = false;
  /** A phone: the zones' labels on one line each, the banner just under them. */
  private phone = false;

  layout(w: number, cw: number, compact: boolean): void {
    this.compact = compact || cw < 64;
    this.phone = compact;
    this.cw = cw;
    const ch = (cw * 280) / 200;
    const y = ch / 2;
    const gap = Math.max(compact ? 30 : 16, cw * 0.3);
    for (const l of this.labels) l.setFontSize(10).setLetterSpacing(0.5);
    let x = cw / 2;
    this.pile.setCardWidth(cw).setPosition(x, y);
    // A phone's one-line "DRAW 37" is wider than the pile: it starts at the pile's left edge.
    this.labels[0]!.setOrigin(compact ? 0 : 0.5, 0).setPosition(compact ? 0 : x, ch + 3);
    this.pilePos = { x, y };
    x += cw + gap;
    this.discard.setCardWidth(cw).setPosition(x, y);
    this.labels[1]!.setPosition(x, ch + 3);
    // A phone gives the Reserve's fan the room a wider gap would take.
    x += cw + gap * (compact ? 1 : 1.5);
    const chip = Math.max(26, Math.min(44, cw * 0.5));
    // The Reserve fans its cards in a short row; on a phone the fan closes up so that five cards
    // end before the Bank's chip and its label ("BANK 12" is wider than the chip), which sit at a
    // fixed place on the right.
    const room = compact ? w - chip * 3.2 - chip / 2 - 14 - (x + cw) : Infinity;
    const fan = Math.min(cw * 0.62, Math.max(cw * 0.2, room / (RESERVE_SHOWN - 1)));
    this.reserve.forEach((c) => c.setCardWidth(cw).setY(y));
    // The fan's room: fewer cards spread out in it (render), side by side when they fit.
    this.fan = { x: x + cw / 2, span: fan * (RESERVE_SHOWN - 1), compact };
    this.placeReserve(RESERVE_SHOWN);
    this.labels[2]!.setY(ch + 3);
    const afterReserve = x + cw + fan * (RESERVE_SHOWN - 1) + gap;
    // Bank and Fund: chips with counts, to the right (desktop) or under the banner (phones).
    const tokensX = compact ? w - chip * 3.2 : afterReserve + chip / 2 + 4;
    this.bankChip.setDisplaySize(chip, chip).setPosition(tokensX, y - chip * 0.55);
    this.fundChip.setDisplaySize(chip, chip).setPosition(tokensX + chip * 2.1, y - chip * 0.55);
    this.labels[3]!.setPosition(tokensX, y + chip * 0.05);
    this.labels[4]!.setPosition(tokensX + chip * 2.1, y + chip * 0.05);
    if (compact) {
      // Two lines at most: the banner must end above your row's name (heightFor leaves room).
      this.title.setPosition(w / 2, ch + 18).setFontSize(16);
      this.sub
        .setPosition(w / 2, ch + 38)
        .setFontSize(12)
        .setWordWrapWidth(w - 8)
        .setMaxLines(2);
    } else {
      const bx = (tokensX + chip * 3.2 + w) / 2;
      const room = w - (tokensX + chip * 3.2);
      this.title.setPosition(bx, y - 28).setFontSize(room < 260 ? 16 : 20);
      this.sub
        .setPosition(bx, y)
        .setFontSize(13)
        .setWordWrapWidth(Math.max(120, room - 8))
        .setMaxLines(0);
    }
  }

  render(pub: KingpinPublic): void {
    this.pile.setVisible(pub.drawCount > 0);
    const sep = this.compact && !this.phone ? '\n' : ' ';
    this.labels[0]!.setText(`DRAW${sep}${pub.drawCount}`);
    const top = pub.discard[pub.discard.length - 1];
    if (top) this.discard.showCard(top).setVisible(true).setAlpha(0.8);
    else this.discard.setVisible(false);
    this.labels[1]!.setText(`DISCARD${sep}${pub.discard.length}`);
    const shown = pub.reserve.slice(-RESERVE_SHOWN);
    this.placeReserve(shown.length);
    this.reserve.forEach((c, i) => {
      const id = shown[i];
      if (id) c.showCard(id, printed(id)).setVisible(true);
      else c.setVisible(false);
    });
    this.labels[2]!.setText(`RESERVE${sep}${pub.reserve.length}`);
    this.labels[3]!.setText(`BANK ${pub.bank}`);
    this.labels[4]!.setText(`FUND ${pub.fund}`);
    const ch = (this.cw * 280) / 200;
    const g = this.bg;
    g.clear();
    g.lineStyle(1.5, COLORS.line, 1);
    if (pub.drawCount === 0) g.strokeRoundedRect(0, 0, this.cw, ch, 8);
    if (!top) g.strokeRoundedRect(this.pile.x + this.cw * 0.68, 0, this.cw, ch, 8);
    if (pub.reserve.length === 0) g.strokeRoundedRect(this.reserve[0]!.x - this.cw / 2, 0, this.cw, ch, 8);
  }

  /** Where the Reserve's cards go: the first card's centre and how far the last may be from it. */
  private fan = { x: 0, span: 0, compact: false };

  /**
   * The Reserve's `n` cards in the fan's room: side by side (4 px apart) when they fit, else fanned
   * over it (two cards no longer overlap so that one's name hides under the other); its label under
   * the middle of the cards, on a phone no further right than a quarter of the room (the Bank's
   * label is close on its right).
   */
  private placeReserve(n: number): void {
    const step = n > 1 ? Math.min(this.cw + 4, this.fan.span / (n - 1)) : 0;
    this.reserve.forEach((c, i) => c.setX(this.fan.x + i * step));
    const middle = (step * Math.max(0, n - 1)) / 2;
    this.labels[2]!.setX(this.fan.x + Math.min(middle, this.fan.span / (this.fan.compact ? 4 : 2)));
  }

  /** Reserve card ids in display order (for taps and tests). */
  reserveShown(pub: KingpinPublic): string[] {
    return pub.reserve.slice(-RESERVE_SHOWN);
  }
}
