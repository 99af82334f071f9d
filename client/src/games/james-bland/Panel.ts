/**
 * The DOM side of the James Bland table: the planning panel (choice, cost, odds, countdown), the
 * banner prompt, the Adaptation shop, the Showdown and the dossier drawer. Forms are rebuilt only
 * when what they offer changes, so a patch (someone else submitting) never eats a half-made plan.
 */
import type {
  JamesBlandAction,
  JamesBlandPrivate,
  JamesBlandPublic,
  Plan,
} from '@parlor/shared/games/james-bland/types';
import {
  ASSET_SPECS,
  BANNER_MAX,
  DEFENSES,
  DEFENSE_SPECS,
  GADGET_SPECS,
  NPC_SPECS,
  OFFENSES,
  OFFENSE_SPECS,
  type DefenseChoice,
  type OffenseChoice,
  type Status,
} from '@parlor/shared/games/james-bland/data';
import { MASTER_PLAN_SPECS } from '@parlor/shared/games/james-bland/plans';
import { claimCost, planCost } from '@parlor/shared/games/james-bland/planning';
import { FACT_NAMES } from '@parlor/shared/games/james-bland/state';
import { DEFENSE_HELP, OFFENSE_HELP } from '@parlor/shared/games/james-bland/texts';
import { victoryWarnings } from '@parlor/shared/games/james-bland/warnings';
import { Recap } from './Recap';
import { planOdds, type DefenseOdds } from '@parlor/shared/games/james-bland/odds';
import { h } from '../../ui/dom';

export const STATUS_COLOUR: Record<Status, string> = {
  active: '#3fae5a',
  compromised: '#e9c531',
  burned: '#ee8a2a',
  captured: '#d93b3b',
  eliminated: '#161412',
};

const offenseName = (o: OffenseChoice) => (o === 'safeTurn' ? 'Safe Turn' : OFFENSE_SPECS[o].name);
const defenseName = (d: DefenseChoice) => (d === 'none' ? 'No defense' : DEFENSE_SPECS[d].name);

export interface PanelInput {
  pub: JamesBlandPublic;
  priv: JamesBlandPrivate | null;
  legal: JamesBlandAction[];
  mySeat: number;
  toAct: number[];
  deadline: number;
  /** The table's status: the dossier, warnings and recap show only while the match is played. */
  status: string;
}

const pctOf = (p: number) => `${Math.round(p * 100)}%`;

/** One line per distinct result, naming the defenses that give it ("60%: No defense, Sweep & Clear"). */
export function oddsLines(table: DefenseOdds[]): { label: string; defenses: string[] }[] {
  const label = ({ defense, odds, guessed }: DefenseOdds) => {
    const c = odds.chance;
    let text = c.untargetable === 1 ? 'untouchable' : c.blocked === 1 ? 'blocked' : pctOf(c.success);
    if (guessed) text += ` (${pctOf(guessed.chance.success)} if your spot guess is right)`;
    if (defense === 'preemptiveStrike') text += ', cancelled if they suspect you';
    return text;
  };
  const lines = new Map<string, string[]>();
  for (const row of table) {
    const k = label(row);
    lines.set(k, [...(lines.get(k) ?? []), defenseName(row.defense)]);
  }
  return [...lines].map(([l, defenses]) => ({ label: l, defenses }));
}

function select(testid: string, options: [string, string][], value?: string): HTMLSelectElement {
  const el = h(
    'select',
    { testid, class: 'jb-select' },
    ...options.map(([v, t]) => h('option', { text: t, attrs: { value: v } })),
  );
  if (value !== undefined && options.some(([v]) => v === value)) el.value = value;
  return el;
}

const field = (label: string, ...children: HTMLElement[]) =>
  h('label', { class: 'jb-field' }, h('span', { text: label }), ...children);

export class JbPanel {
  private key = '';
  private clock: HTMLElement | null = null;
  private promptKey = '';
  private input: PanelInput | null = null;
  private readonly prompt = h('div', { class: 'jb-prompt', testid: 'jb-prompt' });
  readonly dossier = h('aside', { class: 'jb-dossier', testid: 'jb-dossier' });
  private readonly toggle = h('button', {
    class: 'btn small jb-dossier-toggle',
    testid: 'jb-dossier-toggle',
    text: 'Dossier',
  });
  private dossierOpen = window.innerWidth >= 1200;
  /** Only while the match is played: in the waiting room and over the results it would cover them. */
  private playing = false;
  private recalc: (() => void) | null = null;
  private readonly warnings = h('div', { class: 'jb-warnings', testid: 'jb-warnings' });
  private warningsKey = '';
  readonly recap: Recap;

