/** The move confirm's "leaves your capital empty" warning (capitalWarning.ts), from the seat's wire view. */
import { describe, expect, it } from '@jest/globals';
import { capitalLeftOpen, capitalWarningText, enemiesReaching } from './capitalWarning';
import { tacticalRisk } from './index';
import { emptyBoard, put } from './testkit';
import type { TacticalRiskState } from './types';
import { screenView, wireView } from './wireView';

/** What the Russians' screen reads (under fog of war, their own stacks put back on the board). */
const seen = (s: TacticalRiskState) =>
  screenView(wireView(tacticalRisk.view(s, s.controller.Russians))).public;

/** The Russians to move, two infantry in Moscow (Russia), Karelia taken by a German infantry. */
function moscow(): TacticalRiskState {
  const s = emptyBoard('Russians', 'combatMove');
  put(s, 'Russians', 'Russia', { infantry: 2 });
  s.owner['Karelia S.S.R.'] = 'Germans';
  put(s, 'Germans', 'Karelia S.S.R.', { infantry: 1 });
  return s;
}

describe('capital left open', () => {
  it('warns when the move empties the capital and an enemy land unit is next door', () => {
    const w = capitalLeftOpen(seen(moscow()), 'Russians', 'Russia', { infantry: 2 });
    expect(w).toEqual({ territory: 'Russia', enemies: ['Germans'], keep: 'infantry' });
    expect(capitalWarningText(w!)).toBe('Leaves Russia empty: German land units can reach it next turn.');
  });

  it('says nothing when a land defender stays', () => {
    expect(capitalLeftOpen(seen(moscow()), 'Russians', 'Russia', { infantry: 1 })).toBeNull();
    const s = moscow();
    put(s, 'British', 'Russia', { infantry: 1 }); // an ally's infantry defends too
    expect(capitalLeftOpen(seen(s), 'Russians', 'Russia', { infantry: 2 })).toBeNull();
  });

  it('says nothing when no enemy land unit can reach it, or for a territory that is no capital', () => {
    const s = emptyBoard('Russians', 'combatMove');
    put(s, 'Russians', 'Russia', { infantry: 2 });
    put(s, 'Germans', 'Germany', { infantry: 3 }); // three land steps away
    put(s, 'Germans', 'Karelia Sea Zone', { fighter: 2 }); // aircraft cannot take it
    expect(capitalLeftOpen(seen(s), 'Russians', 'Russia', { infantry: 2 })).toBeNull();
    const k = moscow();
    put(k, 'Russians', 'Caucasus', { infantry: 1 });
    expect(capitalLeftOpen(seen(k), 'Russians', 'Caucasus', { infantry: 1 })).toBeNull();
  });

  it('counts armour blitzing through empty land, not through defended land', () => {
    const s = emptyBoard('Russians', 'combatMove');
    put(s, 'Russians', 'Russia', { artillery: 1 });
    put(s, 'Germans', 'East Europe', { armour: 1 }); // Karelia (Russian, empty) then Moscow
    expect(enemiesReaching(seen(s), 'Russians', 'Russia')).toEqual(['Germans']);
    expect(capitalLeftOpen(seen(s), 'Russians', 'Russia', { artillery: 1 })?.keep).toBe('artillery');
    put(s, 'Russians', 'Karelia S.S.R.', { infantry: 1 });
    put(s, 'Russians', 'Ukraine S.S.R.', { infantry: 1 });
    put(s, 'Russians', 'Caucasus', { infantry: 1 });
    expect(enemiesReaching(seen(s), 'Russians', 'Russia')).toEqual([]);
  });

  it('counts land units a transport can bring beside the capital', () => {
    const s = emptyBoard('Russians', 'combatMove');
    put(s, 'Russians', 'Russia', { infantry: 1 });
    put(s, 'Germans', 'Caspian Sea Zone', { transport: 1 });
    expect(enemiesReaching(seen(s), 'Russians', 'Russia')).toEqual([]); // an empty transport
    put(s, 'Germans', 'Persia', { infantry: 1 }); // on a shore of the zone: loads and lands
    s.owner.Persia = 'Germans';
    expect(enemiesReaching(seen(s), 'Russians', 'Russia')).toEqual(['Germans']);
  });

  it('works from the screen view under fog of war (own stacks from the private part, enemies in sight)', () => {
    const s = emptyBoard('Russians', 'combatMove', { fogOfWar: true });
    put(s, 'Russians', 'Russia', { infantry: 1 });
    s.owner['Karelia S.S.R.'] = 'Germans';
    put(s, 'Germans', 'Karelia S.S.R.', { infantry: 1 });
    expect(capitalLeftOpen(seen(s), 'Russians', 'Russia', { infantry: 1 })?.enemies).toEqual(['Germans']);
  });
});
