/**
 * The page's Phaser stage, created the first time a table or replay opens (Phaser and each game's
 * code are separate chunks, fetched then; the lobby is plain DOM). While the lobby shows, the
 * stage's loop sleeps: a static screen is never redrawn. At a table the loop runs but draws only
 * when something may have changed (drawGate.ts).
 */
import type Phaser from 'phaser';
import type { ClientGame } from '../games/types';
import { makeCanvasTexture, type TextureJob } from '../scenes/textures';
import { setDebug } from './debug';
import { drawGate } from './drawGate';

/** Creates a Phaser.Game with `scenes` (added, not started) after drawing `jobs` behind a progress bar. */
export async function createGame(
  scenes: (new () => Phaser.Scene)[],
  jobs: TextureJob[],
): Promise<Phaser.Game> {
  const m = await import('./phaserGame');
  return m.createGame(scenes, jobs);
}

/** Start fetching Phaser (a table is about to open): no Phaser.Game is created yet. */
export function prefetchStage(): void {
  void import('./phaserGame').catch(() => undefined);
}

let stagePromise: Promise<Phaser.Game> | null = null;
const prepared = new Map<string, Promise<void>>();

/** The page's one Phaser.Game (created on first use, with no scene of its own yet). */
export function stage(): Promise<Phaser.Game> {
  if (!stagePromise)
    stagePromise = createGame([], []).then(
      (game) => {
        const gate = drawGate(game);
        // Tests and bug reports: is the stage's loop running, how many steps has it run, and how
        // many frames has it drawn?
        let drawn = 0;
        game.events.on('postrender', (renderer: unknown) => {
          if (renderer) drawn++;
        });
        setDebug('stage', { running: () => game.loop.running, steps: () => gate.steps, drawn: () => drawn });
        return game;
      },
      (err: unknown) => {
        stagePromise = null;
        throw err;
      },
    );
  return stagePromise;
}

/** The stage with `game`'s scene registered and its textures drawn (each done once per page). */
export async function stageFor(game: ClientGame): Promise<Phaser.Game> {
  const phaser = await stage();
  let ready = prepared.get(game.id);
  if (!ready) {
    ready = (async () => {
      const jobs = game.textures();
      for (let i = 0; i < jobs.length; i++) {
        makeCanvasTexture(phaser.textures, jobs[i] as TextureJob);
        // Yield now and then: a table's worth of card faces is a few hundred ms of drawing.
        if (i % 8 === 7) await new Promise((r) => window.setTimeout(r, 0));
      }
      if (!phaser.scene.getScene(game.sceneKey)) phaser.scene.add(game.sceneKey, game.sceneClass, false);
    })();
    prepared.set(game.id, ready);
  }
  await ready;
  return phaser;
}

/** Stop every running scene, then start `key` with `data` (and wake the loop if it slept). */
export function switchScene(game: Phaser.Game, key: string, data?: object): void {
  for (const s of game.scene.getScenes(true)) {
    if (s.sys.settings.key !== key) game.scene.stop(s.sys.settings.key);
  }
  if (game.scene.isActive(key)) game.scene.stop(key);
  if (!game.loop.running) game.loop.wake();
  drawGate(game).poke();
  game.scene.start(key, data);
}

/** The lobby (DOM only) is showing: stop the scenes and let the loop sleep (no redraw, no CPU). */
export function sleepStage(game: Phaser.Game | null): void {
  if (!game) return;
  for (const s of game.scene.getScenes(true)) game.scene.stop(s.sys.settings.key);
  drawGate(game).poke();
  // One more frame clears the canvas of the table that was shown, then nothing runs.
  requestAnimationFrame(() => {
    if (game.scene.getScenes(true).length === 0 && game.loop.running) game.loop.sleep();
  });
}

/**
 * The canvas is hidden behind another view (party mode's hand view): the loop goes on updating the
 * scenes (their timers, tweens and queued events run, so the board is current when shown again, and
 * any DOM a scene keeps, such as its action strip, stays live) but draws nothing. `draw` again: back.
 */
export function drawStage(game: Phaser.Game, draw: boolean): void {
  drawGate(game).show(draw);
}

/** The layout around the canvas changed (lobby <-> table, side panel): let Phaser re-measure. */
export function refreshScale(game: Phaser.Game): void {
  requestAnimationFrame(() => game.scale.refresh());
}
