/**
 * DOM pieces of the map client, built from plain data: unit rows, the faction chip, the purchase,
 * placement, battle-list, movement and overview cards. The scene owns the state and the callbacks.
 */
import {
  continentList,
  isWater,
  production,
  TERRITORY,
  UNIT,
  UNIT_TYPES,
  type UnitType,
} from '@parlor/shared/games/tactical-risk/board';
import { button, h } from '../../ui/dom';
import type { Counts, TrFaction, TrPublic } from './adapter';
import type { Destination, MoveGroup, Selection } from './model';
import type { CalcResult } from '@parlor/shared/games/tactical-risk/calculator';
import { bombardShips, cost, countsTotal, odds } from './model';
import { factionColour, factionCss, isLight, SHORT } from './palette';
import { unitIconUrl } from './unitArt';

export const PHASES: Record<string, string> = {
  draft: 'Draft',
  purchase: 'Purchase',
  combatMove: 'Combat move',
  battle: 'Battles',
  nonCombatMove: 'Non-combat move',
  place: 'Place units',
  finished: 'Game over',
};

/** A labelled checkbox, checked when `on`, that tells `set` its new state. */
function check(label: string, on: boolean, set: (on: boolean) => void, testid?: string): HTMLElement {
  return h(
    'label',
    { class: 'trm-check' },
    h('input', {
      attrs: { type: 'checkbox', ...(on ? { checked: '' } : {}) },
      testid,
      on: { change: (e) => set((e.target as HTMLInputElement).checked) },
    }),
    label,
  );
}

export function chip(faction: string, label = faction): HTMLElement {
  return h(
    'span',
    { class: 'trm-chip' },
    h('span', { class: 'trm-dot', style: { background: faction ? factionCss(faction) : '#d8ccaa' } }),
    label || 'Neutral',
  );
}

export function unitIcon(type: UnitType, faction: string): HTMLElement {
  const c = factionColour(faction);
  return h(
    'span',
    { class: 'trm-ico', style: { background: factionCss(faction) }, title: SHORT[type] },
    h('img', { attrs: { src: unitIconUrl(type, isLight(c) ? '#1b1d22' : '#ffffff'), alt: SHORT[type] } }),
  );
}

export function unitRow(type: UnitType, faction: string, n: number | HTMLElement, note = ''): HTMLElement {
  const u = UNIT[type];
  const stats = type === 'factory' ? '' : `A${u.attack} D${u.defense} M${u.movement}`;
  return h(
    'div',
    { class: 'trm-urow', testid: `tr-unit-${type}` },
    unitIcon(type, faction),
    h(
      'span',
      { class: 'trm-uname' },
      h('span', { text: SHORT[type] }),
      stats || note
        ? h('small', { class: 'trm-muted', text: [stats, note].filter(Boolean).join(' · ') })
        : null,
    ),
    typeof n === 'number' ? h('span', { class: 'trm-n', text: `×${n}` }) : n,
  );
}

/** − n + for a count; `what` names it ("Buy Infantry"), so the buttons say "Buy Infantry: one more". */
export function stepper(
  value: number,
  max: number,
  set: (v: number) => void,
  testid: string | undefined,
  what: string,
): HTMLElement {
  return h(
    'span',
    { class: 'trm-step', testid },
    h('button', {
      text: '−',
      title: `${what}: one fewer`,
      attrs: { 'aria-label': `${what}: one fewer` },
      on: { click: () => set(Math.max(0, value - 1)) },
    }),
    h('span', { text: max === Infinity || max === value ? `${value}` : `${value}/${max}` }),
    h('button', {
      text: '+',
      title: `${what}: one more`,
      attrs: { 'aria-label': `${what}: one more` },
      on: { click: () => set(Math.min(max, value + 1)) },
    }),
  );
}

