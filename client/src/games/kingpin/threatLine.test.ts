import { describe, expect, test } from '@jest/globals';
import { scenario } from '@parlor/shared/games/kingpin/testkit';
import { view } from '@parlor/shared/games/kingpin/view';
import { threatLine } from './threatLine';

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
    expect(threatLine(view(broke, 0).public, 0, [])!.lines.join(' ')).toMatch(
      /Hit Bo's Valkyrie first \(3 HP\), or bribe it away\./,
    );
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
});
