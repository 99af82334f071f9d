/**
 * Race with a bot that thinks until the test says so: in a bot thread (bots/botWorker.ts loads this
 * file and adds `workerGames`), its decision waits on a gate the test opens (a SharedArrayBuffer the
 * pool hands over): slot 0 is the gate (0 shut), slot 1 counts the decisions that reached it. In
 * process there is no gate and it decides at once, so a test that sees it still thinking while
 * another table plays shows the decision really ran off the loop.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { raceAdapter, raceGame } from './fixtureGame';

export const GATE_OPEN = 0;
export const GATE_REACHED = 1;

export function newGate(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(8));
}

export const gatedRace: typeof raceGame = {
  ...raceGame,
  id: 'race-gated',
  bot: {
    decide: (view, legal, random, level) => {
      const gate = isMainThread ? undefined : (workerData as { shared?: Int32Array }).shared;
      if (gate) {
        Atomics.add(gate, GATE_REACHED, 1);
        Atomics.wait(gate, GATE_OPEN, 0, 30_000);
      }
      return raceGame.bot.decide(view, legal, random, level);
    },
  },
};

export const gatedRaceAdapter = { ...raceAdapter, definition: gatedRace } as typeof raceAdapter;

/** What the bot threads add to the registry's games. */
export const workerGames = [gatedRace];
