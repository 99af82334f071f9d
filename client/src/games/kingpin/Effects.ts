/**
 * Short animations for the game's events: attackers lunge at their target, the damage floats up,
 * a destroyed card falls away as a ghost, a bribed card flies to its new owner, an event card is
 * shown large for a moment. Purely visual: the state comes from the next patch.
 */
import type Phaser from 'phaser';
import { COLORS, CSS, FONT } from './cardArt';
import { CardSprite } from './CardSprite';
import { textResolution } from '../cardCanvas';
import { quarters as fmt } from './numbers';
import { damageSpot } from './layout';

/** The name of the floating damage numbers (a test's overlap check leaves them out). */
export const FLOAT = 'kp-float';
/** How far up or down an attacker lunges, in pixels (it stays in its own row's band). */
const LUNGE_Y = 12;

export class Effects {
  /** How many of each animation have started (read by the browser test through the debug hook). */
  readonly played: Record<'attack' | 'destroyed' | 'fly' | 'showCard', number> = {
    attack: 0,
    destroyed: 0,
    fly: 0,
    showCard: 0,
  };

  constructor(private readonly scene: Phaser.Scene) {}

  /** Attackers move a step toward the target and back; the target shakes; the damage floats up. */
  attack(attackers: CardSprite[], target: CardSprite | null, damage: number): void {
    this.played.attack++;
    const tb = target?.bounds();
    for (const a of attackers) {
      const ab = a.bounds();
      const dx = tb ? (tb.x - ab.x) * 0.25 : 0;
      // A short step up or down: a longer one left the card over the row labels until it returned.
      const dy = tb ? Math.max(-LUNGE_Y, Math.min(LUNGE_Y, (tb.y - ab.y) * 0.25)) : -LUNGE_Y;
      this.scene.tweens.add({
        targets: a,
        x: a.x + dx,
        y: a.y + dy,
        duration: 160,
        yoyo: true,
        ease: 'Quad.Out',
      });
    }
    if (!target || !tb) return;
    this.scene.time.delayedCall(160, () => target.hit());
    // Between the card's name and its figures (layout's damageSpot): not over its name, its row's
    // label above it nor its HP, which the next patch changes.
    const spot = damageSpot(tb, target.small());
    this.lastFloat = this.float(spot.x, spot.y, `−${fmt(damage)}`, CSS.red, spot.size, spot.stroke, tb.w + 8);
  }

  /** The last damage number (tests measure where it is drawn while it shows). */
  lastFloat: Phaser.GameObjects.Text | null = null;

  /** A card leaves the table: a ghost of it tilts, drops and fades where it was. */
  destroyed(at: { x: number; y: number; w: number; h: number }, card: string): void {
    this.played.destroyed++;
    const ghost = new CardSprite(this.scene, true).setCardWidth(at.w).showCard(card);
    ghost.setPosition(at.x + at.w / 2, at.y + at.h / 2).setDepth(40);
    this.scene.tweens.add({
      targets: ghost,
      angle: 18,
      y: ghost.y + at.h * 0.4,
      alpha: 0,
      scale: 0.8,
      duration: 700,
      delay: 250,
      ease: 'Quad.In',
      onComplete: () => ghost.destroy(),
    });
    this.burst(at.x + at.w / 2, at.y + at.h / 2);
  }

  /** A card flies from one place to another (a bribe: to the briber's side). */
  fly(
    from: { x: number; y: number; w: number; h: number },
    to: { x: number; y: number },
    card: string,
  ): void {
    this.played.fly++;
    const ghost = new CardSprite(this.scene, true).setCardWidth(from.w).showCard(card);
    ghost.setPosition(from.x + from.w / 2, from.y + from.h / 2).setDepth(40);
    this.scene.tweens.add({
      targets: ghost,
      x: to.x,
      y: to.y,
      scale: 0.7,
      alpha: { from: 1, to: 0.2 },
      duration: 650,
      ease: 'Cubic.InOut',
      onComplete: () => ghost.destroy(),
    });
  }

  /** An event card shown large in the middle of the board, then gone. */
  showCard(card: string, x: number, y: number, w: number): CardSprite {
    this.played.showCard++;
    const ghost = new CardSprite(this.scene, true).setCardWidth(w).showCard(card);
    ghost.setPosition(x, y).setDepth(45).setScale(0.4).setAlpha(0);
    this.scene.tweens.add({ targets: ghost, scale: 1, alpha: 1, duration: 250, ease: 'Back.Out' });
    this.scene.tweens.add({
      targets: ghost,
      alpha: 0,
      scale: 0.9,
      delay: 1500,
      duration: 300,
      onComplete: () => {
        ghost.destroy();
        if (this.shown === ghost) this.shown = null;
      },
    });
    this.shown = ghost;
    return ghost;
  }

  /** The event card on show now (tests measure where it is drawn). */
  shown: CardSprite | null = null;

  /** A number shown over a card for a moment where it is put (no wider than `maxW`), then faded. */
  float(
    x: number,
    y: number,
    text: string,
    color: string,
    size = 24,
    stroke = 5,
    maxW = Infinity,
  ): Phaser.GameObjects.Text {
    const t = this.scene.add
      .text(x, y, text, {
        fontFamily: FONT,
        fontSize: `${size}px`,
        fontStyle: '800',
        color,
        stroke: '#15171b',
        strokeThickness: stroke,
        resolution: textResolution(),
      })
      .setOrigin(0.5)
      .setDepth(60)
      // A number that floats up over the cards for a moment: not part of the layout.
      .setName(FLOAT);
    if (t.width > maxW) t.setScale(maxW / t.width);
    // It stays where it is put (rising, it crossed the card's name and its row's label) and fades.
    this.scene.tweens.add({
      targets: t,
      alpha: 0,
      duration: 1100,
      delay: 300,
      onComplete: () => t.destroy(),
    });
    return t;
  }

  private burst(x: number, y: number): void {
    const g = this.scene.add.graphics().setDepth(55);
    const state = { r: 6, a: 1 };
    this.scene.tweens.add({
      targets: state,
      r: 60,
      a: 0,
      duration: 500,
      onUpdate: () => {
        g.clear();
        g.lineStyle(4, COLORS.red, state.a).strokeCircle(x, y, state.r);
      },
      onComplete: () => g.destroy(),
    });
  }
}
