/**
 * Every change of money, shields, cards and HP has a log line (issue 21): the three that had none
 * (Fighter's kill bonus, Broker's discard bonus, a Hacker lowering limits), the attack results and
 * Defense Management, and over seeded bot matches no accepted action changes a player silently.
 */
import { kingpinBot } from './bot';
import { DEFAULT_OPTIONS } from './options';
import { playMatch } from './playout';
import { boardCards } from './state';
import { maxHpQ } from './stats';
import { legalActions } from './legal';
import { actionKey } from './actions';
import { attack, designExample, run, scenario } from './testkit';
import { cardDef } from './cards';
import type { Clan, KingpinState } from './types';

const keys = (s: KingpinState) => legalActions(s, s.turn).map(actionKey);
const texts = (events: { text: string }[]) => events.map((e) => e.text).join('\n');

describe('Kingpin log lines', () => {
  test("the Fighter's kill bonus", () => {
    const s = scenario({
      seats: [
        { board: ['boss_gangster'], hand: ['gangster_fighter'] },
        { board: ['boss_loner', 'loner_nurse'] },
      ],
    });
    const st = run(s, [
      { type: 'deploy', card: 'gangster_fighter' },
      { type: 'pick', target: { seat: 1, slot: 1 } },
    ]);
    expect(texts(st.events)).toMatch(/Fighter: Ada gains \$1 for the kill\./);
  });

  test("the Broker's discard bonus, and where the discarded card's shields went", () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'solo_broker', { id: 'loner_nurse', shields: 1 }], safe: 3 },
        { board: ['boss_gangster'] },
      ],
    });
    const st = run(s, [{ type: 'discard', card: 'loner_nurse' }]);
    expect(texts(st.events)).toMatch(/Ada discards Nurse\. Its 1 shield: 1 to the safe\./);
    expect(texts(st.events)).toMatch(/Broker: Ada gains \$1 for the discard\./);
  });

  test('a board of several cards that loses its clan synergy gets a line with what the synergy gave and the HP it took', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'loner_nurse'], hand: ['gangster_thief'] },
        { board: ['boss_gangster'] },
      ],
    });
    const st = run(s, [{ type: 'deploy', card: 'gangster_thief' }]);
    expect(texts(st.events)).toMatch(
      /^Ada plays Thief\.\nAda loses the Loners synergy \(\+1 HP, \+1 Rage, any number of attackers\): Loner Boss 11 → 10 HP, Nurse 4 → 3 HP\./m,
    );
  });

  test('a synergy lost in the same action as an attack says only what the synergy changed, on the line that caused it (issue 33)', () => {
    // Ada hits Bo's lone Authority Boss; Bo's turn starts with Reinforcements, whose Thief breaks
    // Bo's Authorities synergy: the attack's line has the damage, the Reinforcements line the 1 HP.
    const s = scenario({
      seats: [
        { board: ['boss_loner'] },
        { board: [{ id: 'boss_authority', damage: 0.5 }], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster'] },
      ],
      top: ['gangster_thief'],
      options: { reinforcements: true },
    });
    const st = attack(s, [0], 1, 0, 0);
    const log = texts(st.events);
    expect(log).toMatch(/Ada attacks Authority Boss of Bo with Loner Boss for 5\./);
    expect(log).toMatch(/Authority Boss of Bo loses 5 HP \(HP 5½ left\)\./);
    expect(st.events.map((e) => e.text)).toContain(
      "Reinforcements: Thief joins Bo's lone Boss (more HP lost than Ada's), frozen through Bo's next turn. Authorities synergy off: Boss 5½ → 4½ HP.",
    );
    expect(st.events.filter((e) => e.type === 'bonusLost' || e.type === 'bonusGained')).toEqual([]);
    expect(st.state.players[1]!.board[0]!.damageQ).toBe(22);
  });

  test("the players' report (issue 33): an 8¼ hit leaves ¼ HP, then the synergy goes; its note does not repeat the hit", () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 1 }] },
        { board: [{ id: 'boss_authority', damage: 2.5 }], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster'] },
      ],
      top: ['gangster_thief'],
      options: { reinforcements: true },
    });
    const st = attack(s, [0], 1, 0, 3);
    const lines = st.events.map((e) => e.text);
    expect(lines).toContain(
      'Ada attacks Authority Boss of Bo with Loner Boss for 8¼ (with $3 of ammunition and ¼ from 1 shield).',
    );
    expect(lines).toContain('Authority Boss of Bo loses 8¼ HP (HP ¼ left).');
    // Before: "Bo loses the Authorities clan bonus (…): Authority Boss 8½ → ¼ HP."
    expect(lines.at(-1)).toBe(
      "Reinforcements: Thief joins Bo's lone Boss (more HP lost than Ada's), frozen through Bo's next turn. Authorities synergy off: Boss stays at ¼ HP (max 11 → 10; losing a synergy never destroys a card).",
    );
    expect(st.state.players[1]!.board[0]!.damageQ).toBe(39);
  });

  test('a lost synergy that would take a card to 0 HP leaves it at ¼ and says so', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_authority', damage: 10.5 }], hand: ['gangster_thief'] },
        { board: ['boss_loner'] },
      ],
    });
    const st = run(s, [{ type: 'deploy', card: 'gangster_thief' }]);
    expect(texts(st.events)).toMatch(
      /^Ada plays Thief\. Authorities synergy off: Boss ½ → ¼ HP \(max 11 → 10; losing a synergy never destroys a card\)\.$/m,
    );
    expect(st.state.players[0]!.board[0]!.damageQ).toBe(39);
  });

  test("a lone Boss's synergy back is told on the line of the card's fall, with the HP it gave", () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 4 },
        { board: [{ id: 'boss_authority', damage: 2 }, 'gangster_thief'], safe: 0 },
      ],
    });
    const st = attack(s, [0], 1, 1, 0);
    expect(texts(st.events)).toMatch(
      /^Thief of Bo is destroyed\. Authorities synergy back: Boss 8 → 9 HP\.$/m,
    );
  });

  test("a lone Boss's synergy (issue 33's ~15 bonus lines a match): told on the line of the play, in a few words", () => {
    // The rules give a Boss alone its clan's synergy; a card of another clan turns it off. Before:
    // "Ada plays Thief." then "Ada loses the Loners clan bonus (+1 HP and +1 Rage, any number of
    // attackers): Loner Boss 11 → 10 HP."
    const s = scenario({
      seats: [{ board: ['boss_loner'], hand: ['gangster_thief'], safe: 0 }, { board: ['boss_gangster'] }],
    });
    const st = run(s, [{ type: 'deploy', card: 'gangster_thief' }]);
    expect(st.events.map((e) => e.text)).toEqual([
      'Ada plays Thief. Loners synergy off: Boss 11 → 10 HP, −1 Rage.',
      'Thief: Ada takes $2 from Bo.',
    ]);
    expect(st.events.map((e) => e.type)).toEqual(['deploy', 'steal']);
    // A line about another seat's card (a bribe names the briber) names whose synergy it is.
    const bribe = run(
      scenario({ seats: [{ board: ['boss_loner'] }, { board: ['boss_authority', 'gangster_thief'] }] }),
      [{ type: 'bribe', target: { seat: 1, slot: 1 } }],
    );
    expect(bribe.events[0]!.text).toMatch(
      /^Ada bribes Thief away from Bo for \$\d+ \([^)]*\)\. Bo's Authorities synergy back: Boss 10 → 11 HP\.$/,
    );
  });

  test("a lone Boss's synergy note says only what changed: a Blackout's lower shield limit, then the shield it costs", () => {
    // Abilities off: the Boss's Authority aura is gone, so the Gangsters' +1 is what holds its 4th shield.
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_gangster', shields: 4 }], hand: ['loner_nurse'] },
        { board: ['boss_loner'] },
      ],
    });
    s.blackout = { seat: 1, untilTurn: 99 };
    const st = run(s, [{ type: 'deploy', card: 'loner_nurse' }]);
    expect(st.events.map((e) => e.text)).toEqual([
      'Ada plays Nurse. Gangsters synergy off: shield limit 4 → 3, −1 Rage.',
      'Gangster Boss of Ada loses 1 shield to the Bank (its shield limit fell to 3).',
    ]);
  });

  test('over seeded matches (2 and 3 players) a clan synergy line of its own is rare: a handful, not ~15 a match', () => {
    let lines = 0;
    let notes = 0;
    let matches = 0;
    for (const n of [2, 3])
      for (let i = 0; i < 4; i++) {
        matches++;
        playMatch(DEFAULT_OPTIONS, 700 + i, Array(n).fill(kingpinBot), {
          onStep: ({ events }) => {
            for (const e of events) {
              if (e.type === 'bonusLost' || e.type === 'bonusGained') lines++;
              else if (/ synergy (off|back): /.test(e.text)) notes++;
            }
          },
        });
      }
    // Before: 7 (2 players) and 15 (3 players) lines a match, nearly all a lone Boss's.
    expect(lines).toBeLessThanOrEqual(matches);
    expect(notes).toBeGreaterThan(3 * matches);
  });

  test('a card from the pile that goes to the Reserve says why; a card kept in hand is named', () => {
    expect(cardDef('unique_gangster').price).toBeGreaterThan(3);
    const dear = run(
      scenario({
        seats: [{ board: ['boss_loner'], safe: 3 }, { board: ['boss_gangster'] }],
        top: ['unique_gangster'],
      }),
      [{ type: 'buy', source: 'pile' }],
    );
    expect(dear.events.map((e) => e.text).slice(0, 2)).toEqual([
      'Ada reveals Godfather from the Draw Pile.',
      `Godfather goes to the Reserve (its Price is $${cardDef('unique_gangster').price}, Ada's safe holds $3).`,
    ]);
    const second = run(
      scenario({
        seats: [{ board: ['boss_gangster', 'unique_gangster'], safe: 12 }, { board: ['boss_loner'] }],
        top: ['unique_loner'],
      }),
      [{ type: 'buy', source: 'pile' }],
    );
    expect(texts(second.events)).toMatch(/^Legend goes to the Reserve \(Ada already has a unique card\)\.$/m);
    const kept = run(
      scenario({
        seats: [{ board: ['boss_loner'], safe: 5 }, { board: ['boss_gangster'] }],
        top: ['loner_nurse'],
      }),
      [
        { type: 'buy', source: 'pile' },
        { type: 'place', to: 'hand' },
      ],
    );
    expect(texts(kept.events)).toMatch(/^Ada keeps Nurse in hand\.$/m);
  });

  test("an event's line names whose it is: the card's \"you\" would read as the reader's", () => {
    const st = run(
      scenario({
        seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }, { board: ['boss_authority'] }],
        top: ['event_disruption'],
      }),
      [{ type: 'buy', source: 'pile' }],
    );
    expect(st.events.map((e) => e.text).slice(0, 2)).toEqual([
      'Ada reveals Supply Disruption from the Draw Pile.',
      "Supply Disruption: Ada's opponents cannot buy on their next turn.",
    ]);
    expect(texts(st.events)).not.toMatch(/\b[Yy]our?\b/);
  });

  test("a card's shields are logged before it falls, and the match's last line is the win", () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'] },
        { board: [{ id: 'boss_gangster', shields: 2, damage: 8 }], safe: 0 },
      ],
    });
    const st = attack(s, [0], 1, 0, 2);
    expect(st.events.map((e) => e.text)).toEqual([
      'Ada attacks Gangster Boss of Bo with Loner Boss for 7 (with $2 of ammunition).',
      'Gangster Boss of Bo loses 2 shields (2 damage absorbed) before it falls.',
      'Gangster Boss of Bo is destroyed.',
      "Bo's Boss falls: Bo is out.",
      'Ada wins.',
    ]);
  });

  test("a kill bonus earned by the match's last hit is logged before the win", () => {
    const s = scenario({
      seats: [
        { board: ['boss_gangster'], hand: ['gangster_fighter'], safe: 0 },
        { board: [{ id: 'boss_loner', damage: 10.5 }] },
      ],
    });
    const st = run(s, [
      { type: 'deploy', card: 'gangster_fighter' },
      { type: 'pick', target: { seat: 1, slot: 0 } },
    ]);
    const lines = st.events.map((e) => e.text);
    expect(lines).toContain('Fighter: Ada gains $1 for the kill.');
    expect(lines.at(-1)).toBe('Ada wins.');
    expect(st.state.players[0]!.safe).toBe(1);
  });

  test("money and heals from abilities print dollars, the healed card's owner and its HP now", () => {
    const thief = run(
      scenario({
        seats: [
          { board: ['boss_gangster'], hand: ['gangster_thief'], safe: 0 },
          { board: ['boss_loner'], safe: 5 },
        ],
      }),
      [{ type: 'deploy', card: 'gangster_thief' }],
    );
    expect(texts(thief.events)).toMatch(/^Thief: Ada takes \$2 from Bo\.$/m);
    const financier = run(
      scenario({
        seats: [
          { board: ['boss_authority'], hand: ['authority_financier'], safe: 0 },
          { board: ['boss_gangster'] },
        ],
      }),
      [{ type: 'deploy', card: 'authority_financier' }],
    );
    expect(texts(financier.events)).toMatch(/^Financier: Ada gains \$1\.$/m);
    const heal = run(
      scenario({
        turn: 1,
        seats: [{ board: [{ id: 'boss_loner', damage: 4 }, 'loner_nurse'] }, { board: ['boss_gangster'] }],
      }),
      [{ type: 'pass' }],
    );
    // Loner Boss: 10 + 1 (Loners) = 11 HP, 4 lost, healed 2.
    expect(texts(heal.events)).toMatch(/^Nurse heals Loner Boss of Ada by 2 HP \(HP 9 now\)\.$/m);
  });

  test("a new turn's line comes before the Boss it reveals", () => {
    const s = scenario({
      seats: [{ board: ['boss_gangster'] }, { board: [], boss: 'boss_loner', turnsTaken: 0 }],
    });
    const lines = run(s, [{ type: 'pass' }]).events.map((e) => e.text);
    expect(lines.slice(0, 3)).toEqual(['Ada passes.', "Bo's turn.", 'Bo reveals Loner Boss.']);
  });

  test("an event's money says where it came from, or that there was none", () => {
    const safe = run(
      scenario({
        seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }],
        top: ['event_safe'],
        bank: 0,
      }),
      [{ type: 'buy', source: 'pile' }],
    );
    expect(texts(safe.events)).toMatch(/^Safe Cracked: nothing for Ada, the Bank is empty\.$/m);
    // The Golden Fund holds $1 (40 tokens: 24 in the safes, 15 in the Bank): the rest is the Bank's.
    const bonus = run(
      scenario({
        seats: [{ board: ['boss_loner'] }, { board: ['boss_gangster'] }],
        top: ['event_bonus'],
        bank: 15,
      }),
      [{ type: 'buy', source: 'pile' }],
    );
    expect(bonus.state.fund).toBe(0);
    // One line: the event and what it gave (the banner shows it), not the rule and then the result.
    expect(bonus.events.map((e) => e.text)).toEqual([
      'Ada reveals Bonus from the Draw Pile.',
      'Bonus: Ada takes $3 from the Golden Fund (1) and the Bank (2).',
      "Bo's turn.",
    ]);
  });

  test('a player who is out: where the cards and tokens went, before the win', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'] },
        {
          board: [
            { id: 'boss_gangster', damage: 9.5 },
            { id: 'gangster_thief', shields: 1 },
          ],
          hand: ['loner_nurse'],
          safe: 3,
        },
      ],
    });
    const st = attack(s, [0], 1, 0, 0);
    expect(st.events.map((e) => e.text).slice(-3)).toEqual([
      "Bo's Boss falls: Bo is out.",
      "Bo's 2 cards go to the Discard Pile, $3 and 1 shield to the Golden Fund.",
      'Ada wins.',
    ]);
  });

  test('a frozen card says until when (abilities.test checks that it thaws after that turn)', () => {
    const s = scenario({
      seats: [
        { board: ['boss_authority'], hand: ['authority_investigator'] },
        { board: ['boss_loner', 'loner_nurse'] },
      ],
    });
    const st = run(s, [
      { type: 'deploy', card: 'authority_investigator' },
      { type: 'pick', target: { seat: 1, slot: 0 } },
    ]);
    expect(texts(st.events)).toMatch(/^Loner Boss of Bo is frozen through Bo's next turn\.$/m);
  });

  test('a player who is out with money and no other card: "$3 goes"', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'] }, { board: [{ id: 'boss_gangster', damage: 9.5 }], safe: 3 }],
    });
    const st = attack(s, [0], 1, 0, 0);
    expect(st.events.map((e) => e.text).slice(-2)).toEqual(["Bo's $3 goes to the Golden Fund.", 'Ada wins.']);
  });

  test('a bribe says why it cost what it did (a Blackout lifts "unbribable")', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'], safe: 12 }, { board: ['boss_gangster', 'unique_gangster'] }],
    });
    expect(keys(s)).not.toContain('bribe:1:1');
    s.blackout = { seat: 1, untilTurn: 99 };
    const st = run(s, [{ type: 'bribe', target: { seat: 1, slot: 1 } }]);
    expect(texts(st.events)).toMatch(
      /Ada bribes Godfather away from Bo for \$\d+ \(Corruption \d+; Blackout: unbribable lifted\)\./,
    );
  });

  test('a Hacker entering lowers the limits: the shields lost are logged', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], hand: ['solo_hacker'] },
        {
          board: [
            { id: 'boss_gangster', shields: 4 },
            { id: 'gangster_thief', shields: 2 },
          ],
          safe: 0,
        },
      ],
    });
    const st = run(s, [{ type: 'deploy', card: 'solo_hacker' }]);
    expect(texts(st.events)).toMatch(
      /Gangster Boss of Bo loses 2 shields to the Bank \(its shield limit fell to 2\)/,
    );
    expect(texts(st.events)).toMatch(
      /Thief of Bo loses 2 shields to the Bank \(its shield limit fell to 0\)/,
    );
  });

  test('an attack logs its ammunition and what the target lost', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner'], safe: 4 }, { board: [{ id: 'boss_gangster', shields: 2 }] }],
    });
    const st = attack(s, [0], 1, 0, 3);
    expect(texts(st.events)).toMatch(/with \$3 of ammunition/);
    expect(texts(st.events)).toMatch(
      /Gangster Boss of Bo loses 2 shields and \d+(\.\d+)? HP \(HP \d+(\.\d+)? left\)/,
    );
  });

  test('quarter points print as the board prints them (7¾, not 7.75)', () => {
    // The design's example: 7.75 damage to a Boss with 10 HP.
    const st = attack(designExample(), [0, 1], 1, 0, 2);
    const log = texts(st.events);
    // The ¾ is the attackers' 3 shields (¼ each): the line says so (the board shows no ¼ on a card).
    expect(log).toMatch(/ for 7¾ \(with \$2 of ammunition and ¾ from 3 shields\)/);
    expect(log).toMatch(/loses 7¾ HP \(HP \d+¼ left\)/);
    expect(log).not.toMatch(/\d\.\d/);
  });

  test('Defense Management moves are logged', () => {
    const s = scenario({
      seats: [{ board: ['boss_loner', 'loner_nurse'], safe: 2 }, { board: ['boss_gangster'] }],
    });
    const st = run(s, [
      { type: 'safeToShield', slot: 0 },
      { type: 'moveShield', from: 0, to: 1 },
      { type: 'shieldToSafe', slot: 1 },
    ]);
    expect(st.events.map((e) => e.type)).toEqual(['shieldMove', 'shieldMove', 'shieldMove']);
  });

  test('over seeded bot matches, no accepted action changes money, shields, cards or HP without a log line', () => {
    const print = (s: KingpinState) =>
      JSON.stringify(
        s.players.map((p) => [p.safe, p.hand, boardCards(p).map((c) => [c.id, c.shields, c.damageQ])]),
      );
    let silent = 0;
    let checked = 0;
    for (let i = 0; i < 12; i++) {
      const n = i % 3 === 0 ? 3 : 2;
      playMatch({ ...DEFAULT_OPTIONS, emergencyDefense: i % 2 === 0 }, 300 + i, Array(n).fill(kingpinBot), {
        onStep: ({ before, after, seat, action }) => {
          if (print(before) === print(after)) return;
          checked++;
          // Re-applying gives the events of the step (playMatch keeps only the states).
          const events = run(before, [action]).events;
          if (events.length === 0) {
            silent++;
            throw new Error(`silent change by seat ${seat}: ${JSON.stringify(action)}`);
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(100);
    expect(silent).toBe(0);
  });

  test('over seeded three-player bot matches, every clan synergy line and note adds up, every synergy change has one, and the win is last', () => {
    // "10½" → 10.5: the log prints quarters as the board does.
    const num = (t: string) => {
      const m = /^(\d*)([¼½¾]?)$/.exec(t)!;
      return (
        Number(m[1] || 0) + ({ '': 0, '¼': 0.25, '½': 0.5, '¾': 0.75 } as Record<string, number>)[m[2]!]!
      );
    };
    const maxes = (s: KingpinState, seat: number) =>
      s.players[seat]!.board.map((c, slot) => (c ? `${c.id}:${maxHpQ(s, seat, slot)}` : ''));
    const CLAN_OF: Record<string, Clan> = {
      Gangsters: 'gangsters',
      Authorities: 'authorities',
      Loners: 'loners',
    };
    let bonusLines = 0;
    let notes = 0;
    let finished = 0;
    for (let i = 0; i < 6; i++) {
      playMatch(DEFAULT_OPTIONS, 500 + i, Array(3).fill(kingpinBot), {
        onStep: ({ before, after, events }) => {
          // What each seat was told: a line of its own (a board of several cards), or a lone Boss's
          // note on the line that caused it (" Loners synergy off: …", the seat whose Boss is a Loner).
          const told: { seat: number; text: string; lost: boolean }[] = [];
          for (const e of events) {
            if (e.type === 'bonusLost' || e.type === 'bonusGained') {
              bonusLines++;
              told.push({ seat: e.seat!, text: e.text, lost: e.type === 'bonusLost' });
              continue;
            }
            for (const m of e.text.matchAll(
              / (Gangsters|Authorities|Loners) synergy (off|back): ([^.]*)\./g,
            )) {
              notes++;
              const seat = after.players.findIndex((p) => cardDef(p.boss).clan === CLAN_OF[m[1]!]);
              told.push({ seat, text: m[3]!, lost: m[2] === 'off' });
              // Rage comes with the Gangsters' and the Loners' synergy, in the note's direction.
              if (m[1] !== 'Authorities') expect(m[3]).toMatch(m[2] === 'off' ? /−1 Rage$/ : /\+1 Rage$/);
            }
          }
          for (const t of told) {
            for (const m of t.text.matchAll(
              /([\d¼½¾]+) → ([\d¼½¾]+) HP(?: \(max ([\d¼½¾]+) → ([\d¼½¾]+)(;[^)]*)?\))?/g,
            )) {
              const [hpWas, hpNow] = [num(m[1]!), num(m[2]!)];
              const [maxWas, maxNow] = m[3] ? [num(m[3]), num(m[4]!)] : [hpWas, hpNow];
              // One point of HP per synergy, down when it is lost; the HP moves with the max unless a
              // lost synergy stops at ¼.
              expect(maxNow - maxWas).toBe(t.lost ? -1 : 1);
              if (m[5]) expect(hpNow).toBe(0.25);
              else expect(hpNow - hpWas).toBe(maxNow - maxWas);
            }
          }
          // A living seat whose cards' max HP changed (the same card in the same slot) was told.
          after.players.forEach((p, seat) => {
            if (p.eliminated) return;
            const was = maxes(before, seat);
            const changed = maxes(after, seat).some(
              (now, slot) =>
                now && was[slot] && now.split(':')[0] === was[slot]!.split(':')[0] && now !== was[slot],
            );
            if (changed) expect(told.some((t) => t.seat === seat)).toBe(true);
          });
          if (after.phase === 'finished') {
            finished++;
            expect(['won', 'capped']).toContain(events.at(-1)!.type);
          }
        },
      });
    }
    expect(finished).toBe(6);
    // Almost every change is a lone Boss's (about 15 a match), told on its cause's line.
    expect(notes).toBeGreaterThan(20);
    expect(bonusLines).toBeLessThanOrEqual(6);
  });
});
