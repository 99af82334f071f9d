/** James Bland's rules in brief, for the how-to-play dialog (the full rules: docs/rules/james-bland.md). */
import { DEFENSES, DEFENSE_SPECS, OFFENSES, OFFENSE_SPECS } from '@parlor/shared/games/james-bland/data';
import { DEFENSE_HELP, OFFENSE_HELP, VICTORY_HELP } from '@parlor/shared/games/james-bland/texts';
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Your first round',
    [
      'Round 1 gives new players two extra minutes to plan (the table can give them every round, or turn the clock off). Read the planning panel: under each choice it says what it does, and "Odds" shows your chance against each defense.',
      'A safe first plan: Safe Turn (+1 IP) with Safe House (free; stops Assassination and Sabotage). Then, in Adaptation, look at the Strategic Assets and the ACME Mailman.',
      'Watch the yellow warning strip above the agents: it tells everyone when someone is a round away from winning, and how to stop them.',
    ],
  ],
  [
    'Each round',
    [
      'Income: 2 IP plus your assets, less if you are hurt.',
      'Planning: everyone secretly picks one offense (with its target) and one defense at the same time. Others only see that you have submitted.',
      'Reveal: all plans flip at once, then the round recap lists every operation, its roll and its result. Banners: an agent who targeted a banner caster chooses Believe (and is redirected) or Ignore.',
      'Adaptation: buy gadgets and Strategic Assets, bribe, recover, offer or break pacts, then Ready.',
    ],
  ],
  [
    'Statuses',
    [
      'Borders show status: green Active, yellow Compromised (80% income), orange Burned (50%; only Mobile Operations or Sweep & Clear), red Captured, black Eliminated (a ghost who can still haunt). Bribe the Rumor Mill in Adaptation to recover.',
      'Markers: Exposed (attacks on you get +1, and your attacks show your name), Bugged (someone learns about you every round), Stuck (bear trap: no offense).',
    ],
  ],
  [
    'Secrets',
    [
      'Your codename, safe house, favourite gadget, Master Plan, IP, gadgets and Intel Cards are yours alone. The Dossier shows what you have learnt about the others. How many secrets each agent still lacks for Supremacy is public, never which.',
    ],
  ],
];

const list = (rows: [string, string][]) =>
  h(
    'ul',
    {},
    ...rows.map(([name, text]) => h('li', {}, h('strong', { text: `${name}: ` }), h('span', { text }))),
  );

export function jamesBlandHowTo(): HTMLElement {
  return h(
    'div',
    { class: 'howto', testid: 'jb-howto' },
    h('section', {}, h('h3', { text: 'How to win' }), list(VICTORY_HELP)),
    ...SECTIONS.map(([title, lines]) =>
      h('section', {}, h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l })))),
    ),
    h(
      'section',
      {},
      h('h3', { text: 'Offenses (one a round)' }),
      list([
        ['Safe Turn', OFFENSE_HELP.safeTurn],
        ...OFFENSES.map((o): [string, string] => [
          `${OFFENSE_SPECS[o].name} (${OFFENSE_SPECS[o].cartoon})`,
          OFFENSE_HELP[o],
        ]),
      ]),
      h('p', {
        text: 'Rolls: d10 + 1 per IP you add to enhance (at most +2) + 1 if the target is Exposed, against the threshold. Several attacks on one agent resolve in order; a defense that stops "the first" stops only one.',
      }),
    ),
    h(
      'section',
      {},
      h('h3', { text: 'Defenses (one a round)' }),
      list(
        DEFENSES.map((d): [string, string] => [
          `${DEFENSE_SPECS[d].name} (${DEFENSE_SPECS[d].cartoon})`,
          DEFENSE_HELP[d],
        ]),
      ),
      h('p', {
        text: 'Blocking an attack pays +1 IP; a counter-intelligence intercept (Sweep & Clear, False Identity, Counter-Surveillance, Disinformation, Bug Detectors, Fake Documents) pays +2.',
      }),
    ),
  );
}
