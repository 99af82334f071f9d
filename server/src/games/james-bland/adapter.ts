/** James Bland on the platform: its schema and the one projection from its views. */
import {
  type JamesBlandAction,
  type JamesBlandOptions,
  type JamesBlandPrivate,
  type JamesBlandPublic,
  type JamesBlandState,
  jamesBland,
} from '@parlor/shared';
import type { GameAdapter } from '../../rooms/GameAdapter';
import { assignChanged, syncArray } from '../../rooms/sync';
import { JamesBlandRoomState, JamesBlandSeatState } from './schema';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function projectJamesBland(
  state: JamesBlandRoomState,
  pub: JamesBlandPublic,
  privates: (JamesBlandPrivate | null)[],
): void {
  assignChanged(state, {
    mode: pub.mode,
    round: pub.round,
    roundLimit: pub.roundLimit,
    planningMs: pub.planningMs,
    assetOwners: JSON.stringify(pub.assets),
    pacts: JSON.stringify(pub.pacts),
    offers: JSON.stringify(pub.offers),
    reveal: json(pub.reveal),
    showdown: json(pub.showdown),
    summary: pub.summary,
  });
  syncArray(state.bannerWaiting, pub.bannerWaiting);
  syncArray(state.winners, pub.winners);
  pub.agents.forEach((a, i) => {
    const seat = state.seats[i] as JamesBlandSeatState | undefined;
    if (!seat) return;
    assignChanged(seat, {
      agentStatus: a.status,
      exposed: a.exposed,
      bugged: a.bugged,
      stuck: a.stuck,
      ghost: a.ghost,
      captures: a.captures,
      submitted: a.submitted,
      ready: a.ready,
      codename: a.codename ?? '',
      factsMissing: a.factsMissing ?? -1,
      networkHeld: a.networkHeld,
    });
    syncArray(seat.assets, a.assets);
    syncArray(seat.revealedGadgets, a.revealedGadgets);
    const p = privates[i];
    assignChanged(seat.private, {
      ip: p?.ip ?? 0,
      codename: p?.codename ?? '',
      safeHouse: p?.safeHouse ?? '',
      favouriteGadget: p?.favouriteGadget ?? '',
      masterPlan: p?.masterPlan ?? '',
      gadgets: JSON.stringify(p?.gadgets ?? []),
      cards: JSON.stringify(p?.cards ?? []),
      dossier: JSON.stringify(p?.dossier ?? []),
      plan: json(p?.plan),
      bannerPrompt: p?.bannerPrompt ?? false,
      cameraView: json(p?.cameraView),
      coordination: json(p?.coordination),
    });
    syncArray(seat.private.notes, p?.notes ?? []);
  });
}

/**
 * The legal plans are every offense x defense x target combination (hundreds with six agents), and
 * Coordinated Operation offers every partner x target: the seat gets one entry per offense and one
 * per defense it may choose now (each an exact plan the rules accept: that half with a Safe Turn or
 * no defense), and one coordination offer per partner. The planning panel composes the rest (any
 * target, parameters, several Alliance Building partners) and the shop lets the player choose the
 * Coordinated Operation's target; the room passes whatever is sent to the rules, which judge it.
 * Bots and timers use the full list on the server.
 */
export function syncedJamesBlandLegal(legal: JamesBlandAction[]): JamesBlandAction[] {
  const seen = new Set<string>();
  return legal.filter((a) => {
    let key: string | null = null;
    if (a.type === 'plan') {
      if (a.plan.defense !== 'none' && a.plan.offense !== 'safeTurn') return false;
      key = a.plan.defense === 'none' ? `o:${a.plan.offense}` : `d:${a.plan.defense}`;
    } else if (a.type === 'offerCoordination') key = `c:${a.to}`;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const jamesBlandAdapter: GameAdapter<
  JamesBlandState,
  JamesBlandAction,
  JamesBlandOptions,
  JamesBlandPublic,
  JamesBlandPrivate,
  JamesBlandRoomState,
  JamesBlandSeatState
> = {
  definition: jamesBland,
  createState: () => new JamesBlandRoomState(),
  createSeat: () => new JamesBlandSeatState(),
  project: projectJamesBland,
  syncedLegal: syncedJamesBlandLegal,
  legalAsSet: true,
};
