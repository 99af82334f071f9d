import { describe, expect, test } from '@jest/globals';
import { planProblem } from '@parlor/shared/games/james-bland/planning';
import { arrange, finishRound, newMatch, plan, playRound } from '@parlor/shared/games/james-bland/testkit';
import type { GadgetItem } from '@parlor/shared/games/james-bland/types';
import { view } from '@parlor/shared/games/james-bland/view';
import { costLine } from './costLine';

const g = (id: GadgetItem['id'], uid = 100): GadgetItem => ({ uid, id, tapped: false, readyRound: 1 });

/** Round 2 of a four-seat match (edition 3): seat 1 was paid its income and holds a Mobile Fortress. */
function round2(ip: number) {
  const r2 = finishRound(
    playRound(
      arrange(newMatch(4, 21), {}, (x) => (x.assets.bank = 1)),
      {},
    ).state,
  ).state;
  return arrange(r2, {
    1: { ip, gadgets: [g('mobileFortress'), g('duckAmmo', 101), g('portableSafeHouseKit', 102)] },
  });
}

describe("the plan form's cost line counts the Mobile Fortress's lost income", () => {
  test('the line names the income given back, and judges the plan as the server does', () => {
    const income = round2(5).agents[1]!.incomeThisRound!;
    expect(income).toBeGreaterThan(0);
    const plans = [
      plan({ offense: 'networkAttack', target: 2 }),
      plan({ offense: 'networkAttack', target: 2, fortress: true }),
      plan({ fortress: true }),
      plan({ offense: 'assassination', target: 3, fortress: true }),
    ];
    let refusedByForfeit = 0;
    for (let ip = 0; ip <= 6; ip++) {
      const s = round2(ip);
      const me = view(s, 1).private!;
      expect(me.fortressForfeit).toBe(income);
      for (const p of plans) {
        const line = costLine(me, p);
        const server = planProblem(s, 1, p);
        expect({ ip, p, affordable: line.affordable }).toEqual({ ip, p, affordable: server === null });
        if (p.fortress)
          expect(line.text).toContain(`+${income} of this round's income the Mobile Fortress gives back`);
        else expect(line.text).toBe(`Cost 2 IP of your ${ip}`);
        if (server?.includes('Mobile Fortress gives back')) refusedByForfeit++;
      }
    }
    // The case the form used to let through (the server then refused it): seen and now caught.
    expect(refusedByForfeit).toBeGreaterThan(0);
  });
});
