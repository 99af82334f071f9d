/**
 * The DOM side of the James Bland table: the planning panel (choice, cost, odds, countdown), the
 * banner prompt, the Adaptation shop, the Showdown and the dossier drawer. Forms are rebuilt only
 * when what they offer changes, so a patch (someone else submitting) never eats a half-made plan.
 */
import { victoryWarnings } from '@parlor/shared/games/james-bland/warnings';
import type { JamesBlandAction } from '@parlor/shared/games/james-bland/types';
import { h } from '../../ui/dom';
import { dossierSections } from './Dossier';
import { type PanelInput, clockText, statusText } from './panelText';
import { planningForm } from './PlanningForm';
import { Recap } from './Recap';
import { shop, type ShopFold } from './Shop';

export class JbPanel {
  private key = '';
  private clock: HTMLElement | null = null;
  private promptKey = '';
  private input: PanelInput | null = null;
  private readonly prompt = h('div', { class: 'jb-prompt', testid: 'jb-prompt' });
  /** A scrolling drawer: focusable (a keyboard scrolls it) and named, as a landmark of its own. */
  readonly dossier = h('aside', {
    class: 'jb-dossier',
    testid: 'jb-dossier',
    attrs: { tabindex: '0', 'aria-label': 'Dossier' },
  });
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
    /**
     * The table screen: the recap opens beside the board (nobody there taps "Got it"), and no
     * Dossier drawer (the screen's own column shows each agent's public status).
     */
    private readonly screen = false,
  ) {
    if (screen) this.dossierOpen = false;
    this.toggle.addEventListener('click', () => {
      this.dossierOpen = !this.dossierOpen;
      this.syncDossier();
    });
    this.recap = new Recap(overlay, screen, () => this.reportLayout());
    overlay.append(this.warnings, this.toggle, this.dossier, this.prompt);
    this.syncDossier();
  }

  get wideDossier(): boolean {
    return this.playing && this.dossierOpen && window.innerWidth >= 1200;
  }

  private syncDossier(): void {
    const open = this.playing && this.dossierOpen;
    this.dossier.classList.toggle('open', open);
    // A phone: the drawer reaches the screen's foot exactly (no strip of the plan peeking under it).
    if (open && window.innerWidth <= 640)
      this.dossier.style.height = `${Math.max(200, window.innerHeight - this.dossier.getBoundingClientRect().top)}px`;
    else this.dossier.style.height = '';
    this.toggle.classList.toggle('on', open);
    this.toggle.hidden = !this.playing || this.screen;
    this.reportLayout();
  }

  /** Puts the warning strip under the scene's header, clear of the dossier drawer. */
  placeWarnings(top: number, right: number): void {
    this.warnTop = top;
    this.warnings.style.top = `${top}px`;
    this.warnings.style.right = `${right + 8}px`;
    this.recap.setReserveRight(right);
    // Narrower (beside a recap or the Dossier) the strip wraps taller: the agents make room for it,
    // once the board's layout that called this is done (it would place the cards it had computed).
    if (this.warningsRoom() !== this.reportedTop) queueMicrotask(() => this.reportLayout());
  }

  private warnTop = 56;
  /** The strip's height the board last made room for. */
  private reportedTop = 0;

  private warningsRoom(): number {
    return this.warnings.hidden ? 0 : this.warnings.offsetHeight + 4;
  }

  private reportLayout(): void {
    // The recap opens below the warnings, so both stay readable.
    const recapTop = this.warnTop + (this.warnings.hidden ? 0 : this.warnings.offsetHeight + 4);
    if (!this.recap.beside) {
      this.recap.el.style.top = `${recapTop}px`;
      this.recap.el.style.maxHeight = `calc(100% - ${recapTop + 8}px)`;
    }
    this.reportedTop = this.warningsRoom();
    this.onLayout({
      right: (this.wideDossier ? 320 : 0) + (this.recap.besideWidth ?? 0),
      top: this.reportedTop,
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
    const { text, low } = clockText(this.input.deadline, this.input.pub, Date.now());
    this.clock.textContent = text;
    this.clock.classList.toggle('low', low);
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
    if (pub.phase === 'planning' && waiting) {
      const form = planningForm(input, this.send);
      this.clock = form.clock;
      this.recalc = form.recalc;
      this.actions.replaceChildren(form.el);
    } else if (pub.phase === 'adaptation' && waiting) {
      const s = shop(input, this.send, this.shopFold);
      this.clock = s.clock;
      this.actions.replaceChildren(s.el);
    } else if (pub.phase === 'showdown' && waiting) this.actions.replaceChildren(this.showdownButtons());
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
  /** The phone's shop fold as the player left it this round (see Shop.ts). */
  private readonly shopFold: ShopFold = { round: 0, open: false };

  private updateStatus(input: PanelInput): void {
    if (this.statusText) this.statusText.textContent = statusText(input);
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

  private renderDossier(input: PanelInput): void {
    const { pub, priv } = input;
    const key = JSON.stringify([pub.agents, pub.assets, pub.pacts, priv]);
    if (key === this.dossierKey) return;
    this.dossierKey = key;
    this.dossier.replaceChildren(
      ...dossierSections(input),
      h('button', {
        class: 'btn primary jb-dossier-close',
        testid: 'jb-dossier-close',
        text: 'Back to the table',
        on: {
          click: () => {
            this.dossierOpen = false;
            this.syncDossier();
          },
        },
      }),
    );
  }
}