/** Territory details: owner, value, continent, and every faction's units. */
export function territoryCard(pub: TrPublic, name: string, close: () => void, hidden = false): HTMLElement {
  const t = pub.territories[name];
  const data = TERRITORY.get(name);
  const water = isWater(name);
  const continent = continentList.find((c) => c.territories.includes(name));
  const facts: string[] = [];
  // The owner in words beside its colour (the map's colours alone merge for some eyes).
  if (!water) facts.push(t?.owner ? `Held by ${t.owner}` : 'Neutral');
  if (!water) facts.push(`${production(name)} IPC`);
  if (continent) facts.push(`${continent.name} (+${continent.bonus})`);
  if (data?.isCapital || pub.factions.some((f) => f.capital === name)) facts.push('Capital');
  if (pub.factoriesAtStart.includes(name)) facts.push('Factory');
  if (!water && t?.startOwner && t.owner !== t.startOwner) facts.push(`Originally ${t.startOwner}`);
  if (hidden) facts.push('Hidden by the fog of war');
  const stacks = Object.entries(t?.units ?? {}).filter(([, s]) => countsTotal(s.counts) > 0);
  return h(
    'div',
    { class: 'trm-card', testid: 'tr-territory' },
    h(
      'h3',
      {},
      water
        ? h('span', { text: '🌊' })
        : h('span', { class: 'trm-dot', style: { background: t?.owner ? factionCss(t.owner) : '#d8ccaa' } }),
      h('span', { text: name }),
      h('button', { class: 'trm-close', text: '×', title: 'Close', on: { click: close } }),
    ),
    h(
      'div',
      { class: 'trm-facts' },
      water ? 'Sea zone' : chip(t?.owner ?? '', t?.owner || 'Neutral'),
      ...facts.map((f) => h('span', { text: f })),
    ),
    stacks.length === 0
      ? h('div', { class: 'trm-muted', text: hidden ? 'Units here are out of sight.' : 'No units here.' })
      : h(
          'div',
          { class: 'trm-units' },
          ...stacks.flatMap(([f, s]) => [
            h('h4', {}, chip(f)),
            ...UNIT_TYPES.filter((u) => (s.counts[u] ?? 0) > 0).map((u) => unitRow(u, f, s.counts[u]!)),
          ]),
        ),
  );
}

/** The purchase panel: a stepper per unit type, the total against the treasury. */
export function purchaseCard(
  faction: TrFaction,
  draft: Counts,
  set: (t: UnitType, n: number) => void,
  buy: () => void,
): HTMLElement {
  const total = cost(draft);
  const left = faction.treasury - total;
  const pending = UNIT_TYPES.filter((t) => (faction.pending[t] ?? 0) > 0);
  return h(
    'div',
    { class: 'trm-card trm-buy', testid: 'tr-purchase' },
    h(
      'h3',
      {},
      h('span', { text: 'Purchase' }),
      h('span', { class: 'trm-muted', text: `${faction.treasury} IPC to spend` }),
    ),
    ...UNIT_TYPES.filter((t) => t !== 'factory' || true).map((t) => {
      const n = draft[t] ?? 0;
      const max = n + Math.floor(Math.max(0, left) / UNIT[t].cost);
      return unitRow(
        t,
        faction.name,
        stepper(n, max, (v) => set(t, v), `tr-buy-${t}`, `Buy ${SHORT[t]}`),
        `${UNIT[t].cost} IPC`,
      );
    }),
    // The total and Buy stay in view at the foot of the panel (a phone's sheet scrolls the rows).
    h(
      'div',
      { class: 'trm-buy-foot' },
      h(
        'div',
        { class: `trm-total ${left < 0 ? 'over' : ''}` },
        h('span', { text: `${countsTotal(draft)} units` }),
        h('span', { text: `${total} IPC · ${left} left` }),
      ),
      pending.length
        ? h('div', {
            class: 'trm-muted',
            text: `Already bought: ${pending.map((t) => `${faction.pending[t]} ${SHORT[t]}`).join(', ')}`,
          })
        : null,
      h(
        'div',
        { class: 'trm-row' },
        button('Buy', buy, { kind: 'primary', disabled: total === 0 || left < 0, testid: 'tr-buy' }),
      ),
    ),
  );
}

export interface PlaceModel {
  pending: Counts;
  spots: Map<UnitType, string[]>;
  room: (territory: string) => number;
  type: UnitType | null;
  pick: (t: UnitType) => void;
  place: (territory: string, all: boolean) => void;
  /** One tap places all that fit (else one unit). */
  all: boolean;
  setAll: (on: boolean) => void;
  /** How many units a tap on that spot places. */
  count: (territory: string) => number;
}

export function placeCard(faction: string, m: PlaceModel): HTMLElement {
  const types = UNIT_TYPES.filter((t) => (m.pending[t] ?? 0) > 0);
  const spots = m.type ? (m.spots.get(m.type) ?? []) : [];
  return h(
    'div',
    { class: 'trm-card', testid: 'tr-place' },
    h('h3', { text: 'Place new units' }),
    types.length === 0
      ? h('div', { class: 'trm-muted', text: 'Nothing left to place: end the phase.' })
      : h(
          'div',
          { class: 'trm-list' },
          ...types.map((t) =>
            h(
              'button',
              { class: m.type === t ? 'on' : '', testid: `tr-place-${t}`, on: { click: () => m.pick(t) } },
              unitIcon(t, faction),
              `${SHORT[t]}`,
              h('span', {
                class: 'trm-odds',
                text: `${m.pending[t]} to place${m.spots.has(t) ? '' : ' · no spot'}`,
              }),
            ),
          ),
        ),
    m.type
      ? h(
          'div',
          {},
          check('Place all that fit in one tap', m.all, m.setAll, 'tr-place-all'),
          h('h4', { text: `Where (tap the map or a factory)` }),
          h(
            'div',
            { class: 'trm-list' },
            ...spots.map((s) =>
              h(
                'button',
                { testid: `tr-spot-${s}`, on: { click: () => m.place(s, false) } },
                s,
                h('span', {
                  class: 'trm-odds',
                  text: `${isWater(s) ? 'sea' : `room ${m.room(s)}`} · places ${m.count(s)}`,
                }),
              ),
            ),
          ),
        )
      : null,
  );
}

