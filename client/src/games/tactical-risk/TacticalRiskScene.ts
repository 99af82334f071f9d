/**
 * The Tactical Risk table for now: a plain debug view in DOM over the board (the map client is a
 * later issue). Phaser only hosts it; everything is drawn from the plain view and the legal list.
 */
import Phaser from 'phaser';
import type { TableConnection, TableSnapshot } from '../../net/TableConnection';
import type { GameSceneData } from '../sceneData';
import { DebugBoard } from './DebugBoard';

export class TacticalRiskScene extends Phaser.Scene {
  static readonly KEY = 'tactical_risk';
  private conn!: TableConnection;
  private dom!: GameSceneData['dom'];
  private board!: DebugBoard;
  private unsubs: (() => void)[] = [];

  constructor() {
    super(TacticalRiskScene.KEY);
  }

  init(data: GameSceneData): void {
    this.conn = data.conn;
    this.dom = data.dom;
  }

  create(): void {
    this.board = new DebugBoard(this.dom.overlay, (a) => this.conn.send(a));
    this.unsubs.push(this.conn.on('change', (s) => this.render(s)));
    this.events.once('shutdown', () => {
      for (const u of this.unsubs) u();
      this.unsubs = [];
      this.board.destroy();
    });
    const snap = this.conn.snapshot();
    if (snap) this.render(snap);
  }

  private render(snap: TableSnapshot): void {
    this.board.update(snap);
  }
}
