import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTINENT_OF,
  FACTIONS,
  LAND,
  SEA,
  TERRITORY,
  UNIT_TYPES,
  canals,
  continentList,
  factionSetups,
  isWater,
  territoryList,
  turnOrder,
  unitTypeList,
} from './board';

describe('Tactical Risk board data', () => {
  it('has 70 land territories and 58 sea zones with unique names', () => {
    expect(LAND).toHaveLength(70);
    expect(SEA).toHaveLength(58);
    expect(new Set(territoryList.map((t) => t.name)).size).toBe(128);
  });

  it('has symmetric connections to real territories, never to itself', () => {
    for (const t of territoryList) {
      for (const c of t.connections) {
        expect(TERRITORY.has(c)).toBe(true);
        expect(c).not.toBe(t.name);
        expect(TERRITORY.get(c)!.connections).toContain(t.name);
      }
    }
  });

  it('puts every land territory in exactly one continent, and only land territories', () => {
    const seen = new Map<string, number>();
    for (const c of continentList) for (const t of c.territories) seen.set(t, (seen.get(t) ?? 0) + 1);
    for (const name of LAND) {
      expect(seen.get(name)).toBe(1);
      expect(TERRITORY.get(name)!.continent).toBe(CONTINENT_OF.get(name));
    }
    for (const name of seen.keys()) expect(isWater(name)).toBe(false);
    expect(continentList).toHaveLength(10);
  });

  it("gives each faction starting PUs equal to its starting territories' production", () => {
    expect(factionSetups.map((f) => f.name)).toEqual([...FACTIONS]);
    for (const f of factionSetups) {
      const owned = territoryList.filter((t) => t.originalOwner === f.name);
      expect(f.territories.sort()).toEqual(owned.map((t) => t.name).sort());
      const total = owned.reduce((sum, t) => sum + (t.production ?? 0), 0);
      expect(f.startingPUs).toBe(total);
      expect(TERRITORY.get(f.capital)!.capitalOf).toBe(f.name);
    }
    expect(turnOrder).toEqual(['Russians', 'Germans', 'British', 'Japanese', 'Americans']);
  });

  it('places starting units only where they may stand', () => {
    for (const f of factionSetups) {
      for (const { territory, units } of f.units) {
        const t = TERRITORY.get(territory)!;
        expect(t).toBeDefined();
        for (const type of Object.keys(units)) {
          expect(UNIT_TYPES).toContain(type);
          const kind = unitTypeList.find((u) => u.id === type)!.type;
          if (t.isWater) expect(['sea', 'air']).toContain(kind);
          else {
            expect(kind).not.toBe('sea');
            expect(t.originalOwner).toBe(f.name);
          }
        }
      }
    }
  });

  it('has canals between two adjacent real sea zones, guarded by real land territories beside them', () => {
    expect(canals.map((c) => c.name).sort()).toEqual(['Panama Canal', 'Suez Canal']);
    for (const c of canals) {
      const [a, b] = c.seaZones;
      expect(isWater(a) && isWater(b)).toBe(true);
      expect(TERRITORY.get(a)!.connections).toContain(b);
      for (const land of c.landTerritories) {
        expect(isWater(land)).toBe(false);
        expect(TERRITORY.get(land)!.connections).toEqual(expect.arrayContaining([a]));
      }
    }
  });

  it('has the twelve unit types of the design', () => {
    expect(unitTypeList.map((u) => u.id)).toEqual([...UNIT_TYPES]);
    const costs = Object.fromEntries(unitTypeList.map((u) => [u.id, u.cost]));
    expect(costs).toMatchObject({ infantry: 3, armour: 5, fighter: 12, battleship: 24, factory: 15 });
    expect(unitTypeList.find((u) => u.id === 'artillery')!.transportCost).toBe(1);
    expect(unitTypeList.find((u) => u.id === 'transport')!.defense).toBe(1);
  });

  // The board's facts, copied into the repository (testdata/README.md): never skipped.
  const reference = path.join(__dirname, 'testdata', 'board-facts.json');
  it('matches the board facts reference', () => {
    const facts = JSON.parse(readFileSync(reference, 'utf8')) as {
      territories: { name: string; production: number; connections: string[]; hasFactory: boolean }[];
    };
    expect(facts.territories).toHaveLength(territoryList.length);
    for (const f of facts.territories) {
      const t = TERRITORY.get(f.name)!;
      expect(t.connections.slice().sort()).toEqual(f.connections.slice().sort());
      if (!t.isWater) {
        expect(t.production).toBe(f.production);
        expect(t.hasFactory).toBe(f.hasFactory);
      }
    }
  });
});
