/**
 * One thief's area: name, rounds won, Bank and Loot (a pop when they change), Alert / Jacks / Latent indicators,
 * the hand (faces for the owner, backs for everyone else) and, for the seat to act, the bust risk.
 */
import Phaser from 'phaser';
import type { BankoutPlayerPublic, CardId } from '@parlor/shared/games/bankout/types';
import { CARD_H, CARD_W, COLORS, CSS, FONT } from './cardArt';
import { CardView } from './CardView';
import { RiskMeter } from './RiskMeter';
import { Ticker, money } from './Ticker';
import { textMaker } from '../sceneText';

export interface PanelUpdate {
  player: BankoutPlayerPublic;
  active: boolean;
  tag: string;
  /** Hand card ids when this screen may see them, else null (backs, `player.handCount` of them). */
  hand: CardId[] | null;
  playable: Set<CardId>;
  onTap: (card: CardId) => void;
  /** Bust risk 0..1 to show, or null to hide the meter. */
  risk: number | null;
  roundsToWin: number;
}

interface Chip {
  bg: Phaser.GameObjects.Graphics;
  text: Phaser.GameObjects.Text;
}

export class PlayerPanel extends Phaser.GameObjects.Container {
  private bg: Phaser.GameObjects.Graphics;
  private nameText: Phaser.GameObjects.Text;
  private tagText: Phaser.GameObjects.Text;
  private pips: Phaser.GameObjects.Graphics;
  private bankLabel: Phaser.GameObjects.Text;
  private lootLabel: Phaser.GameObjects.Text;
  private bank: Ticker;
  private loot: Ticker;
  private chips: Chip[] = [];
  private handCards: CardView[] = [];
  private risk: RiskMeter;
  private panelW = 300;
  private panelH = 150;
  private compact = false;
  private lastUpdate: PanelUpdate | null = null;

  constructor(
    scene: Phaser.Scene,
    private readonly withRisk: boolean,
  ) {
    super(scene, 0, 0);
    const make = textMaker(scene, FONT);
    const text = (size: number, weight: string, color: string) => make(size, color, weight);
    this.bg = scene.add.graphics();
    this.nameText = text(16, '700', CSS.text);
    this.tagText = text(11, '800', CSS.gold).setLetterSpacing(1);
    this.pips = scene.add.graphics();
    this.bankLabel = text(10, '700', CSS.muted).setText('BANK').setLetterSpacing(1.5);
    this.lootLabel = text(10, '700', CSS.muted).setText('LOOT').setLetterSpacing(1.5);
    this.bank = new Ticker(scene, text(30, '800', CSS.gold));
    this.loot = new Ticker(scene, text(22, '700', CSS.text));
    for (let i = 0; i < 3; i++)
      this.chips.push({ bg: scene.add.graphics(), text: text(11, '800', CSS.muted) });
    this.risk = new RiskMeter(scene);
    this.add([
      this.bg,
      this.nameText,
      this.tagText,
      this.pips,
      this.bankLabel,
      this.lootLabel,
      this.bank.text,
      this.loot.text,
    ]);
    for (const c of this.chips) this.add([c.bg, c.text]);
    this.add(this.risk);
    scene.add.existing(this);
  }

  /** Height of the name/Bank/Loot/hand area. */
  static topHeight(compact: boolean): number {
    return compact ? 84 : 100;
  }

  /** Height this panel wants. */
  static heightFor(withRisk: boolean, compact: boolean): number {
    return 12 + PlayerPanel.topHeight(compact) + 8 + 26 + (withRisk ? 30 : 0) + 12;
  }

  layout(w: number, compact: boolean): void {
    this.panelW = w;
    this.compact = compact;
    this.panelH = PlayerPanel.heightFor(this.withRisk, compact);
    this.setSize(w, this.panelH);
    this.bank.text.setFontSize(compact ? 26 : 30);
    this.loot.text.setFontSize(compact ? 19 : 22);
    if (this.lastUpdate) this.render(this.lastUpdate);
  }

  get panelHeight(): number {
    return this.panelH;
  }

