/**
 * James Bland test helpers: tables with real colyseus.js clients (and bots), a chooser that plays
 * from a seat's synced legal halves the way the planning panel does (one offense half + one defense
 * half, a banner text of its own), and a driver that plays whole matches one client action at a time.
 */
import { ClientMsg, ErrorCode } from '@parlor/shared';
import type { Plan as JamesBlandPlan, JamesBlandState } from '@parlor/shared/games/james-bland/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import { planCost } from '@parlor/shared/games/james-bland/planning';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { RATE_LIMIT_RETRY_MS, type StateJson, type Tracked, sleep, waitUntil } from '../helpers/clients';
import { lcg, waitSynced } from '../helpers/matchDriver';

type Payload = { type: string; plan?: JamesBlandPlan; [k: string]: unknown };

/** A banner no other string in the game contains: a secret until the reveal. */
export const bannerToken = (seat: number, round: number, match: number) => `Qz${seat}Kx${round}M${match}Wv`;

/**
 * `legal` is what the client holds (one plan per offense and per defense); `fullPlans` (planning
 * only) every plan the rules would accept, from which the chooser takes targets and parameters as
 * the planning panel lets a person pick them.
 */
export function jamesBlandChoice(
  legal: string[],
  state: StateJson,
  seat: number,
  random: () => number,
  fullPlans: JamesBlandPlan[] = [],
  match = 0,
): string {
  const parsed = legal.map((raw) => JSON.parse(raw) as Payload);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const of = (type: string) => parsed.filter((p) => p.type === type);
  const plans = of('plan').length ? fullPlans.map((plan) => ({ type: 'plan', plan })) : [];
  if (plans.length) {
    const ip: number = state.seats[seat].private.ip;
    const offenses = plans.filter((p) => p.plan!.defense === 'none' && p.plan!.offense !== 'safeTurn');
    const defenses = plans.filter((p) => p.plan!.offense === 'safeTurn' && p.plan!.defense !== 'none');
    const warfare = defenses.filter((p) => p.plan!.defense === 'informationWarfare');
    const off = offenses.length && random() < 0.8 ? pick(offenses).plan! : { offense: 'safeTurn' as const };
    const def =
      warfare.length && random() < 0.4
        ? warfare[0]!.plan!
        : defenses.length && random() < 0.7
          ? pick(defenses).plan!
          : { defense: 'none' as const };
    const base = plans.find((p) => p.plan!.offense === 'safeTurn' && p.plan!.defense === 'none')!.plan!;
    const { offense, target, target2 } = off as JamesBlandPlan;
    const { defense, position, suspect, partners, banner } = def as JamesBlandPlan;
    const offHalf = JSON.parse(JSON.stringify({ offense, target, target2 })) as Partial<JamesBlandPlan>;
    const defHalf = JSON.parse(JSON.stringify({ defense, position, suspect, partners, banner }));
    let plan: JamesBlandPlan = { ...base, ...offHalf, ...defHalf } as JamesBlandPlan;
    if (plan.banner)
      plan = { ...plan, banner: { ...plan.banner, text: bannerToken(seat, state.round, match) } };
    if (planCost(plan) > Math.max(0, ip)) plan = { ...base, ...offHalf } as JamesBlandPlan;
    if (planCost(plan) > Math.max(0, ip)) plan = base;
    return JSON.stringify({ type: 'plan', plan });
  }
  const banner = of('banner');
  if (banner.length) return JSON.stringify(pick(banner));
  const showdown = of('showdown');
  if (showdown.length) return JSON.stringify(pick(showdown));
  const ready = of('ready');
  const other = parsed.filter((p) => p.type !== 'ready');
  if (ready.length && (other.length === 0 || random() < 0.6)) return JSON.stringify(ready[0]);
  return JSON.stringify(pick(other.length ? other : parsed));
}

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
    const action = JSON.parse(
      jamesBlandChoice(legal, player.json(), human, random, fullPlans, o.seed ?? 7),
    ) as Payload;
    await o.beforeStep?.(human, action);
    for (;;) {
      const before = o.room.match!.record.actions.filter((a) => a.seat === human).length;
      const errors = player.errors.length;
      player.room.send(ClientMsg.action, action);
      await waitUntil(
        () =>
          o.room.match!.record.actions.filter((a) => a.seat === human).length > before ||
          player.errors.length > errors,
        'the action to be answered',
      );
      if (player.errors.length === errors) break;
      const error = player.errors.at(-1)!;
      if (error.code !== ErrorCode.RATE_LIMITED)
        throw new Error(`action refused: ${JSON.stringify(error)} for ${JSON.stringify(action)}`);
      // Refusals are answered once a second at most: wait past that window, or a second refusal
      // would go unanswered and look like a lost message.
      await sleep(RATE_LIMIT_RETRY_MS);
    }
    await waitSynced(o.room, o.watchers(), o.privateHidden);
    await o.afterStep?.(step, human, action);
  }
  throw new Error(`match not finished after ${maxSteps} steps`);
}
