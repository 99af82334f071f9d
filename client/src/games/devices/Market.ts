/**
 * The market screen (DOM over the board, under the calendar strip): Blueprints, your desk, the
 * other players, proposals and the vote, the proposal editor, and the latest log lines. Two
 * columns when wide, one on phones (your desk first).
 */
import { BALLOTDAY } from '@parlor/shared/games/devices/calendar';
import type { LogLine } from '../../net/TableConnection';
import { h, setText } from '../../ui/dom';
import { BlueprintBoard } from './BlueprintBoard';
import type { MarketContext } from './context';
import { MyDevices, RivalDevices } from './DeviceShelf';
import { LogTicker } from './LogTicker';
import { ProposalEditor } from './ProposalEditor';
import { VotingPanel } from './VotingPanel';

export class Market {
  readonly el = h('div', { class: 'dv-screen', testid: 'devices-market' });
  private banner = h('div', { class: 'dv-banner', testid: 'dv-banner' });
  private left = h('div', { class: 'dv-col' });
  private right = h('div', { class: 'dv-col' });
  private board = new BlueprintBoard();
  private mine = new MyDevices();
  private rivals = new RivalDevices();
  private votes = new VotingPanel();
  private editor = new ProposalEditor();
  private ticker = new LogTicker();
  private wide: boolean | null = null;
  private votingFirst = false;

  constructor(parent: HTMLElement) {
    this.el.append(this.banner, h('div', { class: 'dv-cols' }, this.left, this.right));
    // Under the shell's sheets (waiting room, results), which come later in the overlay.
    parent.prepend(this.el);
  }

  /** Places the market under the calendar strip; arranges one or two columns. */
  layout(top: number, width: number): void {
    this.el.style.top = `${top}px`;
    const wide = width >= 860;
    if (wide === this.wide) return;
    this.wide = wide;
    this.votingFirst = false;
    this.el.classList.toggle('wide', wide);
    if (wide) {
      this.left.append(this.board.el, this.votes.el, this.editor.el);
      // The side panel shows the whole log beside a wide market: no ticker there.
      this.ticker.el.remove();
      this.right.append(this.mine.el, this.rivals.el);
    } else {
      this.left.append(
        this.mine.el,
        this.board.el,
        this.ticker.el,
        this.votes.el,
        this.editor.el,
        this.rivals.el,
      );
    }
  }

  update(ctx: MarketContext | null, log: LogLine[]): void {
    this.el.hidden = ctx === null;
    if (!ctx) return;
    const e = ctx.pub.emergency;
    this.banner.hidden = !e;
    if (e) {
      const voted = e.votes.filter((v) => v !== null).length;
      setText(this.banner, `EMERGENCY · time is stopped · ${voted} of ${ctx.pub.players.length} have voted`);
    }
    // On Ballotday, while this seat has votes to cast, the proposals come first; so they do on the
    // table screen (a spectator), which cannot scroll to them under the Blueprints.
    const voting =
      ctx.legal.some((a) => a.type === 'vote') ||
      (ctx.me < 0 && ctx.pub.nday === BALLOTDAY && ctx.pub.proposals.length > 0);
    if (voting !== this.votingFirst) {
      this.votingFirst = voting;
      if (voting) this.left.prepend(this.votes.el);
      else this.board.el.after(this.votes.el);
      if (!voting && !this.wide) this.ticker.el.after(this.votes.el);
    }
    this.board.update(ctx);
    this.mine.update(ctx);
    this.rivals.update(ctx);
    this.votes.update(ctx);
    this.editor.update(ctx);
    this.ticker.update(
      log,
      this.wide ? 6 : 3,
      ctx.pub.players.map((p) => p.name),
      ctx.me >= 0 ? ctx.pub.players[ctx.me]?.name : undefined,
    );
  }

  tick(): void {
    this.board.tick();
  }

  destroy(): void {
    this.el.remove();
  }
}
