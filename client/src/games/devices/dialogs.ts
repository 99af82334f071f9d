/**
 * Dialogs for the choices a button cannot carry: a Power's X, target Player or target Device
 * (the synced legal list holds one sample of each Power; any other choice is the server's to judge),
 * and trading a Device (offer it to a player for a price, or destroy it after a confirmation).
 */
import { needs, parsePower } from '@parlor/shared/devices-engine/index';
import type { DeviceView, DevicesAction, PowerView } from '@parlor/shared/games/devices/types';
import { button, h } from '../../ui/dom';
import { openModal } from '../../ui/modal';
import { type MarketContext, has, nameOf } from './context';
import { powerLine } from './bits';
import { priceWords } from './format';

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

/** A number input for a price (0 .. 9999). */
function priceInput(testid: string): HTMLInputElement {
  return h('input', {
    class: 'input',
    testid,
    attrs: { type: 'number', min: '0', max: '9999', step: '1', inputmode: 'numeric', value: '0' },
  });
}

const whole = (input: HTMLInputElement): number =>
  Math.max(0, Math.min(9999, Math.floor(Number(input.value) || 0)));

export function openTrade(ctx: MarketContext, d: DeviceView): void {
  const m = openModal(`Trade ${d.name} #${d.id}`, { testid: 'dv-trade-dialog' });
  const to = h('select', { class: 'input', testid: 'dv-trade-to' });
  ctx.pub.players.forEach((_, seat) => {
    if (seat !== ctx.me) to.append(h('option', { text: nameOf(ctx, seat), attrs: { value: String(seat) } }));
  });
  const price = priceInput('dv-trade-money');
  const pts = priceInput('dv-trade-points');
  const destroy = has(ctx, (a) => a.type === 'destroy' && a.device === d.id);
  const summary = h('p', { class: 'help', testid: 'dv-trade-summary' });
  const offerBtn = button(
    'Offer',
    () => {
      ctx.send({
        type: 'offer',
        device: d.id,
        to: Number(to.value),
        money: whole(price),
        points: whole(pts),
      });
      m.close();
    },
    { kind: 'primary', testid: 'dv-trade-offer' },
  );
  const say = () => {
    const words = priceWords(whole(price), whole(pts));
    const who = nameOf(ctx, Number(to.value));
    summary.textContent = words
      ? `${who} gets ${d.name} #${d.id} and pays you ${words}, if they accept.`
      : `A gift: ${who} gets ${d.name} #${d.id} for nothing, if they accept.`;
    offerBtn.textContent = words ? `Offer for ${words}` : 'Offer as a gift';
  };
  for (const el of [to, price, pts]) el.addEventListener('input', say);
  say();
  m.body.append(
    h('p', {
      class: 'help',
      text: 'Name a price in mackerel and/or Points: they pay it to you when they accept. Nothing changes until they accept; either of you may cancel the offer. A Tapped Device stays Tapped.',
    }),
    h(
      'div',
      { class: 'dv-form' },
      h('label', {}, h('span', { text: 'Offer to' }), to),
      h('label', {}, h('span', { text: 'Price (mackerel)' }), price),
      h('label', {}, h('span', { text: 'Price (Points)' }), pts),
    ),
    summary,
    h(
      'div',
      { class: 'actions' },
      button(
        'Destroy…',
        () => {
          if (!destroy) return;
          m.close();
          confirmDestroy(ctx, d, destroy);
        },
        {
          kind: 'danger',
          disabled: !destroy,
          testid: 'dv-trade-destroy',
          title: 'The Device ceases to exist (you are asked to confirm)',
        },
      ),
      offerBtn,
    ),
  );
}

/** Destroying a Device cannot be undone: ask first. */
function confirmDestroy(ctx: MarketContext, d: DeviceView, destroy: DevicesAction): void {
  const m = openModal(`Destroy ${d.name} #${d.id}?`, { testid: 'dv-destroy-dialog' });
  m.body.append(
    h('p', {
      text: `${d.name} #${d.id} ceases to exist: it scores nothing at Thirnight and cannot be traded. This cannot be undone.`,
    }),
    h(
      'div',
      { class: 'actions' },
      button('Keep it', () => m.close(), { kind: 'ghost', testid: 'dv-destroy-cancel' }),
      button(
        'Destroy',
        () => {
          ctx.send(destroy);
          m.close();
        },
        { kind: 'danger', testid: 'dv-destroy-confirm' },
      ),
    ),
  );
}
