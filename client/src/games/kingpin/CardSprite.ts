/**
 * One Kingpin card on the table: its face (full art when large, the small face when small), a stat
 * strip with the CURRENT attack and HP, shield pips (filled = shields, hollow = room up to the
 * limit), and marks for selection, attackers, targets and frozen cards. Reports taps and long
 * presses; shield pips can be dragged (the scene decides what a drop means, from `legal`).
 */
import Phaser from 'phaser';
import type { KingpinCardView } from '@parlor/shared/games/kingpin/types';
import { BACK_KEY, CARD_H, CARD_W, COLORS, FONT, faceKey, miniKey } from './cardArt';
import { textResolution } from '../cardCanvas';
import { quarters as fmt } from './numbers';
import type { CardMark } from './viewModel';

export type Mark = CardMark;

const MARK_COLOR: Record<Mark, number> = {
  none: 0,
  selected: COLORS.gold,
  attacker: 0xf0a35e,
  target: COLORS.red,
  option: COLORS.teal,
};

export class CardSprite extends Phaser.GameObjects.Container {
  private img: Phaser.GameObjects.Image;
  private frame: Phaser.GameObjects.Graphics;
  private strip: Phaser.GameObjects.Graphics;
  private atkIcon: Phaser.GameObjects.Image;
  private hpIcon: Phaser.GameObjects.Image;
  private atkText: Phaser.GameObjects.Text;
  private hpText: Phaser.GameObjects.Text;
  private pips: Phaser.GameObjects.Image[] = [];
  /** What the pips were drawn from: they are rebuilt only when it changes. */
  private pipsDrawn = '';
  /** A pip is held by the pointer: a redraw now would destroy it and lose the drag. */
  private pipDragging = false;
  private pipRing: Phaser.GameObjects.Graphics;
  private badge: Phaser.GameObjects.Text;
  private cardW = 100;
  private cardH = 140;
  cardId: string | null = null;
  card: KingpinCardView | null = null;
  private faceUp = false;
  private mark: Mark = 'none';
  private pressTimer: number | null = null;
  private longPressed = false;
  onTap: (() => void) | null = null;
  onLongPress: (() => void) | null = null;
  onHover: ((on: boolean) => void) | null = null;
  /** A shield pip was dragged and dropped at (x, y) in world coordinates. */
  onShieldDrop: ((x: number, y: number) => void) | null = null;
  shieldsDraggable = false;

  /** `passive`: an animation ghost that never takes input (it must not steal a hover or long press). */
  constructor(scene: Phaser.Scene, passive = false) {
    super(scene, 0, 0);
    const res = textResolution();
    this.frame = scene.add.graphics();
    this.img = scene.add.image(0, 0, BACK_KEY);
    this.strip = scene.add.graphics();
    this.atkIcon = scene.add.image(0, 0, 'kp-ico-atk');
    this.hpIcon = scene.add.image(0, 0, 'kp-ico-hp');
    const text = () =>
      scene.add.text(0, 0, '', {
        fontFamily: FONT,
        fontSize: '14px',
        fontStyle: '800',
        color: '#ffffff',
        resolution: res,
      });
    this.atkText = text().setOrigin(0, 0.5);
    this.hpText = text().setOrigin(0, 0.5);
    this.pipRing = scene.add.graphics();
    this.badge = scene.add
      .text(0, 0, '', {
        fontFamily: FONT,
        fontSize: '11px',
        fontStyle: '800',
        color: '#15171b',
        backgroundColor: '#9fd7ff',
        padding: { x: 4, y: 1 },
        resolution: res,
      })
      .setOrigin(0.5, 0.5);
    this.add([
      this.frame,
      this.img,
      this.strip,
      this.atkIcon,
      this.hpIcon,
      this.atkText,
      this.hpText,
      this.pipRing,
      this.badge,
    ]);
    if (passive) {
      scene.add.existing(this);
      return;
    }
    this.img.setInteractive({ useHandCursor: true });
    // The hold timer runs on the wall clock (the game clock can crawl on slow devices).
    // A tap is a press and a release on this card: a drag from elsewhere ending here is not one.
    let pressed = false;
    const cancel = () => {
      if (this.pressTimer !== null) window.clearTimeout(this.pressTimer);
      this.pressTimer = null;
    };
    this.img.on('pointerdown', () => {
      pressed = true;
      this.longPressed = false;
      cancel();
      this.pressTimer = window.setTimeout(() => {
        this.pressTimer = null;
        this.longPressed = true;
        this.onLongPress?.();
      }, 450);
    });
    this.img.on('pointerup', () => {
      cancel();
      if (pressed && !this.longPressed) this.onTap?.();
      pressed = false;
    });
    this.img.on('pointerout', () => {
      cancel();
      pressed = false;
      this.onHover?.(false);
    });
    this.once('destroy', cancel);
    this.img.on('pointerover', () => this.onHover?.(true));
    scene.add.existing(this);
  }

