import { describe, expect, it } from '@jest/globals';
import {
  andList,
  concerns,
  groupRepeats,
  marksYou,
  plainVerb,
  pluralName,
  tellStory,
  withCount,
} from './logGroups';

const NAMES = ['Ada', 'Bo', 'Bot 3', 'Bot 4'];
const story = (texts: string[], names = NAMES) =>
  tellStory(
    texts.map((text, at) => ({ text, at })),
    names,
  );
const told = (texts: string[], names = NAMES) => story(texts, names).map((l) => l.text);

describe('log grouping', () => {
  it('folds a run of identical lines into one with a count, keeping the order', () => {
    const lines = [
      'A Mint is produced for Bot 4',
      'A Mint is produced for Bot 4',
      'Ada buys a Fish Stall',
      'A Mint is produced for Bot 4',
    ].map((text, at) => ({ text, at }));
    const g = groupRepeats(lines).map((x) => withCount(x.line.text, x.count));
    expect(g).toEqual([
      'A Mint is produced for Bot 4 ×2',
      'Ada buys a Fish Stall',
      'A Mint is produced for Bot 4',
    ]);
    expect(groupRepeats(lines)[0]!.line.at).toBe(1);
  });
  it('marks the lines that name you (whole names only)', () => {
    expect(concerns('Bot 2 uses Pickpocket (target Alex)', 'Alex')).toBe(true);
    expect(concerns('Alexandra buys a Mint', 'Alex')).toBe(false);
    expect(concerns('Bot 1 buys a Mint', 'Bot 12')).toBe(false);
    expect(concerns('anything', undefined)).toBe(false);
  });
  it('marks a story line as yours, but not one that only counts you among several alike', () => {
    const names = ['Ada', 'Bo', 'Bot 3'];
    const story = tellStory(
      [
        { text: 'Ada has submitted' },
        { text: 'Bo has submitted' },
        { text: 'Bot 3 has submitted' },
        { text: 'Round 1 revealed: Assassination on Ada' },
        { text: 'Bo offers Ada a Non-Aggression Pact' },
        { text: 'Bot 3 offers Ada a Non-Aggression Pact' },
        { text: 'Ada takes control of ACME Bank' },
      ],
      names,
    );
    expect(story.map((s) => [s.text, marksYou(s, 'Ada')])).toEqual([
      ['Ada, Bo and Bot 3 have submitted', false],
      ['Round 1 revealed: Assassination on Ada', true],
      ['Bo and Bot 3 offer Ada a Non-Aggression Pact', true],
      ['Ada takes control of ACME Bank', true],
    ]);
    // Bo is among the offerers: it is what the others did too, not news for Bo.
    expect(marksYou(story[2]!, 'Bo')).toBe(false);
    expect(marksYou(story[0]!, undefined)).toBe(false);
  });

  it('words: lists, plain verbs and plural names', () => {
    expect(andList(['Ada'])).toBe('Ada');
    expect(andList(['Ada', 'Bo', 'Bot 3'])).toBe('Ada, Bo and Bot 3');
    expect(['passes', 'has', 'is', 'buys', 'carries', 'took'].map(plainVerb)).toEqual([
      'pass',
      'have',
      'are',
      'buy',
      'carry',
      null,
    ]);
    expect(['Mint', 'Fish Stall', 'Box', 'Battery'].map(pluralName)).toEqual([
      'Mints',
      'Fish Stalls',
      'Boxes',
      'Batteries',
    ]);
  });
});

