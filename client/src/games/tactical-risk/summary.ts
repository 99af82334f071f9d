/**
 * The turn summary: what each faction's turn changed (territories taken or freed, battles won and
 * lost, IPCs spent and collected, continents gained and lost). The rules keep it (the last six turns,
 * the running one with its changes so far) and the room syncs it (`turns`), so a screen that joins
 * mid-game, a spectator or a reconnecting player, shows the same summary as one that saw every turn.
 */
import { button, h } from '../../ui/dom';
import type { TrPublic, TrTurn } from './adapter';
import { chip } from './panels';

/**
 * A finished turn in which nothing happened and nothing came in: what the rules pass for a faction
 * whose capital is lost (and what a knocked-out player did not sit through).
 */
export function passedTurn(r: TrTurn): boolean {
  return r.done && !r.income && !r.spent && !r.changes.length && !r.battles.length && !r.continents.length;
}

/**
 * The turns since the last turn one of `mine` played (all kept turns when none): a passed turn of
 * one of mine is not "my last turn", so what the others did before it still shows.
 */
export function turnsSince(pub: TrPublic, mine: readonly string[]): TrTurn[] {
  const turns = pub.turns;
  let from = 0;
  for (let i = turns.length - 1; i >= 0; i--)
    if (mine.includes(turns[i]!.faction) && turns[i]!.done && !passedTurn(turns[i]!)) {
      from = i + 1;
      break;
    }
  // The running turn of one of mine is not news to me.
  return turns.slice(from).filter((r) => r.done || !mine.includes(r.faction));
}

/** One turn in a few short lines. */
export function turnLines(r: TrTurn): string[] {
  if (passedTurn(r)) return ['Turn passed: capital lost, no income'];
  const out: string[] = [];
  const took = r.changes
    .filter((c) => c.to === r.faction)
    .map((c) => (c.from ? `${c.territory} (from the ${c.from})` : c.territory));
  const freed = r.changes.filter((c) => c.to !== r.faction).map((c) => `${c.territory} (for the ${c.to})`);
  if (took.length) out.push(`Took ${took.join(', ')}`);
  if (freed.length) out.push(`Freed ${freed.join(', ')}`);
  if (r.battles.length) {
    const name = (b: TrTurn['battles'][number]) =>
      b.kind === 'raid' ? `a raid on ${b.territory}` : b.territory;
    const won = r.battles.filter((b) => b.won).map(name);
    const lost = r.battles.filter((b) => !b.won).map(name);
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
  const money = [r.spent ? `spent ${r.spent} IPC` : '', r.income !== null ? `collected ${r.income} IPC` : '']
    .filter(Boolean)
    .join(', ');
  if (money) out.push(money[0]!.toUpperCase() + money.slice(1));
  for (const c of r.continents) {
    if (c.to) out.push(`The ${c.to} now hold ${c.name} (+${c.bonus})`);
    if (c.from) out.push(`The ${c.from} lost ${c.name} (−${c.bonus})`);
  }
  if (out.length === 0) out.push(r.done ? 'No territory changed hands' : 'Under way');
  return out;
}

/**
 * The card: a block per turn, newest last. `next`: a phone's sheet shows one card, and this one hides
 * the turn's own (the purchase): a button at its foot closes it and says what comes next.
 */
export function summaryCard(
  records: TrTurn[],
  title: string,
  close: (() => void) | null,
  next?: { label: string; go(): void },
): HTMLElement {
  return h(
    'div',
    { class: 'trm-card trm-summary', testid: 'tr-summary' },
    h(
      'h3',
      {},
      h('span', { text: title }),
      close ? h('button', { class: 'trm-close', text: '×', title: 'Close', on: { click: close } }) : null,
    ),
    records.length === 0 ? h('div', { class: 'trm-muted', text: 'No turn played yet.' }) : null,
    ...records.map((r) =>
      h(
        'div',
        { class: 'trm-turn', testid: 'tr-summary-turn' },
        h(
          'div',
          { class: 'trm-turn-head' },
          chip(r.faction),
          h('span', {
            class: 'trm-muted',
            text: `round ${r.round} · turn ${r.turn + 1}${r.done ? '' : ' · now'}`,
          }),
        ),
        h('ul', {}, ...turnLines(r).map((l) => h('li', { text: l }))),
      ),
    ),
    next
      ? h(
          'div',
          { class: 'trm-buy-foot' },
          h(
            'div',
            { class: 'trm-row' },
            button(next.label, next.go, { kind: 'primary', testid: 'tr-summary-next' }),
          ),
        )
      : null,
  );
}

/**
 * A seat's name with the factions it played, for the results screen ("Bot 2 (Germans)"): a newcomer
 * reads who won by the countries on the map, not by the seats' names.
 */
export function seatWithFactions(pub: Pick<TrPublic, 'factions'>, seat: number, name: string): string {
  const played = pub.factions.filter((f) => f.seat === seat).map((f) => f.name);
  return played.length ? `${name} (${played.join(', ')})` : name;
}
