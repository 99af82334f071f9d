/** A finished match file of a real game, played by the game's own bot in every seat (seeded). */
import { Random, gameById, seedRng } from '@parlor/shared';

export interface BotMatchFile {
  format: 'parlor-match';
  v: 1;
  game: string;
  tableName: string;
  options: unknown;
  seed: number;
  seats: { name: string; bot: boolean }[];
  actions: { seat: number; action: unknown; at: number }[];
  outcome: { winners: number[]; summary: string; scores?: number[] };
  startedAt: number;
  finishedAt: number;
}

export function botMatchFile(gameId: string, seed: number, seatCount = 2): BotMatchFile {
  const def = gameById(gameId)!;
  const seats = Array.from({ length: seatCount }, (_, i) => ({ name: `Bot ${i + 1}`, bot: true }));
  const options = def.optionsSchema.parse({});
  let state = def.setup(options, seats, seed);
  const random = new Random(seedRng(seed ^ 0x5eed));
  const actions: BotMatchFile['actions'] = [];
  const startedAt = 1_700_000_000_000 + seed;
  while (!def.outcome(state)) {
    if (actions.length > 20_000) throw new Error(`${gameId} seed ${seed} does not end`);
    const seat = def.toAct(state)[0]!;
    const action = def.bot.decide(def.view(state, seat), def.legalActions(state, seat), () => random.float());
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(`the bot's action was refused: ${r.error.code}`);
    state = r.state;
    actions.push({ seat, action, at: startedAt + actions.length * 1000 });
  }
  return {
    format: 'parlor-match',
    v: 1,
    game: gameId,
    tableName: `Bots ${seed}`,
    options,
    seed,
    seats,
    actions,
    outcome: def.outcome(state)!,
    startedAt,
    finishedAt: startedAt + actions.length * 1000,
  };
}
