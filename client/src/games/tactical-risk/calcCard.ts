/** The stand-alone battle calculator card: forces set by hand or taken from the selected battle. */
import { isWater } from '@parlor/shared/games/tactical-risk/board';
import type { Counts, TrPublic } from './adapter';
import { battleSides, calc, countsTotal } from './model';
import { calculatorCard } from './panels';

/** The calculator's forces (what the player set). */
export interface CalcForces {
  attacker: Counts;
  defender: Counts;
  sea: boolean;
  aaGun: boolean;
  bombard: number;
}

export const NO_FORCES: CalcForces = { attacker: {}, defender: {}, sea: false, aaGun: false, bombard: 0 };

export function calculatorFor(
  pub: TrPublic,
  c: CalcForces,
  at: string | null,
  on: { update(next: Partial<CalcForces>): void; close(): void },
): HTMLElement {
  const sides = at ? battleSides(pub, at, pub.faction) : null;
  const battle = sides && countsTotal(sides.attacker) > 0 && countsTotal(sides.defender) > 0;
  const ready = countsTotal(c.attacker) > 0 && countsTotal(c.defender) > 0;
  return calculatorCard(pub.faction, {
    ...c,
    set: (side, type, n) => on.update({ [side]: { ...c[side], [type]: n } }),
    setSea: (sea) => on.update({ sea, attacker: {}, defender: {}, aaGun: false, bombard: 0 }),
    setAa: (aaGun) => on.update({ aaGun }),
    setBombard: (bombard) => on.update({ bombard }),
    fromBattle: battle
      ? () =>
          on.update({
            attacker: { ...sides.attacker },
            defender: { ...sides.defender },
            sea: isWater(at!),
            aaGun: sides.aaGun,
          })
      : null,
    close: () => on.close(),
    result: ready
      ? calc({
          attacker: c.attacker,
          defender: c.defender,
          sea: c.sea,
          aaGun: c.aaGun,
          ...(c.bombard > 0 ? { bombard: c.bombard } : {}),
          trials: 2000,
          seed: 7,
        })
      : null,
  });
}
