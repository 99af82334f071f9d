/**
 * Devices on the table. `mine`: the viewer's Devices, each Power a button (disabled with the rule
 * that blocks it: Tapped, Clock Off, a Cost not payable...), a Trade menu (offer, destroy), and
 * offers waiting for an answer. `rivals`: everyone else's Devices, by owner.
 */
import type { DeviceView, DevicesAction } from '@parlor/shared/games/devices/types';
import { button, h, replace } from '../../ui/dom';
import { openActivate, openTrade } from './dialogs';
import { KeyedList, patchChildren } from '../../ui/keyed';
import { type MarketContext, has, nameOf } from './context';
import { marketSection, powerLine, seatTag, traitsLine } from './bits';
import { money, points, priceWords } from './format';

export class MyDevices {
  readonly el = h('section', { class: 'dv-section dv-mine', testid: 'dv-mine' });
  private head = h('div', { class: 'dv-wallet' });
  private offers = h('div', { class: 'dv-offers' });
  private list = h('div', { class: 'dv-grid dv-devices' });
  private cards = new KeyedList(this.list);
  private key = '';

  constructor() {
    this.el.append(h('h3', { text: 'Your desk' }), this.head, this.offers, this.list);
  }

  update(ctx: MarketContext): void {
    const mine = ctx.pub.devices.filter((d) => d.owner === ctx.me);
    const key = JSON.stringify([
      ctx.me,
      ctx.pub.players[ctx.me],
      mine,
      ctx.priv?.powers,
      ctx.pub.offers,
      ctx.legal.filter((a) =>
        ['convert', 'accept', 'decline', 'activate', 'offer', 'destroy'].includes(a.type),
      ),
    ]);
    if (key === this.key) return;
    this.key = key;
    this.el.hidden = ctx.me < 0;
    if (ctx.me < 0) return;
    const me = ctx.pub.players[ctx.me]!;
    const convert = has(ctx, (a) => a.type === 'convert');
    patchChildren(
      this.head,
      h(
        'div',
        { class: 'dv-stat', testid: 'dv-money' },
        h('span', { text: 'Mackerel' }),
        h('b', { text: money(me.money) }),
      ),
      h(
        'div',
        { class: 'dv-stat', testid: 'dv-points' },
        h('span', { text: 'Points' }),
        h('b', { text: String(me.points) }),
      ),
      button('1 Point → m5', () => convert && ctx.send(convert), {
        small: true,
        disabled: !convert,
        testid: 'dv-convert',
        title: convert ? 'Convert one Point into m5 (one way only)' : 'You have no Point to convert',
      }),
    );
    patchChildren(
      this.offers,
      ...ctx.pub.offers.filter((o) => o.to === ctx.me || o.from === ctx.me).map((o) => offerRow(ctx, o)),
    );
    if (!mine.length) {
      this.cards.update([
        {
          key: 'empty',
          sig: '',
          make: () => h('p', { class: 'dv-empty', text: 'No Devices yet: buy one from the Blueprints.' }),
        },
      ]);
      return;
    }
    this.cards.update(
      mine.map((d) => ({
        key: String(d.id),
        sig: JSON.stringify([
          d,
          ctx.priv?.powers.filter((p) => p.device === d.id),
          ctx.legal.filter((a) => 'device' in a && a.device === d.id),
        ]),
        make: () => deviceCard(ctx, d),
      })),
    );
  }
}

function offerRow(ctx: MarketContext, o: MarketContext['pub']['offers'][number]): HTMLElement {
  const d = ctx.pub.devices.find((x) => x.id === o.device);
  const label = `${d?.name ?? 'Device'} #${o.device}`;
  const accept = has(ctx, (a) => a.type === 'accept' && a.offer === o.id);
  const decline = has(ctx, (a) => a.type === 'decline' && a.offer === o.id);
  const incoming = o.to === ctx.me;
  const price = priceWords(o.money ?? 0, o.points ?? 0);
  const me = ctx.pub.players[ctx.me];
  const short = me && (me.money < (o.money ?? 0) || me.points < (o.points ?? 0));
  return h(
    'div',
    { class: `dv-offer${incoming ? ' incoming' : ''}`, testid: `dv-offer-${o.id}` },
    h(
      'span',
      {},
      incoming ? seatTag(nameOf(ctx, o.from), o.from) : 'You',
      incoming ? ' offers you ' : ' offer ',
      h('b', { text: label }),
      incoming ? '' : ' to ',
      incoming ? '' : seatTag(nameOf(ctx, o.to), o.to),
      h('span', {
        class: 'dv-price',
        testid: `dv-offer-price-${o.id}`,
        text: price ? ` for ${price}` : ' as a gift',
      }),
    ),
    incoming
      ? button(price ? `Accept · pay ${price}` : 'Accept', () => accept && ctx.send(accept), {
          small: true,
          kind: 'primary',
          disabled: !accept,
          testid: `dv-offer-accept-${o.id}`,
          title: accept
            ? price
              ? `Take the Device and pay ${price}`
              : 'Take the Device'
            : short
              ? `You cannot pay ${price}`
              : 'You could not hold it (uniqueness)',
        })
      : null,
    button(incoming ? 'Decline' : 'Cancel', () => decline && ctx.send(decline), {
      small: true,
      disabled: !decline,
    }),
  );
}

