/**
 * James Bland test helpers: a driver that plays whole matches one client action at a time, with real
 * colyseus.js clients (and bots), choosing as its test plan's chooser does
 * (shared/src/games/james-bland/testPlan.ts: the way the planning panel lets a person plan).
 */
import { ClientMsg, decodeView } from '@parlor/shared';
import type { JamesBlandAction, JamesBlandState, Plan } from '@parlor/shared/games/james-bland/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import { jamesBlandChoice } from '@parlor/shared/games/james-bland/testPlan';
import { jamesBlandViewShape } from '@parlor/shared/games/james-bland/viewShape';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, sendAnswered, waitUntil } from '../helpers/clients';
import { lcg, waitSynced } from '../helpers/matchDriver';

type Payload = { type: string; plan?: Plan; [k: string]: unknown };

export { bannerToken } from '@parlor/shared/games/james-bland/testPlan';

export interface DriveJb {
  room: GameRoom;
  /** Real clients by seat (undefined = a bot seat). */
  players: (Tracked | undefined)[];
  watchers: () => { t: Tracked; seat: number }[];
  seed?: number;
  maxSteps?: number;
  privateHidden?: boolean;
  /** Before each action (everyone synced): the seat about to act and its payload. */
  beforeStep?: (seat: number, action: Payload) => Promise<void> | void;
  afterStep?: (step: number, seat: number, action: Payload) => Promise<void> | void;
}

/** Plays until the match is finished (bots act by themselves); returns the client actions sent. */
export async function driveJamesBland(o: DriveJb): Promise<number> {
  const random = lcg(o.seed ?? 7);
  const maxSteps = o.maxSteps ?? 2000;
  await waitSynced(o.room, o.watchers(), o.privateHidden);
  for (let step = 0; step < maxSteps; step++) {
    if (o.room.state.status !== 'playing') return step;
    const human = [...o.room.state.toAct].find((s) => o.players[s] !== undefined);
    if (human === undefined) {
      // Only bots are waited for: they act on their own.
      const before = o.room.match!.record.actions.length;
      await waitUntil(
        () => o.room.match!.record.actions.length > before || o.room.state.status !== 'playing',
        'the bots to act',
      );
      await waitSynced(o.room, o.watchers(), o.privateHidden);
      step--;
      continue;
    }
    const player = o.players[human]!;
    const legal: string[] = [...player.json().seats[human].private.legal];
    if (legal.length === 0) throw new Error(`seat ${human} is to act but has no legal action`);
    const full = jamesBland.legalActions(o.room.match!.state as JamesBlandState, human);
    const fullPlans = full.flatMap((a) => (a.type === 'plan' ? [a.plan] : []));
    const view = decodeView(jamesBlandViewShape, player.json(), human);
    const parsed = legal.map((l) => JSON.parse(l) as JamesBlandAction);
    const action = jamesBlandChoice(parsed, view, human, random, fullPlans, o.seed ?? 7) as Payload;
    await o.beforeStep?.(human, action);
    const mine = () => o.room.match!.record.actions.filter((a) => a.seat === human).length;
    const before = mine();
    await sendAnswered(
      player,
      ClientMsg.action,
      action,
      () => mine() > before,
      `seat ${human}'s ${action.type}`,
    );
    await waitSynced(o.room, o.watchers(), o.privateHidden);
    await o.afterStep?.(step, human, action);
  }
  throw new Error(`match not finished after ${maxSteps} steps`);
}
