/**
 * Boot: waits for the fonts, then draws every game's textures on canvases while a progress bar
 * fills. When done it emits READY on the game's event bus; the app then routes to the first screen.
 */
import Phaser from 'phaser';
import { makeCanvasTexture, type TextureJob } from './textures';

export const READY = 'parlor-ready';

export class BootScene extends Phaser.Scene {
  static readonly KEY = 'boot';
  private jobs: TextureJob[] = [];

  constructor() {
    super(BootScene.KEY);
  }

  init(data: { jobs?: TextureJob[] }): void {
    this.jobs = data.jobs ?? (this.registry.get('textureJobs') as TextureJob[] | undefined) ?? [];
  }

  create(): void {
    const { width, height } = this.scale;
    const barW = Math.min(320, width * 0.7);
    const x = (width - barW) / 2;
    const y = height / 2;
    this.add
      .text(width / 2, y - 40, 'PARLOR', {
        fontFamily: 'Inter, sans-serif',
        fontSize: '22px',
        fontStyle: '800',
        color: '#e0b84f',
      })
      .setOrigin(0.5)
      .setLetterSpacing(6);
    const label = this.add
      .text(width / 2, y + 28, 'Shuffling the deck…', {
        fontFamily: 'Inter, sans-serif',
        fontSize: '13px',
        color: '#9aa1ab',
      })
      .setOrigin(0.5);
    this.add.rectangle(x, y, barW, 6, 0x2a2f37).setOrigin(0, 0.5);
    const fill = this.add.rectangle(x, y, 1, 6, 0xe0b84f).setOrigin(0, 0.5);
    const setProgress = (p: number): void => {
      fill.width = Math.max(1, barW * p);
    };
    void this.run(setProgress, label);
  }

  private async run(setProgress: (p: number) => void, label: Phaser.GameObjects.Text): Promise<void> {
    try {
      await Promise.race([
        Promise.all(['400', '600', '800'].map((w) => document.fonts.load(`${w} 16px Inter`))),
        new Promise((r) => setTimeout(r, 2500)),
      ]);
    } catch {
      // Fonts are a nicety: fall back to the system font.
    }
    setProgress(0.1);
    const total = this.jobs.length || 1;
    for (let i = 0; i < this.jobs.length; i++) {
      makeCanvasTexture(this.textures, this.jobs[i] as TextureJob);
      if (i % 8 === 7) {
        setProgress(0.1 + (0.9 * (i + 1)) / total);
        await new Promise((r) => requestAnimationFrame(r));
      }
    }
    setProgress(1);
    label.setText('Ready');
    this.game.registry.set('booted', true);
    this.game.events.emit(READY);
  }
}
