/**
 * Each game's board in words (its `words.ts`, the hook of its ClientGame) for one seat's snapshot:
 * it holds the figures the board shows that seat (its own hand, the counts, whose turn) and nothing
 * the seat may not know (another seat's hand). Driven by the shared rules from seeded setups; the
 * state checked is one where the other seat does hold hidden cards, so the check is never empty.
 */
import { describe, expect, test } from '@jest/globals';
import type { GameAction, GameDefinition, GameView } from '@parlor/shared/core/contract';
import { bankout } from '@parlor/shared/games/bankout/index';
import type { BankoutPrivate, BankoutPublic } from '@parlor/shared/games/bankout/types';
import { devices } from '@parlor/shared/games/devices/index';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import type { JamesBlandPrivate, JamesBlandPublic } from '@parlor/shared/games/james-bland/types';
import { kingpin } from '@parlor/shared/games/kingpin/index';
import { scenario } from '@parlor/shared/games/kingpin/testkit';
import type { KingpinPrivate, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import { tacticalRisk } from '@parlor/shared/games/tactical-risk/index';
import { screenView, wireView } from '@parlor/shared/games/tactical-risk/wireView';
import type { TableSnapshot } from '../net/TableConnection';
import { bankoutWords } from './bankout/words';
import { cardName } from './bankout/cardArt';
import { devicesWords } from './devices/words';
import { jamesBlandWords } from './james-bland/words';
import { nameOf } from './kingpin/cards';
import { kingpinWords } from './kingpin/words';
import { tacticalRiskWords } from './tactical-risk/words';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyGame = GameDefinition<any, GameAction, any, any, any>;

const NAMES = ['Ada', 'Bo', 'Cy', 'Di'];

/** The snapshot a seat's screen holds for `state` (the rules' own view for that seat). */
function snapshotOf(
  game: AnyGame,
  state: unknown,
  seat: number,
  players: number,
  toClient: (v: GameView<unknown, unknown>) => GameView<unknown, unknown> = (v) => v,
): TableSnapshot {
  return {
    game: '',
    tableName: '',
    status: 'playing',
    phase: game.phase(state),
    deadline: 0,
    deadlineSeat: -1,
    host: 0,
    code: '',
    isPrivate: false,
    options: {},
    seats: NAMES.slice(0, players).map((name) => ({
      name,
      occupied: true,
      connected: true,
      bot: false,
      botControlled: false,
    })),
    spectators: 0,
    log: [],
    result: null,
    toAct: game.toAct(state),
    mySeat: seat,
    legal: game.legalActions(state, seat),
    view: toClient(game.view(state, seat) as GameView<unknown, unknown>),
  };
}

/** From a seeded setup, the first legal action of the seat due, until `until` holds (or give up). */
function advance(
  game: AnyGame,
  options: object,
  players: number,
  seed: number,
  until: (s: any) => boolean,
): any {
  let state = game.setup(
    game.optionsSchema.parse(options),
    NAMES.slice(0, players).map((name) => ({ name, bot: false })),
    seed,
  );
  for (let i = 0; i < 400 && !until(state); i++) {
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat);
    // Not always the first: a walk that varies, from the step number (deterministic).
    const r = game.apply(state, seat, legal[i % legal.length]!);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

const text = (lines: string[]) => lines.join('\n');

describe('Bankout in words', () => {
  const privOf = (s: any, seat: number) => bankout.view(s, seat).private as BankoutPrivate;
  // A state in which seat 1 holds cards in hand while seat 0 is to play.
  const state = advance(bankout, {}, 2, 7, (s) => privOf(s, 1).hand.length > 0 && bankout.toAct(s)[0] === 0);
  const pub = bankout.view(state, 0).public as BankoutPublic;
  const words = text(bankoutWords.board(snapshotOf(bankout, state, 0, 2)).lines);

  test('the seat reads its bank, loot, Alert, hand, bust risk, the deck and the unseen counts', () => {
    expect(privOf(state, 1).hand.length).toBeGreaterThan(0);
    const me = pub.players[0]!;
    expect(words).toContain(
      `You: bank $${me.bank.toLocaleString('en-US')}, loot $${me.loot.toLocaleString('en-US')}`,
    );
    expect(words).toContain(me.alert ? 'ALERT on' : 'Alert off');
    expect(words).toContain(`Deck ${pub.deckCount} card`);
    expect(words).toContain(`Bo: bank $${pub.players[1]!.bank.toLocaleString('en-US')}`);
    expect(words).toContain(`${pub.players[1]!.handCount} card`);
    expect(words).toContain(`Bust risk on your next draw: ${Math.round(privOf(state, 0).bustRisk * 100)}%`);
    for (const c of privOf(state, 0).hand) expect(words).toContain(cardName(c));
    const [rank, n] = Object.entries(pub.unseen).find(([, k]) => (k ?? 0) > 0)!;
    expect(words).toMatch(new RegExp(`Not seen yet: .*${rank === 'X' ? 'Joker' : ''}.* ${n}`));
  });

  test("another seat's hand is not in it", () => {
    for (const c of privOf(state, 1).hand) expect(words).not.toContain(cardName(c));
  });

  test('the card a seat draws face down is named to it alone', () => {
    // The step that put a card in seat 1's hand, seen by seat 1 and by seat 0.
    let prev = bankout.setup(
      bankout.optionsSchema.parse({}),
      NAMES.slice(0, 2).map((name) => ({ name, bot: false })),
      7,
    );
    let found = false;
    for (let i = 0; i < 400 && !found; i++) {
      const seat = bankout.toAct(prev)[0]!;
      const legal = bankout.legalActions(prev, seat);
      const next = bankout.apply(prev, seat, legal[i % legal.length]!);
      if (!next.ok) throw new Error(next.error.message);
      const before = privOf(prev, seat).hand;
      const after = privOf(next.state, seat).hand;
      const drawn = after.filter((c) => !before.includes(c));
      if (drawn.length) {
        found = true;
        const own = bankoutWords.news!(
          snapshotOf(bankout, prev, seat, 2),
          snapshotOf(bankout, next.state, seat, 2),
        );
        expect(own).toEqual(drawn.map((c) => `You drew ${cardName(c)} into your hand.`));
        const other = 1 - seat;
        expect(
          bankoutWords.news!(snapshotOf(bankout, prev, other, 2), snapshotOf(bankout, next.state, other, 2)),
        ).toEqual([]);
      }
      prev = next.state;
    }
    expect(found).toBe(true);
  });
});

describe('Kingpin in words', () => {
  const privOf = (s: any, seat: number) => kingpin.view(s, seat).private as KingpinPrivate;
  // Both hands hold cards that are nowhere in the open (the Reserve, the boards, the Discard).
  const state = scenario({
    seats: [
      { board: ['boss_loner', 'solo_informant'], hand: ['loner_nurse', 'gangster_thief'] },
      { board: ['boss_gangster'], hand: ['authority_swat'] },
    ],
    top: ['event_raid', 'unique_loner', 'solo_killer'],
  });
  const pub = kingpin.view(state, 0).public as KingpinPublic;
  const words = text(kingpinWords.board(snapshotOf(kingpin, state, 0, 2)).lines);

  test("the seat reads every board's cards with their figures, safes, hand counts, its own hand and the zones", () => {
    for (const [seat, p] of pub.players.entries()) {
      expect(words).toContain(`${seat === 0 ? 'You' : p.name}: safe $${p.safe}, ${p.handCount} card`);
      for (const c of p.board)
        if (c)
          expect(words).toContain(
            `${nameOf(c.id)}: ATK ${Math.round(c.atk * 100) / 100}, HP ${Math.round(c.hp * 100) / 100}`,
          );
    }
    expect(words).toMatch(
      new RegExp(
        `Your hand: ${privOf(state, 0)
          .hand.map((id) => `${nameOf(id)} \\(`)
          .join('.*')}`,
      ),
    );
    expect(words).toContain(`Draw Pile ${pub.drawCount} card`);
    expect(words).toContain(`Bank $${pub.bank}; Golden Fund $${pub.fund}`);
  });

  test("another seat's hand is not in it", () => {
    const mine = kingpinWords
      .board(snapshotOf(kingpin, state, 0, 2))
      .lines.find((l) => l.startsWith('Your hand'))!;
    const theirs = privOf(state, 1).hand;
    expect(theirs.length).toBeGreaterThan(0);
    // Their cards appear nowhere but where the board shows them openly.
    const open = new Set([
      ...pub.players.flatMap((p) => p.board.flatMap((c) => (c ? [c.id] : []))),
      ...pub.reserve,
      ...pub.discard,
      ...privOf(state, 0).hand,
    ]);
    for (const id of theirs) if (!open.has(id)) expect(words).not.toContain(nameOf(id));
    expect(mine).not.toBe(undefined);
  });
});

describe('James Bland in words', () => {
  const privOf = (s: any, seat: number) => jamesBland.view(s, seat).private as JamesBlandPrivate;
  const state = advance(jamesBland, {}, 3, 5, () => true);
  const words = text(jamesBlandWords.board(snapshotOf(jamesBland, state, 0, 3)).lines);

  test("the seat reads the round, every agent, its own cover and IP, and not another agent's cover", () => {
    const pub = jamesBland.view(state, 0).public as JamesBlandPublic;
    const mine = privOf(state, 0);
    expect(words).toContain(`Round ${pub.round}`);
    for (const a of pub.agents) expect(words).toContain(a.name);
    expect(words).toContain(`codename ${mine.codename}, safe house ${mine.safeHouse}`);
    expect(words).toContain(`${mine.ip} IP`);
    const theirs = privOf(state, 1);
    expect(words).not.toContain(theirs.codename);
    expect(words).not.toContain(theirs.safeHouse);
  });
});

describe('Devices in words', () => {
  const state = advance(devices, {}, 3, 2, () => true);
  const words = text(devicesWords.board(snapshotOf(devices, state, 1, 3)).lines);

  test("the seat reads the calendar, every player's money and Points, and the market", () => {
    const pub = devices.view(state, 1).public as {
      nweek: number;
      players: { money: number; points: number }[];
      blueprints: { name: string; price: number }[];
    };
    expect(words).toContain(`Nweek ${pub.nweek}`);
    expect(words).toContain(`You: $${pub.players[1]!.money}, ${pub.players[1]!.points} Point`);
    expect(words).toContain(`Ada: $${pub.players[0]!.money}`);
    for (const b of pub.blueprints) expect(words).toContain(`${b.name} $${b.price}`);
  });
});

describe('Tactical Risk in words', () => {
  const state = advance(tacticalRisk, {}, 2, 4, () => true);
  const snap = snapshotOf(tacticalRisk, state, 0, 2, (v) => screenView(wireView(v as never)) as never);
  const words = text(tacticalRiskWords.board(snap).lines);

  test("the seat reads the round, the faction to play and every faction's treasury, income and territories", () => {
    const pub = wireView(tacticalRisk.view(state, 0) as never).public;
    expect(words).toContain(`Round ${pub.round}`);
    expect(words).toContain(`${pub.faction} to play`);
    for (const f of pub.factions) {
      const held = Object.values(pub.territories).filter((t) => t.owner === f.name).length;
      expect(words).toContain(`${f.name}: `);
      expect(words).toContain(`treasury ${f.treasury} IPCs, income ${f.income}`);
      expect(words).toContain(`${held} territor`);
    }
  });
});
