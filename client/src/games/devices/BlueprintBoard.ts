/**
 * The market's Blueprint board: one card per Blueprint with its Price, Production Count,
 * Uniqueness and Powers. A card offers Buy, or while bidding is open the current bid, bid buttons
 * and a countdown to Ballotday (when bidding closes). Buttons come from the legal list only; a
 * disabled Buy says why.
 */
import type { BlueprintView } from '@parlor/shared/games/devices/types';
import { overbidWarning } from '@parlor/shared/games/devices/overbid';
import { MACKEREL } from '@parlor/shared/devices-engine/units';
import { button, h, setText } from '../../ui/dom';
import { type MarketContext, has, nameOf } from './context';
import { clockText, countLabel, money, msToBallotday } from './format';
import { marketSection, powerLine, seatTag, traitsLine } from './bits';
import { KeyedList } from '../../ui/keyed';

export class BlueprintBoard {
  private grid = h('div', { class: 'dv-grid' });
  private cards = new KeyedList(this.grid);
  /** Each open auction's countdown element (looked up after a redraw: kept cards keep theirs). */
  private closing: HTMLElement[] = [];
  private key = '';
  private ctx: MarketContext | null = null;

  readonly el = marketSection('market', 'dv-blueprints', 'Blueprints', this.grid);

  update(ctx: MarketContext): void {
    this.ctx = ctx;
    const me = ctx.me >= 0 ? ctx.pub.players[ctx.me] : undefined;
    const key = JSON.stringify([
      ctx.pub.blueprints,
      ctx.legal.filter((a) => a.type === 'purchase' || a.type === 'bid'),
      me?.money,
      ctx.pub.nday,
    ]);
    if (key !== this.key) {
      this.key = key;
      this.cards.update(
        ctx.pub.blueprints.map((b) => ({
          key: b.name,
          sig: JSON.stringify([
            b,
            ctx.legal.filter((a) => (a.type === 'purchase' || a.type === 'bid') && a.blueprint === b.name),
            me?.money,
          ]),
          make: () => this.card(ctx, b),
        })),
      );
      this.closing = [...this.grid.querySelectorAll<HTMLElement>('.dv-countdown')];
    }
    this.tick();
  }

  /** Refreshes the countdowns to Ballotday. */
  tick(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const ms = msToBallotday(ctx.pub, ctx.deadline, Date.now());
    const text =
      ms === null
        ? 'Bidding closed'
        : ctx.pub.phase === 'emergency'
          ? 'Closes at Ballotday · time is stopped'
          : `Closes in ~${clockText(ms)}`;
    for (const el of this.closing) setText(el, text);
  }

