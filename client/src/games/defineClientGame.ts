/**
 * A game's client entry from its pieces: the shared meta and option fields, the scene, the view
 * description the table's state is decoded by, the rules document whose "In brief" section is the
 * how-to, and what only this game has (textures, score wording, words, party pieces). A game's
 * index.ts is one call of this; the platform reads the flat ClientGame it builds.
 */
import type Phaser from 'phaser';
import type { GameMeta, GameView, OptionField } from '@parlor/shared/core/contract';
import { decodeView, type ViewShape } from '@parlor/shared/core/viewShape';
import type { PartyPieces } from '../party/types';
import type { TextureJob } from '../scenes/textures';
import { briefSections, howToElement } from '../ui/howTo';
import type { ClientGame, GameWords } from './types';

export interface ClientGamePieces<Pub, Priv> {
  meta: GameMeta;
  optionFields: readonly OptionField[];
  /** The Phaser scene that draws a table (its static KEY is the scene's key). */
  scene: { readonly KEY: string } & (new () => Phaser.Scene);
  /** The shared view description (the game's viewShape.ts) the room state is decoded by. */
  view: ViewShape<Pub, Priv>;
  /** A view the screen reads in another shape than the wire's (default: the decoded view as it is). */
  screenView?: (decoded: GameView<Pub, Priv>) => GameView<unknown, unknown>;
  /** The game's rules document (docs/rules/<id>.md, imported `?raw`): its "In brief" is the how-to. */
  rulesDoc: string;
  /** What the how-to shows after the brief (a table of units, a button); default nothing. */
  howToMore?: () => Node[];
  /** A how-to of the game's own making, in place of the brief and `howToMore`. */
  howToPlay?: () => HTMLElement;
  /** Textures the Boot scene draws before anything is shown (default none). */
  textures?: () => TextureJob[];
  formatScore: ClientGame['formatScore'];
  words?: GameWords;
  seatLabel?: ClientGame['seatLabel'];
  party?: PartyPieces;
}

export function defineClientGame<Pub, Priv>(pieces: ClientGamePieces<Pub, Priv>): ClientGame {
  const { meta, scene, view, screenView, rulesDoc, howToMore, howToPlay, textures, ...rest } = pieces;
  const sections = briefSections(rulesDoc); // a document without a brief fails at load, not at a click
  return {
    ...meta,
    ...rest,
    sceneKey: scene.KEY,
    sceneClass: scene,
    viewFromState: (state, seat) => {
      const decoded = decodeView(view, state, seat);
      return screenView ? screenView(decoded) : decoded;
    },
    textures: textures ?? (() => []),
    howToPlay:
      howToPlay ??
      (() => {
        const root = howToElement(sections);
        if (howToMore) root.append(...howToMore());
        return root;
      }),
  };
}