  constructor(
    private readonly actions: HTMLElement,
    overlay: HTMLElement,
    private readonly send: (a: JamesBlandAction) => void,
    private readonly onLayout: (reserve: { right: number; top: number }) => void,
  ) {
    this.toggle.addEventListener('click', () => {
      this.dossierOpen = !this.dossierOpen;
      this.syncDossier();
    });
    this.recap = new Recap(overlay);
    overlay.append(this.warnings, this.toggle, this.dossier, this.prompt);
    this.syncDossier();
  }

  get wideDossier(): boolean {
    return this.playing && this.dossierOpen && window.innerWidth >= 1200;
  }

  private syncDossier(): void {
    const open = this.playing && this.dossierOpen;
    this.dossier.classList.toggle('open', open);
    this.toggle.classList.toggle('on', open);
    this.toggle.hidden = !this.playing;
    this.reportLayout();
  }

  /** Puts the warning strip under the scene's header, clear of the dossier drawer. */
  placeWarnings(top: number, right: number): void {
    this.warnTop = top;
    this.warnings.style.top = `${top}px`;
    this.warnings.style.right = `${right + 8}px`;
    this.recap.setReserveRight(right);
  }

  private warnTop = 56;

  private reportLayout(): void {
    // The recap opens below the warnings, so both stay readable.
    const recapTop = this.warnTop + (this.warnings.hidden ? 0 : this.warnings.offsetHeight + 4);
    this.recap.el.style.top = `${recapTop}px`;
    this.recap.el.style.maxHeight = `calc(100% - ${recapTop + 8}px)`;
    this.onLayout({
      right: this.wideDossier ? 320 : 0,
      top: this.warnings.hidden ? 0 : this.warnings.offsetHeight + 4,
    });
  }

  destroy(): void {
    this.actions.replaceChildren();
    this.prompt.remove();
    this.dossier.remove();
    this.toggle.remove();
    this.warnings.remove();
    this.recap.destroy();
  }

  /** The yellow strip: who is a round (or less) away from winning, from the public view. */
  private renderWarnings({ pub, mySeat }: PanelInput): void {
    const list = this.playing ? victoryWarnings(pub, mySeat) : [];
    const key = JSON.stringify(list);
    if (key === this.warningsKey) return;
    this.warningsKey = key;
    this.warnings.replaceChildren(
      ...list.map((w) =>
        h('div', {
          class: `jb-warning${w.thisRound ? ' now' : ''}`,
          testid: `jb-warning-${w.kind}`,
          text: `⚠ ${w.text}`,
        }),
      ),
    );
    this.warnings.hidden = list.length === 0;
    this.reportLayout();
  }

