/**
 * The Tactical Risk screen's decisions that are not drawing: what this seat sees under fog of war,
 * what a move to a destination would be, a placement's size, the map's marks, who is acting now
 * and which continents changed hands. Pure (no Phaser, no DOM), so tests check them.
 */
import type { GameAction } from '@parlor/shared/core/contract';
import {
  continentList,
  isWater,
  neighbours,
  production,
  UNIT,
  type UnitType,
} from '@parlor/shared/games/tactical-risk/board';
import { capitalLeftOpen } from '@parlor/shared/games/tactical-risk/capitalWarning';
import { TAKE_OVER_EDITION } from '@parlor/shared/games/tactical-risk/edition';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import type { Counts, TrPublic } from './adapter';
import {
  bombardShips,
  commonDestinations,
  type MoveGroup,
  movableFrom,
  moveGroups,
  placementSpots,
  planOdds,
  type Selection,
} from './model';

/** How a territory is marked on the map (MapView draws each its own way). */
export type Mark = 'selected' | 'dest' | 'source' | 'battle' | 'place';

export const isMovePhase = (pub: TrPublic): boolean =>
  pub.phase === 'combatMove' || pub.phase === 'nonCombatMove';

/** Faction `f` is the one playing, or in its alliance. */
export function alliedWith(pub: TrPublic, f: string): boolean {
  const a = pub.factions.find((x) => x.name === f)?.alliance;
  const me = pub.factions.find((x) => x.name === pub.faction)?.alliance;
  return f === pub.faction || (!!a && a === me);
}

/**
 * Fog of war: land and sea this seat sees into are where its side holds land or has units, and
 * next to those; the rest is hidden. Nothing is hidden from spectators or when fog is off.
 */
export function fogHidden(pub: TrPublic, mine: readonly string[], spectator: boolean): Set<string> {
  const out = new Set<string>();
  if (!pub.fogOfWar || spectator || mine.length === 0) return out;
  const alliances = new Set(
    pub.factions.filter((f) => mine.includes(f.name) && f.alliance).map((f) => f.alliance),
  );
  const ours = new Set(
    pub.factions.filter((f) => mine.includes(f.name) || alliances.has(f.alliance)).map((f) => f.name),
  );
  const side = (f: string) => ours.has(f);
  const seen = new Set<string>();
  for (const [n, t] of Object.entries(pub.territories)) {
    const here = (t.owner && side(t.owner)) || Object.keys(t.units).some((f) => side(f));
    if (!here) continue;
    seen.add(n);
    for (const x of neighbours(n)) seen.add(x);
  }
  for (const n of Object.keys(pub.territories)) if (!seen.has(n)) out.add(n);
  return out;
}