  get cardWidth(): number {
    return this.cardW;
  }
  get cardHeight(): number {
    return this.cardH;
  }

  /** Size by width (cards keep 5:7). */
  setCardWidth(w: number): this {
    this.cardW = w;
    this.cardH = (w * CARD_H) / CARD_W;
    this.applyTexture();
    this.redraw();
    return this;
  }

  /** A face-down card (hand backs, the Draw Pile). */
  showBack(): this {
    this.cardId = null;
    this.card = null;
    this.faceUp = false;
    this.applyTexture();
    this.redraw();
    return this;
  }

  /** A face-up card: a board card with its live figures, or just an id (hand, Reserve). */
  showCard(id: string, card: KingpinCardView | null = null): this {
    const changed = id !== this.cardId || !this.faceUp;
    this.cardId = id;
    this.card = card;
    this.faceUp = true;
    if (changed) this.applyTexture();
    this.redraw();
    return this;
  }

  /** The mark drawn around the card (tests read it through the scene's debug hooks). */
  get currentMark(): Mark {
    return this.mark;
  }

  setMark(mark: Mark): this {
    if (mark !== this.mark) {
      this.mark = mark;
      this.drawFrame();
    }
    return this;
  }

  /** Drawn with the small face (its name in a taller clan band, no ability text). */
  small(): boolean {
    return this.cardW < 100;
  }

  private applyTexture(): void {
    const key =
      !this.faceUp || !this.cardId
        ? this.small()
          ? 'kp-mini-back'
          : BACK_KEY
        : this.small()
          ? miniKey(this.cardId)
          : faceKey(this.cardId);
    const exists = this.scene.textures.exists(key);
    this.img.setTexture(exists ? key : BACK_KEY);
    this.img.setDisplaySize(this.cardW, this.cardH);
  }

  private drawFrame(): void {
    const g = this.frame;
    g.clear();
    if (this.mark === 'none') return;
    const c = MARK_COLOR[this.mark];
    const w = this.cardW;
    const h = this.cardH;
    g.lineStyle(6, c, 0.25).strokeRoundedRect(-w / 2 - 4, -h / 2 - 4, w + 8, h + 8, 10);
    g.lineStyle(3, c, 1).strokeRoundedRect(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4, 9);
  }

  private redraw(): void {
    this.drawFrame();
    const c = this.card;
    const show = c !== null;
    for (const o of [this.strip, this.atkIcon, this.hpIcon, this.atkText, this.hpText, this.pipRing])
      o.setVisible(show);
    this.badge.setVisible(false);
    if (!c) {
      this.clearPips();
      return;
    }
    const w = this.cardW;
    const h = this.cardH;
    // Stat strip over the printed plaques: current ATK and HP (damage shows as a red HP box).
    const sh = Math.max(16, Math.round(h * 0.2));
    const y = h / 2 - sh / 2 - 2;
    const fs = Math.max(11, Math.min(22, Math.round(sh * 0.62)));
    this.strip.clear();
    this.strip.fillStyle(0x15171b, 1).fillRoundedRect(-w / 2 + 2, h / 2 - sh - 4, w - 4, sh + 2, 5);
    const damaged = c.hp < c.maxHp;
    if (damaged)
      this.strip.fillStyle(COLORS.red, 0.85).fillRoundedRect(0, h / 2 - sh - 2, w / 2 - 4, sh - 2, 4);
    const icon = Math.round(fs * 0.95);
    this.atkIcon.setDisplaySize(icon, icon).setPosition(-w / 2 + 4 + icon / 2, y);
    this.atkText
      .setFontSize(fs)
      .setText(fmt(c.atk))
      .setPosition(-w / 2 + 5 + icon, y);
    this.hpIcon.setDisplaySize(icon, icon).setPosition(2 + icon / 2, y);
    this.hpText
      .setFontSize(fs)
      .setText(w >= 118 ? `${fmt(c.hp)}/${fmt(c.maxHp)}` : fmt(c.hp))
      .setPosition(3 + icon, y);
    // Each figure keeps to its half of the strip (shrunk if it would spill over the edge).
    for (const t of [this.atkText, this.hpText]) {
      const room = w / 2 - 6 - icon;
      for (let size = fs; t.width > room && size > 8; size--) t.setFontSize(size - 1);
    }
    this.drawPips(c, sh);
    if (c.frozen) {
      this.badge
        .setText('FROZEN')
        .setVisible(true)
        .setPosition(0, -h / 2 + h * 0.38);
    }
  }

