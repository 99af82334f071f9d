/**
 * The "This turn" panel: the acting player's ideas (advice.ts) as a card of the side panel, folded
 * to its title by a tap (remembered in this browser), and on a phone a small "Ideas" strip that opens
 * it as the sheet. A tap on an idea selects its units and asks (the scene's confirm card): nothing
 * here moves a unit.
 */
import { button, h } from '../../ui/dom';
import type { Counts } from './adapter';
import type { Advice, AttackIdea, FreeIdea } from './advice';

const KEY = 'parlor.tacticalRisk.ideasFolded';

/** The card folded to its title (this browser remembers; open by default, for a first game). */
export function ideasFolded(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setIdeasFolded(folded: boolean): void {
  try {
    if (folded) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the card opens again next time, nothing breaks.
  }
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** How many ideas the advice holds (a line alone counts one). */
export function ideasCount(a: Advice): number {
  return a.attacks.length + a.free.length || (a.line ? 1 : 0);
}

function attackRow(i: AttackIdea, pick: (t: string) => void): HTMLElement {
  const from = i.from.length
    ? `with ${i.from.length > 1 ? `${i.from.length} stacks: ` : ''}${i.from.join(', ')}`
    : 'all your units are in: fight it in the battles';
  const note = `${i.committed ? `${i.committed} already there · ` : ''}${from} · takes ${pct(i.capture)} · +${i.ipc} IPC`;
  return h(
    'button',
    { testid: `tr-idea-${i.target}`, attrs: { type: 'button' }, on: { click: () => pick(i.target) } },
    h('span', { class: 'trm-dname' }, i.target, h('small', { class: 'trm-muted', text: note })),
    h('span', {
      class: 'trm-odds trm-plan',
      text: `win ${pct(i.win)}`,
      title: `Takes it: ${pct(i.capture)}`,
    }),
  );
}

function freeRow(f: FreeIdea, pick: (t: string) => void): HTMLElement {
  return h(
    'button',
    { testid: `tr-free-${f.target}`, attrs: { type: 'button' }, on: { click: () => pick(f.target) } },
    h(
      'span',
      { class: 'trm-dname' },
      `Free: ${f.target}`,
      h('small', { class: 'trm-muted', text: `empty: walk in from ${f.from}` }),
    ),
    h('span', { class: 'trm-odds trm-plan', text: `+${f.ipc} IPC` }),
  );
}

/** The card: a title that folds it, the line, the attack rows and the free land. */
export function ideasCard(
  a: Advice,
  o: {
    folded: boolean;
    toggle(): void;
    attack(target: string): void;
    walkIn(target: string): void;
    /** The purchase: counts the suggested units in on the purchase panel (the player still buys). */
    countIn?: (units: Counts) => void;
    /** A phone: the card is the sheet, closed with ×. */
    close?: () => void;
  },
): HTMLElement {
  const n = ideasCount(a);
  const head = h(
    'h3',
    {},
    h('button', {
      class: 'trm-ideas-toggle',
      testid: 'tr-ideas-toggle',
      attrs: { type: 'button', 'aria-expanded': String(!o.folded) },
      text: `${o.folded ? '▸' : '▾'} This turn${o.folded && n ? `: ${n} idea${n > 1 ? 's' : ''}` : ''}`,
      on: { click: () => o.toggle() },
    }),
    o.close
      ? h('button', {
          class: 'trm-close',
          testid: 'tr-ideas-close',
          title: 'Close',
          text: '×',
          attrs: { type: 'button' },
          on: { click: () => o.close!() },
        })
      : null,
  );
  if (o.folded) return h('div', { class: 'trm-card trm-ideas folded', testid: 'tr-ideas' }, head);
  const rows = [...a.attacks.map((i) => attackRow(i, o.attack)), ...a.free.map((f) => freeRow(f, o.walkIn))];
  return h(
    'div',
    { class: 'trm-card trm-ideas', testid: 'tr-ideas' },
    head,
    h('div', { class: 'trm-ideas-line', testid: 'tr-ideas-line', text: a.line }),
    rows.length ? h('div', { class: 'trm-list' }, ...rows) : null,
    a.buy && o.countIn
      ? h(
          'div',
          { class: 'trm-row' },
          button('Count these in', () => o.countIn!(a.buy!), { small: true, testid: 'tr-ideas-buy' }),
        )
      : null,
  );
}

/** A phone's strip: "Ideas (3)", opening the card as the sheet. */
export function ideasStrip(a: Advice, open: () => void): HTMLElement {
  const n = ideasCount(a);
  return h('button', {
    class: 'trm-ideas-strip',
    testid: 'tr-ideas-open',
    attrs: { type: 'button' },
    text: `Ideas${a.attacks.length + a.free.length ? ` (${a.attacks.length + a.free.length})` : ''}`,
    title: n ? 'What you could do this turn' : '',
    on: { click: open },
  });
}

export const IDEAS_CSS = `
.trm-ideas h3 { margin: 0 !important; }
.trm-ideas-toggle { background: none; border: 0; padding: 0; color: var(--text); font: inherit; font-weight: 700; cursor: pointer; text-align: left; }
.trm-ideas-line { margin: 6px 0 4px; font-size: 12px; color: var(--muted); }
.trm-ideas .trm-list { margin-top: 6px; }
.trm-ideas .trm-list .trm-plan { color: #9fe0a6; }
.trm-ideas-strip { display: none; }
@media (max-width: 760px) {
  .trm-ideas-strip { display: inline-flex; position: absolute; left: 6px; bottom: 10px; align-items: center; gap: 4px; padding: 6px 12px; border-radius: 999px; border: 1px solid var(--gold-2, #a88a3a); background: rgba(28,31,36,.94); color: var(--text); font: inherit; font-weight: 700; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.35); }
  .trm-sheet > .trm-ideas-slot, .trm-modal > .trm-ideas-slot { display: none; }
  .trm-sheet-head .trm-ideas-strip { position: static; padding: 4px 10px; font-size: 12px; margin-right: auto; }
}
`;
