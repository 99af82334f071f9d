import { describe, expect, test } from '@jest/globals';
import { neighbours } from '@parlor/shared/games/tactical-risk/board';
import { legalActions } from '@parlor/shared/games/tactical-risk/rules';
import { act, beginTurnIn, emptyBoard, put } from '@parlor/shared/games/tactical-risk/testkit';
import { view } from '@parlor/shared/games/tactical-risk/view';
import { wirePublic } from '@parlor/shared/games/tactical-risk/wireView';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import type { TrFaction, TrPublic, TrStack, TrTerritory } from './adapter';
import { continentsHeld } from './panels';
import type { MoveGroup } from './model';
import {
  actingKey,
  alliedWith,
  chosenText,
  ContinentNews,
  describeDest,
  findTerritory,
  fogHidden,
  labelOnScreen,
  mapMarks,
  moveHint,
  needsPass,
  placement,
  takeOverChoice,
} from './sceneModel';

const stack = (counts: TrStack['counts']): TrStack => ({
  counts,
  ids: [1],
  spent: [],
  groups: [],
  rooms: [],
});
const land = (owner: string, units: Record<string, TrStack> = {}): TrTerritory => ({
  owner,
  startOwner: owner,
  units,
});
const faction = (name: string, alliance: string, pending: TrFaction['pending'] = {}): TrFaction => ({
  name,
  seat: 0,
  alliance,
  treasury: 10,
  capital: '',
  capitalHeld: true,
  income: 5,
  out: false,
  pending,
});

/** A small board: Germany against its western neighbours, the Baltic between. */
function board(over: Partial<TrPublic> = {}): TrPublic {
  return {
    mode: 'classic',
    fogOfWar: false,
    edition: 5,
    phase: 'combatMove',
    round: 1,
    turnNumber: 3,
    faction: 'Germany',
    canUndo: false,
    draftSeat: -1,
    factions: [
      faction('Germany', 'Axis', { infantry: 5 }),
      faction('Italy', 'Axis'),
      faction('UK', 'Allies'),
    ],
    territories: {
      Germany: land('Germany', { Germany: stack({ infantry: 3 }) }),
      'West Europe': land('UK', { UK: stack({ infantry: 1 }) }),
      'South Europe': land('Italy'),
      Switzerland: land(''),
      'East Europe': land('Germany'),
      'Baltic Sea Zone': land('', {}),
      'United Kingdom': land('UK'),
    },
    factoriesAtStart: ['Germany'],
    placedAt: { Germany: 8 },
    battles: [],
    battle: null,
    lastBattle: null,
    winner: null,
    turns: [],
    bankMs: [],
    banking: false,
    ...over,
  };
}
const infantry: MoveGroup = {
  key: 'infantry',
  type: 'infantry',
  cls: 'land',
  ids: [1, 2, 3],
} as unknown as MoveGroup;

