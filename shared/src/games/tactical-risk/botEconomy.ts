/** The Tactical Risk AI's purchase (phase 1) and placement (phase 5). */
import type { Faction, UnitType } from './board';
import { UNIT, isWater, neighbours } from './board';
import { capitalOf, hostile, isCombatUnit, isSea, production } from './state';
import type { TacticalRiskAction, TacticalRiskState, UnitCounts } from './types';
import { defenceOf, frontDistance, invasionTarget, seaDistance, threatTo } from './botBoard';
import type { BotProfile } from './botLevel';
import { fightersForAllies, onAlliedSide } from './botAllies';
import { PROFILES } from './botLevel';

export function purchase(
  s: TacticalRiskState,
  f: Faction,
  p: BotProfile = PROFILES.normal,
  random?: () => number,
): TacticalRiskAction {
  let money = s.treasury[f];
  const factories = s.factoriesAtStart.filter((t) => s.owner[t] === f);
  let room = factories.reduce((a, t) => a + production(t), 0);
  for (const n of Object.values(s.pending[f])) room -= n ?? 0;
  const buy: UnitCounts = {};
  const add = (t: UnitType) => {
    buy[t] = (buy[t] ?? 0) + 1;
    money -= UNIT[t].cost;
    room--;
  };
  const capital = capitalOf(f);
  const threatened =
    s.owner[capital] === f && threatTo(s, capital, f) > defenceOf(s, capital, f) * p.threatenedAt;
  const dist = frontDistance(s, f);
  const landlocked = factories.every((t) => dist.get(t) === Infinity);
  const coastal = factories.some((t) => neighbours(t).some(isWater));
  const transports = s.units.filter((u) => u.owner === f && u.type === 'transport').length;
  for (let k = 0; k < 2; k++) {
    if (!threatened && coastal && landlocked && transports + k < 8 && money >= 8 && room > 0)
      add('transport');
  }
  if (!threatened && coastal && landlocked && room > 1) {
    const navy = s.units.filter(
      (u) => u.owner === f && (u.type === 'battleship' || u.type === 'destroyer'),
    ).length;
    if (navy < 6 && money >= 24 + 3 * (room - 1)) add('battleship');
    else if (navy < 6 && money >= 12 + 3 * (room - 1)) add('destroyer');
  }
  if (p.alliedPlan && onAlliedSide(s, f)) {
    for (let k = fightersForAllies(s, f); k > 0 && money >= UNIT.fighter.cost && room > 0; k--)
      add('fighter');
  }
  const invasion = threatened ? null : invasionTarget(s, f);
  if (invasion && coastal) {
    const held = s.units.filter(
      (u) => u.at === invasion.capital && hostile(s, u.owner, f) && isCombatUnit(u),
    );
    // Enemy ships beside the target block the landing: warships first, to outgun them.
    const zones = neighbours(invasion.capital).filter(isWater);
    const foes = s.units.filter((u) => zones.includes(u.at) && hostile(s, u.owner, f) && isSea(u.type));
    const warships = s.units.filter((u) => u.owner === f && isSea(u.type) && u.type !== 'transport');
    const foePower = foes.reduce((a, u) => a + UNIT[u.type].defense, 0);
    const ownPower = warships.reduce((a, u) => a + UNIT[u.type].attack, 0);
    for (let k = 0; k < 3 && ownPower + 4 * k < foePower * 1.5 + 4 && room > 1; k++) {
      if (money >= 24 + 6) add('battleship');
      else if (money >= 12 + 6) add('destroyer');
    }
    // Bombers raid the target's factory: its owner then has less to pile up defenders with.
    const bombers = s.units.filter((u) => u.owner === f && u.type === 'bomber').length;
    if (bombers < 2 + Math.floor(held.length / 15) && money >= 15 + 11 && room > 1) add('bomber');
    const wanted = Math.min(40, Math.ceil((held.length * 1.6 + 2) / 2));
    for (let k = 0; k < 8 && transports + k < wanted && money >= 8 + 3 && room > 1; k++) add('transport');
  }
  const pattern: UnitType[] = p.bigSpender
    ? ['armour', 'fighter', 'artillery', 'armour', 'bomber']
    : threatened
      ? ['infantry']
      : p.pairs
        ? ['infantry', 'artillery']
        : ['infantry', 'artillery', 'armour', 'infantry', 'infantry', 'armour'];
  // Variety: a profile with `spread` starts its shopping pattern at a seeded place.
  let i = random && p.spread > 0 ? Math.floor(random() * pattern.length) : 0;
  while (room > 0 && money >= 3) {
    // Rich factions (production capacity is the limit) buy stronger units.
    const perSlot = money / room;
    let want = pattern[i++ % pattern.length]!;
    if (p.bigSpender || p.pairs) {
      // a newcomer's shopping: the big units it can afford; or infantry and artillery in pairs
    } else if (!threatened && perSlot >= 14 && i % 3 === 0) want = 'fighter';
    else if (!threatened && perSlot >= 6 && want === 'infantry' && i % 2 === 0) want = 'armour';
    const t: UnitType = UNIT[want].cost <= money ? want : 'infantry';
    if (UNIT[t].cost > money) break;
    add(t);
  }
  // Money the factories cannot turn into units builds another factory (production is the limit).
  if (room <= 0 && money >= UNIT.factory.cost + 10 && !s.pending[f].factory) {
    buy.factory = 1;
    money -= UNIT.factory.cost;
  }
  return Object.keys(buy).length ? { type: 'buy', units: buy } : { type: 'endPhase' };
}

export function placement(s: TacticalRiskState, f: Faction, legal: TacticalRiskAction[]): TacticalRiskAction {
  const dist = frontDistance(s, f);
  const capital = capitalOf(f);
  const threatened = threatTo(s, capital, f) > defenceOf(s, capital, f);
  const places = legal.filter((a): a is Extract<TacticalRiskAction, { type: 'place' }> => a.type === 'place');
  if (places.length === 0) return { type: 'endPhase' };
  const toEnemy =
    invasionTarget(s, f)?.toTarget ??
    seaDistance(s, f, (z) =>
      neighbours(z).some((n) => !isWater(n) && s.owner[n] != null && hostile(s, s.owner[n]!, f)),
    );
  const score = (a: Extract<TacticalRiskAction, { type: 'place' }>) => {
    if (a.unit === 'factory') return -10 * production(a.territory) + (dist.get(a.territory) ?? 50) / 100;
    if (isWater(a.territory)) return toEnemy.get(a.territory) ?? 1000;
    if (a.territory === capital && threatened) return -100;
    return dist.get(a.territory) ?? 50;
  };
  const pick = places.slice().sort((a, b) => score(a) - score(b))[0]!;
  if (pick.unit === 'factory') return pick;
  const pending = s.pending[f][pick.unit] ?? 0;
  const room = isWater(pick.territory)
    ? Math.max(
        ...s.factoriesAtStart
          .filter((t) => neighbours(pick.territory).includes(t))
          .map((t) => production(t) - (s.placedAt[t] ?? 0)),
      )
    : production(pick.territory) - (s.placedAt[pick.territory] ?? 0);
  return { ...pick, count: Math.max(1, Math.min(pending, room)) };
}
