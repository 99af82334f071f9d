/**
 * The one place that reads Devices' fields from the decoded room state: it rebuilds the plain
 * DevicesPublic / DevicesPrivate views the scene renders (the shapes the rules' view() gives).
 */
import type { GameView } from '@parlor/shared/core/contract';
import type { ProductionCount, Uniqueness } from '@parlor/shared/devices-engine';
import type {
  BotPaceName,
  DevicesPhase,
  DevicesPrivate,
  DevicesPublic,
  EmergencyChoice,
  PowerStatus,
  PowerView,
  ProposalSpec,
  Traits,
} from '@parlor/shared/games/devices/types';
import { arr, bool, num, obj, parseJson, str } from '../../net/stateAdapter';
import type { PlainState } from '../types';

export type DevicesView = GameView<DevicesPublic, DevicesPrivate>;

const count = (v: unknown): ProductionCount => (num(v, -1) < 0 ? 'Infinite' : num(v));
const orNull = (v: unknown): number | null => (num(v, -1) < 0 ? null : num(v));
const powersOf = (v: unknown): PowerView[] =>
  arr(v).map((p) => ({ name: str(obj(p).name), text: str(obj(p).text) }));
const byId = <T extends { id: number }>(list: T[]): T[] => list.sort((a, b) => a.id - b.id);
const seatOrNull = (seat: unknown, amount: unknown) =>
  num(seat, -1) >= 0 ? { seat: num(seat), amount: num(amount) } : null;

/** Attributes (a JSON string) and Properties of a Blueprint, Device or proposal. */
function traitsOf(attributes: unknown, properties: unknown): Traits {
  return {
    attributes: parseJson<Record<string, string | number>>(attributes, {}) ?? {},
    properties: arr(properties).map((p) => str(p)),
  };
}

function specOf(s: PlainState): ProposalSpec {
  const start = orNull(s.startingPrice);
  const traits = traitsOf(s.attributes, s.properties);
  return {
    name: str(s.name),
    uniqueness: str(s.uniqueness, 'Non-Unique') as Uniqueness,
    count: count(s.count),
    price: num(s.price),
    ...(start !== null ? { startingPrice: start } : {}),
    powers: arr(s.powers).map((p) => str(p)),
    ...(Object.keys(traits.attributes).length ? { attributes: traits.attributes } : {}),
    ...(traits.properties.length ? { properties: traits.properties } : {}),
  };
}

function draftTraits(m: PlainState): Partial<Traits> {
  const t = traitsOf(m.draftAttributes, m.draftProperties);
  return {
    ...(Object.keys(t.attributes).length ? { attributes: t.attributes } : {}),
    ...(t.properties.length ? { properties: t.properties } : {}),
  };
}

export function devicesViewFromState(state: PlainState, seat: number): DevicesView {
  const seats = arr(state.seats).map(obj);
  const emergency = bool(state.emergency);
  const pub: DevicesPublic = {
    nweek: num(state.nweek, 1),
    nday: num(state.nday, 1),
    ndayName: str(state.ndayName),
    clockOn: bool(state.clockOn),
    phase: str(state.phase, 'clockOff') as DevicesPhase,
    window: num(state.window),
    ndaySeconds: num(state.ndaySeconds, 45),
    nweeks: num(state.nweeks, 4),
    targetPoints: num(state.targetPoints, 30),
    botPace: (str(state.botPace, 'normal') || 'normal') as BotPaceName,
    players: seats.map((s) => ({
      name: str(s.name),
      money: num(s.money),
      points: num(s.points),
      passed: bool(s.passed),
      panic: bool(s.panic),
    })),
    blueprints: arr(state.blueprints).map((v) => {
      const b = obj(v);
      return {
        name: str(b.name),
        uniqueness: str(b.uniqueness, 'Non-Unique') as Uniqueness,
        count: count(b.count),
        price: num(b.price),
        biddable: bool(b.biddable),
        startingPrice: orNull(b.startingPrice),
        biddingOpen: bool(b.biddingOpen),
        highBid: seatOrNull(b.highBidSeat, b.highBidAmount),
        winner: seatOrNull(b.winnerSeat, b.winnerAmount),
        powers: powersOf(b.powers),
        ...traitsOf(b.attributes, b.properties),
      };
    }),
    devices: byId(
      Object.values(obj(state.devices)).map((v) => {
        const d = obj(v);
        return {
          id: num(d.id),
          name: str(d.name),
          owner: num(d.owner, -1),
          uniqueness: str(d.uniqueness, 'Non-Unique') as Uniqueness,
          tapped: bool(d.tapped),
          powers: powersOf(d.powers),
          ...traitsOf(d.attributes, d.properties),
        };
      }),
    ),
    offers: byId(
      Object.values(obj(state.offers)).map((v) => {
        const o = obj(v);
        return {
          id: num(o.id),
          device: num(o.device),
          from: num(o.from, -1),
          to: num(o.to, -1),
          money: num(o.money),
          points: num(o.points),
        };
      }),
    ),
    proposals: arr(state.proposals).map((v) => {
      const p = obj(v);
      return {
        id: num(p.id),
        author: num(p.author, -1),
        spec: specOf(obj(p.spec)),
        votes: arr(p.votes).map((x) => (num(x, -1) < 0 ? null : num(x) === 1)),
      };
    }),
    panicThreshold: num(state.panicThreshold, 2),
    emergency: emergency
      ? {
          votes: arr(state.emergencyVotes).map((x) => (str(x) ? (str(x) as EmergencyChoice) : null)),
          clockWasOn: bool(state.emergencyClockWasOn),
        }
      : null,
    outcome: null,
  };
  const mine = seat >= 0 ? seats[seat]?.private : undefined;
  let priv: DevicesPrivate | null = null;
  if (mine && typeof mine === 'object') {
    const m = obj(mine);
    const draftName = str(m.draftName);
    const start = orNull(m.draftStartingPrice);
    const powers: PowerStatus[] = Object.entries(obj(m.powers)).map(([key, value]) => {
      const cut = key.indexOf('/');
      const blocked = parseJson<{ code: string; message: string } | null>(value, null);
      return {
        device: Number(key.slice(0, cut)),
        power: key.slice(cut + 1),
        blocked: blocked ? { code: blocked.code, message: blocked.message } : null,
      };
    });
    priv = {
      seat,
      draft: draftName
        ? {
            name: draftName,
            uniqueness: str(m.draftUniqueness, 'Non-Unique') as Uniqueness,
            count: count(m.draftCount),
            price: num(m.draftPrice),
            ...(start !== null ? { startingPrice: start } : {}),
            powers: arr(m.draftPowers).map((p) => str(p)),
            ...draftTraits(m),
          }
        : null,
      submitted: bool(m.submitted),
      powers,
      actedThisNday: num(m.actedThisNday),
    };
  }
  return { public: pub, private: priv };
}
