/**
 * The debug view's DOM: status line, factions, the battle in progress, buttons for every legal
 * action template, the log, and the territories grouped by continent (sea zones with units after).
 * Rebuilt on every change: it is for watching and stepping through a game, not for looks.
 */
import type { GameAction } from '@parlor/shared/core/contract';
import { continentList, SEA, UNIT_TYPES } from '@parlor/shared/games/tactical-risk/board';
import type { TableSnapshot } from '../../net/TableConnection';
import { h } from '../../ui/dom';
import type { Counts, TrPublic, TrTerritory, TrView } from './adapter';

const SHORT: Record<string, string> = {
  infantry: 'inf',
  artillery: 'art',
  armour: 'arm',
  fighter: 'ftr',
  bomber: 'bmb',
  transport: 'trn',
  submarine: 'sub',
  destroyer: 'dst',
  carrier: 'car',
  battleship: 'bb',
  aaGun: 'aa',
  factory: 'fac',
};

const COLOURS: Record<string, string> = {
  Russians: '#c0504d',
  Germans: '#8c8c8c',
  British: '#c9a96e',
  Japanese: '#e2a400',
  Americans: '#6a8f3a',
};

/** Phase-level actions, listed first (a move phase lists a couple of hundred moves). */
const MAIN = new Set(['endPhase', 'undo', 'fight', 'press', 'retreat', 'submerge', 'casualties']);

const CSS = `
.tr-debug { position: absolute; inset: 0; overflow-y: auto; padding: 8px 10px 24px; font: 13px/1.35 system-ui, sans-serif; color: #e8e8e8; background: #1b1d22; }
.tr-debug h3 { margin: 10px 0 4px; font-size: 14px; color: #fff; }
.tr-debug .tr-status { font-size: 15px; font-weight: 600; margin-bottom: 6px; }
.tr-debug table { border-collapse: collapse; width: 100%; }
.tr-debug td, .tr-debug th { border-bottom: 1px solid #333; padding: 2px 6px; text-align: left; vertical-align: top; }
.tr-debug th { color: #aaa; font-weight: 500; }
.tr-debug .tr-cols table { table-layout: fixed; }
.tr-debug .tr-cols td:nth-child(1) { width: 34%; }
.tr-debug .tr-cols td:nth-child(2) { width: 26%; }
.tr-debug .tr-cols { display: grid; grid-template-columns: repeat(auto-fill, minmax(330px, 1fr)); gap: 4px 14px; }
.tr-debug .tr-actions { display: flex; flex-wrap: wrap; gap: 4px; max-height: 180px; overflow-y: auto; padding: 4px; background: #23262d; }
.tr-debug .tr-actions button { font: 12px system-ui, sans-serif; padding: 3px 7px; border-radius: 4px; border: 1px solid #556; background: #2f3440; color: #fff; cursor: pointer; }
.tr-debug .tr-actions button.tr-main { background: #2d5b8c; }
.tr-debug .tr-owner { font-weight: 600; }
.tr-debug .tr-log { max-height: 160px; overflow-y: auto; background: #23262d; padding: 4px 6px; }
.tr-debug .tr-battle { background: #3a2626; padding: 4px 8px; border-radius: 4px; }
.tr-debug .tr-muted { color: #999; }
`;

function countsText(c: Counts): string {
  return UNIT_TYPES.filter((t) => (c[t] ?? 0) > 0)
    .map((t) => `${c[t]} ${SHORT[t]}`)
    .join(' ');
}

function faction(name: string): HTMLElement {
  return h('span', { class: 'tr-owner', text: name || 'neutral', style: { color: COLOURS[name] ?? '#bbb' } });
}

