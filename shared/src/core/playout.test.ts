/** The platform playout hands each seat's level to its bot (benches pit levels with it). */
import { bankout } from '../games/bankout/index';
import type { BankoutAction, BankoutPrivate, BankoutPublic } from '../games/bankout/types';
import type { Bot, BotLevel } from './contract';
import { playout } from './playout';

/** The Bankout bot, noting each level it is asked to play at. */
function recording(seen: Set<BotLevel | undefined>): Bot<BankoutAction, BankoutPublic, BankoutPrivate> {
  return {
    decide(view, legal, random, level) {
      seen.add(level);
      return bankout.bot.decide(view, legal, random, level);
    },
  };
}

const options = { mode: 'blitz' as const, jokers: false, turnSeconds: 0 };

test('each seat plays at its own level', () => {
  const seen: [Set<BotLevel | undefined>, Set<BotLevel | undefined>] = [new Set(), new Set()];
  const r = playout(bankout, options, 5, [recording(seen[0]), recording(seen[1])], {
    levels: ['easy', 'hard'],
  });
  expect(bankout.outcome(r.state)).not.toBeNull();
  expect([...seen[0]]).toEqual(['easy']);
  expect([...seen[1]]).toEqual(['hard']);
});

test('without levels every bot is asked without one (it plays normal), and the match replays exactly', () => {
  const seen = new Set<BotLevel | undefined>();
  const a = playout(bankout, options, 6, [recording(seen), recording(seen)]);
  expect([...seen]).toEqual([undefined]);
  const b = playout(bankout, options, 6, [bankout.bot, bankout.bot], { levels: ['normal', 'normal'] });
  expect(b.actions).toEqual(a.actions);
});
