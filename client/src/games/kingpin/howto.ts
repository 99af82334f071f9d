/** Kingpin's rules in brief, for the how-to-play dialog (the full rules: docs/rules/kingpin.md). */
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Goal',
    [
      'Destroy every rival Boss (HP 0 or less). The last Boss standing wins.',
      'Optional table rules can add two more ways to win: Economic Collapse (a player who starts a turn with no money and no shields is out) and Domination (end your turn holding the agreed number of tokens).',
    ],
  ],
  [
    'Setup',
    [
      'Everyone starts with $12 in their safe and a Boss drawn blind. The Boss goes on your board for free at the start of your first turn.',
      'Opening truce (on by default): no Boss can be attacked until every player has had two turns. Other cards can be attacked at any time.',
      'Bosses have 20 HP by default (the table options show this table’s number).',
    ],
  ],
  [
    'Money and shields',
    [
      'There are 40 tokens: money on one side, a shield on the other. They are always somewhere: your safe, shields on cards, the Bank (spent and destroyed tokens) or the Golden Fund (the shared pool some cards and events pay from).',
      'A shield absorbs 1 damage. Each card holds at most its shield limit (D plus your Authority auras, at most 4; opponents’ Hackers lower it).',
    ],
  ],
  [
    'Your turn',
    [
      'Defense Management first (free, any number): move shields between your cards, flip shields to money or money to shields, put one hand card on your board.',
      'Then one main action: buy (the top of the Draw Pile or a card of the Reserve: you need its Price in your safe but do not pay it), bribe an enemy card (pay its bribe cost; not two turns in a row; you may still attack after it), attack, discard (a board card’s shields go to your safe or onto your other cards), or end the turn.',
      'You hold at most 6 cards, hand and board together, and one unique card.',
      'The Reserve is the open row in the middle: cards too expensive when revealed, sold or rounded up go there, and anyone may buy them.',
    ],
  ],
  [
    'Attacks',
    [
      'Pick up to 3 attackers (any number on a mono-clan board) and one target: a board card, or a random hand card when a Sniper joins.',
      'Damage = attackers’ ATK + Rage per attacker + 0.25 per shield on the attackers + ammunition ($1 = +1). Damage may be fractional.',
      'Shields absorb 1 damage each, then HP. A card at 0 HP is destroyed; its shields go to the Bank.',
      'A Guard keeps your Boss from being attacked while it stands; Bodyguards force every attack onto themselves. Bribe or destroy them first.',
    ],
  ],
  [
    'Cards',
    [
      'Colours AND shapes tell the clans apart: Gangsters ◆, Authorities ★, Loners ▲, Solo ◎, Events ⚡.',
      'A card shows its ATK (bottom left) and HP (bottom right, in red when damaged); the round pips in the strip under the art are its shields (filled = a shield, hollow = room up to its limit).',
      'A board of one clan gets that clan’s synergy (shown over the row). Hover a card (or press and hold on a phone) for its full text. Events resolve at once when revealed.',
    ],
  ],
  [
    'Controls',
    [
      'Tap a card to see what you can do with it. Drag a blue shield to another of your cards or onto your safe; drag the gold chip of your safe onto a card to add a shield.',
      'Attack… opens the planner: tap attackers, tap the target, check the damage preview, confirm, then choose ammunition. A greyed button says why under it.',
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
