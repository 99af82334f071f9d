/** James Bland's rules in brief, for the how-to-play dialog (the text: the "In brief" section of docs/rules/james-bland.md). */
import { DEFENSES, DEFENSE_SPECS, OFFENSES, OFFENSE_SPECS } from '@parlor/shared/games/james-bland/data';
import { DEFENSE_HELP, OFFENSE_HELP, VICTORY_HELP } from '@parlor/shared/games/james-bland/texts';
import rules from '../../../../docs/rules/james-bland.md?raw';
import { h } from '../../ui/dom';
import { briefSections } from '../../ui/howTo';

const SECTIONS = briefSections(rules);

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
