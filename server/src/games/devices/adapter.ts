/** Devices on the platform: its schema, the one projection from its views, and its synced legal list. */
import type { ArraySchema, MapSchema, Schema } from '@colyseus/schema';
import {
  type DevicesAction,
  type DevicesOptions,
  type DevicesPrivate,
  type DevicesPublic,
  type DevicesState,
  type ProposalSpec,
  devices,
} from '@parlor/shared';
import type { BotPace, GameAdapter } from '../../rooms/GameAdapter';
import { assignChanged, syncArray, syncMap } from '../../rooms/sync';
import {
  DevicesBlueprintState,
  DevicesDeviceState,
  DevicesOfferState,
  DevicesPowerState,
  DevicesProposalState,
  DevicesRoomState,
  DevicesSeatState,
  type DevicesSpecState,
} from './schema';

type BotPaceName = NonNullable<DevicesOptions['botPace']>;
// Derived from the exported view type (deep imports do not resolve in the built server).
type PowerView = DevicesPublic['devices'][number]['powers'][number];
type Count = ProposalSpec['count'];

const countOf = (c: Count): number => (c === 'Infinite' ? -1 : c);

/** Index-synced list of schema objects: grows with `make`, shrinks with pop, writes only what differs. */
function syncObjects<T extends Schema, V>(
  list: ArraySchema<T>,
  values: readonly V[],
  make: () => T,
  write: (target: T, value: V) => void,
): void {
  while (list.length > values.length) list.pop();
  values.forEach((v, i) => {
    if (i >= list.length) list.push(make());
    write(list[i]!, v);
  });
}

/** Id-keyed map of schema objects: a new or removed entry patches that entry alone. */
function syncKeyed<T extends Schema, V extends { id: number }>(
  map: MapSchema<T>,
  values: readonly V[],
  make: () => T,
  write: (target: T, value: V) => void,
): void {
  const ids = new Set(values.map((v) => String(v.id)));
  for (const key of Array.from(map.keys())) if (!ids.has(key)) map.delete(key);
  for (const v of values) {
    const key = String(v.id);
    let target = map.get(key);
    if (!target) {
      target = make();
      map.set(key, target);
    }
    write(target, v);
  }
}

function syncPowers(list: ArraySchema<DevicesPowerState>, powers: readonly PowerView[]): void {
  syncObjects(
    list,
    powers,
    () => new DevicesPowerState(),
    (t, p) => assignChanged(t, p),
  );
}

function writeSpec(target: DevicesSpecState, spec: ProposalSpec): void {
  assignChanged(target, {
    name: spec.name,
    uniqueness: spec.uniqueness,
    count: countOf(spec.count),
    price: spec.price,
    startingPrice: spec.startingPrice ?? -1,
  });
  syncArray(target.powers, spec.powers);
  writeTraits(target, { attributes: spec.attributes ?? {}, properties: spec.properties ?? [] });
}

/** Attributes and Properties of a Blueprint, Device or proposal. */
function writeTraits(
  target: { attributes: string; properties: ArraySchema<string> },
  traits: { attributes: Record<string, string | number>; properties: readonly string[] },
): void {
  const json = JSON.stringify(traits.attributes);
  if (target.attributes !== json) target.attributes = json;
  syncArray(target.properties, traits.properties);
}

function projectPrivate(seat: DevicesSeatState, priv: DevicesPrivate | null): void {
  const p = seat.private;
  const draft = priv?.draft ?? null;
  assignChanged(p, {
    draftName: draft?.name ?? '',
    draftUniqueness: draft?.uniqueness ?? '',
    draftCount: draft ? countOf(draft.count) : -1,
    draftPrice: draft?.price ?? 0,
    draftStartingPrice: draft?.startingPrice ?? -1,
    submitted: priv?.submitted ?? false,
    actedThisNday: priv?.actedThisNday ?? 0,
  });
  syncArray(p.draftPowers, draft?.powers ?? []);
  const draftAttributes = JSON.stringify(draft?.attributes ?? {});
  if (p.draftAttributes !== draftAttributes) p.draftAttributes = draftAttributes;
  syncArray(p.draftProperties, draft?.properties ?? []);
  const powers: Record<string, string> = {};
  for (const s of priv?.powers ?? [])
    powers[`${s.device}/${s.power}`] = s.blocked
      ? JSON.stringify({ code: s.blocked.code, message: s.blocked.message })
      : '';
  syncMap(p.powers, powers);
}