/** The chosen units, as the log names them: "3 Infantry, Armour" ('' when none is chosen). */
export function chosenText(groups: MoveGroup[], sel: Selection): string {
  const counts = new Map<string, number>();
  for (const g of groups) {
    const n = Math.min(sel[g.key] ?? 0, g.ids.length);
    if (n > 0) counts.set(UNIT[g.type].name, (counts.get(UNIT[g.type].name) ?? 0) + n);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${n} ${name}` : name)).join(', ');
}

/** The units chosen to move (`sel` of `groups`) and where from: what a destination is judged for. */
export interface MoveFrom {
  pub: TrPublic;
  groups: MoveGroup[];
  sel: Selection;
  from: string;
}

/** What moving the chosen units from `from` to `dest` is: 'attack', 'load', 'unload'… ('' a plain move). */
export function describeDest({ pub, groups, sel, from }: MoveFrom, dest: string): string {
  const chosen = groups.filter((g) => (sel[g.key] ?? 0) > 0);
  const land = chosen.some((g) => UNIT[g.type].type === 'land');
  const enemy = (t: string) =>
    Object.keys(pub.territories[t]?.units ?? {}).some((f) => f !== pub.faction && !alliedWith(pub, f));
  if (isWater(dest)) {
    if (land && !isWater(from)) return 'load';
    return enemy(dest) ? 'sea battle' : '';
  }
  const owner = pub.territories[dest]?.owner ?? '';
  const hostile = owner !== '' && owner !== pub.faction && !alliedWith(pub, owner);
  if (isWater(from) && land) return hostile || enemy(dest) ? 'amphibious assault' : 'unload';
  if (hostile || enemy(dest)) return 'attack';
  if (!owner && land) return 'neutral';
  return '';
}

/** The chosen units by type (a selection never counts more than its group holds). */
function chosenCounts(groups: readonly MoveGroup[], sel: Selection): Counts {
  const out: Counts = {};
  for (const g of groups) {
    const n = Math.min(sel[g.key] ?? 0, g.ids.length);
    if (n > 0) out[g.type] = (out[g.type] ?? 0) + n;
  }
  return out;
}

/** The calculator's odds for the chosen units at an attacked destination ('' when no fight). */
export function planText(move: MoveFrom, dest: string): string {
  const { pub, groups, sel, from } = move;
  const kind = describeDest(move, dest);
  if (kind !== 'attack' && kind !== 'amphibious assault' && kind !== 'sea battle') return '';
  const add = chosenCounts(groups, sel);
  // Landing from a sea zone: the mover's battleships there bombard first.
  const bombard =
    kind === 'amphibious assault' && isWater(from)
      ? (pub.territories[from]?.units[pub.faction]?.counts.battleship ?? 0) +
        bombardShips(pub, dest, pub.faction)
          .filter((z) => z.zone !== from)
          .reduce((n, z) => n + z.n, 0)
      : 0;
  const r = planOdds(pub, dest, add, bombard);
  if (!r) return '';
  const take = !isWater(dest) ? ` · takes ${Math.round(r.capture * 100)}%` : '';
  return `win ${Math.round(r.attackerWin * 100)}%${take}`;
}

/**
 * The units of the mover that may join an attack in this combat move, by land stack: each stack's
 * groups that can still move (cargo sails apart; sea stacks are left out). A capital that its land
 * units would leave empty while an enemy's land units could walk in (the confirm card's warning,
 * capitalWarning.ts) keeps one of them home. The "This turn" ideas and the confirm card's "with your
 * units from … too" line both count from this, so their odds agree.
 */
export function attackReach(pub: TrPublic, legal: readonly GameAction[]): Map<string, MoveGroup[]> {
  const out = new Map<string, MoveGroup[]>();
  for (const at of movableFrom(legal)) {
    if (isWater(at)) continue;
    const groups = moveGroups(pub, legal, at).filter((g) => !g.spent && g.cls !== 'cargo');
    const land: Counts = {};
    for (const g of groups) if (g.cls === 'land') land[g.type] = (land[g.type] ?? 0) + g.ids.length;
    const keep = capitalLeftOpen(pub, pub.faction, at, land)?.keep;
    const i = keep ? groups.findIndex((g) => g.cls === 'land' && g.type === keep) : -1;
    if (i >= 0) {
      const g = groups[i]!;
      if (g.ids.length > 1) groups[i] = { ...g, ids: g.ids.slice(0, -1) };
      else groups.splice(i, 1);
    }
    if (groups.length) out.set(at, groups);
  }
  return out;
}

/** Of `reach` (attackReach), the groups of each stack that can move to `dest` by a plain move. */
export function joiningUnits(
  reach: ReadonlyMap<string, readonly MoveGroup[]>,
  dest: string,
): { at: string; groups: MoveGroup[] }[] {
  const out: { at: string; groups: MoveGroup[] }[] = [];
  for (const [at, groups] of reach) {
    const join = groups.filter((g) => g.dests.get(dest)?.plain);
    if (join.length) out.push({ at, groups: join });
  }
  return out;
}

/**
 * The odds if every stack that can reach `dest` in this combat move went there (attackReach, as the
 * ideas count them; the chosen stack sends at least the units chosen): a first game's single stacks
 * rarely show good odds where the stacks together win (the battle is fought after the combat move,
 * so stacks are moved in one at a time). '' when there is no fight, no other place can join, or the
 * stacks together do no better.
 */
export function jointPlanText(move: MoveFrom, legal: readonly GameAction[], dest: string): string {
  const { pub, from } = move;
  if (pub.phase !== 'combatMove' || isWater(dest) || describeDest(move, dest) !== 'attack') return '';
  const chosen = chosenCounts(move.groups, move.sel);
  const all: Counts = { ...chosen };
  const others: string[] = [];
  for (const { at, groups } of joiningUnits(attackReach(pub, legal), dest)) {
    if (at === from) {
      // The rest of the chosen stack that may go too (never fewer than the player chose).
      const own = chosenCounts(groups, Object.fromEntries(groups.map((g) => [g.key, g.ids.length])));
      for (const [t, n] of Object.entries(own) as [UnitType, number][]) all[t] = Math.max(all[t] ?? 0, n);
      continue;
    }
    others.push(at);
    for (const g of groups) all[g.type] = (all[g.type] ?? 0) + g.ids.length;
  }
  if (!others.length) return '';
  const together = planOdds(pub, dest, all);
  const alone = planOdds(pub, dest, chosen);
  if (!together || (alone && together.attackerWin < alone.attackerWin + 0.1)) return '';
  const names = others.length > 3 ? `${others.slice(0, 3).join(', ')} and more` : others.join(', ');
  return (
    `With your units from ${names} too: win ${Math.round(together.attackerWin * 100)}%` +
    ` · takes ${Math.round(together.capture * 100)}% (move each stack in before the battles)`
  );
}

/** A placement: one unit, or (Place all) as many as are bought and the factory has room for. */
export function placement(
  pub: TrPublic,
  unit: UnitType,
  territory: string,
  all: boolean,
): Extract<TacticalRiskAction, { type: 'place' }> {
  if (!all) return { type: 'place', unit, territory };
  const mine = pub.factions.find((f) => f.name === pub.faction);
  const pending = mine?.pending[unit] ?? 0;
  const roomAt = (t: string) => production(t) - (pub.placedAt[t] ?? 0);
  const room = isWater(territory)
    ? Math.max(0, ...pub.factoriesAtStart.filter((t) => neighbours(territory).includes(t)).map(roomAt))
    : roomAt(territory);
  return { type: 'place', unit, territory, count: Math.max(1, Math.min(pending, room)) };
}

/** The map's marks and the path of the hovered move. */
export function mapMarks(
  pub: TrPublic,
  legal: readonly GameAction[],
  ui: { selected: string | null; sel: Selection; hoverDest: string | null; placeType: UnitType | null },
): { marks: Map<string, Mark>; path: string[] | null } {
  const marks = new Map<string, Mark>();
  let path: string[] | null = null;
  if (legal.length && isMovePhase(pub)) {
    for (const t of movableFrom(legal)) marks.set(t, 'source');
    if (ui.selected) {
      const dests = commonDestinations(pub, moveGroups(pub, legal, ui.selected), ui.sel);
      for (const d of dests.keys()) marks.set(d, 'dest');
      if (ui.hoverDest) path = dests.get(ui.hoverDest)?.path ?? null;
    }
  }
  if (legal.length && pub.phase === 'place' && ui.placeType)
    for (const t of placementSpots(legal).get(ui.placeType) ?? []) marks.set(t, 'place');
  if (pub.phase === 'battle') for (const k of pub.battles) marks.set(k.replace(/^raid:/, ''), 'battle');
  if (pub.battle) marks.set(pub.battle.territory, 'battle');
  if (ui.selected) marks.set(ui.selected, 'selected');
  return { marks, path };
}

/** One toast's words for a continent going from `from` to `to` ('' nobody). */
export function continentText(name: string, from: string, to: string): string {
  const bonus = continentList.find((c) => c.name === name)?.bonus ?? 0;
  if (to && from) return `The ${to} take ${name} (+${bonus} IPC a turn) from the ${from}`;
  if (to) return `The ${to} now hold ${name}: +${bonus} IPC a turn`;
  return `The ${from} lose ${name} and its +${bonus} IPC`;
}

/** One toast's words for a continent taken and lost again (`mid` held it between; '' nobody). */
export function continentBackText(name: string, mid: string, to: string): string {
  if (!mid) return `The ${to} lose ${name} and take it back`;
  return to
    ? `The ${mid} take ${name}, and the ${to} take it back`
    : `The ${mid} take ${name} and lose it again`;
}

/**
 * The toasts for continents that change hands: one at a time per continent, saying who holds it now
 * and who held it before. While a continent's toast still shows:
 * - a change in the same turn replaces it with the whole change (first holder to last); undone (a
 *   walk-in that completed a continent, then Undo) the toast just goes: nothing changed after all;
 * - a later turn's change back (the AIs play fast: "now hold", then "lose" a second later read as a
 *   contradiction) replaces it with one toast for both ("The Japanese take ... and lose it again");
 * - any other later change replaces it with its own.
 */
export class ContinentNews {
  private holders = new Map<string, string>();
  private readonly live = new Map<
    string,
    { from: string; to: string; until: number; turn: number; close: () => void }
  >();

  constructor(
    /** Shows a toast for `ms` and gives back what takes it away. */
    private readonly say: (text: string, ms: number) => () => void,
    private readonly ms = 4500,
  ) {}

  /** What is held now, said to nobody (the first view: the continents were held before it). */
  reset(now: Map<string, string>): void {
    this.holders = new Map(now);
    for (const t of this.live.values()) t.close();
    this.live.clear();
  }

  /** A new view at time `t` (ms) in turn `turn`: a toast for each continent that changed hands. */
  update(now: Map<string, string>, t: number, turn: number): void {
    const names = new Set([...this.holders.keys(), ...now.keys()]);
    for (const name of names) {
      const to = now.get(name) ?? '';
      let from = this.holders.get(name) ?? '';
      if (to === from) continue;
      let text: string | null = null;
      const shown = this.live.get(name);
      if (shown && shown.until > t) {
        // Still on screen: one toast for what happened since before it.
        shown.close();
        this.live.delete(name);
        if (shown.turn === turn) {
          from = shown.from;
          if (to === from) continue; // undone: nothing changed after all
        } else if (to === shown.from) text = continentBackText(name, shown.to, to);
      }
      text ??= continentText(name, from, to);
      this.live.set(name, { from, to, until: t + this.ms, turn, close: this.say(text, this.ms) });
    }
    this.holders = new Map(now);
  }
}

/**
 * Who decides now on this screen, as a key that changes with each new decision ('' when this seat
 * has nothing to do): the faction (a battle prompt may be the defender's), the seat, its role and
 * the turn (a faction that defended and then moves is handed over again).
 */
export function actingKey(pub: TrPublic, legalCount: number, mySeat: number): { who: string; key: string } {
  const who = (pub.battle?.promptKind && pub.battle.promptFaction) || pub.faction;
  const role = who === pub.faction ? 'turn' : 'defence';
  return { who, key: legalCount ? `${who}|${mySeat}|${role}|${pub.turnNumber}` : '' };
}

/**
 * Whether the map hides behind a hand-over screen before this decision. Hot seat: only when the
 * screen goes to another person, and only for what the others may not see or should not touch: the
 * start of that person's turn, or any decision under fog of war (a battle choice in plain sight needs
 * no pass: the battle dialog names who decides). One person playing several factions: a card naming
 * the faction now played, from the second decision on.
 */
export function needsPass(o: {
  hotSeat: boolean;
  several: boolean;
  first: boolean;
  turnStart: boolean;
  fog: boolean;
  seat: number;
  lastPassSeat: number;
}): boolean {
  if (o.hotSeat) return o.seat !== o.lastPassSeat && (o.turnStart || o.fog);
  return o.several && !o.first;
}

/** The End-phase button's words for each phase. */
export const END_LABEL: Record<string, string> = {
  purchase: 'Done buying',
  combatMove: 'To battles',
  nonCombatMove: 'To placement',
  place: 'End turn',
};

/** The sidebar hint for the move phases. */
export function moveHint(
  pub: TrPublic,
  selected: string | null,
  groups: MoveGroup[],
  sel: Selection,
): string {
  if (!selected || !groups.length)
    return `${pub.phase === 'combatMove' ? 'Combat move' : 'Non-combat move'}: tap a highlighted territory with your units.`;
  return Object.values(sel).some((n) => n > 0) ? 'Tap a glowing destination.' : 'Choose how many units move.';
}

/**
 * Where a map point (a label) is in the map's part of the screen, trying the point and its copies
 * one map width east and west (the map wraps); null when none is in view.
 */
export function labelOnScreen(
  label: readonly [number, number] | readonly number[],
  view: { x: number; y: number },
  zoom: number,
  mapWidth: number,
  size: { w: number; h: number },
): { x: number; y: number } | null {
  for (const shift of [0, mapWidth, -mapWidth]) {
    const x = (label[0]! + shift - view.x) * zoom;
    const y = (label[1]! - view.y) * zoom;
    if (x >= 0 && y >= 0 && x <= size.w && y <= size.h) return { x, y };
  }
  return null;
}

/**
 * The territory a typed text means: the exact name, else the first that starts with it, else the
 * first that holds it (case ignored): "ukra" finds Ukraine S.S.R.
 */
export function findTerritory(names: readonly string[], text: string): string | undefined {
  const q = text.trim().toLowerCase();
  if (!q) return undefined;
  const low = names.map((n) => n.toLowerCase());
  const i = [low.indexOf(q), low.findIndex((n) => n.startsWith(q)), low.findIndex((n) => n.includes(q))].find(
    (x) => x >= 0,
  );
  return i === undefined ? undefined : names[i];
}

/**
 * The AI-played country of my side that the status bar offers to take over (ClientMsg.takeOver), or
 * null: one played by a bot's seat or a seat handed to the AI, not knocked out, the next to move
 * first. A spectator (no factions of its own) and free-for-all (no sides) get none.
 */
export function takeOverChoice(
  pub: TrPublic,
  mySeat: number,
  seats: readonly { bot: boolean; botControlled: boolean }[],
): string | null {
  // Older rules editions have no taking over (the server would refuse it: NO_TAKE_OVER).
  if (mySeat < 0 || pub.winner || pub.edition < TAKE_OVER_EDITION) return null;
  const sides = new Set(pub.factions.filter((f) => f.seat === mySeat && f.alliance).map((f) => f.alliance));
  const from = Math.max(
    0,
    pub.factions.findIndex((f) => f.name === pub.faction),
  );
  const order = [...pub.factions.slice(from), ...pub.factions.slice(0, from)];
  const aiPlays = (seat: number) => !!seats[seat] && (seats[seat]!.bot || seats[seat]!.botControlled);
  const pick = order.find(
    (f) => f.seat >= 0 && f.seat !== mySeat && sides.has(f.alliance) && !f.out && aiPlays(f.seat),
  );
  return pick?.name ?? null;
}
