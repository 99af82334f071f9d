/**
 * The one Phaser.Game of the page: sized by its #stage parent, touch and mouse, WebGL or canvas.
 * Loaded on demand (app/game.ts imports this file dynamically): the lobby needs no Phaser.
 */
import Phaser from 'phaser';
import { BootScene, READY } from '../scenes/BootScene';
import type { TextureJob } from '../scenes/textures';

export function createGame(scenes: (new () => Phaser.Scene)[], jobs: TextureJob[]): Promise<Phaser.Game> {
  const game = new Phaser.Game({
    type: Phaser.AUTO,
    parent: 'stage',
    backgroundColor: '#15171b',
    scale: { mode: Phaser.Scale.RESIZE, width: '100%', height: '100%' },
    input: { activePointers: 2 },
    // A card table needs no more: halves the drawing work on phones (battery) and software WebGL.
    fps: { limit: 30 },
    banner: false,
    scene: [],
  });
  game.registry.set('textureJobs', jobs);
  // The stage changes size with the layout (lobby/table, action strip, side panel), not only with
  // the window: re-measure whenever it does.
  const stage = document.getElementById('stage');
  if (stage && 'ResizeObserver' in window) {
    let frame = 0;
    new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => game.scale.refresh());
    }).observe(stage);
  }
  return new Promise((resolve) => {
    game.events.once(READY, () => resolve(game));
    game.events.once(Phaser.Core.Events.READY, () => {
      game.scene.add(BootScene.KEY, BootScene, true, { jobs });
      for (const S of scenes) {
        const scene = new S();
        game.scene.add(scene.sys.settings.key, scene, false);
      }
    });
  });
}
