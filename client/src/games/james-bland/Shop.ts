/** The James Bland Adaptation shop: gadgets, bribes, assets, pacts, co-ops, then Ready. */
import { ASSET_SPECS, GADGET_SPECS, NPC_SPECS } from '@parlor/shared/games/james-bland/data';
import type { JamesBlandAction } from '@parlor/shared/games/james-bland/types';
import { h } from '../../ui/dom';
import type { PanelInput } from './panelText';
import { select } from './PlanningForm';

export function shop(
  { pub, legal, mySeat }: PanelInput,
  send: (a: JamesBlandAction) => void,
): { el: HTMLElement; clock: HTMLElement } {
  const name = (i: number) => pub.agents[i]?.name ?? '?';
  const label = (a: JamesBlandAction): string => {
    switch (a.type) {
      case 'recharge':
        return `Recharge ${GADGET_SPECS[a.gadget].name} (1)`;
      case 'bribe':
        return `Bribe ${NPC_SPECS[a.npc].name} (${NPC_SPECS[a.npc].cost})`;
      case 'recover':
        return 'Recover status';
      case 'buyAsset':
        return `${ASSET_SPECS[a.asset].name} (${ASSET_SPECS[a.asset].cost})`;
      case 'offerPact':
        return `Offer pact to ${name(a.to)}`;
      case 'acceptPact':
        return `Accept ${name(a.from)}'s pact`;
      case 'extendPact':
        return `Extend pact with ${name(a.partner)}`;
      case 'breakPact':
        return `Break pact with ${name(a.partner)}`;
      case 'offerCoordination':
        return `Co-op with ${name(a.to)} vs ${name(a.target)}`;
      case 'acceptCoordination':
        return `Join ${name(a.from)}'s co-op`;
      case 'escape':
        return 'Escape (ACME Jailbreak)';
      case 'haunt':
        return `Haunt ${name(a.target)}`;
      case 'aimCamera':
        return `Aim camera at ${name(a.target)}`;
      default:
        return a.type;
    }
  };
  const gadgets = legal.flatMap((a) => (a.type === 'buyGadget' ? [a.gadget] : []));
  // Coordinated Operations: the list names each partner you may propose one to (with one target);
  // you choose the target among every other agent in play.
  const coPartners = [...new Set(legal.flatMap((a) => (a.type === 'offerCoordination' ? [a.to] : [])))];
  const rest = legal.filter(
    (a) => a.type !== 'buyGadget' && a.type !== 'ready' && a.type !== 'offerCoordination',
  );
  const wrap = h('div', { class: 'jb-shop', testid: 'jb-shop' });
  const clock = h('span', { class: 'jb-clock', testid: 'jb-clock' });
  wrap.append(
    h('div', { class: 'jb-plan-head' }, h('strong', { text: 'Adaptation: shop, scheme, then Ready' }), clock),
  );
  const row = h('div', { class: 'jb-shop-row' });
  if (gadgets.length) {
    const sel = select(
      'jb-gadget',
      gadgets.map((g) => [g, `${GADGET_SPECS[g].name} (${GADGET_SPECS[g].cost} IP)`]),
    );
    sel.title = GADGET_SPECS[gadgets[0]!].text;
    sel.addEventListener(
      'change',
      () => (sel.title = GADGET_SPECS[sel.value as keyof typeof GADGET_SPECS].text),
    );
    row.append(
      sel,
      h('button', {
        class: 'btn',
        testid: 'jb-buy-gadget',
        text: 'Buy gadget',
        on: {
          click: () => send({ type: 'buyGadget', gadget: sel.value as (typeof gadgets)[number] }),
        },
      }),
    );
  }
  if (coPartners.length) {
    const inPlay = (i: number) => ['active', 'compromised', 'burned'].includes(pub.agents[i]!.status);
    const partnerSel = select(
      'jb-co-partner',
      coPartners.map((i) => [String(i), `with ${name(i)}`]),
    );
    const targetSel = select('jb-co-target', []);
    const fillTargets = () => {
      const partner = Number(partnerSel.value);
      const targets = pub.agents.flatMap((_, i) => (i !== mySeat && i !== partner && inPlay(i) ? [i] : []));
      targetSel.replaceChildren(
        ...targets.map((i) => h('option', { text: `against ${name(i)}`, attrs: { value: String(i) } })),
      );
    };
    partnerSel.addEventListener('change', fillTargets);
    fillTargets();
    row.append(
      partnerSel,
      targetSel,
      h('button', {
        class: 'btn',
        testid: 'jb-co-offer',
        text: 'Propose Coordinated Operation (3 IP each)',
        on: {
          click: () =>
            send({
              type: 'offerCoordination',
              to: Number(partnerSel.value),
              target: Number(targetSel.value),
            }),
        },
      }),
    );
  }
  for (const a of rest)
    row.append(h('button', { class: 'btn small jb-chip', text: label(a), on: { click: () => send(a) } }));
  // On a phone the shop folds away so the agents keep the screen; Ready stays in reach.
  if (window.innerWidth < 640 && row.childElementCount > 0)
    wrap.append(
      h(
        'details',
        { class: 'jb-fold' },
        h('summary', {
          text: `Shop and scheme (${rest.length + (gadgets.length ? 1 : 0) + (coPartners.length ? 1 : 0)})`,
        }),
        row,
      ),
    );
  else wrap.append(row);
  if (legal.some((a) => a.type === 'ready'))
    wrap.append(
      h('button', {
        class: 'btn primary jb-ready',
        testid: 'jb-ready',
        text: 'Ready',
        on: { click: () => send({ type: 'ready' }) },
      }),
    );
  return { el: wrap, clock };
}
