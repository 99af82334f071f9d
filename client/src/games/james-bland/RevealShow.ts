/**
 * The James Bland reveal, animated: a "REVEAL!" flash, pianos, anvils, pies, skates and bear traps
 * landing on their targets (a POW word on each hit), defense props, and the biplane dragging each
 * banner across the sky.
 */
import type Phaser from 'phaser';
import type { Reveal } from '@parlor/shared/games/james-bland/types';
import { play } from '../../ui/sound';
import { type AgentCard, FONT } from './AgentCards';
import { DEFENSE_PROP, INK, PROP_FOR } from './art';

const SPLAT: Record<string, string> = {
  'jb-piano': 'KER-PLUNK!',
  'jb-anvil': 'BONK!',
  'jb-pie': 'SPLAT!',
  'jb-skate': 'WHEEE!',
  'jb-trap': 'SNAP!',
};

export class RevealShow {
  constructor(
    private readonly scene: Phaser.Scene,
    private readonly cardOf: (seat: number) => AgentCard | undefined,
  ) {}

  play(reveal: Reveal): void {
    const s = this.scene;
    play('special');
    const flash = s.add.text(s.scale.width / 2, s.scale.height / 2, 'REVEAL!', {
      fontFamily: FONT,
      fontSize: '54px',
      fontStyle: '900',
      color: '#d62839',
      stroke: INK,
      strokeThickness: 8,
    });
    flash.setOrigin(0.5).setScale(0.2).setDepth(50);
    s.tweens.add({
      targets: flash,
      scale: 1,
      duration: 350,
      ease: 'Back.Out',
      yoyo: true,
      hold: 500,
      onComplete: () => flash.destroy(),
    });
    reveal.offenses.forEach((o, k) => {
      const key = PROP_FOR[o.offense];
      if (key) s.time.delayedCall(700 + k * 450, () => this.dropProp(o.target, key, o.result === 'success'));
    });
    reveal.defenses.forEach((d, k) => {
      const key = DEFENSE_PROP[d.defense];
      if (key) s.time.delayedCall(900 + k * 300, () => this.dropProp(d.seat, key, false, true));
    });
    reveal.banners.forEach((b, k) => s.time.delayedCall(600 + k * 3800, () => this.flyBanner(b.text)));
  }

  private dropProp(seat: number, key: string, hit: boolean, small = false): void {
    const s = this.scene;
    const c = this.cardOf(seat);
    if (!c || !s.textures.exists(key)) return;
    const size = Math.min(c.w, c.h) * (small ? 0.35 : 0.55);
    const img = s.add.image(c.x + c.w / 2, c.y - size, key).setDepth(40);
    img.setDisplaySize(size, size * (img.height / img.width));
    const landY = small ? c.y + c.h - size * 0.4 : c.y + c.h * 0.35;
    s.tweens.add({
      targets: img,
      y: landY,
      angle: key === 'jb-pie' ? 20 : 0,
      duration: 520,
      ease: 'Bounce.Out',
      onComplete: () => {
        if (!small) this.pow(c.x + c.w / 2, landY, SPLAT[key] ?? 'POW!', hit);
        s.tweens.add({
          targets: img,
          alpha: 0,
          delay: 900,
          duration: 400,
          onComplete: () => img.destroy(),
        });
      },
    });
    if (!small)
      s.tweens.add({
        targets: c.avatar,
        scaleY: c.avatar.scaleY * 0.8,
        yoyo: true,
        delay: 480,
        duration: 120,
      });
  }

  private pow(x: number, y: number, word: string, hit: boolean): void {
    const s = this.scene;
    const t = s.add
      .text(x, y, word, {
        fontFamily: FONT,
        fontSize: '22px',
        fontStyle: '900',
        color: hit ? '#ffd23f' : '#ffffff',
        stroke: INK,
        strokeThickness: 6,
      })
      .setOrigin(0.5)
      .setDepth(45)
      .setAngle(-8);
    s.tweens.add({ targets: t, scale: { from: 0.3, to: 1.15 }, duration: 250, ease: 'Back.Out' });
    s.tweens.add({
      targets: t,
      alpha: 0,
      y: y - 30,
      delay: 900,
      duration: 400,
      onComplete: () => t.destroy(),
    });
  }

  private flyBanner(text: string): void {
    const s = this.scene;
    const W = s.scale.width;
    const y = Math.max(40, s.scale.height * 0.18);
    const plane = s.add.image(0, 0, 'jb-plane').setDisplaySize(120, 72);
    const label = s.add
      .text(-20, 0, ` ${text} `, {
        fontFamily: FONT,
        fontSize: '16px',
        fontStyle: '800',
        color: '#2a2118',
        backgroundColor: '#fff6d8',
      })
      .setOrigin(1, 0.5);
    const rope = s.add.graphics();
    rope.lineStyle(2, 0x1d1a16, 1).lineBetween(-60, 0, -20, 0);
    const group = s.add.container(-40, y, [rope, label, plane]).setDepth(60);
    plane.setPosition(0, 0);
    s.tweens.add({
      targets: group,
      x: W + label.width + 120,
      duration: 3600,
      ease: 'Linear',
      onComplete: () => group.destroy(),
    });
    s.tweens.add({ targets: group, y: y - 10, yoyo: true, repeat: 5, duration: 300, ease: 'Sine.InOut' });
  }
}
