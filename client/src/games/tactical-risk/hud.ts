/**
 * Tactical Risk's DOM pieces around the map that hold no state of their own: the map tools (find a
 * territory, zoom, calculator, summary, palette), the status bar, the draft card and the hand-over
 * screen. The scene passes what to show and what each button does.
 */
import type { GameAction } from '@parlor/shared/core/contract';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import { button, h } from '../../ui/dom';
import type { TrPublic, TrTurn } from './adapter';
import { paletteName } from './palette';
import { chip, PHASES } from './panels';
import { END_LABEL, findTerritory } from './sceneModel';
import { summaryCard } from './summary';

export interface ToolActions {
  /** A territory chosen by name (the map goes there and selects it). */
  find(name: string): void;
  zoomBy(factor: number): void;
  fitAll(): void;
  toggleCalculator(): void;
  toggleSummary(): void;
  togglePalette(): void;
}

/** The tools in the map's corner: the find box (with its list of names) and the buttons. */
export function mapTools(names: string[], minimap: HTMLElement, on: ToolActions): HTMLElement {
  const find = h('input', {
    class: 'trm-find',
    testid: 'tr-find',
    attrs: { list: 'trm-names', placeholder: 'Find a territory…', 'aria-label': 'Find a territory' },
    on: {
      change: (e) => {
        const input = e.target as HTMLInputElement;
        const name = findTerritory(names, input.value);
        if (!name) return;
        input.value = '';
        input.classList.remove('open');
        on.find(name);
      },
    },
  });
  const list = h(
    'datalist',
    { attrs: { id: 'trm-names' } },
    ...names.map((n) => h('option', { attrs: { value: n } })),
  );
  // Each tool is named by its words, not its glyph (the glyph is hidden from screen readers). On a
  // phone the tools fold behind one button (styles.ts: open, they cover the map's names); one that
  // opens something else (the find box, the calculator...) folds them again, zooming keeps them open.
  const tool = (text: string, title: string, testid: string, click: () => void, fold = true) =>
    h('button', {
      text,
      title,
      testid,
      attrs: { 'aria-label': title },
      on: { click: () => (click(), fold && setOpen(false)) },
    });
  const toggle = h('button', {
    class: 'trm-tools-toggle',
    text: '⋯',
    title: 'Map tools',
    testid: 'tr-tools-toggle',
    attrs: { 'aria-label': 'Map tools', 'aria-expanded': 'false' },
    on: { click: () => setOpen(!zoom.classList.contains('open')) },
  });
  const palette = paletteSwitch(() => on.togglePalette());
  const zoom = h(
    'div',
    { class: 'trm-zoom' },
    toggle,
    tool('⌕', 'Find a territory', 'tr-find-toggle', () => {
      find.classList.toggle('open');
      if (find.classList.contains('open')) find.focus();
    }),
    tool('+', 'Zoom in', 'tr-zoom-in', () => on.zoomBy(1.4), false),
    tool('−', 'Zoom out', 'tr-zoom-out', () => on.zoomBy(1 / 1.4), false),
    tool('⤢', 'Whole map', 'tr-zoom-fit', () => on.fitAll()),
    tool('%', 'Battle calculator', 'tr-calc-toggle', () => on.toggleCalculator()),
    tool('≡', 'Turn summary: what the last turns changed', 'tr-summary-toggle', () => on.toggleSummary()),
  );
  function setOpen(open: boolean): void {
    zoom.classList.toggle('open', open);
    toggle.setAttribute('aria-expanded', String(open));
  }
  zoom.append(palette);
  return h('div', { class: 'trm-tools' }, minimap, zoom, find, list);
}

/**
 * The colour-blind-safe owner colours: a switch (on or off, remembered on this device) named in words
 * (read out, in its tooltip, and shown beside a phone's sheet Hide, the tools' foot being under the
 * sheet there); at the head of the map tools its glyph alone, like the other tools.
 */
export function paletteSwitch(toggle: () => void, testid = 'tr-palette'): HTMLElement {
  const el = h(
    'button',
    {
      class: 'trm-palette',
      testid,
      on: {
        click: () => {
          toggle();
          // Every switch on the page (the tools' and the sheet's) says the new state.
          document.querySelectorAll<HTMLElement>('.trm-palette').forEach(showPalette);
        },
      },
    },
    h('span', { text: '◐', attrs: { 'aria-hidden': 'true' } }),
    h('span', { text: 'Colour-blind colours' }),
  );
  showPalette(el);
  return el;
}