export function battlesCard(pub: TrPublic, keys: string[], fight: (t: string) => void): HTMLElement {
  return h(
    'div',
    { class: 'trm-card', testid: 'tr-battles' },
    h('h3', { text: 'Battles to fight' }),
    h('div', { class: 'trm-muted', text: 'Choose the order: tap a battle to fight it.' }),
    h(
      'div',
      { class: 'trm-list', style: { marginTop: '6px' } },
      ...keys.map((k) => {
        const at = k.replace(/^raid:/, '');
        const raid = k.startsWith('raid:');
        // A landing's battleships bombard first (estimated: the view does not mark amphibious units).
        const ships = raid ? 0 : bombardShips(pub, at, pub.faction).reduce((n, z) => n + z.n, 0);
        const r = raid ? null : odds(pub, at, pub.faction, [], ships);
        return h(
          'button',
          {
            testid: `tr-fight-${at}`,
            on: { click: () => fight(k) },
            ...(ships
              ? { title: `${ships} battleship${ships > 1 ? 's' : ''} bombarding (in the odds)` }
              : {}),
          },
          raid ? '💣' : isWater(at) ? '⚓' : '⚔',
          `${raid ? 'Bombing raid on ' : ''}${at}`,
          h('span', {
            class: 'trm-odds',
            text: r ? `${Math.round(r.attackerWin * 100)}% win${ships ? ' · bombard' : ''}` : 'raid',
          }),
        );
      }),
    ),
  );
}

export interface MoveModel {
  at: string;
  groups: MoveGroup[];
  sel: Selection;
  dests: Map<string, Destination>;
  raid: boolean;
  combat: boolean;
  /** The selection mixes land, sea, air units or cargo, which move separately. */
  mixed: boolean;
  set: (key: string, n: number) => void;
  all: () => void;
  setRaid: (on: boolean) => void;
  go: (dest: string) => void;
  hover: (dest: string | null) => void;
  /** What moving there means: attack, load, unload, amphibious assault, raid. */
  describe: (dest: string) => string;
  /** The calculator's odds for the chosen units when moving there is an attack ('' otherwise). */
  odds: (dest: string) => string;
}

export function moveCard(faction: string, m: MoveModel): HTMLElement {
  const anyRaid = [...m.dests.values()].some((d) => d.raid);
  const selected = Object.values(m.sel).some((n) => n > 0);
  return h(
    'div',
    { class: 'trm-card', testid: 'tr-move' },
    h('h3', {}, h('span', { text: `Move from ${m.at}` })),
    ...m.groups.map((g) =>
      unitRow(
        g.type,
        faction,
        stepper(
          m.sel[g.key] ?? 0,
          g.ids.length,
          (v) => m.set(g.key, v),
          `tr-sel-${g.type}`,
          `Move ${SHORT[g.type]}`,
        ),
        g.spent ? 'moved' : '',
      ),
    ),
    h('div', { class: 'trm-row' }, button('Select all', m.all, { small: true, testid: 'tr-sel-all' })),
    anyRaid ? check('Strategic bombing raid on the factory', m.raid, m.setRaid, 'tr-raid') : null,
    h('h4', {
      text: m.mixed
        ? 'Land, sea and air units (and cargo) move separately: select one kind.'
        : selected
          ? `Destinations (${m.dests.size})`
          : 'Select units to see where they can go',
    }),
    h(
      'div',
      { class: 'trm-list' },
      ...[...m.dests.keys()].sort().map((d) => {
        const dest = m.dests.get(d)!;
        const steps = `${dest.path.length - 1} step${dest.path.length > 2 ? 's' : ''}`;
        const note = [m.describe(d), steps].filter(Boolean).join(' · ');
        const win = m.odds(d);
        // Handlers through h() only: a redraw that keeps the button hands it the latest ones.
        return h(
          'button',
          {
            testid: `tr-dest-${d}`,
            on: { click: () => m.go(d), pointerenter: () => m.hover(d), pointerleave: () => m.hover(null) },
          },
          h('span', { class: 'trm-dname' }, d, h('small', { class: 'trm-muted', text: note })),
          win ? h('span', { class: 'trm-odds trm-plan', testid: `tr-plan-${d}`, text: win }) : null,
        );
      }),
    ),
  );
}

