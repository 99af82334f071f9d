/** Tactical Risk in brief, for the how-to-play dialog (the full rules: docs/rules/tactical-risk.md). */
import { UNIT, UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Goal',
    [
      'Axis (Germans, Japanese) against Allies (Russians, British, Americans). The Axis win holding both their capitals and two of the three Allied ones (Russia, United Kingdom, East US) at the end of a round; the Allies win holding all five. Optional economic victory: 84 production for the Axis, 140 for the Allies.',
      'Free-for-all: every faction for itself; win by holding the set number of capitals at the end of a round.',
      'Income: the production of your territories plus a bonus for every continent you hold whole (Risk-style). None while an enemy holds your capital.',
    ],
  ],
  [
    'A turn, phase by phase (the bar at the top says which)',
    [
      'Purchase: choose units in the panel (+ and −), then Buy. Bought units wait to be placed.',
      'Combat move: move into enemy territory or sea zones with enemy ships. Empty enemy land is taken at once; armour may blitz through it. Aircraft must keep enough movement to land afterwards.',
      'Battles: fight them in the order you like (a sea battle that clears a landing comes first).',
      'Non-combat move: units that did not move to attack or fight may move through friendly places; aircraft land (on land held since the turn began, or a carrier).',
      'Place: tap a unit type, then a glowing factory (land units there, ships in a sea zone beside it), up to the territory’s production. End the phase to collect your income.',
    ],
  ],
  [
    'Controls',
    [
      'Map: drag (or swipe) to pan; mouse wheel, pinch or the + and − buttons to zoom; the minimap in the corner jumps anywhere. The map opens on your capital.',
      'Tap a highlighted territory with your units: the panel lists them by group (units that have moved are a group of their own). Choose how many move with + and − (or Select all), then tap a glowing destination on the map or in the list. The list shows what the move is (attack, load, unload, amphibious assault, sea battle) and the battle calculator’s odds.',
      'Land, sea and air units move separately; land units board a transport by moving into its sea zone, and unload by moving from the sea zone onto the coast.',
      'Undo takes back your last move of the phase; End phase moves on. Bombers over an enemy factory can tick “Strategic bombing raid”.',
      'The side panel folds away (the ☰ button) to uncover the map; the players and log panel of the table folds too.',
    ],
  ],
  [
    'Battles',
    [
      'Each round both sides roll one die per unit: a die at or under the unit’s attack (defence for the defender) hits. Artillery gives one infantry attack 2. AA guns fire once at each attacking aircraft (hit on 1).',
      'Casualties: the owner chooses; the cheapest are preselected (tap units to change, then Remove). Submarine hits cannot take aircraft; aircraft hit submarines only with a destroyer on their side.',
      'From round 2 the attacker may retreat to a friendly territory it came from; units landed from the sea cannot retreat. Submarines may submerge when no enemy destroyer is present.',
      'Landing from a sea zone with enemy ships: send the cargo ashore in the combat move; it lands after your fleet wins the sea battle there (called off if it does not).',
      'Prompts that others wait on (casualties, press on, retreat, a draft pick) have a timer; when it runs out the suggested answer is taken.',
    ],
  ],
];

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

export function tacticalRiskHowTo(): HTMLElement {
  const root = h('div', { class: 'prose' });
  for (const [title, lines] of SECTIONS) {
    root.append(h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l }))));
  }
  root.append(h('h3', { text: 'Units' }), unitTable());
  return root;
}
