/** Devices' rules in brief, for the how-to-play dialog (the full rules: docs/rules/devices.md). */
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Goal',
    [
      'Buy Devices, use their Powers, bid for the rare ones and vote new Blueprints in. Every Device you own scores 1 Point at the end of each nweek (Thirnight). Most Points wins; the game ends when someone reaches the target or after the last nweek.',
    ],
  ],
  [
    'Time',
    [
      'Everyone acts whenever they like. An nweek has 12 ndays; an nday ends when its timer runs out or when every player has passed it.',
      'Each nweek starts with the Clock Off: the market is open, but no Power works until the Clock starts (the host starts it, or it starts on its own).',
      'Breakday (nday 1): Devices untap, everyone gets m10, bidding opens. Ballotday (9): bidding closes and proposals are voted on. Thirnight (12): auctions are produced, then scoring.',
    ],
  ],
  [
    'Money',
    [
      'You start with m50 (mackerel), and nweek 1 begins at once with the Breakday stipend of m10: that is why the table opens at m60. Convert 1 Point into m5 at any time (one way only). Nothing can make money or Points go below 0.',
    ],
  ],
  [
    'Blueprints and Devices',
    [
      'Buy a Device for its Blueprint’s Price. Non-Unique: own any number; Player-unique: one each; Game-unique: one in the whole game.',
      'A Blueprint with a count of 1 becomes Biddable: bid more than the current Price until Ballotday; the winner pays at Thirnight (Points convert if short).',
      'Powers read Name (Costs): Game Actions. Tap means the Device is Tapped until the next Breakday; Sacrifice destroys it. A greyed Power says why it cannot be used now.',
      'Trade… offers a Device to a player (nothing happens until they accept) or destroys it.',
    ],
  ],
  [
    'Proposals',
    [
      'Write a Blueprint in the editor: its Powers are checked as you type. A saved draft is private; Submit makes it public (one per nweek). It becomes a Blueprint if more than half of all players vote for it on Ballotday.',
    ],
  ],
  [
    'Panic Button',
    [
      'When at least half the players (and at least two) have their Panic Button On, time stops for an emergency vote: resume, roll back to the start of the nweek, or end and score.',
    ],
  ],
];

export function devicesHowTo(): HTMLElement {
  const root = h('div', { class: 'prose' });
  for (const [title, lines] of SECTIONS) {
    root.append(h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l }))));
  }
  return root;
}
