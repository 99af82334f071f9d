/** Tactical Risk in brief, for the how-to-play dialog (the full rules: docs/rules/tactical-risk.md). */
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Goal',
    [
      'Axis (Germans, Japanese) against Allies (Russians, British, Americans): hold the enemy capitals (or enough production with economic victory). Free-for-all: hold the set number of capitals.',
    ],
  ],
  [
    'A turn',
    [
      'Purchase units with your treasury, combat move into enemy territory, fight each battle in the order you choose, non-combat move, then place bought units at your factories. Income (production plus continent bonuses) is collected at the end.',
    ],
  ],
  [
    'This screen',
    [
      'A plain debug view: territories by continent with owners and units, the factions, the battle being fought and the log. The buttons are the actions the rules list for you now; the full map comes later.',
    ],
  ],
];

export function tacticalRiskHowTo(): HTMLElement {
  const root = h('div', { class: 'prose' });
  for (const [title, lines] of SECTIONS) {
    root.append(h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l }))));
  }
  return root;
}
