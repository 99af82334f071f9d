/**
 * The James Bland planning form: offense and defense with their targets and options, predictions,
 * the odds, the cost and Submit. Built once per offer (a patch never eats a half-made plan); every
 * change recalculates the summary and the odds.
 */
import { costLine } from './costLine';
import {
  ASSET_SPECS,
  BANNER_MAX,
  DEFENSES,
  DEFENSE_SPECS,
  GADGET_SPECS,
  OFFENSES,
  OFFENSE_SPECS,
  type DefenseChoice,
  type OffenseChoice,
} from '@parlor/shared/games/james-bland/data';
import { planOdds } from '@parlor/shared/games/james-bland/odds';
import { DEFENSE_HELP, OFFENSE_HELP } from '@parlor/shared/games/james-bland/texts';
import type { JamesBlandAction, Plan } from '@parlor/shared/games/james-bland/types';
import { h } from '../../ui/dom';
import { type PanelInput, oddsLines, pctOf } from './panelText';

export interface PlanningForm {
  el: HTMLElement;
  /** The countdown in its head (Panel.tick writes it). */
  clock: HTMLElement;
  /** Recomputes the summary, the cost and the odds (after a patch). */
  recalc: () => void;
}

export function select(testid: string, options: [string, string][], value?: string): HTMLSelectElement {
  const el = h(
    'select',
    { testid, class: 'jb-select' },
    ...options.map(([v, t]) => h('option', { text: t, attrs: { value: v } })),
  );
  if (value !== undefined && options.some(([v]) => v === value)) el.value = value;
  return el;
}

export const field = (label: string, ...children: HTMLElement[]) =>
  h('label', { class: 'jb-field' }, h('span', { text: label }), ...children);

