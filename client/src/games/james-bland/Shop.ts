/**
 * The James Bland Adaptation shop, in labelled groups with each price on its button: Assets,
 * Gadgets, Bribes, Pacts (pacts and Coordinated Operations), Other (recover, escape, haunt, camera),
 * then Ready.
 */
import {
  ASSET_SPECS,
  BREAK_PACT_COST,
  COORDINATION_COST,
  ESCAPE_CARDS,
  GADGET_SPECS,
  HAUNT_CARDS,
  NPC_SPECS,
  PACT_COST,
  RECHARGE_COST,
  RECOVER_COST,
} from '@parlor/shared/games/james-bland/data';
import type { JamesBlandAction } from '@parlor/shared/games/james-bland/types';
import { h } from '../../ui/dom';
import type { PanelInput } from './panelText';
import { select } from './PlanningForm';

const GROUPS = ['Assets', 'Gadgets', 'Bribes', 'Pacts', 'Other'] as const;
type Group = (typeof GROUPS)[number];

/**
 * The phone's shop fold, open or closed, per round: a purchase rebuilds the shop (its offers
 * change), and the fold stays as the player left it instead of closing under their finger.
 */
export interface ShopFold {
  round: number;
  open: boolean;
}

export function shop(
  { pub, legal, mySeat }: PanelInput,
  send: (a: JamesBlandAction) => void,
  fold: ShopFold = { round: 0, open: false },
): { el: HTMLElement; clock: HTMLElement } {
  const name = (i: number) => pub.agents[i]?.name ?? '?';
  const myStatus = pub.agents[mySeat]?.status;
  const label = (a: JamesBlandAction): string => {
    switch (a.type) {
      case 'recharge':
        return `Recharge ${GADGET_SPECS[a.gadget].name} · ${RECHARGE_COST} IP`;
      case 'bribe':
        return `Bribe ${NPC_SPECS[a.npc].name} · ${NPC_SPECS[a.npc].cost} IP`;
      case 'recover':
        return `Recover status · ${myStatus ? (RECOVER_COST[myStatus] ?? 0) : 0} IP`;
      case 'buyAsset':
        return `${ASSET_SPECS[a.asset].name} · ${ASSET_SPECS[a.asset].cost} IP`;
      case 'offerPact':
        return `Offer ${name(a.to)} a pact · ${PACT_COST} IP each on acceptance`;
      case 'acceptPact':
        return `Accept ${name(a.from)}'s pact · ${PACT_COST} IP`;
      case 'extendPact':
        return `Extend pact with ${name(a.partner)} · ${PACT_COST} IP`;
      case 'breakPact':
        return `Break pact with ${name(a.partner)} · ${BREAK_PACT_COST} IP`;
      case 'offerCoordination':
        return `Co-op with ${name(a.to)} vs ${name(a.target)}`;
      case 'acceptCoordination':
        return `Join ${name(a.from)}'s co-op · ${COORDINATION_COST} IP`;
      case 'escape':
        return `Escape (ACME Jailbreak) · ${ESCAPE_CARDS} Intel Cards`;
      case 'haunt':
        return `Haunt ${name(a.target)} · ${HAUNT_CARDS} Intel Cards`;
      case 'aimCamera':
        return `Aim camera at ${name(a.target)} · free`;
      default:
        return a.type;
    }
  };
  /** Which group each action sits in. */
  const groupOf = (a: JamesBlandAction): Group => {
    switch (a.type) {
      case 'buyAsset':
        return 'Assets';
      case 'recharge':
        return 'Gadgets';
      case 'bribe':
        return 'Bribes';
      case 'offerPact':
      case 'acceptPact':
      case 'extendPact':
      case 'breakPact':
      case 'acceptCoordination':
        return 'Pacts';
      default:
        return 'Other';
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
  const groups = new Map<Group, HTMLElement>();
  const groupEl = (g: Group): HTMLElement => {
    let el = groups.get(g);
    if (!el) {
      el = h('div', { class: 'jb-shop-items' });
      groups.set(g, el);
    }
    return el;
  };
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
    groupEl('Gadgets').append(
      sel,
      h('button', {
        class: 'btn small',
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
    groupEl('Pacts').append(
      partnerSel,
      targetSel,
      h('button', {
        class: 'btn small',
        testid: 'jb-co-offer',
        text: `Propose Coordinated Operation · ${COORDINATION_COST} IP each`,
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
    groupEl(groupOf(a)).append(
      h('button', { class: 'btn small jb-chip', text: label(a), on: { click: () => send(a) } }),
    );
  for (const g of GROUPS) {
    const items = groups.get(g);
    if (items)
      row.append(
        h(
          'section',
          { class: 'jb-shop-group', testid: `jb-shop-${g.toLowerCase()}` },
          h('h5', { text: g }),
          items,
        ),
      );
  }
  // On a phone the shop folds away so the agents keep the screen; Ready stays in reach.
  if (window.innerWidth < 640 && row.childElementCount > 0) {
    if (fold.round !== pub.round) Object.assign(fold, { round: pub.round, open: false });
    const details = h(
      'details',
      { class: 'jb-fold', testid: 'jb-shop-fold' },
      h('summary', {
        text: `Shop and scheme (${rest.length + (gadgets.length ? 1 : 0) + (coPartners.length ? 1 : 0)})`,
      }),
      row,
    );
    details.open = fold.open;
    details.addEventListener('toggle', () => (fold.open = details.open));
    wrap.append(details);
  } else wrap.append(row);
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
