/**
 * One player's area: a header line (name, tags, safe, hand count, status) and the 6 board slots.
 * The local player's row also shows the safe as a stack of money chips that can be dragged onto a
 * card (and shields dropped on it).
 */
import Phaser from 'phaser';
import type { KingpinPlayerPublic } from '@parlor/shared/games/kingpin/types';
import { COLORS, CSS, FONT } from './cardArt';
import { CardSprite } from './CardSprite';
import { textMaker } from '../sceneText';

export const SLOTS = 6;

export class BoardRow extends Phaser.GameObjects.Container {
  readonly cards: CardSprite[] = [];
  private bg: Phaser.GameObjects.Graphics;
  private nameText: Phaser.GameObjects.Text;
  private infoText: Phaser.GameObjects.Text;
  private safeChip: Phaser.GameObjects.Image;
  private safeText: Phaser.GameObjects.Text;
  private cw = 80;
  private rowW = 600;
  private headH = 20;
  /** Where the safe sits, in world coordinates (drop target for shields). */
  safeRect = { x: 0, y: 0, w: 0, h: 0 };

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    const text = textMaker(scene, FONT);
    this.bg = scene.add.graphics();
    this.nameText = text(14, CSS.text);
    this.infoText = text(12, CSS.muted, '600').setOrigin(1, 0);
    this.safeChip = scene.add.image(0, 0, 'kp-chip-money');
    this.safeText = text(14, CSS.gold, '800').setOrigin(0, 0.5);
    this.add([this.bg, this.nameText, this.infoText, this.safeChip, this.safeText]);
    for (let i = 0; i < SLOTS; i++) {
      const c = new CardSprite(scene);
      this.cards.push(c);
      this.add(c);
    }
    // The header draws over the cards: an attacker's lunge passes under its row's name, not over it.
    for (const t of [this.nameText, this.infoText, this.safeChip, this.safeText]) this.bringToTop(t);
    scene.add.existing(this);
  }

  static heightFor(cw: number, headH: number): number {
    return headH + (cw * 280) / 200 + 6;
  }

  /** Lay out: width of the row, card width, header height. */
  layout(rowW: number, cw: number, headH: number): void {
    this.rowW = rowW;
    this.cw = cw;
    this.headH = headH;
    const gap = (rowW - cw * SLOTS) / (SLOTS - 1);
    const ch = (cw * 280) / 200;
    this.laidSlots = this.cards.map((c, i) => {
      const at = { x: cw / 2 + i * (cw + gap), y: headH + ch / 2 + 2 };
      c.setPosition(at.x, at.y);
      c.setCardWidth(cw);
      return { ...at, w: cw };
    });
    const fs = headH >= 22 ? 15 : 13;
    this.nameText.setFontSize(fs).setPosition(0, (headH - fs * 1.3) / 2);
    this.infoText.setFontSize(fs - 2).setPosition(rowW, (headH - (fs - 2) * 1.3) / 2);
    const chip = headH - 4;
    this.safeChip.setDisplaySize(chip, chip);
  }

  render(
    p: KingpinPlayerPublic,
    opts: { active: boolean; tag: string; isMe: boolean; dim: boolean; winner: boolean },
  ): void {
    const ch = (this.cw * 280) / 200;
    const gap = (this.rowW - this.cw * SLOTS) / (SLOTS - 1);
    const g = this.bg;
    g.clear();
    // Slot outlines, then a band behind the header when this seat is to act.
    for (let i = 0; i < SLOTS; i++) {
      g.lineStyle(1.5, COLORS.line, 1).strokeRoundedRect(i * (this.cw + gap), this.headH + 2, this.cw, ch, 8);
    }
    if (opts.active) {
      g.fillStyle(COLORS.gold, 0.14).fillRoundedRect(-6, -2, this.rowW + 12, this.headH + 2, 6);
      g.fillStyle(COLORS.gold, 1).fillRect(-6, -2, 3, this.headH + 2);
    }
    const crown = opts.winner ? ' ♛' : '';
    this.nameText.setText(`${p.name || 'Empty seat'}${crown}${opts.tag ? `  ·  ${opts.tag}` : ''}`);
    this.nameText.setColor(opts.active ? CSS.gold : p.eliminated ? CSS.muted : CSS.text);
    const bits: string[] = [];
    if (p.eliminated) bits.push('OUT');
    if (p.synergy) bits.push(`${p.synergy.toUpperCase()} SYNERGY`);
    if (p.rage) bits.push(`Rage ${p.rage}`);
    if (p.bribeCooldown) bits.push('bribe cooldown');
    if (p.supplyDisrupted) bits.push('no buying');
    bits.push(`hand ${p.handCount}`);
    this.infoText.setText(bits.join(' · '));
    // Narrow rows (phones): keep only what fits beside the name and the safe.
    const room = this.rowW - (this.nameText.width + this.headH + 60);
    while (bits.length > 1 && this.infoText.width > room) {
      bits.shift();
      this.infoText.setText(bits.join(' · '));
    }
    // The safe sits after the name, as a chip and a count.
    const nameEnd = this.nameText.x + this.nameText.width + 12;
    const chip = this.headH - 4;
    if (!this.chipHeld) this.safeChip.setPosition(nameEnd + chip / 2, this.headH / 2);
    this.safeText.setText(`${p.safe}`).setPosition(nameEnd + chip + 4, this.headH / 2);
    this.safeText.setFontSize(this.headH >= 22 ? 15 : 13);
    const m = this.getWorldTransformMatrix();
    this.safeRect = { x: m.tx + nameEnd - 8, y: m.ty - 8, w: chip + 50, h: this.headH + 16 };
    this.setAlpha(opts.dim ? 0.55 : 1);
  }

  /** World-space rectangle of the whole row (header and slots). */
  bounds(): { x: number; y: number; w: number; h: number } {
    const m = this.getWorldTransformMatrix();
    return { x: m.tx, y: m.ty, w: this.rowW, h: BoardRow.heightFor(this.cw, this.headH) };
  }

  /** World-space rectangle of the header line (name, safe, status), from edge to edge of the row. */
  headerBounds(): { x: number; y: number; w: number; h: number } {
    const m = this.getWorldTransformMatrix();
    return { x: m.tx - 6, y: m.ty - 2, w: this.rowW + 12, h: this.headH + 2 };
  }

  /** Where the last layout put each slot (row coordinates), whatever an animation does meanwhile. */
  laidSlots: { x: number; y: number; w: number }[] = [];

  /** The header's name line as drawn (tests compare rows before and after a rematch). */
  get label(): string {
    return this.nameText.text;
  }

  /** The chip is being dragged: renders leave it where the pointer has it. */
  chipHeld = false;

  /** The safe chip as a draggable money token (the local player's row only). */
  get chip(): Phaser.GameObjects.Image {
    return this.safeChip;
  }
}
