/**
 * Kingpin's hint words (explain.ts): each names the action the normal bot chose and gives its reason
 * (damage dealt, the threat a shield answers), and never names a card the seat cannot see.
 */
import { acceptedHere, hintSamples, wordsOf } from '../../../test/hintWords';
import { canonicalJson } from '../../core/playout';
import { cardDef } from './cards';
import { explainKingpin } from './explain';
import { kingpin } from './index';
import { scenario } from './testkit';
import { threatReport } from './threat';
import { view } from './view';
import type { KingpinAction, KingpinState } from './types';

const samples = hintSamples<KingpinState>(kingpin, {}, ['k1', 'k2', 'k3'], { seats: 3, every: 3 });

test('every hint is an action the rules accept, named with the cards it involves', () => {
  const types = new Set<string>();
  for (const { state, seat, hint } of samples) {
    const a = hint.action as KingpinAction;
    types.add(a.type);
    expect(acceptedHere(kingpin, state, seat, a)).toBe(true);
    expect(hint.why.length).toBeGreaterThan(15);
    expect(hint.label).not.toMatch(/[a-z]+_[a-z]+/); // no raw card ids ("boss_gangster")
    const pub = view(state, seat).public;
    if (a.type === 'attack') {
      const t = a.target;
      expect(hint.label).toContain(pub.players[t.seat]!.name);
      if (t.zone === 'board')
        expect(hint.label).toContain(cardDef(pub.players[t.seat]!.board[t.slot]!.id).name);
      expect(hint.why).toMatch(/damage|HP/);
    }
    if (a.type === 'buy' && a.source === 'reserve') expect(hint.label).toContain(cardDef(a.card).name);
    if (a.type === 'deploy') expect(hint.label).toContain(cardDef(a.card).name);
    if (a.type === 'safeToShield') {
      expect(hint.label).toContain(cardDef(pub.players[seat]!.board[a.slot]!.id).name);
      const worst = threatReport(pub, seat).cards.find((c) => c.slot === a.slot)?.worst;
      // The reason is the threat: who could hit the card next turn, and how hard.
      if (worst) expect(hint.why).toContain(`${pub.players[worst.seat]!.name} could deal`);
    }
  }
  expect([...types]).toEqual(expect.arrayContaining(['attack', 'buy', 'safeToShield', 'ammo']));
});

test("no hint names a card the seat cannot see (a rival's hand, the Draw Pile)", () => {
  let checked = 0;
  for (const { state, seat, hint } of samples) {
    const seen = canonicalJson(view(state, seat));
    const visibleNames = new Set(
      [...seen.matchAll(/"([a-z]+(?:_[a-z0-9]+)+)"/g)].flatMap((m) => {
        try {
          return [cardDef(m[1]!).name];
        } catch {
          return [];
        }
      }),
    );
    const hidden = [...state.drawPile, ...state.players.flatMap((p, i) => (i === seat ? [] : p.hand))]
      .filter((id) => !seen.includes(`"${id}"`))
      .map((id) => cardDef(id).name)
      .filter((name) => !visibleNames.has(name));
    for (const name of hidden) expect(wordsOf(hint)).not.toContain(name);
    checked += hidden.length;
  }
  expect(checked).toBeGreaterThan(100);
});

test('a shield on a threatened Boss: the hint says who could hit it, how hard, and what shields save', () => {
  const position = (bossHp: number) =>
    view(
      scenario({
        seats: [
          { board: [{ id: 'boss_gangster', shields: 0 }], safe: 8, turnsTaken: 3 },
          { board: ['boss_authority', 'gangster_valkyrie'], safe: 0, turnsTaken: 3 },
        ],
        turn: 0,
        options: { bossHp },
      }),
      0,
    );
  const lethal = explainKingpin(position(10), { type: 'safeToShield', slot: 0 });
  expect(lethal.label).toBe(`Put a shield on your ${cardDef('boss_gangster').name} (from your safe)`);
  expect(lethal.why).toMatch(
    /^Bo could deal 13 damage to your Gangster Boss next turn and destroy it; 4 shields more would save it\.$/,
  );
  const chip = explainKingpin(position(20), { type: 'safeToShield', slot: 0 });
  expect(chip.why).toBe(
    'Bo could deal 13 damage to your Gangster Boss next turn (13 HP); the shield saves 1 HP.',
  );
});
