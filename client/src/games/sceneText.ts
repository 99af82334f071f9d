/** The games' Phaser texts: one font, the screen's text resolution, a size, colour and weight each. */
import type Phaser from 'phaser';
import { textResolution } from './cardCanvas';

/** A maker of a scene's texts in `fontFamily`: `text(size, color, weight, text)` (empty by default). */
export function textMaker(
  scene: Phaser.Scene,
  fontFamily: string,
): (size: number, color: string, weight?: string, text?: string) => Phaser.GameObjects.Text {
  const resolution = textResolution();
  return (size, color, weight = '700', text = '') =>
    scene.add.text(0, 0, text, { fontFamily, fontSize: `${size}px`, fontStyle: weight, color, resolution });
}