/** A short label for an action template. */
export function actionLabel(a: GameAction, typeOf: ReadonlyMap<number, string> = new Map()): string {
  const x = a as GameAction & Record<string, unknown>;
  switch (a.type) {
    case 'buy':
      return `buy ${countsText(x.units as Counts)}`;
    case 'move': {
      const path = x.path as string[];
      const ids = x.units as number[];
      const what = ids.map((id) => `${SHORT[typeOf.get(id) ?? ''] ?? ''} #${id}`.trim()).join(', ');
      return `${x.raid ? 'raid' : 'move'} ${what}: ${path[0]} → ${path.at(-1)}`;
    }
    case 'place':
      return `place ${SHORT[String(x.unit)]} @ ${String(x.territory)}`;
    case 'fight':
      return `fight ${String(x.territory)}`;
    case 'retreat':
      return `retreat → ${String(x.to)}`;
    case 'casualties':
      return `casualties #${(x.units as number[]).join(',')}`;
    case 'draft':
      return `draft ${String(x.faction)}`;
    case 'endPhase':
      return 'end phase';
    default:
      return a.type;
  }
}

/** Phase actions first, then the rest by label (the server syncs the list as an unordered set). */
function ordered(legal: GameAction[], typeOf: ReadonlyMap<number, string>): GameAction[] {
  const rest = legal.filter((a) => !MAIN.has(a.type));
  const label = (a: GameAction) => actionLabel(a, typeOf);
  rest.sort((a, b) => label(a).localeCompare(label(b), 'en', { numeric: true }));
  return [...legal.filter((a) => MAIN.has(a.type)), ...rest];
}

/** Unit id -> type, from the stacks' ids (listed in unit-type order, split by the counts). */
function unitTypes(pub: TrPublic): Map<number, string> {
  const out = new Map<number, string>();
  for (const t of Object.values(pub.territories))
    for (const s of Object.values(t.units)) {
      let i = 0;
      for (const type of UNIT_TYPES)
        for (let n = 0; n < (s.counts[type] ?? 0); n++) out.set(s.ids[i++]!, type);
    }
  return out;
}

export class DebugBoard {
  readonly el = h('div', { class: 'tr-debug', testid: 'tr-debug' });
  private readonly style = h('style', { text: CSS });

  constructor(
    parent: HTMLElement,
    private readonly send: (a: GameAction) => void,
  ) {
    parent.append(this.style, this.el);
  }

  destroy(): void {
    this.el.remove();
    this.style.remove();
  }

  update(snap: TableSnapshot): void {
    const v = snap.view as TrView | null;
    if (!v || snap.status === 'waiting' || v.public.factions.length === 0) {
      this.el.replaceChildren(h('p', { class: 'tr-muted', text: 'Waiting for the match to start' }));
      return;
    }
    const pub = v.public;
    this.el.replaceChildren(
      this.status(pub, snap),
      this.factions(pub, snap),
      this.battle(pub),
      this.actions(snap, pub),
      h('h3', { text: 'Log (newest first)' }),
      h(
        'div',
        { class: 'tr-log', testid: 'tr-log' },
        ...snap.log
          .slice(-30)
          .reverse()
          .map((l) => h('div', { text: l.text })),
      ),
      this.territories(pub),
    );
  }

  private status(pub: TrPublic, snap: TableSnapshot): HTMLElement {
    const left =
      snap.deadline > 0 ? ` · ${Math.max(0, Math.round((snap.deadline - Date.now()) / 1000))} s` : '';
    const mine = snap.view?.private as { factions: string[] } | null;
    return h(
      'div',
      { class: 'tr-status', testid: 'tr-status' },
      `Round ${pub.round} · `,
      faction(pub.faction),
      ` · ${pub.phase}${left} · ${pub.mode}${pub.fogOfWar ? ' · fog of war' : ''}`,
      mine ? ` · you play ${mine.factions.join(', ')}` : ' · spectating',
      pub.winner ? ` · WINNER: ${pub.winner.factions.join(', ')} (${pub.winner.reason})` : '',
    );
  }

  private factions(pub: TrPublic, snap: TableSnapshot): HTMLElement {
    return h(
      'table',
      { testid: 'tr-factions' },
      h(
        'tr',
        {},
        ...['faction', 'seat', 'side', 'IPC', 'income', 'capital', 'bought'].map((t) => h('th', { text: t })),
      ),
      ...pub.factions.map((f) =>
        h(
          'tr',
          {},
          h('td', {}, faction(f.name), f.out ? ' (out)' : ''),
          h('td', { text: snap.seats[f.seat]?.name ?? '-' }),
          h('td', { text: f.alliance || 'alone' }),
          h('td', { text: f.treasury }),
          h('td', { text: f.income }),
          h('td', { text: `${f.capital}${f.capitalHeld ? '' : ' (lost)'}` }),
          h('td', { text: countsText(f.pending) || '-' }),
        ),
      ),
    );
  }

