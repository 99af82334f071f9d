/** What Tactical Risk's how-to shows after the brief of docs/rules/tactical-risk.md: the units. */
import { UNIT, UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import { h } from '../../ui/dom';

const SPECIAL: Partial<Record<UnitType, string>> = {
  infantry: 'attacks 2 with artillery',
  artillery: 'supports one infantry',
  armour: 'blitzes through empty enemy land',
  fighter: 'lands on carriers',
  bomber: 'bombing raids on factories',
  transport: '2 slots: infantry and artillery 1, armour and AA gun 2',
  submarine: 'first strike; may submerge',
  destroyer: 'cancels submarine first strike',
  carrier: 'carries 2 fighters',
  battleship: 'shore bombardment',
  aaGun: 'fires at aircraft, hit on 1',
  factory: 'units are placed here',
};

function unitTable(): HTMLElement {
  const cell = (tag: 'th' | 'td', text: string | number) =>
    h(tag, { text: String(text), attrs: { style: 'padding: 2px 6px; text-align: left' } });
  const rows = UNIT_TYPES.map((t) => {
    const u = UNIT[t];
    const fights = t !== 'factory' && t !== 'aaGun';
    return h(
      'tr',
      {},
      cell('td', u.name),
      cell('td', u.cost),
      cell('td', fights ? u.attack : '-'),
      cell('td', fights ? u.defense : '-'),
      cell('td', t === 'factory' ? '-' : u.movement),
      cell('td', SPECIAL[t] ?? ''),
    );
  });
  return h(
    'div',
    { attrs: { style: 'overflow-x: auto' } },
    h(
      'table',
      { testid: 'tr-howto-units', attrs: { style: 'border-collapse: collapse; font-size: 13px' } },
      h(
        'thead',
        {},
        h('tr', {}, ...['Unit', 'Cost', 'Att', 'Def', 'Move', 'Special'].map((x) => cell('th', x))),
      ),
      h('tbody', {}, ...rows),
    ),
  );
}

export function tacticalRiskHowToMore(): Node[] {
  return [h('h3', { text: 'Units' }), unitTable()];
}