function showPalette(el: HTMLElement): void {
  const safe = paletteName() === 'safe';
  el.setAttribute('aria-pressed', String(safe));
  el.title = safe
    ? 'Colour-blind-safe owner colours are on (remembered on this device): press for the design’s colours'
    : 'Owner colours easier to tell apart with colour blindness (remembered on this device)';
}

/** The phases whose card always shows on the player's turn (the purchase's counts, the placement). */
const CARD_PHASES = new Set(['draft', 'purchase', 'place']);

/**
 * A phone's sheet shows one card: the turn summary, opened at the start of a turn, then hides the
 * turn's own card (the purchase). Meanwhile the status bar does not offer to end the phase ("Done
 * buying" with the purchase never seen) and the summary's foot leads on to it.
 */
export function summaryHidesTurn(o: {
  phone: boolean;
  open: boolean;
  folded: boolean;
  myTurn: boolean;
  phase: string;
}): boolean {
  return o.phone && o.open && !o.folded && o.myTurn && CARD_PHASES.has(o.phase);
}

/** The status bar: faction, phase, treasury, your role, fog, Undo and End phase. */
export function hudParts(
  pub: TrPublic,
  legal: readonly GameAction[],
  /** `takeOver`: the AI-played country of my side offered (sceneModel.takeOverChoice), if any. */
  who: { mine: string[]; spectator: boolean; handedOver?: boolean; takeOver?: string | null },
  /** `handOver`/`takeBack`/`takeOver`: online only (a hot seat has no AI to hand a seat to mid-game). */
  on: {
    send(a: TacticalRiskAction): void;
    toggleOverview(): void;
    handOver?(): void;
    takeBack?(): void;
    takeOver?(faction: string): void;
  },
): HTMLElement[] {
  const f = pub.factions.find((x) => x.name === pub.faction);
  const myTurn = legal.length > 0;
  const canUndo = legal.some((a) => a.type === 'undo');
  const canEnd = legal.some((a) => a.type === 'endPhase');
  const { mine, spectator } = who;
  const parts: (HTMLElement | null)[] = [
    chip(pub.faction),
    h(
      'span',
      { class: 'trm-phase', testid: 'tr-phase' },
      PHASES[pub.phase] ?? pub.phase,
      h('small', { text: `round ${pub.round} · turn ${pub.turnNumber + 1}` }),
    ),
    f
      ? h('span', {
          class: 'trm-ipc',
          testid: 'tr-treasury',
          title: 'Treasury (income next collection) · tap for the breakdown',
          text: `${f.treasury} IPC (+${f.income})`,
          on: { click: () => on.toggleOverview() },
        })
      : null,
    spectator
      ? h('span', { class: 'trm-badge spec', testid: 'tr-spectating', text: 'Spectating · read-only' })
      : who.handedOver
        ? h('span', { class: 'trm-badge', testid: 'tr-handed-over', text: 'The AI plays for you' })
        : myTurn
          ? // The End-phase button says it already (the HUD keeps to one line beside the sidebar).
            canEnd
            ? null
            : h('span', { class: 'trm-badge turn', text: 'Your move' })
          : h('span', { class: 'trm-badge', text: mine.length ? `You: ${mine.join(', ')}` : '' }),
    pub.winner
      ? h('span', { class: 'trm-badge turn', text: `Winner: ${pub.winner.factions.join(', ')}` })
      : null,
    pub.fogOfWar
      ? h('span', {
          class: 'trm-badge fog',
          testid: 'tr-fog',
          text: spectator ? 'Fog of war: units hidden' : 'Fog of war',
          title: spectator
            ? 'Spectators see no units under fog of war'
            : 'Shaded territories and sea zones are out of sight: their units are unknown',
        })
      : null,
    who.handedOver && on.takeBack
      ? button('Take back', on.takeBack, {
          kind: 'primary',
          small: true,
          testid: 'tr-take-back',
          title: 'Play your countries again: your next decision is yours',
        })
      : null,
    // While the others play: play an AI country of your side too (a lost country's player, say).
    who.takeOver && !who.handedOver && !spectator && !myTurn && on.takeOver
      ? button(`Take over the ${who.takeOver}`, () => on.takeOver!(who.takeOver!), {
          kind: 'primary',
          small: true,
          testid: 'tr-take-over',
          title: `Play the ${who.takeOver} yourself from now on, instead of the AI`,
        })
      : null,
    // While the others play: hand your countries to the AI and watch (the players panel has it too;
    // the bar keeps to two lines on a phone: a take-over offered comes first).
    !who.takeOver && !who.handedOver && !spectator && !myTurn && !pub.winner && mine.length && on.handOver
      ? button('Let the AI play', on.handOver, {
          kind: 'ghost',
          small: true,
          testid: 'tr-hand-over',
          title: 'The AI plays your countries while you watch; take them back at any time',
        })
      : null,
    canUndo
      ? button('Undo', () => on.send({ type: 'undo' }), {
          small: true,
          testid: 'tr-undo',
          title: 'Undo the last move',
        })
      : null,
    canEnd
      ? button(END_LABEL[pub.phase] ?? 'End phase', () => on.send({ type: 'endPhase' }), {
          kind: 'primary',
          small: true,
          testid: 'tr-end-phase',
        })
      : null,
  ];
  return parts.filter((x): x is HTMLElement => !!x);
}

