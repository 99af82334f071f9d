/**
 * The Devices table. Phaser draws the calendar strip (nweek, the 12 ndays, the Clock); the market
 * itself is DOM over the board (lists, buttons and forms read best that way from phones to
 * desktops), with Pass, the Clock and the Panic Button in the action strip. Everything is drawn
 * from the plain view and enabled from the legal list; the server decides every rule.
 */
import { CLOCK_OFF_MS, EMERGENCY_MS } from '@parlor/shared/games/devices/calendar';
import type { GameEvent } from '@parlor/shared/core/contract';
import type { DevicesAction } from '@parlor/shared/games/devices/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import { GameScene } from '../GameScene';
import { ActionStrip } from './ActionStrip';
import type { DevicesView } from './adapter';
import { CalendarStrip } from './CalendarStrip';
import type { MarketContext } from './context';
import { Market } from './Market';

export class DevicesScene extends GameScene<DevicesView, DevicesAction> {
  static readonly KEY = 'devices';
  private strip!: CalendarStrip;
  private market!: Market;
  private actions!: ActionStrip;

  constructor() {
    super(DevicesScene.KEY);
  }

  protected build(): void {
    this.strip = new CalendarStrip(this);
    this.market = new Market(this.dom.overlay);
    this.actions = new ActionStrip(this.dom.actions);
    // Countdowns: the strip's Clock and the Blueprints' time to Ballotday.
    this.time.addEvent({
      delay: 250,
      loop: true,
      callback: () => {
        this.strip.tick();
        this.market.tick();
        this.actions.tick();
      },
    });
  }

  protected override dispose(): void {
    this.market.destroy();
    this.actions.el.remove();
  }

  protected layout(): void {
    const { width: W } = this.scale;
    const compact = W < 640;
    this.strip.layout(W, compact);
    this.market.layout(CalendarStrip.heightFor(compact), W);
    this.rerender();
  }
  /**
   * One context object, updated in place on every patch: the closures of cards and dialogs that
   * were not rebuilt always read the current view and legal list through it.
   */
  private ctx: MarketContext | null = null;

  private context(snap: TableSnapshot): MarketContext | null {
    const v = snap.view as DevicesView | null;
    if (!v || snap.status === 'waiting') return null;
    const next = {
      pub: v.public,
      priv: v.private,
      me: snap.mySeat,
      host: snap.host,
      legal: snap.legal as DevicesAction[],
      deadline: snap.deadline,
      send: (a: DevicesAction) => this.conn.send(a),
    };
    if (this.ctx) Object.assign(this.ctx, next);
    else this.ctx = next;
    return this.ctx;
  }

  protected render(snap: TableSnapshot): void {
    const ctx = this.context(snap);
    this.strip.setVisible(ctx !== null);
    if (ctx) {
      const { pub } = ctx;
      const windowMs =
        pub.phase === 'emergency' ? EMERGENCY_MS : pub.clockOn ? pub.ndaySeconds * 1000 : CLOCK_OFF_MS;
      this.strip.draw(pub, snap.deadline, windowMs);
    }
    this.market.update(ctx, snap.log);
    this.actions.update(ctx, snap.status === 'waiting' ? 'Waiting for the match to start' : '');
  }

  protected override onEvent(e: GameEvent): void {
    const snap = this.conn.snapshot();
    const mine = snap && e.seat === snap.mySeat;
    if (e.type === 'emergency') play('bust');
    else if (e.type === 'nweek' || e.type === 'ballot') play('turn');
    else if (mine && (e.type === 'produced' || e.type === 'activated')) play('bank');
  }
}
