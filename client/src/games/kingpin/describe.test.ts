import { describe, expect, test } from '@jest/globals';
import { scenario } from '@parlor/shared/games/kingpin/testkit';
import { view } from '@parlor/shared/games/kingpin/view';
import { label } from './describe';

const pileAt = (safe: number, board: string[] = ['boss_loner']) =>
  label(
    { type: 'buy', source: 'pile' },
    view(scenario({ seats: [{ board, safe }, { board: ['boss_gangster'] }] }), 0).public,
  );

describe('"Buy from pile" says what the safe allows before the press', () => {
  test('at $0 the button and its tooltip say the card goes to the Reserve', () => {
    const l = pileAt(0);
    expect(l.text).toMatch(/Reserve/);
    expect(l.title).toMatch(/goes to the Reserve/);
  });

  test('with a little money the tooltip names the dearest card it keeps', () => {
    const l = pileAt(2);
    expect(l.text).toBe('Buy from pile');
    expect(l.title).toMatch(/at most \$2/);
    expect(pileAt(5).title).not.toMatch(/at most/);
  });

  test("a Trader's discount counts: at $0 with a Trader a $1 card is kept", () => {
    expect(pileAt(0, ['boss_loner', 'loner_trader']).text).toBe('Buy from pile');
  });
});