  private battle(pub: TrPublic): HTMLElement | string {
    const b = pub.battle;
    const pending = pub.battles.length ? `Battles to fight: ${pub.battles.join(', ')}` : '';
    const last = pub.lastBattle
      ? `Last battle ${pub.lastBattle.key}: ${pub.lastBattle.winner}${pub.lastBattle.captured ? ', captured' : ''}`
      : '';
    if (!b) return h('div', { class: 'tr-muted', text: [pending, last].filter(Boolean).join(' · ') });
    const prompt =
      b.promptKind === 'casualties'
        ? `${b.promptFaction} (${b.promptSide}) removes ${b.promptCount} (hits sub/air/other ${b.promptHits}); suggested #${b.suggestion.join(',')}`
        : b.promptKind
          ? `${b.promptFaction}: ${b.promptKind}${b.retreats.length ? ` (retreat to ${b.retreats.join(', ')})` : ''}`
          : '';
    const here = pub.territories[b.territory];
    return h(
      'div',
      { class: 'tr-battle', testid: 'tr-battle' },
      h(
        'div',
        {},
        `Battle (${b.kind}) at ${b.territory}, round ${b.round}: `,
        faction(b.attacker),
        ' vs ',
        faction(b.defender),
      ),
      here ? h('div', { text: this.unitsText(here) }) : null,
      b.rollsLabel
        ? h('div', {
            text: `${b.rollsLabel}: attacker [${b.rollsAttacker.join(' ')}] defender [${b.rollsDefender.join(' ')}]`,
          })
        : null,
      prompt ? h('div', { text: `Waiting for ${prompt}` }) : null,
      h('div', {
        class: 'tr-muted',
        text: `Steps: ${b.steps.join(', ') || '-'}${pending ? ` · ${pending}` : ''}`,
      }),
    );
  }

  private actions(snap: TableSnapshot, pub: TrPublic): HTMLElement {
    const legal = snap.legal;
    const typeOf = unitTypes(pub);
    if (legal.length === 0) {
      const who = snap.toAct.map((s) => snap.seats[s]?.name ?? `seat ${s}`).join(', ');
      return h('div', { class: 'tr-muted', text: who ? `Waiting for ${who}` : '' });
    }
    return h(
      'div',
      {},
      h('h3', { text: `Your actions (${legal.length})` }),
      h(
        'div',
        { class: 'tr-actions', testid: 'tr-actions' },
        ...ordered(legal, typeOf).map((a) =>
          h('button', {
            class: MAIN.has(a.type) ? 'tr-main' : '',
            text: actionLabel(a, typeOf),
            on: { click: () => this.send(a) },
          }),
        ),
      ),
    );
  }

  private unitsText(t: TrTerritory): string {
    return Object.entries(t.units)
      .map(([f, s]) => `${f}: ${countsText(s.counts)}`)
      .join(' · ');
  }

  private territories(pub: TrPublic): HTMLElement {
    const row = (name: string) => {
      const t = pub.territories[name];
      if (!t) return null;
      return h(
        'tr',
        {},
        h('td', { text: name }),
        h('td', {}, SEA.includes(name) ? '' : faction(t.owner)),
        h('td', { text: this.unitsText(t) || '-' }),
      );
    };
    const seas = SEA.filter((s) => Object.keys(pub.territories[s]?.units ?? {}).length > 0);
    const block = (title: string, names: string[]) =>
      h('div', {}, h('h3', { text: title }), h('table', {}, ...names.map(row)));
    return h(
      'div',
      { class: 'tr-cols', testid: 'tr-territories' },
      ...continentList.map((c) => block(`${c.name} (+${c.bonus})`, c.territories)),
      block(`Sea zones with units (${seas.length})`, seas),
    );
  }
}