  /** Called every frame-ish (a second is enough) for the countdown. */
  tick(): void {
    if (!this.clock || !this.input) return;
    const left = Math.max(0, Math.ceil((this.input.deadline - Date.now()) / 1000));
    const untimed = this.input.pub.planningMs === 0 && this.input.pub.phase !== 'finished';
    this.clock.textContent =
      this.input.deadline > 0
        ? left >= 100
          ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`
          : `${left} s left`
        : untimed
          ? 'no clock'
          : '';
    this.clock.classList.toggle('low', this.input.deadline > 0 && left <= 10);
  }

  render(input: PanelInput): void {
    this.input = input;
    const playing = input.status === 'playing';
    if (playing !== this.playing) {
      this.playing = playing;
      this.syncDossier();
    }
    this.renderWarnings(input);
    this.recap.render(input.pub, input.priv, playing);
    this.renderDossier(input);
    this.renderPrompt(input);
    const { pub, priv, legal, mySeat, toAct } = input;
    const waiting = toAct.includes(mySeat);
    const key = `${pub.round}:${pub.phase}:${waiting}:${JSON.stringify(legal)}:${priv?.ip ?? ''}:${JSON.stringify(priv?.gadgets ?? [])}`;
    if (key === this.key) {
      this.recalc?.();
      this.updateStatus(input);
      return;
    }
    this.key = key;
    this.recalc = null;
    this.clock = null;
    if (pub.phase === 'finished' || mySeat < 0 || !priv) {
      this.actions.replaceChildren(this.statusLine(input));
      return;
    }
    if (pub.phase === 'planning' && waiting) this.actions.replaceChildren(this.planningForm(input));
    else if (pub.phase === 'adaptation' && waiting) this.actions.replaceChildren(this.shop(input));
    else if (pub.phase === 'showdown' && waiting) this.actions.replaceChildren(this.showdownButtons());
    else this.actions.replaceChildren(this.statusLine(input));
    this.tick();
  }

  private statusLine(input: PanelInput): HTMLElement {
    const line = h('div', { class: 'jb-status', testid: 'jb-status' });
    this.clock = h('span', { class: 'jb-clock', testid: 'jb-clock' });
    const text = h('span', { class: 'jb-status-text' });
    line.append(this.clock, text);
    this.statusText = text;
    this.updateStatus(input);
    return line;
  }

  private statusText: HTMLElement | null = null;

  private updateStatus({ pub, priv, toAct, mySeat }: PanelInput): void {
    if (!this.statusText) return;
    const names = toAct.map((i) => pub.agents[i]?.name ?? '?');
    let text: string;
    if (pub.phase === 'finished') text = pub.summary || 'The match is over.';
    else if (pub.phase === 'planning')
      text =
        mySeat >= 0 && priv?.plan
          ? `Plan in: ${offenseName(priv.plan.offense)} + ${defenseName(priv.plan.defense)}. Waiting for ${names.length} agent${names.length === 1 ? '' : 's'}…`
          : `Agents are planning in secret… ${pub.agents.filter((x) => x.submitted).length} submitted.`;
    else if (pub.phase === 'banner') text = `A biplane is overhead: waiting for ${names.join(', ')}…`;
    else if (pub.phase === 'adaptation') text = `Adaptation: waiting for ${names.join(', ')} to be Ready.`;
    else text = `Final Showdown: ${names.join(' and ')} choose…`;
    this.statusText.textContent = text;
  }

  // ------------------------------------------------------------ planning

  private planningForm({ pub, priv, legal, mySeat }: PanelInput): HTMLElement {
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
    this.clock = h('span', { class: 'jb-clock', testid: 'jb-clock' });

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
        if (OFFENSE_SPECS[o].direct && guessSel.value)
          plan.positionGuess = Number(guessSel.value) as 1 | 2 | 3;
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
      const claim = claimCost(plan);
      const cost = planCost(plan);
      const parts = [
        `Cost ${cost} IP of your ${me.ip}${claim ? ` (+${claim} if the claim goes through)` : ''}`,
      ];
      let ok = cost === 0 || cost <= me.ip;
      if (claim && cost + claim > me.ip) ok = false;
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
      if (!ok && cost > me.ip) parts.push('not enough IP');
      summary.textContent = parts.join(' · ');
      summary.classList.toggle('bad', !ok);
      submit.disabled = !ok;
    };
    this.recalc = recalc;

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
      this.send({ type: 'plan', plan: build() });
    });
    if (offenses.includes('assassination')) offSel.value = 'assassination';
    fillTargets();
    fillDefense();
    recalc();
    return h(
      'div',
      { class: 'jb-plan', testid: 'jb-plan' },
      h(
        'div',
        { class: 'jb-plan-head' },
        h('strong', { text: `Round ${pub.round}: plan in secret` }),
        this.clock,
      ),
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
        h(
          'div',
          { class: 'jb-row' },
          ...predictions.map((p, k) => field(`Guess ${k + 1}`, p.seat, p.offense)),
        ),
      ),
      oddsFold,
      h('div', { class: 'jb-plan-foot' }, summary, submit),
    );
  }

  // ------------------------------------------------------------ banner prompt

  private renderPrompt({ pub, priv, toAct, mySeat, legal }: PanelInput): void {
    const show = pub.phase === 'banner' && mySeat >= 0 && toAct.includes(mySeat) && !!priv;
    const target = priv?.plan?.target;
    const banners = (pub.reveal?.banners ?? []).filter((b) => priv?.bannerPrompt && b.caster === target);
    const key = show ? `${pub.round}:${priv!.bannerPrompt}:${banners.length}` : '';
    if (key === this.promptKey) return;
    this.promptKey = key;
    this.prompt.replaceChildren();
    this.prompt.classList.toggle('open', show);
    if (!show) return;
    const canBelieve = legal.some((a) => a.type === 'banner' && a.believe);
    const card = h('div', { class: 'jb-prompt-card' });
    card.append(h('div', { class: 'jb-prompt-title', text: 'A biplane banner!' }));
    if (canBelieve && banners[0]) {
      const b = banners[0];
      card.append(
        h('div', { class: 'jb-banner-quote', testid: 'jb-banner-quote', text: `“${b.text}”` }),
        h('div', {
          class: 'jb-prompt-sub',
          text:
            b.redirect === mySeat
              ? `${pub.agents[b.caster]!.name} is flying it, and it points at you: believing it will not move your operation (but ${pub.agents[b.caster]!.name} scores a believer). 10 seconds!`
              : `${pub.agents[b.caster]!.name} is flying it. Believe it and your operation goes after ${pub.agents[b.redirect]!.name} instead. 10 seconds!`,
        }),
        h(
          'div',
          { class: 'jb-prompt-buttons' },
          h('button', {
            class: 'btn primary',
            testid: 'jb-believe',
            text: 'Believe',
            on: { click: () => this.send({ type: 'banner', believe: true }) },
          }),
          h('button', {
            class: 'btn',
            testid: 'jb-ignore',
            text: 'Ignore',
            on: { click: () => this.send({ type: 'banner', believe: false }) },
          }),
        ),
      );
    } else {
      card.append(
        h('div', {
          class: 'jb-prompt-sub',
          text: 'The banner is not about your operation. Wave at the pilot and carry on.',
        }),
        h(
          'div',
          { class: 'jb-prompt-buttons' },
          h('button', {
            class: 'btn primary',
            testid: 'jb-ignore',
            text: 'Carry on',
            on: { click: () => this.send({ type: 'banner', believe: false }) },
          }),
        ),
      );
    }
    this.prompt.append(card);
  }

  // ------------------------------------------------------------ adaptation

  private shop({ pub, legal, mySeat }: PanelInput): HTMLElement {
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
    this.clock = h('span', { class: 'jb-clock', testid: 'jb-clock' });
    wrap.append(
      h(
        'div',
        { class: 'jb-plan-head' },
        h('strong', { text: 'Adaptation: shop, scheme, then Ready' }),
        this.clock,
      ),
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
            click: () => this.send({ type: 'buyGadget', gadget: sel.value as (typeof gadgets)[number] }),
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
              this.send({
                type: 'offerCoordination',
                to: Number(partnerSel.value),
                target: Number(targetSel.value),
              }),
          },
        }),
      );
    }
    for (const a of rest)
      row.append(
        h('button', { class: 'btn small jb-chip', text: label(a), on: { click: () => this.send(a) } }),
      );
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
          on: { click: () => this.send({ type: 'ready' }) },
        }),
      );
    return wrap;
  }

  private showdownButtons(): HTMLElement {
    return h(
      'div',
      { class: 'jb-shop', testid: 'jb-showdown' },
      h('strong', { text: 'Final Showdown! Pick your move:' }),
      h(
        'div',
        { class: 'jb-shop-row' },
        h('button', {
          class: 'btn primary',
          text: 'Assassination (piano)',
          on: { click: () => this.send({ type: 'showdown', choice: 'assassination' }) },
        }),
        h('button', {
          class: 'btn',
          text: 'Sabotage (pie)',
          on: { click: () => this.send({ type: 'showdown', choice: 'sabotage' }) },
        }),
      ),
    );
  }

  // ------------------------------------------------------------ dossier

  private dossierKey = '';

  private renderDossier({ pub, priv, mySeat }: PanelInput): void {
    const key = JSON.stringify([pub.agents, pub.assets, pub.pacts, priv]);
    if (key === this.dossierKey) return;
    this.dossierKey = key;
    const kids: HTMLElement[] = [];
    if (priv) {
      const plan = MASTER_PLAN_SPECS[priv.masterPlan];
      kids.push(
        h(
          'section',
          { class: 'jb-me', testid: 'jb-me' },
          h('h4', { text: `You: ${priv.codename}` }),
          h('div', { class: 'jb-ip', testid: 'jb-ip', text: `${priv.ip} IP` }),
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
          h('span', { class: 'jb-dot', style: { background: STATUS_COLOUR[a.status] } }),
          h('strong', { text: a.name }),
          h('span', { class: 'jb-facts', text: priv ? facts.filter(Boolean).join(' · ') : a.status }),
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
    this.dossier.replaceChildren(...kids);
  }
}
