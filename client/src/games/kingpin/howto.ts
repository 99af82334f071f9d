/** Kingpin's rules in brief, for the how-to-play dialog (the full rules: docs/rules/kingpin.md). */
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  ['Goal', ['Destroy every rival Boss (HP 0 or less). The last Boss standing wins.']],
  [
    'Your turn',
    [
      'Your Boss goes on your board for free at the start of your first turn.',
      'Defense Management (free, before your main action): move shields between your cards, flip shields to money in your safe or money to shields, put one hand card on your board.',
      'Then one main action: buy (from the Draw Pile or the Reserve: you need the Price in your safe but do not pay it), bribe an enemy card (pay its bribe cost; not two turns in a row), attack, discard, or end the turn.',
    ],
  ],
  [
    'Attacks',
    [
      'Pick up to 3 attackers (any number on a mono-clan board) and one target: a board card, or a random hand card for cards that can attack hands.',
      'Damage = attackers’ ATK + Rage per attacker + 0.25 per shield on the attackers + ammunition ($1 = +1). Damage may be fractional.',
      'Shields absorb 1 damage each, then HP. A card at 0 HP is destroyed; its shields go to the Bank.',
    ],
  ],
  [
    'Cards',
    [
      'Colours AND shapes tell the clans apart: Gangsters ◆, Authorities ★, Loners ▲, Solo ◎, Events ⚡.',
      'A card shows its ATK and HP (current HP in red when damaged); round pips on its right are shields (hollow = room up to its limit).',
      'Hover a card (or press and hold on a phone) for its full text. Events resolve at once when revealed.',
    ],
  ],
  [
    'Controls',
    [
      'Tap a card to see what you can do with it. Drag a blue shield to another of your cards or onto your safe; drag the gold chip of your safe onto a card to add a shield.',
      'Attack… opens the planner: tap attackers, tap the target, check the damage preview, confirm, then choose ammunition.',
    ],
  ],
];

export function kingpinHowTo(): HTMLElement {
  const root = h('div', { class: 'prose' });
  for (const [title, lines] of SECTIONS) {
    root.append(h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l }))));
  }
  return root;
}
