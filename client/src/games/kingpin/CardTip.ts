/**
 * The full text of a card, over the board: on hover (mouse) beside the pointer, on long press
 * (touch) in the middle of the board until tapped away. Text only through textContent.
 */
import type { KingpinCardView } from '@parlor/shared/games/kingpin/types';
import { h, replace } from '../../ui/dom';
import { CLAN_STYLE } from './cardArt';
import { defOf, faceOf } from './cards';
import { quarters as fmt } from './numbers';

export class CardTip {
  readonly el: HTMLDivElement;
  private pinned = false;

  constructor(parent: HTMLElement) {
    this.el = h('div', { class: 'kp-tip', testid: 'kp-tip' });
    this.el.addEventListener('click', () => this.hide(true));
    parent.append(this.el);
  }

  /**
   * `aside`: out of the way in the board's bottom-right corner (while planning an attack: off the
   * targets above, the banner and your attackers, which fill your row from the left).
   */
  show(id: string, live: KingpinCardView | null, at: { x: number; y: number } | null, aside = false): void {
    const def = defOf(id);
    if (!def) return;
    const face = faceOf(def);
    const st = CLAN_STYLE[face.clan];
    const stats =
      def.type === 'event'
        ? []
        : [
            `ATK ${fmt(live?.atk ?? def.atk)}${live && live.atk !== def.atk ? ` (printed ${def.atk})` : ''}`,
            `HP ${live ? `${fmt(live.hp)}/${fmt(live.maxHp)}` : def.hp}`,
            `Defend ${def.defend}${live ? ` · shields ${live.shields}/${live.shieldLimit}` : ''}`,
            `Rage ${def.rage}`,
            `Price ${def.price}`,
            // The same words as the card face: a hand or Reserve card shows its printed cost.
            face.unbribable || (live !== null && live.unbribable)
              ? 'Unbribable'
              : `Bribe ${live?.bribeCost ?? def.corruption}`,
          ];
    replace(
      this.el,
      h(
        'div',
        { class: 'kp-tip-head', style: { background: st.color } },
        h('strong', { text: def.name }),
        h('span', {
          text:
            def.type === 'event'
              ? 'Event'
              : `${def.type === 'boss' ? 'Boss · ' : def.type === 'unique' ? 'Unique · ' : ''}${st.label} · ${def.faction ?? ''}`,
        }),
      ),
      stats.length ? h('div', { class: 'kp-tip-stats', text: stats.join(' · ') }) : null,
      h('div', { class: 'kp-tip-text', text: def.text || 'No ability.' }),
      live?.frozen ? h('div', { class: 'kp-tip-note', text: 'Frozen: cannot attack this turn.' }) : null,
      at ? null : h('div', { class: 'kp-tip-note', text: 'Tap to close' }),
    );
    this.pinned = at === null;
    this.el.classList.add('open');
    this.el.classList.toggle('pinned', this.pinned);
    if (at) {
      const parent = this.el.parentElement?.getBoundingClientRect();
      const w = 260;
      const x = Math.min(at.x + 16, (parent?.width ?? 800) - w - 8);
      const y = Math.min(at.y + 16, (parent?.height ?? 600) - 170);
      if (aside) {
        const left = (parent?.width ?? 800) - w - 8;
        const top = (parent?.height ?? 600) - this.el.offsetHeight - 8;
        Object.assign(this.el.style, { left: `${Math.max(8, left)}px`, top: `${Math.max(8, top)}px` });
      } else Object.assign(this.el.style, { left: `${Math.max(8, x)}px`, top: `${Math.max(8, y)}px` });
    } else Object.assign(this.el.style, { left: '', top: '' });
  }

  /** Hover ends: hide unless pinned by a long press (then only a tap hides it). */
  hide(force = false): void {
    if (this.pinned && !force) return;
    this.pinned = false;
    this.el.classList.remove('open', 'pinned');
  }

  destroy(): void {
    this.el.remove();
  }
}
