/**
 * The offline build's backdrop: a quiet charcoal room with a few cards lying still (nothing moves:
 * a static screen should cost no CPU). The server build's lobby has no Phaser at all (lobby.css).
 */
import Phaser from 'phaser';
import { PALETTE } from '../ui/palette';

export class LobbyScene extends Phaser.Scene {
  static readonly KEY = 'lobby';

  constructor() {
    super(LobbyScene.KEY);
  }

  create(): void {
    this.draw();
    this.scale.on('resize', this.draw, this);
    this.events.once('shutdown', () => this.scale.off('resize', this.draw, this));
  }

  private draw(): void {
    this.children.removeAll(true);
    const { width, height } = this.scale;
    const g = this.add.graphics();
    g.fillStyle(PALETTE.bg, 1).fillRect(0, 0, width, height);
    g.fillStyle(PALETTE.gold, 0.05).fillCircle(width * 0.85, height * 0.1, Math.max(width, height) * 0.35);
    const keys = ['bk-back', 'bk-AS', 'bk-KH', 'bk-X', 'bk-QD', 'bk-back'];
    keys.forEach((key, i) => {
      if (!this.textures.exists(key)) return;
      const x = width * (0.08 + 0.17 * i);
      const y = height * (i % 2 ? 0.92 : 0.86);
      this.add
        .image(x, y, key)
        .setScale(Math.min(0.7, width / 900))
        .setAngle(-14 + i * 6)
        .setAlpha(0.1);
    });
  }
}