export function planningForm(
  { pub, priv, legal, mySeat }: PanelInput,
  send: (a: JamesBlandAction) => void,
): PlanningForm {
  const me = priv!;
  const plans = legal.flatMap((a) => (a.type === 'plan' ? [a.plan] : []));
  const offenses = plans.filter((p) => p.defense === 'none').map((p) => p.offense);
  const defenses: DefenseChoice[] = [
    'none',
    ...plans.filter((p) => p.offense === 'safeTurn' && p.defense !== 'none').map((p) => p.defense),
  ];
  const others = pub.agents.flatMap((_, i) => (i === mySeat ? [] : [i]));
  const inPlay = (i: number) => ['active', 'compromised', 'burned'].includes(pub.agents[i]!.status);
  const gadgetReady = (id: string) => me.gadgets.some((g) => g.id === id && g.ready);

  const offSel = select(
    'jb-offense',
    offenses.map((o) => [
      o,
      o === 'safeTurn'
        ? 'Safe Turn (no attack, +1 IP)'
        : `${OFFENSE_SPECS[o].name} · ${OFFENSE_SPECS[o].cost} IP · ${OFFENSE_SPECS[o].cartoon}`,
    ]),
  );
  const targetSel = select('jb-target', []);
  const frameSel = select('jb-frame', []);
  const enhanceSel = select('jb-enhance', [
    ['0', '+0'],
    ['1', '+1 (1 IP)'],
    ['2', '+2 (2 IP)'],
  ]);
  const gadgetBox = h('input', { testid: 'jb-use-gadget', attrs: { type: 'checkbox' } });
  const gadgetField = field('Gadget', gadgetBox);
  const defSel = select(
    'jb-defense',
    defenses.map((d) => [
      d,
      d === 'none'
        ? 'No defense'
        : `${DEFENSE_SPECS[d].name} · ${d === 'allianceBuilding' ? '2 IP a partner' : `${DEFENSE_SPECS[d].cost} IP`}`,
    ]),
  );
  const bannerText = h('input', {
    testid: 'jb-banner-text',
    class: 'jb-text',
    attrs: {
      type: 'text',
      maxlength: String(BANNER_MAX),
      placeholder: 'Your banner (50 letters)',
      enterkeyhint: 'done',
      autocomplete: 'off',
    },
  });
  const livingOthers = others.filter(inPlay);
  const redirectSel = select(
    'jb-redirect',
    livingOthers.map((i) => [String(i), `sends attackers to ${pub.agents[i]!.name}`]),
  );
  const suspectSel = select(
    'jb-suspect',
    livingOthers.map((i) => [String(i), pub.agents[i]!.name]),
  );
  // Alliance Building: one or more partners, 2 IP each (a pact forms with each who names you too).
  const partnerBoxes = livingOthers.map((i, k) => {
    const box = h('input', { testid: `jb-partner-${i}`, attrs: { type: 'checkbox' } });
    box.checked = k === 0;
    return { seat: i, box };
  });
  const partnerField = h(
    'span',
    { class: 'jb-partners', testid: 'jb-partners' },
    ...partnerBoxes.map(({ seat, box }) =>
      h('label', { class: 'jb-check' }, box, h('span', { text: pub.agents[seat]!.name })),
    ),
  );
  const positionSel = select('jb-position', [
    ['1', 'Spot 1'],
    ['2', 'Spot 2'],
    ['3', 'Spot 3'],
  ]);
  const counterBox = h('input', { testid: 'jb-counter', attrs: { type: 'checkbox' } });
  const guessSel = select('jb-position-guess', [
    ['', 'no guess'],
    ['1', 'spot 1'],
    ['2', 'spot 2'],
    ['3', 'spot 3'],
  ]);
  const defGuessSel = select('jb-defense-guess', [
    ['', 'no guess'],
    ['none', 'No defense'],
    ...DEFENSES.map((d): [string, string] => [d, DEFENSE_SPECS[d].name]),
  ]);
  // Two predictions of other agents' offenses (+2 IP when both are right), or none.
  const offenseOptions: [string, string][] = [
    ['safeTurn', 'Safe Turn'],
    ...OFFENSES.map((o): [string, string] => [o, OFFENSE_SPECS[o].name]),
  ];
  const predictions = [0, 1].map((k) => ({
    seat: select(`jb-predict-seat-${k}`, [
      ['', '-'],
      ...others.map((i): [string, string] => [String(i), pub.agents[i]!.name]),
    ]),
    offense: select(`jb-predict-offense-${k}`, offenseOptions),
  }));
  const fortressBox = h('input', { testid: 'jb-fortress', attrs: { type: 'checkbox' } });

  const offFields = h('div', { class: 'jb-row' });
  const defFields = h('div', { class: 'jb-row' });
  const offHelp = h('div', { class: 'jb-help', testid: 'jb-offense-help' });
  const defHelp = h('div', { class: 'jb-help', testid: 'jb-defense-help' });
  // Alliance Building may claim an asset a named partner controls (design 6.4).
  const claimSel = select('jb-claim', []);
  const summary = h('div', { class: 'jb-summary', testid: 'jb-summary' });
  const oddsHead = h('summary', { text: 'Odds' });
  const oddsBody = h('div', { class: 'jb-odds' });
  const oddsFold = h('details', { class: 'jb-fold jb-odds-fold', testid: 'jb-odds' }, oddsHead, oddsBody);
  const submit = h('button', { class: 'btn primary jb-submit', testid: 'jb-submit', text: 'Submit plan' });
  const clock = h('span', { class: 'jb-clock', testid: 'jb-clock' });

  const gadgetFor = (o: OffenseChoice) =>
    o === 'sabotage' && gadgetReady('explosivesBox')
      ? 'explosivesBox'
      : o === 'assassination' && gadgetReady('anvilDrone')
        ? 'anvilDrone'
        : null;

  const fillTargets = () => {
    const o = offSel.value as OffenseChoice;
    offHelp.textContent = OFFENSE_HELP[o];
    offFields.replaceChildren();
    if (o === 'safeTurn') return;
    if (o === 'allianceDisruption') {
      const pacts = pub.pacts.filter((p) => p.a !== mySeat && p.b !== mySeat);
      targetSel.replaceChildren(
        ...pacts.map((p) =>
          h('option', {
            text: `${pub.agents[p.a]!.name} & ${pub.agents[p.b]!.name}`,
            attrs: { value: `${p.a},${p.b}` },
          }),
        ),
      );
    } else {
      const valid = others.filter((i) => OFFENSE_SPECS[o].targets.includes(pub.agents[i]!.status));
      targetSel.replaceChildren(
        ...valid.map((i) =>
          h('option', {
            text: `${pub.agents[i]!.name}${pub.agents[i]!.exposed ? ' (Exposed)' : ''}`,
            attrs: { value: String(i) },
          }),
        ),
      );
    }
    offFields.append(field('Target', targetSel));
    if (o === 'falseFlag') {
      frameSel.replaceChildren(
        ...livingOthers.map((i) => h('option', { text: pub.agents[i]!.name, attrs: { value: String(i) } })),
      );
      offFields.append(field('Frame', frameSel));
    }
    if (OFFENSE_SPECS[o].threshold !== null) offFields.append(field('Enhance', enhanceSel));
    if (OFFENSE_SPECS[o].direct) offFields.append(field('If they skate', guessSel));
    if (o === 'surveillance') offFields.append(field('Their defense? (+2)', defGuessSel));
    const g = gadgetFor(o);
    if (g) {
      gadgetField.querySelector('span')!.textContent = GADGET_SPECS[g].name;
      offFields.append(gadgetField);
    }
  };
  const fillClaims = () => {
    const partners = partnerBoxes.filter((p) => p.box.checked).map((p) => p.seat);
    const before = claimSel.value;
    const held = Object.entries(pub.assets).filter(([, o]) => o !== null && partners.includes(o));
    claimSel.replaceChildren(
      h('option', { text: 'no claim', attrs: { value: '' } }),
      ...held.map(([asset, o]) =>
        h('option', {
          text: `${ASSET_SPECS[asset as keyof typeof ASSET_SPECS].name} from ${pub.agents[o!]!.name} (pay ${ASSET_SPECS[asset as keyof typeof ASSET_SPECS].cost} IP)`,
          attrs: { value: asset },
        }),
      ),
    );
    if ([...claimSel.options].some((op) => op.value === before)) claimSel.value = before;
    claimSel.closest('.jb-field')?.toggleAttribute('hidden', held.length === 0);
  };
  const fillDefense = () => {
    const d = defSel.value as DefenseChoice;
    defHelp.textContent = DEFENSE_HELP[d];
    defFields.replaceChildren();
    if (d === 'informationWarfare')
      defFields.append(field('Banner', bannerText), field('Redirect', redirectSel));
    if (d === 'preemptiveStrike') defFields.append(field('Suspect', suspectSel));
    // A div, not a label: each checkbox has its own label inside.
    if (d === 'allianceBuilding') {
      defFields.append(
        h('div', { class: 'jb-field' }, h('span', { text: 'Partners (2 IP each)' }), partnerField),
        field('Claim an asset', claimSel),
      );
      fillClaims();
    }
    if (d === 'mobileOperations') defFields.append(field('Skate to', positionSel));
    defFields.append(field('Counter (1 IP)', counterBox));
    if (gadgetReady('mobileFortress')) defFields.append(field('Fortress', fortressBox));
  };

  const build = (): Plan => {
    const o = offSel.value as OffenseChoice;
    const d = defSel.value as DefenseChoice;
    const plan: Plan = {
      offense: o,
      enhance: 0,
      defense: d,
      counterMisinformation: counterBox.checked,
      predictions: [],
      fortress: fortressBox.checked,
    };
    if (o !== 'safeTurn') {
      if (o === 'allianceDisruption') {
        const [a, b] = targetSel.value.split(',').map(Number);
        if (a !== undefined && b !== undefined) Object.assign(plan, { target: a, target2: b });
      } else if (targetSel.value !== '') plan.target = Number(targetSel.value);
      if (o === 'falseFlag' && frameSel.value !== '') plan.target2 = Number(frameSel.value);
      if (OFFENSE_SPECS[o].threshold !== null) plan.enhance = Number(enhanceSel.value);
      const g = gadgetFor(o);
      if (g && gadgetBox.checked) plan.useGadget = g;
      if (OFFENSE_SPECS[o].direct && guessSel.value) plan.positionGuess = Number(guessSel.value) as 1 | 2 | 3;
      if (o === 'surveillance' && defGuessSel.value) plan.defenseGuess = defGuessSel.value as DefenseChoice;
    }
    const picked = predictions.filter((p) => p.seat.value !== '');
    if (picked.length === 2)
      plan.predictions = picked.map((p) => ({
        seat: Number(p.seat.value),
        offense: p.offense.value as OffenseChoice,
      }));
    if (d === 'informationWarfare')
      plan.banner = { text: bannerText.value.slice(0, BANNER_MAX), redirect: Number(redirectSel.value) };
    if (d === 'preemptiveStrike') plan.suspect = Number(suspectSel.value);
    if (d === 'allianceBuilding') {
      plan.partners = partnerBoxes.filter((p) => p.box.checked).map((p) => p.seat);
      if (claimSel.value) plan.claimAsset = claimSel.value as keyof typeof ASSET_SPECS;
    }
    if (d === 'mobileOperations') plan.position = Number(positionSel.value) as 1 | 2 | 3;
    return plan;
  };

  const recalc = () => {
    const plan = build();
    const bill = costLine(me, plan);
    const parts = [bill.text];
    let ok = bill.affordable;
    if (plan.offense !== 'safeTurn') {
      const spec = OFFENSE_SPECS[plan.offense];
      if (plan.target === undefined) ok = false;
      const table = planOdds(pub, me, plan);
      const none = table?.find((r) => r.defense === 'none');
      if (table && none) {
        const c = none.odds.chance;
        const roll =
          none.odds.need !== null
            ? `${Math.max(1, none.odds.need)}+ on a d${none.odds.die}`
            : spec.threshold === null
              ? 'no roll'
              : '';
        parts.push(`${pctOf(c.success)} with no defense${roll ? ` (${roll})` : ''}`);
        const successes = table.map((r) => r.odds.chance.success);
        oddsHead.textContent = `Odds: ${pctOf(Math.min(...successes))}-${pctOf(Math.max(...successes))} by their defense`;
        oddsBody.replaceChildren(
          ...oddsLines(table).map((l) =>
            h(
              'div',
              { class: 'jb-odds-line' },
              h('b', { text: l.label }),
              h('span', { text: l.defenses.join(', ') }),
            ),
          ),
          h('div', {
            class: 'jb-odds-note',
            text: `${c.misfire ? `Includes a ${pctOf(c.misfire)} misfire. ` : ''}Their hidden gadgets, a Guard Dog or a Fortress can only lower these.`,
          }),
        );
        oddsFold.hidden = false;
      } else oddsFold.hidden = true;
    } else {
      parts.push('Safe Turn');
      oddsFold.hidden = true;
    }
    const named = predictions.filter((p) => p.seat.value !== '');
    if (named.length === 1 || (named.length === 2 && named[0]!.seat.value === named[1]!.seat.value)) {
      ok = false;
      parts.push('predict two different agents, or none');
    }
    if (plan.defense === 'allianceBuilding' && plan.partners!.length === 0) {
      ok = false;
      parts.push('name a partner');
    }
    if (plan.defense === 'informationWarfare' && plan.banner!.text.trim() === '') {
      ok = false;
      parts.push('write a banner');
    }
    if (!bill.affordable) parts.push('not enough IP');
    summary.textContent = parts.join(' · ');
    summary.classList.toggle('bad', !ok);
    submit.disabled = !ok;
  };

  offSel.addEventListener('change', () => {
    fillTargets();
    recalc();
  });
  defSel.addEventListener('change', () => {
    fillDefense();
    recalc();
  });
  for (const el of [
    targetSel,
    frameSel,
    enhanceSel,
    gadgetBox,
    redirectSel,
    suspectSel,
    ...partnerBoxes.map((p) => p.box),
    claimSel,
    positionSel,
    counterBox,
    fortressBox,
    guessSel,
    defGuessSel,
    ...predictions.flatMap((p) => [p.seat, p.offense]),
  ])
    el.addEventListener('change', recalc);
  bannerText.addEventListener('input', recalc);
  for (const p of partnerBoxes)
    p.box.addEventListener('change', () => {
      fillClaims();
      recalc();
    });
  submit.addEventListener('click', () => {
    submit.disabled = true;
    send({ type: 'plan', plan: build() });
  });
  // A fresh form proposes nothing aggressive: Safe Turn (+1 IP) until the player picks an offense.
  if (offenses.includes('safeTurn')) offSel.value = 'safeTurn';
  fillTargets();
  fillDefense();
  recalc();
  const el = h(
    'div',
    { class: 'jb-plan', testid: 'jb-plan' },
    h('div', { class: 'jb-plan-head' }, h('strong', { text: `Round ${pub.round}: plan in secret` }), clock),
    h(
      'div',
      { class: 'jb-plan-cols' },
      h('div', { class: 'jb-col' }, field('Offense', offSel), offHelp, offFields),
      h('div', { class: 'jb-col' }, field('Defense', defSel), defHelp, defFields),
    ),
    h(
      'details',
      { class: 'jb-fold', testid: 'jb-predictions' },
      h('summary', { text: 'Predictions (+2 IP if both are right)' }),
      h('div', { class: 'jb-row' }, ...predictions.map((p, k) => field(`Guess ${k + 1}`, p.seat, p.offense))),
    ),
    oddsFold,
    h('div', { class: 'jb-plan-foot' }, summary, submit),
  );
  return { el, clock, recalc };
}
