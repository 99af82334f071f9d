/** James Bland's rules in brief, for the how-to-play dialog (the full rules: docs/rules/james-bland.md). */
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Goal',
    [
      'Be the last agent standing, complete your secret Master Plan, know all three secrets of every other agent, control the ACME network (three Strategic Assets held for a whole round), or have the most Intelligence Points (IP) when the Agency recalls everyone.',
    ],
  ],
  [
    'Each round',
    [
      'Planning: everyone secretly picks one offense (with its target) and one defense at the same time. Others only see that you have submitted.',
      'Reveal: all plans flip at once. Banners: an agent who targeted a banner caster chooses Believe (and is redirected) or Ignore.',
      'Combat: rolls are d10 + modifiers against the offense threshold; the planning panel shows your odds against each defense. Piano drops, anvils, custard pies.',
      'Adaptation: buy gadgets and assets, bribe, recover, offer or break pacts, then Ready.',
    ],
  ],
  [
    'Statuses',
    [
      'Borders show status: green Active, yellow Compromised, orange Burned, red Captured, black Eliminated (a ghost who can still haunt).',
      'Markers: Exposed (easier to hit), Bugged (someone learns about you every round), Stuck (bear trap: no offense).',
    ],
  ],
  [
    'Secrets',
    [
      'Your codename, safe house, favourite gadget, Master Plan, IP, gadgets and Intel Cards are yours alone. The dossier shows what you have learnt about the others.',
    ],
  ],
];

export function jamesBlandHowTo(): HTMLElement {
  return h(
    'div',
    { class: 'howto' },
    ...SECTIONS.map(([title, lines]) =>
      h('section', {}, h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l })))),
    ),
  );
}
