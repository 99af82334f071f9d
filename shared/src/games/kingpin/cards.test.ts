import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BOSS_IDS, CARD_TABLE, DECK_IDS, cardDef } from './cards';
import { parseCardsCsv, parseModifiers, splitCsvLine } from './config/parse';

const CSV = path.join(__dirname, 'config', 'cards.csv');
/** The designer's card figures, copied into the repository (testdata/README.md): never skipped. */
const REFERENCE = path.join(__dirname, 'testdata', 'cards-reference.csv');

describe('Kingpin card table', () => {
  test('the generated module equals a fresh parse of config/cards.csv', () => {
    expect(CARD_TABLE).toEqual(parseCardsCsv(readFileSync(CSV, 'utf8')));
  });

  test('deck counts follow the design: 18 clan, 6 solo, 3 unique, 10 events, 3 Bosses', () => {
    const deck = DECK_IDS.map(cardDef);
    expect(deck).toHaveLength(37);
    const clanCards = deck.filter((c) => c.type === 'common' && c.clan !== 'solo');
    expect(clanCards).toHaveLength(18);
    expect(deck.filter((c) => c.type === 'common' && c.clan === 'solo')).toHaveLength(6);
    expect(deck.filter((c) => c.type === 'unique')).toHaveLength(3);
    expect(deck.filter((c) => c.type === 'event')).toHaveLength(10);
    expect(BOSS_IDS).toHaveLength(3);
    for (const clan of ['gangsters', 'authorities', 'loners'] as const) {
      expect(clanCards.filter((c) => c.clan === clan)).toHaveLength(6);
      // with its unique card and its Boss: 8 per clan
      const all = CARD_TABLE.filter((c) => c.clan === clan && c.type !== 'token');
      expect(all).toHaveLength(8);
      expect(all.filter((c) => c.type === 'unique')).toHaveLength(1);
      expect(all.filter((c) => c.type === 'boss')).toHaveLength(1);
    }
    expect(CARD_TABLE.filter((c) => c.type === 'token')).toHaveLength(4);
  });

  test('every card has its own text and unique id', () => {
    expect(new Set(CARD_TABLE.map((c) => c.id)).size).toBe(CARD_TABLE.length);
    for (const c of CARD_TABLE) expect(c.text.length).toBeGreaterThan(5);
  });

  test('CSV parsing: quoted fields, modifiers as magnitudes, unknown modifiers refused', () => {
    expect(splitCsvLine('a,"b, c",d')).toEqual(['a', 'b, c', 'd']);
    expect(splitCsvLine('"say ""hi""",x')).toEqual(['say "hi"', 'x']);
    expect(parseModifiers('enemy_shields:-2;atk_per_hack:+1;unbribable')).toEqual({
      enemy_shields: 2,
      atk_per_hack: 1,
      unbribable: 1,
    });
    expect(() => parseModifiers('fly:1')).toThrow(/unknown modifier/);
  });

  test("figures match the designer's reference table", () => {
    const lines = readFileSync(REFERENCE, 'utf8').split(/\r?\n/).filter(Boolean).slice(1);
    expect(lines).toHaveLength(CARD_TABLE.length);
    for (const line of lines) {
      const f = splitCsvLine(line);
      const c = cardDef(f[0]!);
      expect([c.name, c.type, c.hp, c.atk, c.price, c.corruption, c.defend, c.rage]).toEqual([
        f[1],
        f[2],
        Number(f[5]),
        Number(f[6]),
        Number(f[7]),
        Number(f[8]),
        Number(f[9]),
        Number(f[10]),
      ]);
      expect(c.clan ?? 'n/a').toBe(f[3]);
      expect(c.faction ?? 'n/a').toBe(f[4]);
      expect(c.modifiers).toEqual(parseModifiers(f[11]!));
      expect(c.inDeck).toBe(f[12] === 'yes');
    }
  });
});