/**
 * Puts `next` in `parent` in order, keeping each child that is equal to a new one (same tag, text
 * and attributes: `isEqualNode`) in place of the new one. The status bar is drawn again on every
 * change at the table; a button kept across the change still gets the click a press began on it
 * (a replaced one lost it: the press ended on another element).
 */
export function keepEqualChildren(parent: HTMLElement, next: readonly HTMLElement[]): void {
  const old = [...parent.children];
  const kept = next.map((n) => {
    const i = old.findIndex((o) => o.isEqualNode(n));
    return i < 0 ? n : old.splice(i, 1)[0]!;
  });
  kept.forEach((el, i) => {
    if (parent.children[i] !== el) parent.insertBefore(el, parent.children[i] ?? null);
  });
  while (parent.children.length > kept.length) parent.lastElementChild!.remove();
}

/** The draft: one button per faction still free. */
export function draftCard(legal: readonly GameAction[], send: (a: TacticalRiskAction) => void): HTMLElement {
  return h(
    'div',
    { class: 'trm-card', testid: 'tr-draft' },
    h('h3', { text: 'Draft a faction' }),
    h(
      'div',
      { class: 'trm-list' },
      ...legal
        .filter((a) => a.type === 'draft')
        .map((a) => {
          const f = String((a as { faction?: string }).faction);
          return h('button', { on: { click: () => send(a as TacticalRiskAction) } }, chip(f));
        }),
    ),
  );
}

/** The screen between turns when one screen plays several factions (or a hot seat). */
export function handoverCard(
  pub: TrPublic,
  /** `since`: the finished turns since this person's last one (the summary), or null for none. */
  o: { who: string; hotSeat: boolean; seatName: string; since: TrTurn[] | null; ready(): void },
): HTMLElement {
  return h(
    'div',
    { class: 'trm-handover', testid: 'tr-handover' },
    h(
      'div',
      { class: 'trm-card' },
      chip(o.who, `The ${o.who}`),
      h('h2', {
        text: o.hotSeat
          ? `Pass the screen to ${o.seatName}`
          : o.who === pub.faction
            ? `Your ${o.who} turn`
            : `The ${o.who} decide in the battle`,
      }),
      h('p', { class: 'trm-muted', text: `Round ${pub.round} · ${PHASES[pub.phase]}` }),
      o.since ? summaryCard(o.since, 'Since your last turn', null) : null,
      button('I am ready', o.ready, { kind: 'primary', testid: 'tr-ready' }),
    ),
  );
}

/** The folded side panel's button (with how many cards wait in it). */
export function unfoldButton(cards: number, unfold: () => void): HTMLElement {
  return h('button', {
    class: 'trm-unfold',
    testid: 'tr-unfold',
    text: cards ? `‹ Panel (${cards})` : '‹ Panel',
    title: 'Show the side panel',
    on: { click: unfold },
  });
}

/** The side panel's fold button (a bottom sheet on phones, a column on desktops). */
export function foldButton(phone: boolean, fold: () => void): HTMLElement {
  return h('button', {
    class: 'trm-fold',
    testid: 'tr-fold',
    text: phone ? 'Hide ▾' : 'Hide panel ›',
    title: 'Fold the side panel away to see the map',
    on: { click: fold },
  });
}