describe('the story (different lines of one kind fold, every fact kept)', () => {
  it("one nday's passes fold into one line where the last pass stood, after everyone's actions", () => {
    const lines = [
      '[nweek 1, Breakday] A Lucky Charm is produced for Ada for m5',
      '[nweek 1, Breakday] Ada passes',
      '[nweek 1, Breakday] Bo bids m26 on Golden Statue',
      '[nweek 1, Breakday] Bo passes',
      '[nweek 1, Breakday] Bot 3 passes',
      '[nweek 1, Winday] Ada passes',
    ];
    expect(told(lines)).toEqual([
      '[nweek 1, Breakday] Ada produced a Lucky Charm (m5)',
      '[nweek 1, Breakday] Bo bids m26 on Golden Statue',
      '[nweek 1, Breakday] Ada, Bo and Bot 3 pass',
      '[nweek 1, Winday] Ada passes',
    ]);
    // The fold stands at its newest line (its time), and counts the lines it tells.
    expect(story(lines)[2]).toMatchObject({ line: { at: 4 }, count: 3 });
  });
  it("one player's purchases fold, alternating with another's: how many of each, at what price", () => {
    const lines = [
      '[nweek 2, Joel] A Mint is produced for Bot 4 for m20',
      '[nweek 2, Joel] A Wrench is produced for Bo for m10',
      '[nweek 2, Joel] A Mint is produced for Bot 4 for m20',
      '[nweek 2, Joel] Bot 4 activates Mint #9: Coin',
      '[nweek 2, Joel] A Mint is produced for Bot 4 for m20',
      '[nweek 2, Joel] An Anvil is produced for Bot 4 for m7',
      '[nweek 2, Joel] A Wrench is produced for Bo for m12',
    ];
    expect(told(lines)).toEqual([
      '[nweek 2, Joel] Bot 4 activates Mint #9: Coin',
      '[nweek 2, Joel] Bot 4 produced 3 Mints (m20 each) and an Anvil (m7)',
      '[nweek 2, Joel] Bo produced 2 Wrenches (m10, m12)',
    ]);
    expect(story(lines).reduce((n, l) => n + l.count, 0)).toBe(lines.length);
    // Each fold stands at its newest line: a ticker of the latest lines shows the last purchase.
    expect(story(lines).map((l) => l.line.at)).toEqual([3, 5, 6]);
  });
  it('a single purchase reads like a folded one, a later purchase moves its fold to the foot', () => {
    const lines = [
      '[nweek 1, Winday] A Lucky Charm is produced for Bot 4 for m5',
      '[nweek 1, Winday] An Anvil is produced for Ada for m7',
      '[nweek 1, Winday] Bo passes',
      '[nweek 1, Winday] A Mint is produced for Bot 4 for m20',
    ];
    expect(told(lines.slice(0, 2))).toEqual([
      '[nweek 1, Winday] Bot 4 produced a Lucky Charm (m5)',
      '[nweek 1, Winday] Ada produced an Anvil (m7)',
    ]);
    expect(told(lines)).toEqual([
      '[nweek 1, Winday] Ada produced an Anvil (m7)',
      '[nweek 1, Winday] Bo passes',
      '[nweek 1, Winday] Bot 4 produced a Lucky Charm (m5) and a Mint (m20)',
    ]);
    expect(story(lines).at(-1)!.line.at).toBe(3);
  });
  it("one player's same Power on several Devices folds; another Power or player stays apart", () => {
    expect(
      told([
        '[nweek 1, Winday] Bot 4 activates Mint #1: Coin (Tap): Gain m6',
        '[nweek 1, Winday] Bot 3 activates Mint #5: Coin (Tap): Gain m6',
        '[nweek 1, Winday] Bot 4 activates Mint #3: Coin (Tap): Gain m6',
        '[nweek 1, Winday] Bot 4 activates Wrench #4: Jam (Tap, Spend m2): Tap target Device (target Device #9)',
        '[nweek 1, Winday] Bot 4 activates Mint #7: Coin (Tap): Gain m6',
      ]),
    ).toEqual([
      '[nweek 1, Winday] Bot 3 activates Mint #5: Coin (Tap): Gain m6',
      '[nweek 1, Winday] Bot 4 activates Wrench #4: Jam (Tap, Spend m2): Tap target Device (target Device #9)',
      '[nweek 1, Winday] Bot 4 activates Mint #1, #3 and #7: Coin (Tap): Gain m6',
    ]);
  });
  it('without a stamp only neighbours fold (James Bland): submissions, votes, assets taken', () => {
    expect(
      told([
        'Ada has submitted',
        'Bo has submitted',
        'Bot 3 has submitted',
        'Round 1 revealed: Assassination on Bo',
        'Ada takes control of ACME Broadcast Station',
        'Ada takes control of ACME Bank',
        'Bo takes control of ACME Black Market',
        'Bot 4 has submitted',
        'Ada offers Bot 4 a Non-Aggression Pact',
        'Bo offers Bot 4 a Non-Aggression Pact',
        'Bot 3 took the ACME Black Market from Bo',
        'Bot 4 took the ACME Bank from Ada',
      ]),
    ).toEqual([
      'Ada, Bo and Bot 3 have submitted',
      'Round 1 revealed: Assassination on Bo',
      'Ada takes control of ACME Broadcast Station and ACME Bank',
      'Bo takes control of ACME Black Market',
      'Bot 4 has submitted',
      'Ada and Bo offer Bot 4 a Non-Aggression Pact',
      'Bot 3 took the ACME Black Market from Bo',
      'Bot 4 took the ACME Bank from Ada',
    ]);
  });
  it('keeps different deeds apart, longest names first, and counts a player repeating a deed', () => {
    expect(
      told([
        'Bot 3 passes',
        'Bot 3 passes',
        'Bo passes',
        'Ada votes for proposal #1',
        'Bo votes for proposal #2',
      ]),
    ).toEqual(['Bot 3 (×2) and Bo pass', 'Ada votes for proposal #1', 'Bo votes for proposal #2']);
    expect(told(['Ada passes', 'Ada passes'])).toEqual(['Ada passes ×2']);
    expect(told(['Round 2: planning', 'Round 2: planning'])).toEqual(['Round 2: planning ×2']);
  });
  it('never folds a fixed line (chat), nor folds across one without a stamp', () => {
    const lines = [
      { text: 'Ada passes', chat: false },
      { text: 'Bo passes', chat: true },
      { text: 'Bo passes', chat: false },
    ];
    expect(tellStory(lines, NAMES, (l) => l.chat).map((l) => l.text)).toEqual([
      'Ada passes',
      'Bo passes',
      'Bo passes',
    ]);
  });
});
