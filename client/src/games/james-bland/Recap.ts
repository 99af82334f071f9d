/**
 * The round recap: after each reveal's results are in (Adaptation), a card lists every operation of
 * the round, whole, under its target (who ran it when identified, the roll, the result in words),
 * every defense and banner, your own plan, and what you learnt. It opens by itself once the reveal's
 * cartoons have dropped, closes with "Got it", and reopens from its button until the next reveal.
 * On the table screen (a TV nobody taps) it opens beside the board instead, the agents laid out to
 * its left, with no button, and steps aside by itself when the next Planning Phase begins.
 */
import { OFFENSE_SPECS } from '@parlor/shared/games/james-bland/data';
import { defenseName, recapLine } from '@parlor/shared/games/james-bland/recapText';
import type { JamesBlandPrivate, JamesBlandPublic } from '@parlor/shared/games/james-bland/types';
import { h, replace } from '../../ui/dom';
import { ownOperation } from './ownOperation';

/** Lets the pianos land before the recap covers the board. */
export const RECAP_DELAY_MS = 2600;
/** On the table screen: the recap's column beside the board (scene px, scaled up with the board). */
export const SCREEN_RECAP_WIDTH = 300;

export class Recap {
  readonly el = h('div', { class: 'jb-recap', testid: 'jb-recap' });
  readonly button = h('button', { class: 'btn small jb-recap-toggle', testid: 'jb-recap-toggle' });
  private contentKey = '';
  private shownRound = 0;
  private open = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private roundOfRecap = 0;
  private lastPhase = '';

  constructor(
    overlay: HTMLElement,
    /** The table screen: beside the board, no buttons. */
    readonly beside = false,
    /** Told when the card opens or closes (the board makes room for it beside). */
    private readonly changed: () => void = () => undefined,
  ) {
    this.button.addEventListener('click', () => this.setOpen(!this.open));
    this.el.hidden = true;
    this.button.hidden = true;
    this.el.classList.toggle('beside', beside);
    if (beside) this.el.style.width = `${SCREEN_RECAP_WIDTH - 16}px`;
    overlay.append(this.el, ...(beside ? [] : [this.button]));
  }

  /** The room the recap takes beside the board now (scene px). */
  get besideWidth(): number {
    return this.beside && this.open ? SCREEN_RECAP_WIDTH : 0;
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.el.remove();
    this.button.remove();
  }

  /** Keeps the card clear of the dossier drawer. */
  setReserveRight(px: number): void {
    if (!this.beside) this.el.style.right = `${px + 8}px`;
  }

  private setOpen(open: boolean): void {
    const was = this.open;
    this.open = open;
    this.el.hidden = !open;
    this.button.classList.toggle('on', open);
    if (was !== open) this.changed();
  }

  render(pub: JamesBlandPublic, priv: JamesBlandPrivate | null, playing: boolean): void {
    const reveal = pub.reveal;
    // A new Planning Phase clears the board for the plan.
    if (pub.phase === 'planning' && this.lastPhase !== 'planning') this.setOpen(false);
    this.lastPhase = pub.phase;
    const final = reveal && pub.phase !== 'banner' && reveal.offenses.every((o) => o.result !== 'pending');
    if (!playing || !reveal || !final) {
      if (!playing || !reveal) {
        this.setOpen(false);
        this.button.hidden = true;
      }
      return;
    }
    this.button.hidden = false;
    this.button.textContent = window.innerWidth < 640 ? 'Recap' : `Round ${reveal.round} recap`;
    const key = JSON.stringify([reveal, pub.agents.map((a) => [a.name, a.status]), priv?.plan, priv?.notes]);
    if (key !== this.contentKey) {
      this.contentKey = key;
      this.fill(pub, priv);
    }
    // A new round's results: open by itself, once the reveal's cartoons have landed.
    if (reveal.round !== this.shownRound && pub.phase === 'adaptation' && reveal.round === pub.round) {
      this.shownRound = reveal.round;
      if (this.timer) clearTimeout(this.timer);
      this.roundOfRecap = reveal.round;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.roundOfRecap === reveal.round && !this.button.hidden) this.setOpen(true);
      }, RECAP_DELAY_MS);
    }
  }

  private fill(pub: JamesBlandPublic, priv: JamesBlandPrivate | null): void {
    const reveal = pub.reveal!;
    const name = (i: number | null) => (i === null ? 'Someone' : (pub.agents[i]?.name ?? '?'));
    const defenseOf = new Map(reveal.defenses.map((d) => [d.seat, d.defense]));
    const yours = ownOperation(reveal.offenses, priv);
    const rows = pub.agents.map((a, i) => {
      const hits = reveal.offenses.filter((o) => o.target === i);
      const absent = reveal.absent.includes(i);
      const defense = defenseOf.get(i);
      const names = pub.agents.map((x) => x.name);
      const lines = hits.map((o) => {
        const line = recapLine(names, o, defense);
        // Your own operation says so, even when the others were not told who ran it.
        const who = `${o.attacker === null ? 'Someone' : names[o.attacker]}'s `;
        const head =
          o === yours && line.head.startsWith(who) ? `Your ${line.head.slice(who.length)}` : line.head;
        return h(
          'li',
          { class: `jb-recap-op ${o.result}${o === yours ? ' mine' : ''}` },
          h('span', { text: head }),
          h('b', { text: line.result }),
          line.effect ? h('span', { class: 'jb-recap-effect', text: `: ${line.effect}` }) : null,
        );
      });
      const banner = reveal.banners.find((b) => b.caster === i);
      return h(
        'section',
        { class: 'jb-recap-agent', testid: `jb-recap-${i}` },
        h(
          'div',
          { class: 'jb-recap-head' },
          h('strong', { text: a.name }),
          h('span', {
            class: 'jb-recap-def',
            text: absent ? 'no plan (Captured)' : `defense: ${defenseName(defense ?? 'none')}`,
          }),
        ),
        banner ? h('div', { class: 'jb-recap-banner', text: `Banner: “${banner.text}”` }) : null,
        lines.length
          ? h('ul', {}, ...lines)
          : h('div', { class: 'jb-recap-quiet', text: absent ? '' : 'Nobody went after them.' }),
      );
    });
    const mine = priv?.plan;
    const learnt = (priv?.notes ?? []).filter((n) => n.startsWith(`Round ${reveal.round}:`));
    replace(
      this.el,
      h(
        'div',
        { class: 'jb-recap-title' },
        h('strong', { text: `Round ${reveal.round}: what happened` }),
        this.beside
          ? null
          : h('button', {
              class: 'btn small primary',
              testid: 'jb-recap-close',
              text: 'Got it',
              on: { click: () => this.setOpen(false) },
            }),
      ),
      this.beside
        ? null
        : h('p', {
            class: 'jb-recap-note',
            text: 'Every operation of the round, under its target. Attackers are named only when they were identified.',
          }),
      mine
        ? h('div', {
            class: 'jb-recap-mine',
            testid: 'jb-recap-mine',
            text: `Your plan: ${mine.offense === 'safeTurn' ? 'Safe Turn' : `${OFFENSE_SPECS[mine.offense].name} on ${name(mine.target ?? null)}`} + ${defenseName(mine.defense)}`,
          })
        : null,
      ...rows,
      learnt.length
        ? h(
            'section',
            { class: 'jb-recap-agent' },
            h('strong', { text: 'What you learnt' }),
            h('ul', {}, ...learnt.map((n) => h('li', { text: n.replace(/^Round \d+: /, '') }))),
          )
        : null,
    );
  }
}