/** Every faction's treasury and income; the moving one's income broken down with continents. */
export function overviewCard(pub: TrPublic): HTMLElement {
  return h(
    'div',
    { class: 'trm-card trm-overview', testid: 'tr-overview' },
    h('h3', { text: 'Factions' }),
    ...pub.factions.map((f) => {
      const held = continentsHeld(pub, f.name);
      const land = Object.entries(pub.territories).reduce(
        (n, [name, t]) => n + (t.owner === f.name ? production(name) : 0),
        0,
      );
      const parts = [`production ${land}`, ...held.map((c) => `${c.name} +${c.bonus}`)];
      return h(
        'div',
        { style: { padding: '5px 0', borderBottom: '1px solid var(--line)', opacity: f.out ? '0.5' : '1' } },
        h(
          'div',
          { style: { display: 'flex', gap: '8px', alignItems: 'center' } },
          chip(f.name, `${f.name}${f.name === pub.faction ? ' ◂' : ''}`),
          h('span', { class: 'trm-muted', text: f.alliance || '' }),
          h('span', { style: { marginLeft: 'auto', fontWeight: '700' }, text: `${f.treasury} IPC` }),
        ),
        h('div', {
          class: 'trm-muted',
          style: { fontSize: '12px' },
          text: f.capitalHeld
            ? `Income ${f.income} IPC = ${parts.join(' + ')}`
            : `Capital ${f.capital} lost: no income`,
        }),
      );
    }),
  );
}

export function continentsHeld(pub: TrPublic, faction: string): { name: string; bonus: number }[] {
  return continentList.filter((c) => c.territories.every((t) => pub.territories[t]?.owner === faction));
}

/** The stand-alone battle calculator: any two forces, land or sea, with AA gun and bombardment. */
export interface CalcModel {
  attacker: Counts;
  defender: Counts;
  sea: boolean;
  aaGun: boolean;
  bombard: number;
  set: (side: 'attacker' | 'defender', type: UnitType, n: number) => void;
  setSea: (on: boolean) => void;
  setAa: (on: boolean) => void;
  setBombard: (n: number) => void;
  /** From the selected territory's battle (its forces), when there is one. */
  fromBattle: (() => void) | null;
  close: () => void;
  result: CalcResult | null;
}

const LAND_UNITS: UnitType[] = ['infantry', 'artillery', 'armour', 'fighter', 'bomber'];
const SEA_UNITS: UnitType[] = [
  'submarine',
  'destroyer',
  'carrier',
  'battleship',
  'transport',
  'fighter',
  'bomber',
];

export function calculatorCard(faction: string, m: CalcModel): HTMLElement {
  const types = m.sea ? SEA_UNITS : LAND_UNITS;
  const side = (which: 'attacker' | 'defender') =>
    h(
      'div',
      {},
      h('h4', { text: which === 'attacker' ? 'Attacker' : 'Defender' }),
      ...types.map((t) =>
        unitRow(
          t,
          faction,
          stepper(
            m[which][t] ?? 0,
            Infinity,
            (n) => m.set(which, t, n),
            `tr-calc-${which}-${t}`,
            `${which === 'attacker' ? 'Attacking' : 'Defending'} ${SHORT[t]}`,
          ),
          '',
        ),
      ),
    );
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const r = m.result;
  return h(
    'div',
    { class: 'trm-card', testid: 'tr-calc' },
    h(
      'h3',
      {},
      h('span', { text: 'Battle calculator' }),
      h('button', { class: 'trm-close', text: '×', title: 'Close', on: { click: m.close } }),
    ),
    h(
      'div',
      { class: 'trm-row' },
      check('Sea battle', m.sea, m.setSea, 'tr-calc-sea'),
      m.sea ? null : check('AA gun', m.aaGun, m.setAa),
    ),
    m.sea
      ? null
      : unitRow(
          'battleship',
          faction,
          stepper(m.bombard, Infinity, m.setBombard, undefined, 'Bombarding battleships'),
          'bombarding',
        ),
    m.fromBattle ? button('Forces of the selected battle', m.fromBattle, { small: true }) : null,
    h('div', {
      class: 'trm-odds',
      testid: 'tr-calc-result',
      text: r
        ? `Attacker wins ${pct(r.attackerWin)}${m.sea ? '' : ` (takes it ${pct(r.capture)})`}, defender ${pct(r.defenderWin)}${r.draw > 0.005 ? `, no winner ${pct(r.draw)}` : ''} · ${r.trials.toLocaleString('en')} battles`
        : 'Add units on both sides.',
    }),
    side('attacker'),
    side('defender'),
  );
}
