/** Textures drawn on 2D canvases at load time; each game lists its own in its registry entry. */
import type Phaser from 'phaser';

export interface TextureJob {
  key: string;
  width: number;
  height: number;
  draw(ctx: CanvasRenderingContext2D): void;
}

export function makeCanvasTexture(textures: Phaser.Textures.TextureManager, job: TextureJob): void {
  if (textures.exists(job.key)) return;
  const tex = textures.createCanvas(job.key, job.width, job.height);
  if (!tex) return;
  job.draw(tex.getContext());
  tex.refresh();
}
