import { describe, expect, test } from '@jest/globals';
import { scenario } from '@parlor/shared/games/kingpin/testkit';
import type { KingpinAction } from '@parlor/shared/games/kingpin/types';
import { view } from '@parlor/shared/games/kingpin/view';
import { kingpin } from '@parlor/shared/games/kingpin/index';
import { CSS } from './cardArt';
import { coachText } from './coach';
import {
  attackSlots,
  bannerText,
  boardMark,
  buyNote,
  controlsModel,
  hintLine,
  moneyNote,
  plannedAction,
  rowSeats,
  zoneMark,
} from './viewModel';

const state = scenario({
  seats: [
    { board: ['boss_loner', 'solo_informant'], hand: ['loner_nurse', 'gangster_thief'] },
    { board: ['boss_gangster'], hand: ['authority_swat'] },
  ],
  top: ['event_raid', 'unique_loner', 'solo_killer'],
});
const pub = view(state, 0).public;
const me = pub.turn;
const legal = kingpin.legalActions(state, me);
const playing = { mySeat: me, status: 'playing' as const, toAct: [me] };

describe('the Kingpin view model', () => {
  test('rows start with your seat (seat 0 for a spectator) and go round the table', () => {
    expect(rowSeats(3, 1)).toEqual([1, 2, 0]);
    expect(rowSeats(3, -1)).toEqual([0, 1, 2]);
    expect(rowSeats(2, 1)).toEqual([1, 0]);
  });

  test('the planner finds the one legal attack with its attackers and target', () => {
    const attacks = legal.filter((a): a is Extract<KingpinAction, { type: 'attack' }> => a.type === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    const a = attacks[0]!;
    expect(attackSlots(legal)).toEqual(new Set(attacks.flatMap((x) => x.attackers)));
    expect(plannedAction({ attackers: [...a.attackers].sort(), target: a.target }, legal)).toEqual(a);
    expect(plannedAction({ attackers: [...a.attackers].sort(), target: null }, legal)).toBeNull();
    expect(plannedAction(null, legal)).toBeNull();
  });

  test('marks: the selected card, the planner’s attackers and target, what can be used', () => {
    const sel = { kind: 'board' as const, seat: 1, slot: 0 };
    expect(boardMark(pub, legal, me, 1, 0, sel, null)).toBe('selected');
    expect(boardMark(pub, legal, me, 1, 0, null, null)).toBe('none');
    const slot = [...attackSlots(legal)][0]!;
    const planner = { attackers: [slot], target: { seat: 1, zone: 'board' as const, slot: 0 } };
    expect(boardMark(pub, legal, me, me, slot, null, planner)).toBe('attacker');
    expect(boardMark(pub, legal, me, 1, 0, null, planner)).toBe('target');
    const hand = { kind: 'hand' as const, card: 'loner_nurse' };
    expect(zoneMark(pub, legal, me, hand, hand)).toBe('selected');
    expect(['option', 'none']).toContain(zoneMark(pub, legal, me, hand, null));
  });

  test('Emergency Defense marks the hand card the attack hits as the target, and only for its holder', () => {
    const prompt = { kind: 'emergency' as const, seat: me, card: 'loner_nurse', pick: null, attack: null };
    const hit = { ...pub, phase: 'emergency' as const, prompt: { ...prompt, then: 'end' as const } };
    const nurse = { kind: 'hand' as const, card: 'loner_nurse' };
    const thief = { kind: 'hand' as const, card: 'gangster_thief' };
    expect(zoneMark(hit, [], me, nurse, null)).toBe('target');
    expect(zoneMark(hit, [], me, thief, null)).toBe('none');
    const theirs = { ...hit, prompt: { ...hit.prompt, seat: 1 - me } };
    expect(zoneMark(theirs, [], me, nurse, null)).toBe('none');
  });

  test('the controls describe the selected card and offer only its legal actions', () => {
    const sel = { kind: 'board' as const, seat: 1, slot: 0 };
    const m = controlsModel(playing, pub, legal, { handSize: 2, hand: [], deckLook: null }, sel, null);
    expect(m.selected?.title).toMatch(/\(Bo's board\)$/);
    expect(m.selected?.detail).toMatch(/^ATK \d/);
    for (const a of m.selected?.actions ?? []) expect(legal).toContainEqual(a);
    expect(m.seated).toBe(true);
    expect(m.planner).toBeNull();
    expect(
      controlsModel(
        { ...playing, mySeat: -1 },
        pub,
        [],
        { handSize: 0, hand: [], deckLook: ['event_raid'] },
        null,
        null,
      ).peek,
    ).toBeNull();
    expect(
      controlsModel(playing, pub, legal, { handSize: 2, hand: [], deckLook: ['event_raid'] }, null, null)
        .peek,
    ).toEqual(['Raid']);
  });

  test('the banner says whose turn it is, with the turn count', () => {
    const mine = bannerText(playing, pub, false);
    expect(mine.title).toBe('YOUR TURN');
    expect(mine.color).toBe(CSS.gold);
    expect(mine.sub).toMatch(new RegExp(`Turn ${pub.turnNumber}/${pub.turnCap}$`));
    expect(bannerText({ mySeat: 1 - me, status: 'playing' }, pub, false).title).toBe(
      `${pub.players[me]!.name.toUpperCase()}’S TURN`,
    );
    expect(bannerText(playing, pub, true).title).toBe('PLAN YOUR ATTACK');
    expect(bannerText({ mySeat: me, status: 'finished' }, { ...pub, winner: 1 }, false).title).toBe(
      'BO WINS',
    );
  });

  test('the hint: whose turn, how to play, and why there is no pile buy', () => {
    expect(hintLine({ mySeat: 1 - me, status: 'playing', toAct: [me] }, pub, [])).toBe(
      `Waiting for ${pub.players[me]!.name}…`,
    );
    expect(hintLine({ mySeat: -1, status: 'playing', toAct: [me] }, pub, [])).toBe(
      `Watching · ${pub.players[me]!.name} to act`,
    );
    expect(hintLine(playing, pub, legal)).toMatch(/^Tap a card for its actions/);
    const noPile = legal.filter((a) => !(a.type === 'buy' && a.source === 'pile'));
    expect(legal.some((a) => a.type === 'buy' && a.source === 'pile')).toBe(true);
    expect(buyNote(pub, me, legal)).toBe('');
    expect(buyNote(pub, 1 - me, noPile)).toBe('');
    expect(buyNote(pub, me, noPile)).toMatch(/^ · No buying|^ · Nothing left/);
  });

  test('a low safe: the hint line says how to get money back (a shield flipped back is $1)', () => {
    const low = (shields: number) => {
      const s = scenario({
        seats: [{ board: [{ id: 'boss_loner', shields }], safe: 1 }, { board: ['boss_gangster'] }],
      });
      return view(s, s.turn).public;
    };
    const withShields = low(2);
    const seat = withShields.turn;
    expect(moneyNote(withShields, seat)).toMatch(/Shield → safe" = \$1 \(you have 2 shields\)/);
    expect(hintLine({ mySeat: seat, status: 'playing', toAct: [seat] }, withShields, legal)).toMatch(
      /Money back: tap one of your cards/,
    );
    expect(moneyNote(low(0), seat)).toMatch(/No shields left to flip back/);
    // The design's rules (scenarios): no income; the default table says what comes in each turn.
    expect(moneyNote(withShields, seat)).toMatch(/No income/);
    expect(moneyNote({ ...withShields, income: 1 }, seat)).toMatch(
      /\+\$1 at the start of your turn while your safe holds \$2 or less/,
    );
    expect(coachText('firstTurn', { income: 1, bossTruce: true })).toMatch(
      /you get \$1 at the start of your turn/,
    );
    expect(coachText('firstTurn', { income: 0, bossTruce: true })).toMatch(/There is no income/);
    // The truce is named only at a table that has it.
    expect(coachText('firstTurn', { income: 1, bossTruce: true })).toMatch(
      /While the opening truce holds, build your board/,
    );
    expect(coachText('firstTurn', { income: 1, bossTruce: false })).toMatch(/by itself\. Build your board/);
    expect(coachText('firstTurn', { income: 1, bossTruce: false })).not.toMatch(/truce/);
    // A safe above $2 needs no note; nor does another seat's turn.
    expect(moneyNote(pub, me)).toBe('');
    expect(moneyNote(withShields, 1 - seat)).toBe('');
  });
});