describe('the Tactical Risk scene model', () => {
  test('find: the exact name, else the first that starts with the text, else the first holding it', () => {
    const names = ['Russia', 'Ukraine S.S.R.', 'West Russia', 'United Kingdom'];
    expect(findTerritory(names, 'ukra')).toBe('Ukraine S.S.R.');
    expect(findTerritory(names, ' RUSSIA ')).toBe('Russia');
    expect(findTerritory(names, 'russ')).toBe('Russia');
    expect(findTerritory(names, 'kingd')).toBe('United Kingdom');
    expect(findTerritory(names, 'u')).toBe('Ukraine S.S.R.');
    expect(findTerritory(names, 'atlantis')).toBeUndefined();
    expect(findTerritory(names, '  ')).toBeUndefined();
  });

  test('the confirm names the chosen units as the log does', () => {
    const armour = { key: 'armour', type: 'armour', cls: 'land', ids: [4] } as unknown as MoveGroup;
    expect(chosenText([infantry, armour], { infantry: 3, armour: 1 })).toBe('3 Infantry, Armour');
    expect(chosenText([infantry, armour], { infantry: 1 })).toBe('Infantry');
    expect(chosenText([infantry, armour], {})).toBe('');
  });

  test('alliances: the playing faction and its allies', () => {
    const pub = board();
    expect(alliedWith(pub, 'Germany')).toBe(true);
    expect(alliedWith(pub, 'Italy')).toBe(true);
    expect(alliedWith(pub, 'UK')).toBe(false);
  });

  test('fog of war hides what is not next to your side’s land or units; never for spectators', () => {
    const pub = board({ fogOfWar: true });
    const hidden = fogHidden(pub, ['Germany'], false);
    expect(hidden.has('Germany')).toBe(false);
    for (const n of neighbours('Germany')) expect(hidden.has(n)).toBe(false);
    expect(hidden.has('United Kingdom')).toBe(true);
    expect(fogHidden(pub, ['Germany'], true).size).toBe(0);
    expect(fogHidden(board(), ['Germany'], false).size).toBe(0);
  });

  test('a move is named by where it goes', () => {
    const pub = board();
    const sel = { infantry: 2 };
    expect(describeDest({ pub, groups: [infantry], sel, from: 'Germany' }, 'West Europe')).toBe('attack');
    expect(describeDest({ pub, groups: [infantry], sel, from: 'Germany' }, 'South Europe')).toBe('');
    expect(describeDest({ pub, groups: [infantry], sel, from: 'Germany' }, 'Switzerland')).toBe('neutral');
    expect(describeDest({ pub, groups: [infantry], sel, from: 'Germany' }, 'Baltic Sea Zone')).toBe('load');
    expect(describeDest({ pub, groups: [infantry], sel, from: 'Baltic Sea Zone' }, 'East Europe')).toBe(
      'unload',
    );
    expect(describeDest({ pub, groups: [infantry], sel, from: 'Baltic Sea Zone' }, 'West Europe')).toBe(
      'amphibious assault',
    );
  });

  test('Place all puts as many as are bought and the factory still has room for', () => {
    const pub = board({ phase: 'place' });
    expect(placement(pub, 'infantry', 'Germany', false)).toEqual({
      type: 'place',
      unit: 'infantry',
      territory: 'Germany',
    });
    // Germany produces 10 and has 8 placed: room for 2 of the 5 bought.
    expect(placement(pub, 'infantry', 'Germany', true)).toEqual({
      type: 'place',
      unit: 'infantry',
      territory: 'Germany',
      count: 2,
    });
  });

  test('marks: battles, the selection', () => {
    const pub = board({ phase: 'battle', battles: ['raid:West Europe'] });
    const ui = { selected: 'Germany', sel: {}, hoverDest: null, placeType: null };
    const { marks, path } = mapMarks(pub, [], ui);
    expect(marks.get('West Europe')).toBe('battle');
    expect(marks.get('Germany')).toBe('selected');
    expect(path).toBeNull();
  });

  test('a continent that changes hands gets one toast, saying who holds it now and who held it', () => {
    const said: string[] = [];
    const news = new ContinentNews((text) => (said.push(text), () => said.splice(said.indexOf(text), 1)));
    news.reset(new Map([['Europe', 'Germans']]));
    news.update(new Map([['Europe', 'Germans']]), 0, 1);
    expect(said).toEqual([]);
    news.update(new Map([['Europe', 'British']]), 1000, 1);
    expect(said).toEqual(['The British take Europe (+8 IPC a turn) from the Germans']);
    // Lost to nobody, after that toast has gone: a toast of its own.
    said.length = 0;
    news.update(new Map(), 9000, 2);
    expect(said).toEqual(['The British lose Europe and its +8 IPC']);
    // Taken by a third while that toast still shows: one toast for the whole change.
    news.update(new Map([['Europe', 'Russians']]), 10000, 2);
    expect(said).toEqual(['The Russians take Europe (+8 IPC a turn) from the British']);
    // Taken back in the next turn while that toast still shows (fast AIs): one toast for both.
    news.update(new Map([['Europe', 'British']]), 11000, 3);
    expect(said).toEqual(['The Russians take Europe, and the British take it back']);
    // Held by nobody whole, taken, and lost again a turn later: never "now hold" beside "lose".
    said.length = 0;
    const europe = ['Europe', 'British'] as const;
    news.update(new Map([europe, ['Asia', 'Japanese']]), 20000, 4);
    news.update(new Map([europe]), 21000, 5);
    expect(said).toEqual(['The Japanese take Asia and lose it again']);
    // A later change once the toast has gone: its own toast.
    news.update(new Map([europe, ['Asia', 'Japanese']]), 30000, 6);
    expect(said).toEqual([
      'The Japanese take Asia and lose it again',
      'The Japanese now hold Asia: +0 IPC a turn',
    ]);
  });

  test('a walk-in that completes a continent, then Undo: the toast goes, no toast contradicts it', () => {
    let s = emptyBoard('Russians', 'combatMove');
    put(s, 'Russians', 'Caucasus', { infantry: 1 });
    beginTurnIn(s, 'combatMove');
    const seat = s.controller.Russians;
    const holders = () => {
      const pub = wirePublic(view(s, seat).public);
      const out = new Map<string, string>();
      for (const f of pub.factions) for (const c of continentsHeld(pub, f.name)) out.set(c.name, f.name);
      return out;
    };
    const live: string[] = [];
    const said: string[] = [];
    const news = new ContinentNews((text) => {
      said.push(text);
      live.push(text);
      return () => live.splice(live.indexOf(text), 1);
    });
    news.reset(holders());
    expect(holders().get('Soviet Union')).toBeUndefined();
    const walk = legalActions(s, seat).find(
      (a) => a.type === 'move' && a.path[0] === 'Caucasus' && a.path.at(-1) === 'Ukraine S.S.R.' && !a.raid,
    )!;
    s = act(s, walk as TacticalRiskAction);
    expect(holders().get('Soviet Union')).toBe('Russians');
    news.update(holders(), 1000, s.turnNumber);
    expect(live).toEqual(['The Russians now hold Soviet Union: +7 IPC a turn']);
    s = act(s, { type: 'undo' });
    expect(holders().get('Soviet Union')).toBeUndefined();
    news.update(holders(), 3000, s.turnNumber);
    expect(live).toEqual([]);
    expect(said).toHaveLength(1);
  });

  test('the acting key changes with the decider, its role and the turn; empty with nothing to do', () => {
    const pub = board();
    expect(actingKey(pub, 3, 0)).toEqual({ who: 'Germany', key: 'Germany|0|turn|3' });
    expect(actingKey(pub, 0, 0).key).toBe('');
    const defending = board({
      battle: { promptKind: 'casualties', promptFaction: 'UK' } as TrPublic['battle'],
    });
    expect(actingKey(defending, 1, 2)).toEqual({ who: 'UK', key: 'UK|2|defence|3' });
  });

  test('the move hint leads through the move', () => {
    const pub = board();
    expect(moveHint(pub, null, [], {})).toMatch(/^Combat move: tap a highlighted territory/);
    expect(moveHint(pub, 'Germany', [infantry], {})).toBe('Choose how many units move.');
    expect(moveHint(pub, 'Germany', [infantry], { infantry: 1 })).toBe('Tap a glowing destination.');
  });

  test('a label is found on screen, or across the map’s wrap, or not at all', () => {
    const size = { w: 800, h: 600 };
    expect(labelOnScreen([100, 100], { x: 0, y: 0 }, 1, 4000, size)).toEqual({ x: 100, y: 100 });
    expect(labelOnScreen([3950, 100], { x: -100, y: 0 }, 1, 4000, size)).toEqual({ x: 50, y: 100 });
    expect(labelOnScreen([2000, 100], { x: 0, y: 0 }, 1, 4000, size)).toBeNull();
  });
});

