/**
 * The board: the design's data files (data/*.json) typed and indexed once at load. Everything else
 * reads the board through these lookups; the data files themselves stay in the design's schemas.
 */
import continentsFile from './data/continents.json';
import setupFile from './data/setup.json';
import territoriesFile from './data/territories.json';
import unitsFile from './data/units.json';

export const FACTIONS = ['Russians', 'Germans', 'British', 'Japanese', 'Americans'] as const;
export type Faction = (typeof FACTIONS)[number];
export type Alliance = 'Axis' | 'Allies';

export const UNIT_TYPES = [
  'infantry',
  'artillery',
  'armour',
  'fighter',
  'bomber',
  'transport',
  'submarine',
  'destroyer',
  'carrier',
  'battleship',
  'aaGun',
  'factory',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export type UnitKind = 'land' | 'air' | 'sea' | 'structure';

export interface TerritoryData {
  name: string;
  isWater: boolean;
  production?: number;
  continent?: string;
  connections: string[];
  isCapital?: boolean;
  capitalOf?: string | null;
  hasFactory?: boolean;
  originalOwner?: string | null;
}

export interface ContinentData {
  name: string;
  bonus: number;
  territories: string[];
  color: string;
}

export interface UnitTypeData {
  id: UnitType;
  name: string;
  cost: number;
  attack: number;
  defense: number;
  movement: number;
  type: UnitKind;
  transportCost?: number;
  transportCapacity?: number;
  carrierCapacity?: number;
  carrierCost?: number;
  special: string[];
}

export interface FactionSetup {
  name: Faction;
  alliance: Alliance;
  capital: string;
  startingPUs: number;
  color: string;
  territories: string[];
  units: { territory: string; units: Partial<Record<UnitType, number>> }[];
}

export interface CanalData {
  name: string;
  seaZones: [string, string];
  landTerritories: string[];
}

export const territoryList = territoriesFile.territories as TerritoryData[];
export const continentList = continentsFile.continents as ContinentData[];
export const unitTypeList = unitsFile.unitTypes as UnitTypeData[];
export const factionSetups = setupFile.factions as FactionSetup[];
export const turnOrder = setupFile.turnOrder as Faction[];
export const canals = setupFile.canals as CanalData[];

export const TERRITORY = new Map<string, TerritoryData>(territoryList.map((t) => [t.name, t]));
export const UNIT = Object.fromEntries(unitTypeList.map((u) => [u.id, u])) as Record<UnitType, UnitTypeData>;
export const FACTION_SETUP = Object.fromEntries(factionSetups.map((f) => [f.name, f])) as Record<
  Faction,
  FactionSetup
>;
export const LAND = territoryList.filter((t) => !t.isWater).map((t) => t.name);
export const SEA = territoryList.filter((t) => t.isWater).map((t) => t.name);
export const CAPITALS = factionSetups.map((f) => f.capital);
export const CONTINENT_OF = new Map<string, string>(
  continentList.flatMap((c) => c.territories.map((t) => [t, c.name] as [string, string])),
);

const NEIGHBOURS = new Map<string, ReadonlySet<string>>(
  territoryList.map((t) => [t.name, new Set(t.connections)]),
);

export function isWater(name: string): boolean {
  return TERRITORY.get(name)?.isWater === true;
}

export function isTerritory(name: unknown): name is string {
  return typeof name === 'string' && TERRITORY.has(name);
}

export function adjacent(a: string, b: string): boolean {
  return NEIGHBOURS.get(a)?.has(b) === true;
}

export function neighbours(name: string): readonly string[] {
  return TERRITORY.get(name)?.connections ?? [];
}

export function production(name: string): number {
  return TERRITORY.get(name)?.production ?? 0;
}

/**
 * Steps from the nearest of `starts` to every place reachable (within `max` steps) through steps
 * `canStep` allows.
 */
export function stepsFrom(
  starts: readonly string[],
  canStep: (at: string, n: string) => boolean,
  max = Infinity,
): Map<string, number> {
  const d = new Map<string, number>();
  for (const t of starts) d.set(t, 0);
  let frontier = starts.slice();
  for (let step = 1; frontier.length > 0 && step <= max; step++) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const n of neighbours(at)) {
        if (d.has(n) || !canStep(at, n)) continue;
        d.set(n, step);
        next.push(n);
      }
    }
    frontier = next;
  }
  return d;
}

/** The canal whose two sea zones are a and b, if any (either direction). */
export function canalBetween(a: string, b: string): CanalData | undefined {
  return canals.find(
    (c) => (c.seaZones[0] === a && c.seaZones[1] === b) || (c.seaZones[0] === b && c.seaZones[1] === a),
  );
}

export function kindOf(type: UnitType): UnitKind {
  return UNIT[type].type;
}
