/**
 * The turn summary: what each faction's turn changed (territories taken or freed, battles won and
 * lost, IPCs spent and collected, continents gained and lost), kept on this screen from the synced
 * view (owners at the start and end of each turn) and the public events (battle ends, purchases,
 * income). A screen that joins mid-game knows only the turns it saw.
 */
import type { GameEvent } from '@parlor/shared/core/contract';
import { continentList } from '@parlor/shared/games/tactical-risk/board';
import { h } from '../../ui/dom';
import type { TrPublic } from './adapter';
import { chip } from './panels';

export interface TurnRecord {
  faction: string;
  round: number;
  /** The room's turn counter (0 = the first turn). */
  turn: number;
  startOwners: Record<string, string>;
  endOwners: Record<string, string> | null;
  battles: { territory: string; won: boolean; captured: boolean }[];
  spent: number;
  income: number | null;
}

function ownersOf(pub: TrPublic): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [n, t] of Object.entries(pub.territories)) if (t.owner) out[n] = t.owner;
  return out;
}

function continentHolders(owners: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of continentList) {
    const f = owners[c.territories[0]!];
    if (f && c.territories.every((t) => owners[t] === f)) out.set(c.name, f);
  }
  return out;
}

export class TurnLog {
  readonly records: TurnRecord[] = [];
  private open: TurnRecord | null = null;
  private live: Record<string, string> = {};

  /** Every render: closes the turn that ended and opens the one that began. */
  update(pub: TrPublic): void {
    this.live = ownersOf(pub);
    if (!pub.faction || pub.phase === 'draft') return;
    if (this.open && this.open.turn === pub.turnNumber) return;
    if (this.open) this.open.endOwners = this.live;
    this.open = {
      faction: pub.faction,
      round: pub.round,
      turn: pub.turnNumber,
      startOwners: this.live,
      endOwners: null,
      battles: [],
      spent: 0,
      income: null,
    };
    this.records.push(this.open);
    if (this.records.length > 12) this.records.shift();
  }

  /** Public events: battle results, purchases and income go to the faction's latest turn. */
  event(e: GameEvent): void {
    const d = e.data ?? {};
    const of = (f: unknown) => [...this.records].reverse().find((r) => r.faction === f);
    if (e.type === 'battleEnd' && this.open)
      this.open.battles.push({
        territory: String(d.territory),
        won: d.winner === 'attacker',
        captured: !!d.captured,
      });
    if (e.type === 'buy') {
      const r = of(d.faction);
      if (r) r.spent += Number(d.cost) || 0;
    }
    if (e.type === 'income') {
      const r = of(d.faction);
      if (r) r.income = Number(d.ipcs) || 0;
    }
  }

  /** The turns since the last turn of one of `mine` (that turn excluded; all kept turns when none). */
  since(mine: readonly string[], current = true): TurnRecord[] {
    const done = this.records.filter((r) => current || r.endOwners);
    let from = 0;
    for (let i = done.length - 1; i >= 0; i--)
      if (mine.includes(done[i]!.faction) && done[i]!.endOwners) {
        from = i + 1;
        break;
      }
    return done.slice(from).filter((r) => !(r.endOwners === null && mine.includes(r.faction)));
  }

  /** One turn in a few short lines. */
  lines(r: TurnRecord): string[] {
    const end = r.endOwners ?? this.live;
    const out: string[] = [];
    const took: string[] = [];
    const freed: string[] = [];
    for (const [n, f] of Object.entries(end)) {
      const before = r.startOwners[n];
      if (before === f) continue;
      if (f === r.faction) took.push(before ? `${n} (from the ${before})` : n);
      else freed.push(`${n} (for the ${f})`);
    }
    if (took.length) out.push(`Took ${took.join(', ')}`);
    if (freed.length) out.push(`Freed ${freed.join(', ')}`);
    if (r.battles.length) {
      const won = r.battles.filter((b) => b.won).map((b) => b.territory);
      const lost = r.battles.filter((b) => !b.won).map((b) => b.territory);
      out.push(
        [
          `${r.battles.length} battle${r.battles.length === 1 ? '' : 's'}`,
          won.length ? `won ${won.join(', ')}` : '',
          lost.length ? `lost ${lost.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(': ')
          .replace(': lost', ', lost'),
      );
    }
    const money = [
      r.spent ? `spent ${r.spent} IPC` : '',
      r.income !== null ? `collected ${r.income} IPC` : '',
    ]
      .filter(Boolean)
      .join(', ');
    if (money) out.push(money[0]!.toUpperCase() + money.slice(1));
    const a = continentHolders(r.startOwners);
    const b = continentHolders(end);
    for (const c of continentList) {
      const was = a.get(c.name);
      const now = b.get(c.name);
      if (was === now) continue;
      if (now) out.push(`The ${now} now hold ${c.name} (+${c.bonus})`);
      if (was) out.push(`The ${was} lost ${c.name} (−${c.bonus})`);
    }
    if (out.length === 0) out.push(r.endOwners ? 'No territory changed hands' : 'Under way');
    return out;
  }

  /** The card: a block per turn, newest last. */
  card(records: TurnRecord[], title: string, close: (() => void) | null): HTMLElement {
    return h(
      'div',
      { class: 'trm-card trm-summary', testid: 'tr-summary' },
      h(
        'h3',
        {},
        h('span', { text: title }),
        close ? h('button', { class: 'trm-close', text: '×', title: 'Close', on: { click: close } }) : null,
      ),
      records.length === 0
        ? h('div', { class: 'trm-muted', text: 'Nothing seen yet on this screen.' })
        : null,
      ...records.map((r) =>
        h(
          'div',
          { class: 'trm-turn' },
          h(
            'div',
            { class: 'trm-turn-head' },
            chip(r.faction),
            h('span', {
              class: 'trm-muted',
              text: `round ${r.round} · turn ${r.turn + 1}${r.endOwners ? '' : ' · now'}`,
            }),
          ),
          h('ul', {}, ...this.lines(r).map((l) => h('li', { text: l }))),
        ),
      ),
    );
  }
}