  render(u: PanelUpdate): void {
    this.lastUpdate = u;
    const w = this.panelW;
    const h = this.panelH;
    const p = u.player;
    const pad = 14;
    this.bg.clear();
    this.bg.fillStyle(COLORS.panel, 1).fillRoundedRect(0, 0, w, h, 14);
    if (u.active) {
      this.bg.lineStyle(6, COLORS.gold, 0.12).strokeRoundedRect(-2, -2, w + 4, h + 4, 16);
      this.bg.lineStyle(2, COLORS.gold, 1).strokeRoundedRect(0, 0, w, h, 14);
    } else {
      this.bg.lineStyle(1, COLORS.line, 1).strokeRoundedRect(0, 0, w, h, 14);
    }

    // Left column: name, Bank, Loot.
    this.nameText.setText(p.name || '—').setPosition(pad, 12);
    const maxName = w * 0.5;
    if (this.nameText.width > maxName) this.nameText.setText(truncate(this.nameText, p.name, maxName));
    this.tagText.setText(u.tag).setPosition(pad + this.nameText.width + 8, 16);
    this.drawPips(
      pad + this.nameText.width + (u.tag ? this.tagText.width + 18 : 10),
      21,
      p.roundsWon,
      u.roundsToWin,
    );
    const top = this.compact ? 44 : 50;
    const lootX = this.lootX();
    this.bankLabel.setPosition(pad, top);
    this.bank.text.setPosition(pad, top + 13);
    this.lootLabel.setPosition(lootX, top);
    this.loot.text.setPosition(lootX, top + 13 + (this.compact ? 4 : 5));
    this.bank.set(p.bank);
    this.loot.set(p.loot);

    // Indicators row.
    const chipY = 12 + PlayerPanel.topHeight(this.compact) + 8;
    let x = pad;
    // Its words change with it (never the fill alone): NO ALERT / ALERT ON.
    x = this.drawChip(0, x, chipY, p.alert ? 'ALERT ON' : 'NO ALERT', p.alert);
    x = this.drawChip(1, x + 6, chipY, `JACKS ${p.jacks}/3`, p.jacks > 0);
    this.drawChip(2, x + 6, chipY, `LATENT ACES ${p.latent}`, p.latent > 0);

    this.layoutHand(u, pad);

    this.risk.setVisible(this.withRisk && u.risk !== null);
    if (this.withRisk) {
      this.risk.setPosition(pad, chipY + 34);
      this.risk.draw(w - pad * 2, u.risk ?? 0);
    }
  }

  private drawPips(x: number, y: number, won: number, toWin: number): void {
    this.pips.clear();
    if (toWin <= 0) return;
    for (let i = 0; i < toWin; i++) {
      if (i < won) this.pips.fillStyle(COLORS.gold, 1).fillCircle(x + i * 14, y, 5);
      else this.pips.lineStyle(1.5, COLORS.muted, 0.8).strokeCircle(x + i * 14, y, 4.5);
    }
  }

  private drawChip(i: number, x: number, y: number, label: string, on: boolean): number {
    const chip = this.chips[i] as Chip;
    chip.text.setText(label).setFontSize(this.compact ? 10 : 11);
    chip.text.setColor(on ? '#fff3ef' : CSS.muted);
    const padX = this.compact ? 6 : 8;
    const cw = chip.text.width + padX * 2;
    chip.bg.clear();
    if (on) chip.bg.fillStyle(COLORS.alert, 1).fillRoundedRect(x, y, cw, 24, 12);
    else chip.bg.lineStyle(1, COLORS.line, 1).strokeRoundedRect(x, y, cw, 24, 12);
    chip.text.setPosition(x + padX, y + 12 - chip.text.height / 2);
    return x + cw;
  }

  private lootX(): number {
    return 14 + (this.compact ? 112 : 150);
  }

  private layoutHand(u: PanelUpdate, pad: number): void {
    const ids: (CardId | null)[] = u.hand ?? Array.from({ length: u.player.handCount }, () => null);
    while (this.handCards.length > ids.length) this.handCards.pop()?.destroy();
    while (this.handCards.length < ids.length) {
      const c = new CardView(this.scene, 0, 0, null, false);
      this.add(c);
      this.handCards.push(c);
    }
    const areaH = PlayerPanel.topHeight(this.compact);
    const gap = 8;
    // Right of the Loot figure (room for about "$1,250"): narrow panels (a phone held sideways) get smaller cards.
    const room = this.panelW - pad - (this.lootX() + 64) - gap * (ids.length - 1);
    const cw = Math.max(
      34,
      Math.min((areaH / CARD_H) * CARD_W, this.panelW * 0.2, room / Math.max(1, ids.length)),
    );
    ids.forEach((id, i) => {
      const card = this.handCards[i] as CardView;
      if (card.cardId !== id || (id !== null) !== !!u.hand) card.show(id, u.hand !== null);
      card.setCardWidth(cw);
      const x = this.panelW - pad - cw / 2 - (ids.length - 1 - i) * (cw + gap);
      card.setPosition(x, 12 + areaH / 2);
      const playable = id !== null && u.playable.has(id);
      card.setPlayable(playable, playable && id ? () => u.onTap(id) : undefined);
      card.y -= playable ? 4 : 0;
    });
  }

  /** Screen rectangles of the hand cards (for tests and tooltips). */
  handRects(): { card: CardId | null; x: number; y: number; w: number; h: number }[] {
    return this.handCards.map((c) => {
      const m = c.getWorldTransformMatrix();
      const w = c.cardWidth;
      const h = (CARD_H / CARD_W) * w;
      return { card: c.cardId, x: m.tx - w / 2, y: m.ty - h / 2, w, h };
    });
  }

  /** The Bank and Loot figures as drawn now (for tests: they must never lag the state). */
  shownMoney(): { bank: string; loot: string } {
    return { bank: this.bank.text.text, loot: this.loot.text.text };
  }

  moneyText(): string {
    return money(this.lastUpdate?.player.bank ?? 0);
  }
}

function truncate(t: Phaser.GameObjects.Text, full: string, max: number): string {
  let s = full;
  while (s.length > 1) {
    s = s.slice(0, -1);
    t.setText(`${s}…`);
    if (t.width <= max) return `${s}…`;
  }
  return s;
}