  private clearPips(): void {
    if (this.pipDragging) return;
    for (const p of this.pips) p.destroy();
    this.pips = [];
    this.pipsDrawn = '';
  }

  /**
   * Shield pips in a row over the stat strip: filled = shield, hollow = room left under the limit.
   * Kept as they are while nothing they show changed (every state update redraws the card) and
   * while one is being dragged.
   */
  private drawPips(c: KingpinCardView, sh: number): void {
    const w = this.cardW;
    const h = this.cardH;
    const key = `${w}|${h}|${c.shields}|${c.shieldLimit}|${this.shieldsDraggable}`;
    if (this.pipDragging || key === this.pipsDrawn) return;
    this.clearPips();
    this.pipsDrawn = key;
    const slots = Math.max(c.shieldLimit, c.shields);
    const pip = Math.max(5, Math.min(24, Math.floor((w - 8) / Math.max(4, slots)) - 3));
    const py = h / 2 - sh - 4 - pip / 2 - 2;
    this.pipRing.clear();
    if (slots > 0)
      this.pipRing
        .fillStyle(0x15171b, 0.8)
        .fillRoundedRect(-w / 2 + 2, py - pip / 2 - 2, (pip + 3) * slots + 4, pip + 4, 5);
    for (let i = 0; i < slots; i++) {
      const x = -w / 2 + 4 + pip / 2 + i * (pip + 3);
      if (i < c.shields) {
        const img = this.scene.add.image(x, py, 'kp-chip-shield').setDisplaySize(pip, pip);
        this.add(img);
        this.pips.push(img);
        if (this.shieldsDraggable) this.makeDraggable(img);
      } else {
        this.pipRing.lineStyle(1.5, COLORS.shield, 0.9).strokeCircle(x, py, pip / 2 - 1);
        this.pipRing.fillStyle(0x15171b, 0.55).fillCircle(x, py, pip / 2 - 2);
      }
    }
  }

  private makeDraggable(img: Phaser.GameObjects.Image): void {
    img.setInteractive({ useHandCursor: true, draggable: true });
    img.on('dragstart', () => {
      this.pipDragging = true;
      img.setDepth(10);
      this.parentContainer?.bringToTop(this);
      this.setDepth(50);
    });
    img.on('drag', (_p: Phaser.Input.Pointer, dx: number, dy: number) => img.setPosition(dx, dy));
    img.on('dragend', (p: Phaser.Input.Pointer) => {
      this.pipDragging = false;
      this.pipsDrawn = '';
      this.setDepth(0);
      this.onShieldDrop?.(p.worldX, p.worldY);
      this.redraw();
    });
  }

  /** World-space centre of the first shield pip (tests drag it). */
  firstPip(): { x: number; y: number } | null {
    const p = this.pips[0];
    if (!p) return null;
    const m = p.getWorldTransformMatrix();
    return { x: m.tx, y: m.ty };
  }

  /** World-space bounds, for drop tests and debugging. */
  bounds(): { x: number; y: number; w: number; h: number } {
    const m = this.getWorldTransformMatrix();
    return { x: m.tx - this.cardW / 2, y: m.ty - this.cardH / 2, w: this.cardW, h: this.cardH };
  }

  contains(x: number, y: number): boolean {
    const b = this.bounds();
    return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
  }

  /** A short hop and a red flash: this card was hit. */
  hit(): void {
    this.scene.tweens.add({ targets: this, x: this.x + 6, duration: 50, yoyo: true, repeat: 3 });
    const flash = this.scene.add.graphics();
    flash
      .fillStyle(COLORS.red, 0.5)
      .fillRoundedRect(-this.cardW / 2, -this.cardH / 2, this.cardW, this.cardH, 8);
    this.add(flash);
    this.scene.tweens.add({ targets: flash, alpha: 0, duration: 500, onComplete: () => flash.destroy() });
  }
}
