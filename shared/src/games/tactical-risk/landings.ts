/**
 * Landings declared from a contested sea zone (combat move): they wait for that zone's sea battle,
 * which is fought first, and are then made or called off.
 */
import type { Faction } from './board';
import type { Events } from './state';
import { allied, current, describeUnits, hostile, isCombatUnit } from './state';
import { capture } from './turns';
import type { TacticalRiskState, Unit } from './types';

/** The attacker's cargo declared to land from `zone` once its sea battle is won. */
function declaredFrom(s: TacticalRiskState, zone: string): Unit[] {
  const f = current(s);
  return s.units.filter((u) => u.owner === f && u.landing !== undefined && u.from === zone);
}

/**
 * A land battle waits for the sea battles its declared landings depend on: the sea zone they come
 * from, while its battle is still to fight. Returns that zone, or null.
 */
export function seaBattleFirst(s: TacticalRiskState, territory: string): string | null {
  const f = current(s);
  for (const u of s.units) {
    if (u.owner !== f || u.landing !== territory || u.from === null) continue;
    if (s.battles.includes(u.from)) return u.from;
  }
  return null;
}

/**
 * The landings declared from `zone` after its sea battle: made if the attacker holds the zone (won
 * the battle; submerged defending submarines do not stop it), called off otherwise (the cargo stays
 * aboard, or went down with its transport). A landing on hostile land with defenders adds that land
 * battle; on hostile land without them it takes the territory, as a landing from a clear zone does.
 */
export function landDeclared(s: TacticalRiskState, zone: string, held: boolean, ev: Events): void {
  const f = current(s);
  const cargo = declaredFrom(s, zone);
  if (cargo.length === 0) return;
  const byDest = new Map<string, Unit[]>();
  for (const u of cargo) byDest.set(u.landing!, [...(byDest.get(u.landing!) ?? []), u]);
  for (const [dest, units] of byDest) {
    for (const u of units) delete u.landing;
    if (!held || units.some((u) => u.at !== zone)) {
      ev.push({
        type: 'landingOff',
        text: `The ${f} call off the landing of ${describeUnits(units)} in ${dest}: they do not hold ${zone}.`,
        data: { faction: f, zone, territory: dest },
      });
      continue;
    }
    const hostileLand = !friendlyLandOf(s, dest, f);
    for (const u of units) {
      u.on = null;
      u.at = dest;
      u.amphibious = hostileLand;
    }
    ev.push({
      type: 'move',
      text: `The ${f} land ${describeUnits(units)} from ${zone} in ${dest}.`,
      data: { faction: f, from: zone, to: dest, units: units.map((u) => u.id) },
    });
    if (!hostileLand) continue;
    const defended = s.units.some((u) => u.at === dest && hostile(s, u.owner, f) && isCombatUnit(u));
    if (!defended) capture(s, dest, f, ev);
    else if (!s.battles.includes(dest)) s.battles = [...s.battles, dest].sort();
  }
}

function friendlyLandOf(s: TacticalRiskState, name: string, f: Faction): boolean {
  const o = s.owner[name];
  return o != null && allied(s, o, f);
}
