/**
 * Issue 34: a Tactical Risk table chooses its AI pace. `watch` keeps the room's bot delay before every
 * AI move; `quick` gives each move a short think time, and the AI's own thinking (tens to hundreds of
 * ms per move) is not taken for a person's move that the next bot must wait REACTION_MS after.
 * A hand-driven clock: the scheduler's decisions, not the machine's speed.
 */
import { tacticalRisk } from '@parlor/shared/games/tactical-risk/index';
import { optionsSchema } from '@parlor/shared/games/tactical-risk/options';
import { QUICK_THINK_MS } from '@parlor/shared/games/tactical-risk/pace';
import { REACTION_MS, TurnScheduler } from '../../src/rooms/TurnScheduler';

const seats = [0, 1, 2, 3, 4].map((i) => ({ name: `Bot ${i}`, bot: true }));

test('the pace option: watch leaves the bot delay, quick gives a short think time', () => {
  const pace = tacticalRisk.table!.botPace!;
  expect(pace(tacticalRisk.setup(optionsSchema.parse({}), seats, 1))).toBeNull();
  const quick = pace(tacticalRisk.setup(optionsSchema.parse({ botPace: 'quick' }), seats, 1));
  expect(quick).toMatchObject({ thinkMs: QUICK_THINK_MS, gapMs: 0 });
  expect(QUICK_THINK_MS[1]).toBeLessThan(REACTION_MS / 4);
});

test('a quick AI that thinks 400 ms per move is not slowed to the reaction time of a person', () => {
  let now = 1_000_000;
  const queue: { at: number; run: () => void; live: boolean }[] = [];
  const timers = {
    setTimeout(run: () => void, ms: number) {
      const t = { at: now + ms, run, live: true };
      queue.push(t);
      return { clear: () => (t.live = false) };
    },
  };
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
  const quick = tacticalRisk.table!.botPace!(
    tacticalRisk.setup(optionsSchema.parse({ botPace: 'quick' }), seats, 1),
  )!;
  const acted: number[] = [];
  const scheduler = new TurnScheduler(
    timers,
    900,
    {
      onDeadline: () => undefined,
      onBotTurn: () => {
        now += 400; // the AI's own thinking, before its move is applied and the room re-evaluates
        acted.push(now);
        scheduler.updateBots([1], quick);
      },
    },
    () => 1,
  );
  scheduler.updateBots([1], quick);
  for (let i = 0; i < 40; i++) {
    const next = queue.filter((t) => t.live).sort((a, b) => a.at - b.at)[0]!;
    next.live = false;
    now = next.at;
    next.run();
  }
  spy.mockRestore();
  expect(acted.length).toBeGreaterThanOrEqual(10);
  // Each move: its think time (the drawn maximum here) after the last one's end, plus its own 400 ms.
  for (let i = 1; i < acted.length; i++) expect(acted[i]! - acted[i - 1]!).toBe(QUICK_THINK_MS[1] + 400);
});
