/**
 * Kingpin's DOM controls under the board: what the selected card can do, the attack planner with
 * its damage preview, the prompt of the moment (place, ammunition, pick, emergency) and the main
 * buttons. Every button is one exact payload from `legal`; nothing here decides a rule.
 */
import type { KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { button, h, replace, setText } from '../../ui/dom';
import { patchChildren } from '../../ui/keyed';
import { actionTestId, label } from './describe';
import { bossInsteadWords, type DamagePreview, leastAmmo } from './preview';
import { quarters as fmt } from './numbers';
import type { CoachMoment } from './coach';
import { isShieldAdvice, threatButtonAction, type ThreatLine } from './threatLine';

export interface PlannerModel {
  attackers: string[];
  target: string | null;
  preview: DamagePreview | null;
  /** The exact payload for this choice, when legal. */
  action: KingpinAction | null;
  /** Hands these attackers may hit (attacks on a random hand card), by seat. */
  handTargets: { seat: number; label: string }[];
  /** Why Confirm is greyed (shown under it and as its tooltip); null when it is enabled. */
  blocked: string | null;
}

export interface ControlsModel {
  pub: KingpinPublic | null;
  legal: KingpinAction[];
  /** Title and detail of the selected card, and its actions. */
  /** `why`: what one might look for here and cannot do now, and why. */
  selected: { title: string; detail: string; actions: KingpinAction[]; why: string | null } | null;
  planner: PlannerModel | null;
  /** Prompt actions for this seat (place / ammo / pick / emergency), with a heading. */
  prompt: {
    title: string;
    detail: string;
    actions: KingpinAction[];
    /** The damage for a given ammunition (ammo prompts). */
    ammoPreview?: (ammo: number) => DamagePreview;
  } | null;
  hint: string;
  /** Informant's look at the top of the Draw Pile (this seat only), as card names. */
  peek: string[] | null;
  /** A player (not a spectator): the button row keeps its height when empty. */
  seated: boolean;
  /** On your turn: what the opponents could do to your Boss next turn, and what brings it down. */
  threat: ThreatLine | null;
  /** A first-match hint due now (dismissed once per browser). */
  coach: { moment: CoachMoment; text: string } | null;
}

export class Controls {
  readonly el: HTMLDivElement;
  private context = h('div', { class: 'kp-context', testid: 'kp-context' });
  private main = h('div', { class: 'kp-main' });
  private hint = h('div', { class: 'kp-hint', testid: 'action-hint' });
  /** Shown while the box above has more to scroll to (a phone's short panel). */
  private more = h('div', { class: 'kp-more', testid: 'kp-more', text: '▼ scroll for more' });
  private key = '';
  /** What the context box showed at the last update (its scroll goes back to the top on a change). */
  private boxKind = '';
  private ammo = 0;
  /** An ammunition prompt was on show at the last update (a new one starts at the least needed). */
  private ammoOpen = false;

  constructor(
    parent: HTMLElement,
    private readonly send: (a: KingpinAction) => void,
    private readonly togglePlanner: () => void,
    private readonly clearSelection: () => void,
    private readonly aimAtHand: (seat: number) => void,
    private readonly dismissCoach: (moment: CoachMoment) => void,
  ) {
    this.el = h(
      'div',
      { class: 'kp-actions', testid: 'kingpin-actions' },
      this.context,
      this.more,
      this.main,
      this.hint,
    );
    parent.append(this.el);
    this.context.addEventListener('scroll', () => this.cue(), { passive: true });
    this.resized.observe(this.context);
  }

  /**
   * The box, or the threat line in it, changed size (a phone's layout settling, a web font wrapping
   * the headline onto a second line after the first check): its shield button is checked again.
   */
  private line: HTMLElement | null = null;
  private resized = new ResizeObserver(() => {
    this.revealing = true;
    this.reveal();
    this.cue();
  });

  private actionButton(a: KingpinAction, pub: KingpinPublic, kind?: 'primary' | 'ghost'): HTMLButtonElement {
    const { text, title } = label(a, pub);
    return button(text, () => this.send(a), { small: true, kind, testid: actionTestId(a), title });
  }

  update(m: ControlsModel): void {
    const key = JSON.stringify([
      m.selected,
      m.planner,
      m.prompt,
      m.legal,
      m.hint,
      m.peek,
      m.pub?.turnNumber,
      m.seated,
      m.threat,
      m.coach?.moment,
    ]);
    if (key === this.key) return;
    this.key = key;
    this.el.classList.toggle('seated', m.seated);
    const pub = m.pub;
    // No match yet (the waiting room): one line, so the room above gets the screen (kingpin.css).
    this.el.classList.toggle('no-view', !pub);
    setText(this.hint, m.hint);
    if (!pub) {
      patchChildren(this.context, this.hint);
      replace(this.main);
      return;
    }
    // The context box: a prompt first, then the planner, then the selected card. Like the button
    // row it is patched in place (ui/keyed.ts): a press on one of its buttons survives a redraw.
    if (!m.prompt) this.ammoOpen = false;
    let box: (HTMLElement | null)[];
    if (m.prompt) box = [this.promptBox(m.prompt, pub)];
    else if (m.planner) box = [this.plannerBox(m.planner)];
    else if (m.selected) {
      const sel = m.selected;
      box = [
        h(
          'div',
          { class: 'kp-box' },
          h(
            'div',
            { class: 'kp-box-head' },
            h('strong', { text: sel.title }),
            button('✕', this.clearSelection, {
              small: true,
              kind: 'ghost',
              title: 'Close',
              class: 'kp-x',
              testid: 'kp-close',
            }),
          ),
          h('div', { class: 'kp-detail', text: sel.detail }),
          sel.actions.length
            ? h('div', { class: 'kp-row' }, ...sel.actions.map((a) => this.actionButton(a, pub)))
            : null,
          sel.why ? h('div', { class: 'kp-why', testid: 'kp-why', text: sel.why }) : null,
        ),
      ];
    } else if (m.threat) {
      // A long threat line scrolls on a phone: the hint stays in view under the buttons, unless it
      // leaves the box too little room for the line's headline (reveal: then it follows the line).
      box = [this.threatBox(m.threat, m.legal), m.peek ? this.peekLine(m.peek) : null];
      this.el.append(this.hint);
    } else box = [this.hint, m.peek ? this.peekLine(m.peek) : null];
    if (!m.threat || m.prompt || m.planner || m.selected) {
      if (this.hint.parentElement === this.el) this.hint.remove();
    }
    // A first-match hint goes on top, under a threat line that warns (that is what must be read
    // before ending the turn). Over a calm one ("Boss safe next turn"): a phone's box shows only
    // its top, and a hint under it was never seen there.
    // The planner's Confirm must stay in view on a phone: its hint goes under it.
    if (m.coach) {
      const coach = this.coachBox(m.coach);
      const threat = m.threat && !m.prompt && !m.planner && !m.selected;
      if (threat && m.threat?.level !== 'calm') box.splice(1, 0, coach);
      else if (m.planner) box.push(coach);
      else box.unshift(coach);
    }
    patchChildren(this.context, ...box);
    // Something else to read (a new turn, prompt, card or hint, or a hint dismissed): from its top.
    // A phone's short box kept the scroll of what was there before, and the threat line's first
    // words sat above its view.
    const kind = JSON.stringify([
      pub.turnNumber,
      m.prompt?.title,
      !!m.planner,
      m.selected?.title,
      !!m.threat,
      m.coach?.moment,
    ]);
    if (kind !== this.boxKind) this.context.scrollTop = 0;
    const line = this.context.querySelector<HTMLElement>('[data-testid="kp-threat"]');
    if (line !== this.line) {
      if (this.line) this.resized.unobserve(this.line);
      if (line) this.resized.observe(line);
      this.line = line;
    }
    this.revealing = true;
    this.boxKind = kind;

    // The row's buttons are kept across a redraw (ui/keyed.ts): a press on one is not lost.
    patchChildren(this.main, ...this.mainButtons(m, pub));
    this.el.classList.toggle('idle', !this.main.hasChildNodes() && !m.prompt && !m.selected && !m.planner);
    this.reveal();
    this.cue();
  }

  /**
   * The fixed button row under the box: the step's primary buttons, always in view (a phone's box
   * above may scroll). Planning an attack: Cancel and Confirm. A prompt: its way out (Done, Skip).
   * Otherwise: Attack…, Buy from pile, End turn.
   */
  private mainButtons(m: ControlsModel, pub: KingpinPublic): HTMLElement[] {
    if (m.prompt)
      return m.prompt.actions.filter(isPromptExit).map((a) => this.actionButton(a, pub, 'primary'));
    const has = (t: KingpinAction['type']) => m.legal.some((a) => a.type === t);
    const out: HTMLElement[] = [];
    if (has('attack'))
      out.push(
        button(m.planner ? 'Cancel attack' : 'Attack…', this.togglePlanner, {
          kind: m.planner ? 'ghost' : 'primary',
          testid: 'kp-attack',
          title: 'Choose attackers on your board, then a target',
        }),
      );
    if (m.planner) {
      const p = m.planner;
      out.push(
        button('Confirm attack', () => p.action && this.send(p.action), {
          kind: 'primary',
          testid: 'kp-attack-confirm',
          disabled: !p.action,
          title: p.action ? 'Declare this attack; you choose ammunition next' : (p.blocked ?? ''),
        }),
      );
      return out;
    }
    const pile = m.legal.find((a) => a.type === 'buy' && a.source === 'pile');
    const pass = m.legal.find((a) => a.type === 'pass');
    if (pile) out.push(this.actionButton(pile, pub));
    if (pass) out.push(this.actionButton(pass, pub, 'ghost'));
    return out;
  }

  /** The "more" cue: on while the context box hides some of its content below. */
  /**
   * The threat line's headline is what must be read, and its shield button is the step's control:
   * when a phone's short box does not show a warning's headline (or its button) whole, the hint
   * under the buttons goes into the box after the line (it scrolls there); when the box, showing the
   * line from its top, cannot also show the button whole under the headline, the button (and what
   * it leaves) goes first, over the headline (still read from its start, the rest scrolls).
   */
  private reveal(): void {
    if (!this.revealing) return;
    let box = this.context.getBoundingClientRect();
    if (box.height <= 0) return;
    // The danger first: a hint of four lines under the buttons left a phone's box some 50 px and
    // the red headline half under "scroll for more". Then the hint goes in the box, after the line.
    // A calm line ("Boss safe next turn") is no danger: the hint keeps its place in view.
    const head = this.context.querySelector<HTMLElement>(
      '[data-testid="kp-threat"]:not([data-level="calm"]) > strong',
    );
    const b = this.context.querySelector<HTMLElement>('[data-testid="kp-threat-shield"]');
    const cut = (el: HTMLElement | null) => !!el && el.getBoundingClientRect().bottom > box.bottom + 0.5;
    if (head && this.hint.parentElement === this.el && (cut(head) || cut(b))) {
      head.parentElement!.after(this.hint);
      box = this.context.getBoundingClientRect();
    }
    this.revealing = false;
    if (!b) return;
    if (b.getBoundingClientRect().bottom <= box.bottom + 0.5) return;
    const threat = this.context.querySelector<HTMLElement>('[data-testid="kp-threat"]');
    const advice = b.parentElement?.classList.contains('kp-threat-advice') ? b.parentElement : b;
    if (threat && advice.parentElement === threat) threat.prepend(advice);
  }
  /** Since the box's content last changed, its shield button has not yet been checked for room. */
  private revealing = false;

  private cue(): void {
    const c = this.context;
    const hidden = c.scrollHeight - c.clientHeight - c.scrollTop > 6;
    this.more.style.display = hidden ? '' : 'none';
  }

  private plannerBox(p: PlannerModel): HTMLElement {
    return h(
      'div',
      { class: 'kp-box planner', testid: 'kp-planner' },
      h('div', { class: 'kp-box-head' }, h('strong', { text: 'Attack planner' })),
      h('div', {
        class: 'kp-detail',
        text: `Attackers: ${p.attackers.length ? p.attackers.join(' + ') : 'tap your cards'} · Target: ${p.target ?? 'tap an enemy card or hand'}`,
      }),
      p.preview ? previewLine(p.preview, 'kp-preview') : null,
      !p.action && p.blocked ? h('div', { class: 'kp-why', testid: 'kp-attack-why', text: p.blocked }) : null,
      p.handTargets.length
        ? h(
            'div',
            { class: 'kp-row' },
            ...p.handTargets.map((t) =>
              button(t.label, () => this.aimAtHand(t.seat), {
                small: true,
                testid: `kp-aim-hand-${t.seat}`,
                title: 'Hit a random card of that hand',
              }),
            ),
          )
        : null,
    );
  }

  private promptBox(p: NonNullable<ControlsModel['prompt']>, pub: KingpinPublic): HTMLElement {
    const ammo = p.actions.filter((a): a is Extract<KingpinAction, { type: 'ammo' }> => a.type === 'ammo');
    const rest = p.actions.filter((a) => a.type !== 'ammo' && !isPromptExit(a));
    const kind = p.actions.find((a) => ['place', 'ammo', 'pick', 'emergencyShield'].includes(a.type))?.type;
    const box = h(
      'div',
      { class: `kp-box prompt${kind ? ` ${kind}` : ''}`, testid: 'kp-prompt' },
      h('div', { class: 'kp-box-head' }, h('strong', { text: p.title })),
      p.detail ? h('div', { class: 'kp-detail', text: p.detail }) : null,
    );
    if (ammo.length) {
      const max = Math.max(...ammo.map((a) => a.amount));
      // Each attack starts at the least ammunition that destroys the target (none when no amount
      // does), never at what the previous attack spent.
      if (!this.ammoOpen) this.ammo = leastAmmo(ammo, p.ammoPreview);
      this.ammoOpen = true;
      this.ammo = Math.min(this.ammo, max);
      const valueEl = h('span', { class: 'kp-ammo-value', testid: 'kp-ammo-value', text: String(this.ammo) });
      const previewFor = p.ammoPreview;
      const lineEl = h('div', { testid: 'kp-ammo-line' });
      const totalEl = h('span', { class: 'kp-ammo-total', testid: 'kp-ammo-total' });
      const fireEl = button('Fire', () => this.send({ type: 'ammo', amount: this.ammo }), {
        kind: 'primary',
        small: true,
        testid: 'kp-ammo-fire',
        title: 'Resolve the attack with this much ammunition',
      });
      // These elements may be patched into the ones already shown (ui/keyed.ts): a press
      // updates the live ones (the first drawing, these).
      const live = <T extends HTMLElement>(el: T, first: boolean): T =>
        first || el.isConnected
          ? el
          : (this.context.querySelector<T>(`[data-testid="${el.dataset.testid}"]`) ?? el);
      const refresh = (first = false) => {
        const [value, line, total, fire] = [valueEl, lineEl, totalEl, fireEl].map((e) => live(e, first)) as [
          HTMLElement,
          HTMLElement,
          HTMLElement,
          HTMLButtonElement,
        ];
        setText(value, String(this.ammo));
        if (previewFor) {
          const pv = previewFor(this.ammo);
          line.replaceChildren(previewLine(pv, 'kp-ammo-preview'));
          // What the shot leaves in the safe: a buy needs its Price there, and money does not come back.
          const left = pub.players[pub.prompt?.seat ?? -1]?.safe;
          setText(
            total,
            `Total damage ${fmt(pv.total)}${pv.kills ? ' · destroys it' : ''}${left === undefined ? '' : ` · leaves $${left - this.ammo}`}`,
          );
        }
        fire.disabled = !ammo.some((a) => a.amount === this.ammo);
        fire.title = fire.disabled
          ? `At most $${max} of ammunition here`
          : 'Resolve the attack with this much ammunition';
      };
      const step = (d: number) => () => {
        this.ammo = Math.max(0, Math.min(max, this.ammo + d));
        refresh();
      };
      box.append(
        lineEl,
        h(
          'div',
          { class: 'kp-row ammo' },
          h('span', {
            class: 'kp-detail',
            text:
              pub.ammoCap > 0 && max === pub.ammoCap
                ? `Ammunition ($1 = +1; this table allows at most $${pub.ammoCap} per attack):`
                : 'Ammunition ($1 = +1):',
          }),
          button('−', step(-1), { small: true, testid: 'kp-ammo-minus', title: 'One less' }),
          valueEl,
          button('+', step(1), { small: true, testid: 'kp-ammo-plus', title: 'One more' }),
          button('Max', () => ((this.ammo = max), refresh()), {
            small: true,
            kind: 'ghost',
            testid: 'kp-ammo-max',
          }),
          totalEl,
          fireEl,
        ),
      );
      refresh(true);
    } else this.ammoOpen = false;
    if (rest.length)
      box.append(h('div', { class: 'kp-row choices' }, ...rest.map((a) => this.actionButton(a, pub))));
    return box;
  }

  private coachBox(c: NonNullable<ControlsModel['coach']>): HTMLElement {
    return h(
      'div',
      { class: 'kp-coach', testid: 'kp-coach', attrs: { 'data-moment': c.moment } },
      h('span', { text: c.text }),
      button('Got it', () => this.dismissCoach(c.moment), {
        small: true,
        kind: 'ghost',
        testid: 'kp-coach-ok',
        title: 'Hide this hint (the how-to can show the hints again)',
      }),
    );
  }

  /**
   * The threat line. When it advises shields from your safe onto your Boss, that advice is itself a
   * button: a tap adds one (the legal move; the line then counts again, "Add 3 shields…"). Dragging
   * the safe's chip does the same, but a newcomer on a phone did not find it, and a button under the
   * line would sit below a phone's short box.
   */
  private threatBox(t: ThreatLine, legal: KingpinAction[]): HTMLElement {
    // A shield from the safe, or one moved from another of your cards (threatLine.ts).
    const add = threatButtonAction(t, legal);
    const advice = add ? t.lines.findIndex(isShieldAdvice) : -1;
    const parts: HTMLElement[] = t.lines.map((line, i) => {
      if (i !== advice || !add) return h(i === 0 ? 'strong' : 'span', { text: line });
      // The button says what a tap does ("Add 3 shields to your Boss ($3 from your safe)"): one
      // line on a phone; what that leaves ("at most 4¼ …") follows it as text.
      const colon = line.indexOf(': ');
      const act = colon > 0 ? line.slice(0, colon) : line;
      const then = colon > 0 ? line.slice(colon + 2) : '';
      const b = button(`+ ${act}`, () => this.send(add), {
        small: true,
        class: 'kp-threat-shield',
        testid: 'kp-threat-shield',
        title: `${add.type === 'moveShield' ? 'Each tap moves one shield from that card onto your Boss (dragging the shield does the same; it does not use your turn)' : 'Each tap moves $1 from your safe onto your Boss as a shield (dragging the gold chip does the same)'}${then ? `. Then: ${then}` : ''}`,
      });
      return then ? h('span', { class: 'kp-threat-advice' }, b, h('span', { text: then })) : b;
    });
    // The shield button is the step's one control in the box: right under the headline, before the
    // other cards at risk, so a phone's short box shows it whole (it sat under "scroll for more"
    // when the line ran to three lines).
    if (advice > 1) parts.splice(1, 0, ...parts.splice(advice, 1));
    return h(
      'div',
      {
        class: `kp-threat ${t.level}`,
        testid: 'kp-threat',
        attrs: { 'data-level': t.level, 'data-seats': t.seats.join(',') },
      },
      ...parts,
    );
  }

  private peekLine(cards: string[]): HTMLElement {
    return h('div', {
      class: 'kp-peek',
      testid: 'kp-peek',
      text: `Top of the Draw Pile (only you see this): ${cards.join(', ')}`,
    });
  }

  destroy(): void {
    this.el.remove();
  }
}

/** A prompt's way out (Emergency Defense's Done, a pick's Skip): it goes in the button row. */
function isPromptExit(a: KingpinAction): boolean {
  return a.type === 'emergencyDone' || (a.type === 'pick' && a.target === null);
}

function previewLine(p: DamagePreview, testid: string): HTMLElement {
  const parts = [`ATK ${fmt(p.atk)}`];
  if (p.rage) parts.push(`Rage ${fmt(p.rage)}`);
  if (p.bonus) parts.push(`Ability ${fmt(p.bonus)}`);
  // A shield on an attacking card adds ¼ damage (combat.ts: one quarter point each; it stays on the card).
  if (p.shields) parts.push(`Shields ${fmt(p.shields)} (¼ per shield on your attackers)`);
  if (p.ammo) parts.push(`Ammo ${fmt(p.ammo)}`);
  const vs =
    p.targetHp !== null
      ? ` vs HP ${fmt(p.targetHp)} + ${p.targetShields} shield${p.targetShields === 1 ? '' : 's'}`
      : p.handTarget
        ? ' vs a random hand card'
        : '';
  return h(
    'div',
    { class: 'kp-preview', testid },
    h('span', { text: `${parts.join(' + ')} = ` }),
    h('strong', { text: fmt(p.total) }),
    h('span', { text: vs }),
    p.notes.length ? h('span', { text: ` (${p.notes.join(', ')})` }) : null,
    p.kills ? h('span', { class: 'kp-kill', text: ' · destroys it' }) : null,
    p.boss ? bossInstead(p.boss) : null,
  );
}

/** Beside a small card's "destroys it": what the same attack would take off that rival's Boss. */
function bossInstead(b: NonNullable<DamagePreview['boss']>): HTMLElement {
  return h('span', {
    class: 'kp-boss-instead',
    testid: 'kp-preview-boss',
    text: ` · ${bossInsteadWords(b)}`,
    title:
      "The same attackers on their Boss instead: only a Boss's fall wins (a rival is out when their Boss falls)",
  });
}
