/** The James Bland dossier drawer: your cover and Master Plan, what you know of each agent, assets, pacts. */
import { ASSET_SPECS, DEFENSE_SPECS, GADGET_SPECS } from '@parlor/shared/games/james-bland/data';
import { MASTER_PLAN_SPECS } from '@parlor/shared/games/james-bland/plans';
import { FACT_NAMES } from '@parlor/shared/games/james-bland/state';
import { h } from '../../ui/dom';
import { STATUS_COLOUR } from './agentText';
import type { PanelInput } from './panelText';

/** The dossier drawer's sections: you, the agents as you know them, assets and pacts. */
export function dossierSections({ pub, priv, mySeat }: PanelInput): HTMLElement[] {
  const kids: HTMLElement[] = [];
  if (priv) {
    const plan = MASTER_PLAN_SPECS[priv.masterPlan];
    kids.push(
      h(
        'section',
        { class: 'jb-me', testid: 'jb-me' },
        h('h4', { text: `You: ${priv.codename}` }),
        h('div', {
          class: `jb-ip${priv.ip < 0 ? ' debt' : ''}`,
          testid: 'jb-ip',
          text: priv.ip < 0 ? `${priv.ip} IP (in debt)` : `${priv.ip} IP`,
        }),
        priv.ipMoves.length
          ? h(
              'details',
              { class: 'jb-ip-moves', testid: 'jb-ip-moves', attrs: priv.ip < 0 ? { open: '' } : {} },
              h('summary', {
                text:
                  priv.ip < 0
                    ? 'Why: penalties (you cannot spend until you are back above 0)'
                    : 'Your IP lately',
              }),
              h('ul', {}, ...priv.ipMoves.map((m) => h('li', { text: m }))),
            )
          : null,
        h('div', { text: `Safe house: ${priv.safeHouse} · Favourite: ${priv.favouriteGadget}` }),
        plan
          ? h('div', {
              class: 'jb-plan-secret',
              title: plan.text,
              text: `Master Plan: ${plan.name} (${plan.text})`,
            })
          : null,
        h('div', {
          text: `Gadgets: ${priv.gadgets.map((g) => `${GADGET_SPECS[g.id].name}${g.tapped ? ' (tapped)' : ''}`).join(', ') || 'none'}`,
        }),
        h('div', {
          text: `Intel Cards (${priv.cards.length}): ${
            priv.cards
              .map((c) => `${pub.agents[c.about]?.name}'s ${FACT_NAMES[c.fact]}: ${c.value}`)
              .join(' · ') || 'none'
          }`,
        }),
        priv.cameraView
          ? h('div', {
              class: 'jb-plan-secret',
              testid: 'jb-camera',
              text: `Camera: ${pub.agents[priv.cameraView.seat]?.name} defends with ${
                priv.cameraView.defense === 'none' ? 'nothing' : DEFENSE_SPECS[priv.cameraView.defense].name
              }`,
            })
          : null,
        priv.coordination
          ? h('div', {
              text: `Coordinated Operation with ${
                pub.agents[priv.coordination.a === mySeat ? priv.coordination.b : priv.coordination.a]?.name
              } against ${pub.agents[priv.coordination.target]?.name} (round ${priv.coordination.round})`,
            })
          : null,
      ),
    );
  }
  const agents = h('section', {}, h('h4', { text: 'Agents' }));
  pub.agents.forEach((a, i) => {
    if (i === mySeat) return;
    const d = priv?.dossier[i];
    const facts = [
      `codename ${d?.codename ?? a.codename ?? '?'}`,
      `safe house ${d?.safeHouse ?? '?'}`,
      `favourite gadget ${d?.gadget ?? '?'}`,
      a.factsMissing !== null && a.factsMissing <= 3
        ? `lacks ${a.factsMissing} secret${a.factsMissing === 1 ? '' : 's'} for Supremacy`
        : '',
    ];
    agents.append(
      h(
        'div',
        { class: 'jb-agent-line', testid: `jb-dossier-${i}` },
        h('span', {
          class: 'jb-dot',
          style: { background: STATUS_COLOUR[a.status] },
          attrs: { 'aria-hidden': 'true' },
        }),
        h('strong', { text: a.name }),
        // The status in words beside its colour (never told by the dot alone).
        h('span', { class: `jb-status ${a.status}`, testid: `jb-dossier-status-${i}`, text: a.status }),
        priv ? h('span', { class: 'jb-facts', text: facts.filter(Boolean).join(' · ') }) : null,
      ),
    );
  });
  kids.push(agents);
  const owned = Object.entries(pub.assets).filter(([, o]) => o !== null && o !== undefined);
  kids.push(
    h(
      'section',
      {},
      h('h4', { text: 'Assets & alliances' }),
      h('div', {
        text: owned.length
          ? owned
              .map(
                ([k, o]) =>
                  `${ASSET_SPECS[k as keyof typeof ASSET_SPECS].name}: ${pub.agents[o as number]?.name}`,
              )
              .join(' · ')
          : 'No assets held.',
      }),
      h('div', {
        text: pub.pacts.length
          ? pub.pacts
              .map((p) => `Pact: ${pub.agents[p.a]?.name} & ${pub.agents[p.b]?.name} (to round ${p.until})`)
              .join(' · ')
          : 'No pacts.',
      }),
      pub.offers.length
        ? h('div', {
            text: pub.offers
              .map((o) => `${pub.agents[o.from]?.name} offers ${pub.agents[o.to]?.name} a pact`)
              .join(' · '),
          })
        : null,
    ),
  );
  if (priv?.notes.length)
    kids.push(
      h(
        'section',
        { class: 'jb-notes' },
        h('h4', { text: 'What you learnt' }),
        ...priv.notes
          .slice(-8)
          .reverse()
          .map((n) => h('div', { text: n })),
      ),
    );
  return kids;
}
