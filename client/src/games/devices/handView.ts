/**
 * Devices' hand view on a phone (party mode): the calendar and every desk are on the TV; the phone
 * shows this seat's money and points, its own Devices with their Powers and trades, the Blueprints
 * it may buy or bid on, and the proposals to vote on: the market's own widgets, fed the same
 * context, in the board's place (the full market screen steps aside while it shows). Pass, the
 * Panic Button and the emergency vote stay in the strip under it.
 */
import type { DevicesAction } from '@parlor/shared/games/devices/types';
import type { DevicesView } from './adapter';
import type { HandHost, HandView } from '../../party/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { h, setText } from '../../ui/dom';
import { BlueprintBoard } from './BlueprintBoard';
import type { MarketContext } from './context';
import { MyDevices } from './DeviceShelf';
import { money, points } from './format';
import { VotingPanel } from './VotingPanel';

export function devicesHandView(host: HandHost): HandView {
  const status = h('div', { class: 'hv-status', testid: 'hand-status' });
  const figures = h('div', { class: 'hv-figures', testid: 'hand-figures' });
  const mine = new MyDevices();
  const board = new BlueprintBoard();
  const votes = new VotingPanel();
  host.el.append(status, figures, votes.el, mine.el, board.el);
  host.el.classList.add('hv-devices');
  // One context updated in place: the widgets' buttons read the current legal list through it.
  let ctx: MarketContext | null = null;
  const timer = window.setInterval(() => board.tick(), 1000);
  return {
    update(s: TableSnapshot) {
      const v = s.view as DevicesView | null;
      if (!v || s.mySeat < 0) return;
      const next: MarketContext = {
        pub: v.public,
        priv: v.private,
        me: s.mySeat,
        host: s.host,
        legal: s.legal as DevicesAction[],
        deadline: s.deadline,
        send: (a) => host.conn.send(a),
      };
      if (ctx) Object.assign(ctx, next);
      else ctx = next;
      const pub = v.public;
      const me = pub.players[s.mySeat];
      const due = s.status === 'playing' && s.legal.length > 0;
      setText(
        status,
        s.status !== 'playing'
          ? ''
          : pub.phase === 'emergency'
            ? 'Emergency: vote below'
            : !pub.clockOn
              ? 'The Clock is off'
              : `Nweek ${pub.nweek} · ${pub.ndayName}`,
      );
      status.classList.toggle('mine', due);
      setText(figures, me ? `${money(me.money)} · ${points(me.points)}${me.passed ? ' · passed' : ''}` : '');
      votes.update(ctx);
      mine.update(ctx);
      board.update(ctx);
    },
    destroy() {
      window.clearInterval(timer);
      host.el.classList.remove('hv-devices');
      host.el.replaceChildren();
    },
  };
}