  private card(ctx: MarketContext, b: BlueprintView): HTMLElement {
    const buy = has(ctx, (a) => a.type === 'purchase' && a.blueprint === b.name);
    const bids = ctx.legal.filter(
      (a): a is Extract<typeof a, { type: 'bid' }> => a.type === 'bid' && a.blueprint === b.name,
    );
    const head = h(
      'div',
      { class: 'dv-bp-head' },
      h('div', { class: 'dv-bp-name', text: b.name }),
      h('div', { class: 'dv-price', text: money(b.price) }),
    );
    const facts = h(
      'div',
      { class: 'dv-facts' },
      h('span', {
        class: `dv-chip u-${b.uniqueness.toLowerCase()}`,
        text: uniqLabel(b.uniqueness),
        title: uniqHelp(b.uniqueness),
      }),
      h('span', {
        class: 'dv-chip',
        text: `Count ${countLabel(b.count)}`,
        title: 'Production Count: how many more can be made',
      }),
      b.biddable
        ? h('span', {
            class: 'dv-chip bid',
            text: 'Biddable',
            title: `Starting Price ${money(b.startingPrice ?? b.price)}`,
          })
        : null,
    );
    const powers = h(
      'div',
      { class: 'dv-powers' },
      ...b.powers.map((p) => powerLine(p.text)),
      traitsLine(b.attributes, b.properties),
    );
    const foot = h('div', { class: 'dv-bp-foot' });
    if (!b.biddable && ctx.me >= 0) {
      foot.append(
        button(buy ? `Buy ${money(b.price)}` : 'Buy', () => buy && ctx.send(buy), {
          kind: 'primary',
          small: true,
          disabled: !buy,
          testid: `dv-buy-${slug(b.name)}`,
          title: buy ? `Pay ${money(b.price)} for a new ${b.name}` : buyBlock(ctx, b),
        }),
      );
      if (!buy && ctx.me >= 0) foot.append(h('span', { class: 'dv-why', text: buyBlock(ctx, b) }));
    } else if (b.biddable) {
      const high = b.biddingOpen ? b.highBid : b.winner;
      foot.append(
        h(
          'div',
          { class: 'dv-bid-line' },
          high
            ? h(
                'span',
                {},
                b.biddingOpen ? 'High bid ' : 'Won by ',
                seatTag(nameOf(ctx, high.seat), high.seat),
                ` ${money(high.amount)}`,
              )
            : h('span', {
                text: b.biddingOpen
                  ? `No bid yet · from ${money(b.price + 1)}`
                  : ctx.pub.nday === 1
                    ? `Bidding opens at the next Breakday (nweek ${ctx.pub.nweek + 1})`
                    : 'Bidding opens at the next Breakday',
              }),
        ),
      );
      if (b.biddingOpen) {
        const countdown = h('span', { class: 'dv-countdown', testid: `dv-closes-${slug(b.name)}` });
        foot.append(countdown);
        const row = h('div', { class: 'dv-bid-row' });
        const mine = ctx.me >= 0 ? ctx.pub.players[ctx.me] : undefined;
        let warned: string | null = null;
        for (const a of bids) {
          // Bidding more than you hold is allowed; say before the click what winning would cost.
          const warn = mine ? overbidWarning(mine.money, mine.points, a.amount, MACKEREL.pointValue) : null;
          warned ??= warn;
          row.append(
            button(warn ? `Bid ${money(a.amount)} ⚠` : `Bid ${money(a.amount)}`, () => ctx.send(a), {
              small: true,
              kind: warn ? 'danger' : 'primary',
              testid: `dv-bid-${slug(b.name)}-${a.amount - b.price}`,
              title: warn ?? 'Bids cannot be taken back',
            }),
          );
        }
        if (bids.length) foot.append(row);
        if (warned)
          foot.append(
            h('div', {
              class: 'dv-why dv-overbid',
              testid: `dv-overbid-${slug(b.name)}`,
              text: `⚠ ${warned}`,
            }),
          );
      }
    }
    return h(
      'article',
      { class: `dv-card dv-bp${b.biddable ? ' biddable' : ''}`, testid: `dv-bp-${slug(b.name)}` },
      head,
      facts,
      powers,
      foot,
    );
  }
}

function buyBlock(ctx: MarketContext, b: BlueprintView): string {
  if (ctx.me < 0) return 'Spectators watch';
  if (ctx.pub.phase === 'emergency') return 'Emergency: the market is stopped';
  const mine = ctx.pub.players[ctx.me]!;
  if (mine.money < b.price) return `You have ${money(mine.money)}`;
  if (b.uniqueness !== 'Non-Unique') return `${uniqLabel(b.uniqueness)}: one already exists`;
  return 'Not available now';
}

export const uniqLabel = (u: string): string =>
  u === 'Game' ? 'Game-unique' : u === 'Player' ? 'Player-unique' : 'Non-Unique';
const uniqHelp = (u: string): string =>
  u === 'Game'
    ? 'Only one Device of this name may exist in the game'
    : u === 'Player'
      ? 'Each player may own at most one'
      : 'Anyone may own any number';

export const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
