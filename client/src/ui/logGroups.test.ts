import { describe, expect, it } from '@jest/globals';
import { concerns, groupRepeats, withCount } from './logGroups';

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
});
