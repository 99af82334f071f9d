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
    expect(line.lines.join(' ')).toMatch(
      /Even \d+ more shields? \(its limit\) would not help: it would still fall/,
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
  });
});