describe('hand-over screens (needsPass)', () => {
  const hot = { hotSeat: true, several: true, first: false, fog: false, seat: 1, lastPassSeat: 0 };
  test('hot seat: a new person’s turn passes the screen; a battle choice in plain sight does not', () => {
    expect(needsPass({ ...hot, turnStart: true })).toBe(true);
    expect(needsPass({ ...hot, turnStart: false })).toBe(false);
  });
  test('hot seat under fog: every decision of another person passes the screen', () => {
    expect(needsPass({ ...hot, turnStart: false, fog: true })).toBe(true);
  });
  test('hot seat: the same person again never passes it', () => {
    expect(needsPass({ ...hot, turnStart: true, fog: true, lastPassSeat: 1 })).toBe(false);
  });
  test('one person with several factions: a card from the second decision on', () => {
    const team = { ...hot, hotSeat: false, turnStart: true };
    expect(needsPass({ ...team, first: true })).toBe(false);
    expect(needsPass(team)).toBe(true);
    expect(needsPass({ ...team, several: false })).toBe(false);
  });
});

describe('takeOverChoice: the AI country of my side the status bar offers', () => {
  const seated = (f: TrFaction, seat: number, out = false): TrFaction => ({ ...f, seat, out });
  const pub = board({
    faction: 'Italy',
    factions: [
      seated(faction('Germany', 'Axis'), 0),
      seated(faction('Italy', 'Axis'), 1),
      seated(faction('UK', 'Allies'), 2),
      seated(faction('Japan', 'Axis'), 3),
    ],
  });
  const person = { bot: false, botControlled: false };
  const bot = { bot: true, botControlled: false };
  const handed = { bot: false, botControlled: true };

  test('an ally the AI plays, the next to move first; never the other side, a person, myself', () => {
    expect(takeOverChoice(pub, 0, [person, bot, bot, bot])).toBe('Italy');
    expect(takeOverChoice(pub, 0, [person, person, bot, bot])).toBe('Japan');
    expect(takeOverChoice(pub, 0, [person, person, bot, handed])).toBe('Japan');
    expect(takeOverChoice(pub, 0, [person, person, bot, person])).toBeNull();
    expect(takeOverChoice(pub, 2, [bot, bot, person, bot])).toBeNull();
  });

  test('none for a spectator, a knocked-out ally, free-for-all or a finished match', () => {
    expect(takeOverChoice(pub, -1, [bot, bot, bot, bot])).toBeNull();
    const out = board({
      ...pub,
      factions: pub.factions.map((f) => (f.name === 'Italy' ? { ...f, out: true } : f)),
    });
    expect(takeOverChoice(out, 0, [person, bot, person, person])).toBeNull();
    const ffa = board({ ...pub, factions: pub.factions.map((f) => ({ ...f, alliance: '' })) });
    expect(takeOverChoice(ffa, 0, [person, bot, bot, bot])).toBeNull();
    const over = board({ ...pub, winner: { factions: ['UK'], reason: '' } });
    expect(takeOverChoice(over, 0, [person, bot, bot, bot])).toBeNull();
  });

  test('none at a table whose rules edition has no taking over (restored from an older record)', () => {
    expect(takeOverChoice({ ...pub, edition: 5 }, 0, [person, bot, bot, bot])).toBe('Italy');
    expect(takeOverChoice({ ...pub, edition: 4 }, 0, [person, bot, bot, bot])).toBeNull();
  });
});