export function projectDevices(
  state: DevicesRoomState,
  pub: DevicesPublic,
  privates: (DevicesPrivate | null)[],
): void {
  assignChanged(state, {
    nweek: pub.nweek,
    nday: pub.nday,
    ndayName: pub.ndayName,
    clockOn: pub.clockOn,
    window: pub.window,
    ndaySeconds: pub.ndaySeconds,
    nweeks: pub.nweeks,
    targetPoints: pub.targetPoints,
    botPace: pub.botPace,
    panicThreshold: pub.panicThreshold,
    emergency: pub.emergency !== null,
    emergencyClockWasOn: pub.emergency?.clockWasOn ?? false,
  });
  syncArray(
    state.emergencyVotes,
    (pub.emergency?.votes ?? []).map((v) => v ?? ''),
  );
  syncObjects(
    state.blueprints,
    pub.blueprints,
    () => new DevicesBlueprintState(),
    (t, b) => {
      assignChanged(t, {
        name: b.name,
        uniqueness: b.uniqueness,
        count: countOf(b.count),
        price: b.price,
        biddable: b.biddable,
        startingPrice: b.startingPrice ?? -1,
        biddingOpen: b.biddingOpen,
        highBidSeat: b.highBid?.seat ?? -1,
        highBidAmount: b.highBid?.amount ?? -1,
        winnerSeat: b.winner?.seat ?? -1,
        winnerAmount: b.winner?.amount ?? -1,
      });
      syncPowers(t.powers, b.powers);
      writeTraits(t, b);
    },
  );
  syncKeyed(
    state.devices,
    pub.devices,
    () => new DevicesDeviceState(),
    (t, d) => {
      assignChanged(t, {
        id: d.id,
        name: d.name,
        owner: d.owner,
        uniqueness: d.uniqueness,
        tapped: d.tapped,
      });
      syncPowers(t.powers, d.powers);
      writeTraits(t, d);
    },
  );
  syncKeyed(
    state.offers,
    pub.offers,
    () => new DevicesOfferState(),
    (t, o) => assignChanged(t, o),
  );
  syncObjects(
    state.proposals,
    pub.proposals,
    () => new DevicesProposalState(),
    (t, p) => {
      assignChanged(t, { id: p.id, author: p.author });
      writeSpec(t.spec, p.spec);
      syncArray(
        t.votes,
        p.votes.map((v) => (v === null ? -1 : v ? 1 : 0)),
      );
    },
  );
  pub.players.forEach((p, i) => {
    const seat = state.seats[i] as DevicesSeatState | undefined;
    if (!seat) return;
    assignChanged(seat, { money: p.money, points: p.points, passed: p.passed, panic: p.panic });
    projectPrivate(seat, privates[i] ?? null);
  });
}

/**
 * What of a seat's legal actions is synced. The full list names every target Device of every
 * targeting Power and every recipient of every offer: with 8 players and a hundred Devices that is
 * hundreds to thousands of entries per seat, rewritten on most actions. The synced list keeps one
 * entry per Power and choice of X and player (its first target Device: the rules treat every
 * Device alike as a target, see legal.ts) and one offer per Device (its first recipient). The
 * screen lets a player pick any target or recipient; the server judges it.
 */
export function devicesSyncedLegal(legal: DevicesAction[]): DevicesAction[] {
  const seen = new Set<string>();
  return legal.filter((a) => {
    let key: string | null = null;
    if (a.type === 'activate' && a.target !== undefined)
      key = `activate ${a.device} ${a.power} ${a.x ?? ''} ${a.player ?? ''}`;
    else if (a.type === 'offer') key = `offer ${a.device}`;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Think times per pace (ms); the gap keeps every bot move 1.5 s or more after another or the Clock. */
const THINK_MS: Record<BotPaceName, readonly [number, number]> = {
  relaxed: [4000, 7000],
  normal: [2500, 5000],
  quick: [1500, 3000],
};
export const BOT_GAP_MS = 1500;

/** Bots play like people: one at a time, after a think time, never on the heels of another. */
export function devicesBotPace(s: DevicesState): BotPace {
  return { thinkMs: THINK_MS[s.options.botPace ?? 'normal'], gapMs: BOT_GAP_MS, window: String(s.window) };
}

export const devicesAdapter: GameAdapter<
  DevicesState,
  DevicesAction,
  DevicesOptions,
  DevicesPublic,
  DevicesPrivate,
  DevicesRoomState,
  DevicesSeatState
> = {
  definition: devices,
  createState: () => new DevicesRoomState(),
  createSeat: () => new DevicesSeatState(),
  project: projectDevices,
  syncedLegal: devicesSyncedLegal,
  legalAsSet: true,
  // Only the table's host starts the Clock (whatever seat they sit in); the timer does otherwise.
  hostOnly: (a) => a.type === 'tick',
  botPace: devicesBotPace,
};
