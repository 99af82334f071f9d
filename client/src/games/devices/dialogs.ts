/**
 * Dialogs for the choices a button cannot carry: a Power's X, target Player or target Device
 * (the synced legal list holds one sample of each Power; any other choice is the server's to judge),
 * and trading a Device (offer it to a player, or destroy it).
 */
import { needs, parsePower } from '@parlor/shared/devices-engine';
import type { DeviceView, DevicesAction, PowerView } from '@parlor/shared/games/devices/types';
import { button, h } from '../../ui/dom';
import { openModal } from '../../ui/modal';
import { type MarketContext, has, nameOf } from './context';
import { powerLine } from './bits';

type Activate = Extract<DevicesAction, { type: 'activate' }>;

export function openActivate(ctx: MarketContext, d: DeviceView, p: PowerView, sample: Activate): void {
  const parsed = parsePower(p.text);
  const need = parsed.ok ? needs(parsed.value) : { x: false, player: false, device: false };
  if (!need.x && !need.player && !need.device) {
    ctx.send(sample);
    return;
  }
  const m = openModal(`${p.name} · ${d.name} #${d.id}`, { testid: 'dv-activate-dialog' });
  m.body.append(h('div', { class: 'dv-powers' }, powerLine(p.text)));
  const form = h('div', { class: 'dv-form' });
  let x: HTMLInputElement | null = null;
  let player: HTMLSelectElement | null = null;
  let target: HTMLSelectElement | null = null;
  if (need.x) {
    x = h('input', {
      class: 'input',
      testid: 'dv-activate-x',
      attrs: {
        type: 'number',
        min: '0',
        max: '9999',
        step: '1',
        inputmode: 'numeric',
        value: String(sample.x ?? 1),
      },
    });
    form.append(h('label', {}, h('span', { text: 'X' }), x));
  }
  if (need.player) {
    player = h('select', { class: 'input', testid: 'dv-activate-player' });
    ctx.pub.players.forEach((_, seat) => {
      if (seat === ctx.me) return;
      const o = h('option', { text: nameOf(ctx, seat), attrs: { value: String(seat) } });
      if (seat === sample.player) o.selected = true;
      player!.append(o);
    });
    form.append(h('label', {}, h('span', { text: 'Target Player' }), player));
  }
  if (need.device) {
    target = h('select', { class: 'input', testid: 'dv-activate-target' });
    for (const t of ctx.pub.devices) {
      const owner = t.owner === ctx.me ? 'yours' : nameOf(ctx, t.owner);
      const o = h('option', {
        text: `${t.name} #${t.id} (${owner}${t.tapped ? ', tapped' : ''})`,
        attrs: { value: String(t.id) },
      });
      if (t.id === sample.target) o.selected = true;
      target.append(o);
    }
    form.append(h('label', {}, h('span', { text: 'Target Device' }), target));
  }
  m.body.append(
    form,
    h(
      'div',
      { class: 'actions' },
      button('Cancel', () => m.close(), { kind: 'ghost' }),
      button(
        'Activate',
        () => {
          const a: Activate = { type: 'activate', device: d.id, power: p.name };
          if (x) a.x = Math.max(0, Math.min(9999, Math.floor(Number(x.value) || 0)));
          if (player) a.player = Number(player.value);
          if (target) a.target = Number(target.value);
          ctx.send(a);
          m.close();
        },
        { kind: 'primary', testid: 'dv-activate-go' },
      ),
    ),
  );
}

export function openTrade(ctx: MarketContext, d: DeviceView): void {
  const m = openModal(`Trade ${d.name} #${d.id}`, { testid: 'dv-trade-dialog' });
  const to = h('select', { class: 'input', testid: 'dv-trade-to' });
  ctx.pub.players.forEach((_, seat) => {
    if (seat !== ctx.me) to.append(h('option', { text: nameOf(ctx, seat), attrs: { value: String(seat) } }));
  });
  const destroy = has(ctx, (a) => a.type === 'destroy' && a.device === d.id);
  m.body.append(
    h('p', {
      class: 'help',
      text: 'An offer changes nothing until they accept; either of you may cancel it. A Tapped Device stays Tapped.',
    }),
    h('div', { class: 'dv-form' }, h('label', {}, h('span', { text: 'Offer to' }), to)),
    h(
      'div',
      { class: 'actions' },
      button(
        'Destroy',
        () => {
          if (destroy) ctx.send(destroy);
          m.close();
        },
        {
          kind: 'danger',
          disabled: !destroy,
          testid: 'dv-trade-destroy',
          title: 'The Device ceases to exist',
        },
      ),
      button(
        'Offer',
        () => {
          ctx.send({ type: 'offer', device: d.id, to: Number(to.value) });
          m.close();
        },
        { kind: 'primary', testid: 'dv-trade-offer' },
      ),
    ),
  );
}
