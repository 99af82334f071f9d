import { describe, expect, test } from '@jest/globals';
import { legalActions } from '@parlor/shared/games/kingpin/legal';
import { apply } from '@parlor/shared/games/kingpin/rules';
import { scenario } from '@parlor/shared/games/kingpin/testkit';
import type { KingpinAction, KingpinState } from '@parlor/shared/games/kingpin/types';
import { view } from '@parlor/shared/games/kingpin/view';
import {
  noThreatMemory,
  observeThreat,
  threatButtonAction,
  threatLine,
  type ThreatMemory,
} from './threatLine';

/** One action through the rules (it must be legal). */
const play = (s: KingpinState, seat: number, a: KingpinAction): KingpinState => {
  const r = apply(s, seat, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
};

/** Ada's Authority Boss (`damage` taken, `safe` dollars) against Bo's Boss and Fighter with 5 shields and $2. */
const facingBo = (damage: number, safe: number) =>
  scenario({
    seats: [
      { board: [{ id: 'boss_authority', damage }], safe, turnsTaken: 3 },
      {
        board: [
          { id: 'boss_gangster', shields: 3 },
          { id: 'gangster_fighter', shields: 2 },
        ],
        safe: 2,
        turnsTaken: 3,
      },
    ],
    options: { bossHp: 20 },
  });

describe('the threat line', () => {
  test('a Boss that shields cannot save gets a line saying so and what is left to do', () => {
    // Bo's three cards and $12 of ammunition against Ada's 10-HP Boss: 2 more shields do not help.
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 12 },
        { board: ['boss_gangster', 'gangster_valkyrie', 'solo_killer'], safe: 12 },
      ],
    });
    const line = threatLine(view(s, 0).public, 0, [])!;
    expect(line.level).toBe('danger');
    expect(line.lines[0]).toMatch(/could DESTROY your Boss/);
    // Shields still stop 1 damage each of whatever hit comes: advised (the line's button), and said
    // to fall short of the strongest attack.
    expect(line.lines.join(' ')).toMatch(
      /Add \d+ shields? to your Boss \(\$\d+ from your safe\): each stops 1 damage, though their strongest attack would still destroy it\./,
    );
    expect(line.shieldSlot).toBe(0);
    // With no money Bo needs the Valkyrie for it: the line names the card to hit first.
    const broke = scenario({
      seats: [
        { board: ['boss_loner'], safe: 12 },
        { board: ['boss_gangster', 'gangster_valkyrie', 'solo_killer'], safe: 0 },
      ],
    });
    // A card Ada can destroy now, with what destroys it (issue 33: not one she could not).
    expect(threatLine(view(broke, 0).public, 0, [])!.lines.join(' ')).toMatch(
      /Hit Bo's Valkyrie first: your Loner Boss destroys it\./,
    );
    // Headline: who, with what (the least ammunition that destroys, not all the money).
    expect(line.lines[0]).toBe("Bo's Gangster Boss + $3 could DESTROY your Boss next turn.");
    // One card of Bo's does it alone: named, in capitals.
    const alone = threatLine(view(broke, 0).public, 0, [])!;
    expect(alone.lines[0]).toBe("Bo's Assassin could DESTROY your Boss next turn.");
    expect(alone.level).toBe('danger');
  });

  test('nothing of the attack can fall this turn: the line says what the best hit would take', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 1, turnsTaken: 3 },
        { board: ['boss_gangster', { id: 'unique_authority', shields: 2 }], safe: 12, turnsTaken: 3 },
      ],
    });
    const text = threatLine(view(s, 0).public, 0, [])!.lines.join(' ');
    expect(text).toMatch(/^Bo's Gangster Boss \+ \$4 could DESTROY your Boss next turn\./);
    expect(text).toMatch(
      /No card of Bo's falls to you this turn: at best your Loner Boss \+ \$1 takes 6 of Bo's Gangster Boss's 10 HP\./,
    );
    expect(text).not.toMatch(/Hit Bo's/);
    // Bo's Boss down to 2 HP: Ada can end it now, said as such.
    const low = scenario({
      seats: [
        { board: ['boss_loner'], safe: 1, turnsTaken: 3 },
        { board: [{ id: 'boss_gangster', damage: 8 }], safe: 12, turnsTaken: 3 },
      ],
    });
    expect(threatLine(view(low, 0).public, 0, [])!.lines.join(' ')).toMatch(
      /You can destroy Bo's Gangster Boss now: your Loner Boss does it\./,
    );
  });

  test('the headline leads with the attack from their safe; flipping shields is the worst case beside it', () => {
    // Bo's Boss + Fighter carry 5 shields: with its $2 they hit for 15¼; flipping all, 19.
    const s = facingBo(0, 0);
    const line = threatLine(view(s, 0).public, 0, [])!;
    expect(line.level).toBe('warn');
    expect(line.lines[0]).toBe(
      "Bo's Gangster Boss + Fighter + $2 could hit your Boss for 15¼ of 21 HP next turn (19 if it flips its shields).",
    );
    // One HP less and the worst case destroys it: still a warning, not the danger headline.
    const low = facingBo(3, 0);
    const l2 = threatLine(view(low, 0).public, 0, [])!;
    expect(l2.level).toBe('warn');
    expect(l2.lines[0]).toMatch(
      /could hit your Boss for 15¼ of 18 HP next turn \(destroyed if it flips its shields\)\.$/,
    );
  });

  test('shields that save the Boss from the attack with their safe: both figures after them', () => {
    const s = facingBo(6, 4);
    const line = threatLine(view(s, 0).public, 0, [])!;
    // Only Bo's two cards together destroy it: told as such, a warning.
    expect(line.level).toBe('warn');
    expect(line.lines[0]).toBe(
      "Bo's Gangster Boss + Fighter + $2 together could destroy your Boss next turn.",
    );
    expect(line.lines.join(' ')).toMatch(
      /Add \d shields to your Boss \(\$\d from your safe\): at most [\d¼½¾]+ \(destroyed if they flip shields\)\./,
    );
    expect(line.shieldSlot).toBe(0);
  });

  test('buy versus shield: a large hit with slack keeps the money for a buy; a rich safe shields', () => {
    const duel = (safe: number, reserve: string[]) =>
      scenario({
        seats: [
          { board: ['boss_authority'], safe, turnsTaken: 3 },
          { board: ['boss_gangster'], safe: 3, turnsTaken: 3 },
        ],
        options: { bossHp: 20 },
        reserve,
      });
    const buy = threatLine(view(duel(3, ['loner_trader', 'authority_swat']), 0).public, 0, [])!;
    expect(buy.lines.join(' ')).toMatch(
      /Shields would save 3 HP, but your Boss can take it \(13 HP left\)\. Keep your \$3: it buys Trader or SWAT Operative from the Reserve\./,
    );
    expect(buy.shieldSlot).toBeNull();
    // No Reserve card the $3 meets: the pile's share at that price.
    const pile = threatLine(view(duel(3, ['gangster_authority']), 0).public, 0, [])!;
    expect(pile.lines.join(' ')).toMatch(
      /Keep your \$3: about \d in 10 pile buys stay yours at that price\./,
    );
    // $12: the shields leave $8, every buy still there: shields (the button).
    const rich = threatLine(view(duel(12, ['gangster_authority']), 0).public, 0, [])!;
    expect(rich.lines.join(' ')).toMatch(/Add \d shields to your Boss \(\$\d from your safe\): at most \d\./);
    expect(rich.shieldSlot).toBe(0);
  });

  test('a Boss that shields can save gets the shields to add', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 12 },
        { board: ['boss_gangster'], safe: 3 },
      ],
    });
    const line = threatLine(view(s, 0).public, 0, [])!;
    expect(line.lines.join(' ')).toMatch(/Add \d+ shields? to your Boss \(\$\d+ from your safe\)/);
    expect(line.lines.join(' ')).not.toMatch(/would not help/);
    // The line names Bo: the phone's board scrolls Bo's row into view at the turn's start.
    expect(line.seats).toEqual([1]);
    // Its advice is a button: shields from the safe onto the Boss's slot.
    expect(line.shieldSlot).toBe(0);
  });

  test('a hit the Boss can take: no shields asked for, and what the money kept buys', () => {
    // Bo's lone Gangster Boss hits for 5; Ada's 20-HP Boss (21 with its clan) can take it.
    const s = scenario({
      seats: [
        { board: ['boss_authority'], safe: 3 },
        { board: ['boss_gangster'], safe: 0 },
      ],
      options: { bossHp: 20 },
      reserve: ['authority_swat'],
    });
    const text = threatLine(view(s, 0).public, 0, [])!.lines.join(' ');
    expect(text).toMatch(/could hit your Boss for 5 of 21 HP/);
    expect(text).toMatch(
      /Your Boss can take it \(16 HP left\)\. Keep your \$3: it buys SWAT Operative from the Reserve\./,
    );
    expect(text).not.toMatch(/Add \d+ shield/);
    expect(threatLine(view(s, 0).public, 0, [])!.shieldSlot).toBeNull();
  });

  test('three players: an attack that could destroy another Boss too says so', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', damage: 6 }], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster'], safe: 6, turnsTaken: 3 },
        { board: [{ id: 'boss_authority', damage: 6 }], safe: 0, turnsTaken: 3 },
      ],
    });
    const line = threatLine(view(s, 0).public, 0, [])!;
    expect(line.level).toBe('danger');
    expect(line.lines[0]).toMatch(
      /^Bo's Gangster Boss(?: \+ \$\d)? could DESTROY your Boss, or Cy's, next turn\.$/,
    );
  });

  test('a calm line names nobody', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 2 }], safe: 0 },
        { board: [{ id: 'boss_gangster', shields: 0 }], safe: 0 },
      ],
      options: { bossTruce: true },
    });
    s.players.forEach((p) => (p.turnsTaken = 0));
    const line = threatLine(view(s, 0).public, 0, [])!;
    expect(line.level).toBe('calm');
    expect(line.seats).toEqual([]);
    expect(line.shieldSlot).toBeNull();
  });

  test('a Boss at its shield limit: that, then what the seat can do to the attacker, as sentences of their own', () => {
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_loner', shields: 4 }], safe: 2, turnsTaken: 3 },
        { board: ['boss_gangster'], safe: 3, turnsTaken: 3 },
      ],
    });
    expect(threatLine(view(s, 0).public, 0, [])!.lines[1]).toBe(
      "Your Boss is at its shield limit (4). No card of Bo's falls to you this turn: at best your Loner Boss + $2 takes 8 of Bo's Gangster Boss's 10 HP.",
    );
  });

  test('an empty safe: the line moves shields from another card when that takes the Boss out of the kill', () => {
    // Ada's 7-HP Boss falls to Bo's Gangster Boss + $3; the Financier's 2 shields on it stop that.
    const s = scenario({
      seats: [
        {
          board: [
            { id: 'boss_authority', damage: 14 },
            { id: 'authority_financier', shields: 2 },
          ],
          safe: 0,
          turnsTaken: 3,
        },
        { board: ['boss_gangster'], safe: 3, turnsTaken: 3 },
      ],
      options: { bossHp: 20 },
    });
    let t = s;
    const line = threatLine(view(t, 0).public, 0, [])!;
    expect(line.level).toBe('danger');
    expect(line.lines).toContain('Move 2 shields to your Boss (from your Financier): at most 6.');
    expect(line.shieldSlot).toBeNull();
    // The button's action is the rules' own move, one a press; the line counts again after each.
    for (const left of [1, 0]) {
      const l = threatLine(view(t, 0).public, 0, [])!;
      const a = threatButtonAction(l, legalActions(t, 0))!;
      expect(a).toEqual({ type: 'moveShield', from: 1, to: 0 });
      t = play(t, 0, a);
      expect(t.turn).toBe(0);
      if (left)
        expect(threatLine(view(t, 0).public, 0, [])!.lines.join(' ')).toMatch(/Move 1 shield to your Boss/);
    }
    // Out of the kill: no more "could DESTROY", and no button.
    const after = threatLine(view(t, 0).public, 0, [])!;
    expect(after.level).toBe('warn');
    expect(after.lines[0]).toMatch(/could hit your Boss for 6 of 7 HP next turn/);
    expect(threatButtonAction(after, legalActions(t, 0))).toBeNull();
  });

  test('a move that bares a card says so; one that would not save the Boss is not advised', () => {
    const legend = (damage: number) =>
      scenario({
        seats: [
          {
            board: [
              { id: 'boss_authority', damage },
              { id: 'unique_loner', shields: 2 },
            ],
            safe: 0,
            turnsTaken: 3,
          },
          { board: ['boss_gangster'], safe: 3, turnsTaken: 3 },
        ],
        options: { bossHp: 20 },
      });
    const line = threatLine(view(legend(13), 0).public, 0, [])!;
    expect(line.lines).toContain(
      'Move 2 shields to your Boss (from your Legend): at most 6. Your Legend could then be destroyed.',
    );
    // A 6-HP Boss needs 3 and the Legend has 2: no move advised, no button.
    const short = threatLine(view(legend(14), 0).public, 0, [])!;
    expect(short.lines.join(' ')).not.toMatch(/Move \d shields?/);
    expect(short.shieldMove).toBeNull();
  });

  describe('the repeat: a kill the same opponent had last turn and did not take', () => {
    // Bo's Gangster Boss + its safe can destroy Ada's 4-HP Loner Boss every turn.
    const start = () =>
      scenario({
        seats: [
          { board: [{ id: 'boss_loner', damage: 6 }], safe: 0, turnsTaken: 3 },
          { board: ['boss_gangster'], safe: 6, turnsTaken: 3 },
        ],
      });
    /** Ada passes, the client sees Bo's turn open, Bo passes: the memory after each snapshot. */
    const round = (s: KingpinState, mem: ThreatMemory, bo: KingpinAction = { type: 'pass' }) => {
      let m = observeThreat(mem, view(s, 0).public, 0);
      const t = play(s, 0, { type: 'pass' });
      m = observeThreat(m, view(t, 0).public, 0);
      // A snapshot seen twice changes nothing.
      expect(observeThreat(m, view(t, 0).public, 0)).toBe(m);
      const u = play(t, 1, bo);
      return { s: u, mem: observeThreat(m, view(u, 0).public, 0) };
    };

    test('said once it happened, counted on, and never less than the danger', () => {
      const s = start();
      const first = threatLine(view(s, 0).public, 0, [], noThreatMemory())!;
      expect(first.lines[0]).toBe("Bo's Gangster Boss could DESTROY your Boss next turn.");
      let r = round(s, noThreatMemory());
      expect(r.mem.passed).toEqual({ 1: 1 });
      const again = threatLine(view(r.s, 0).public, 0, [], r.mem)!;
      expect(again.level).toBe('danger');
      expect(again.lines[0]).toBe(
        "Bo's Gangster Boss could still DESTROY your Boss next turn: Bo could last turn too, and did not.",
      );
      // Everything else on the line is as without the memory.
      expect(again.lines.slice(1)).toEqual(threatLine(view(r.s, 0).public, 0, [])!.lines.slice(1));
      r = round(r.s, r.mem);
      expect(threatLine(view(r.s, 0).public, 0, [], r.mem)!.lines[0]).toMatch(
        /: Bo could on each of its last 2 turns too, and did not\.$/,
      );
      // A new match (the turn number back at its start) forgets it.
      expect(observeThreat(r.mem, view(start(), 0).public, 0).passed).toEqual({});
    });

    test('no repeat when the opponent did not have the kill at its turn', () => {
      // Bo's turn opens with Ada's Boss out of reach (a truce still on): nothing passed up.
      const s = scenario({
        seats: [
          { board: [{ id: 'boss_loner', damage: 6 }], safe: 0 },
          { board: ['boss_gangster'], safe: 6 },
        ],
        options: { bossTruce: true },
      });
      s.players.forEach((p) => (p.turnsTaken = 0));
      const r = round(s, noThreatMemory());
      expect(r.mem.passed).toEqual({ 1: 0 });
      // And the plain line for a seat whose memory says nothing of Bo.
      const t = start();
      expect(
        threatLine(view(t, 0).public, 0, [], { seen: 0, watching: null, passed: { 1: 0 } })!.lines[0],
      ).toBe("Bo's Gangster Boss could DESTROY your Boss next turn.");
    });
  });
});