/** One of the viewer's Devices: each Power a button (or why not), and a Trade button. */
function deviceCard(ctx: MarketContext, d: DeviceView): HTMLElement {
  const card = h(
    'article',
    { class: `dv-card dv-device${d.tapped ? ' tapped' : ''}`, testid: `dv-device-${d.id}` },
    h(
      'div',
      { class: 'dv-bp-head' },
      h('div', { class: 'dv-bp-name' }, d.name, h('span', { class: 'dv-id', text: ` #${d.id}` })),
      h(
        'div',
        { class: 'dv-head-tools' },
        d.tapped
          ? h('span', { class: 'dv-chip tapped', text: 'Tapped', title: 'Untaps at the next Breakday' })
          : null,
        tradeButton(ctx, d),
      ),
    ),
  );
  for (const p of d.powers) {
    const status = ctx.priv?.powers.find((s) => s.device === d.id && s.power === p.name);
    const blocked = status?.blocked ?? null;
    const sample = has(ctx, (a) => a.type === 'activate' && a.device === d.id && a.power === p.name);
    const ok = !blocked && !!sample;
    const btn = button(
      p.name,
      () => ok && openActivate(ctx, d, p, sample as Extract<DevicesAction, { type: 'activate' }>),
      {
        class: 'dv-power-btn',
        kind: ok ? 'primary' : undefined,
        disabled: !ok,
        testid: `dv-power-${d.id}-${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        title: ok ? p.text : (blocked?.message ?? 'Not now'),
      },
    );
    card.append(
      h(
        'div',
        { class: 'dv-power-row' },
        btn,
        h(
          'div',
          { class: 'dv-power-info' },
          powerLine(p.text),
          blocked ? h('div', { class: 'dv-why', text: shortReason(blocked) }) : null,
        ),
      ),
    );
  }
  return card;
}

function tradeButton(ctx: MarketContext, d: DeviceView): HTMLElement {
  const offer = has(ctx, (a) => a.type === 'offer' && a.device === d.id);
  const destroy = has(ctx, (a) => a.type === 'destroy' && a.device === d.id);
  return button('Trade…', () => openTrade(ctx, d), {
    small: true,
    kind: 'ghost',
    class: 'dv-trade',
    disabled: !offer && !destroy,
    testid: `dv-trade-${d.id}`,
    title: 'Offer this Device to a player, or destroy it',
  });
}

/** The reason without the rule reference in brackets (shown in the tooltip). */
function shortReason(e: { code: string; message: string }): string {
  const m = e.message.replace(/\s*\([^)]*\)\s*$/, '');
  return m.length > 90 ? `${m.slice(0, 87)}…` : m;
}

export class RivalDevices {
  private body = h('div', { class: 'dv-rival-list' });
  private key = '';

  readonly el = marketSection('rivals', 'dv-rivals', 'Players', this.body);

  update(ctx: MarketContext): void {
    const key = JSON.stringify([ctx.me, ctx.pub.players, ctx.pub.devices.filter((d) => d.owner !== ctx.me)]);
    if (key === this.key) return;
    this.key = key;
    const rows = ctx.pub.players.map((p, seat) => {
      if (seat === ctx.me) return null;
      const owned = ctx.pub.devices.filter((d) => d.owner === seat);
      return h(
        'div',
        { class: 'dv-rival', testid: `dv-rival-${seat}` },
        h(
          'div',
          { class: 'dv-rival-head' },
          seatTag(p.name, seat),
          h('span', { class: 'dv-rival-stats', text: `${money(p.money)} · ${points(p.points)}` }),
          p.passed ? h('span', { class: 'dv-chip', text: 'Passed' }) : null,
          p.panic ? h('span', { class: 'dv-chip panic', text: 'PANIC' }) : null,
        ),
        owned.length
          ? h('div', { class: 'dv-rival-devices' }, ...groups(owned).map((g) => groupCard(g)))
          : h('p', { class: 'dv-empty', text: 'No Devices' }),
      );
    });
    replace(this.body, ...rows);
  }
}

/** A rival's identical Devices (same name and Powers) shown once, with how many and how many are tapped. */
function groups(list: DeviceView[]): DeviceView[][] {
  const by = new Map<string, DeviceView[]>();
  for (const d of list) {
    const key = JSON.stringify([d.name, d.powers]);
    by.set(key, [...(by.get(key) ?? []), d]);
  }
  return [...by.values()];
}

function groupCard(g: DeviceView[]): HTMLElement {
  const d = g[0]!;
  const tapped = g.filter((x) => x.tapped).length;
  const ids = g.map((x) => `#${x.id}`).join(' ');
  return h(
    'article',
    { class: `dv-card dv-device${tapped === g.length ? ' tapped' : ''}`, title: `${d.name} ${ids}` },
    h(
      'div',
      { class: 'dv-bp-head' },
      h(
        'div',
        { class: 'dv-bp-name' },
        d.name,
        h('span', { class: 'dv-id', text: g.length > 1 ? ` ×${g.length}` : ` #${d.id}` }),
      ),
      tapped
        ? h('span', {
            class: 'dv-chip tapped',
            text: g.length > 1 ? `${tapped} tapped` : 'Tapped',
            title: 'Untaps at the next Breakday',
          })
        : null,
    ),
    h(
      'div',
      { class: 'dv-powers' },
      ...d.powers.map((p) => powerLine(p.text)),
      traitsLine(d.attributes, d.properties),
    ),
  );
}
