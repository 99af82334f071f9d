/** Bankout's rules in brief, for the how-to-play dialog (the full rules: docs/rules/bankout.md). */
import { h } from '../../ui/dom';

const SECTIONS: [string, string[]][] = [
  [
    'Goal',
    [
      'Two thieves race to bank $1,000. Bankout mode: first to win 2 rounds. Blitz: highest bank after 3 rounds takes the pot.',
    ],
  ],
  [
    'Your turn',
    [
      'Draw: number cards (2–10) add their value to your Loot for this turn.',
      'Bank: add your Loot to your Bank and end the turn.',
      'End turn: pass without banking — the Loot is lost.',
    ],
  ],
  [
    'Danger',
    [
      'Jack (Alarm): puts you on Alert. A third Jack in one turn busts you.',
      'Ace (Bust): drawn on Alert, you bust. Off Alert it becomes a Latent Ace — a later Jack busts you unless a Queen in hand is auto-played. A third Ace with two latent busts you.',
      'Busting loses this turn’s Loot.',
    ],
  ],
  [
    'Hand cards (max 2)',
    [
      'Queen (Decoy): Jacks −1 and Latent −1; Alert clears at 0 Jacks. The turn goes on.',
      'King (Insider): doubles your Loot, banks it and ends the turn.',
      'Joker (rounds 2–3, if on): swap banks, King effect or Queen effect. In round 3 Jokers go to hand and can counter a swap.',
    ],
  ],
  ['Bust risk', ['The meter shows the chance your next draw busts you, from the cards you have not seen.']],
];

export function bankoutHowTo(): HTMLElement {
  const root = h('div', { class: 'prose' });
  for (const [title, lines] of SECTIONS) {
    root.append(h('h3', { text: title }), h('ul', {}, ...lines.map((l) => h('li', { text: l }))));
  }
  return root;
}
