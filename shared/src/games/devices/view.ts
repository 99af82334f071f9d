/**
 * The single place that decides hidden information. Everything in the RFC is public; the only
 * secret is a seat's draft proposal until it is submitted. Never shown: the rng, the week-start
 * snapshot.
 */
import type { GameView, Viewer } from '../../core/contract';
import type { Power } from '../../devices-engine';
import { MACKEREL, printPower } from '../../devices-engine';
import { ndayName } from './calendar';
import { powerStatus } from './legal';
import { phaseOf } from './rules';
import { panicThreshold, priceOf } from './state';
import type { DevicesPhase, DevicesPrivate, DevicesPublic, DevicesState, PowerView } from './types';

function powerViews(powers: Power[]): PowerView[] {
  return powers.map((p) => ({ name: p.name, text: printPower(p, MACKEREL) }));
}

export function view(s: DevicesState, viewer: Viewer): GameView<DevicesPublic, DevicesPrivate> {
  const e = s.engine;
  const pub: DevicesPublic = {
    nweek: s.nweek,
    nday: s.nday,
    ndayName: ndayName(s.nday),
    clockOn: s.clockOn,
    phase: phaseOf(s) as DevicesPhase,
    window: s.window,
    ndaySeconds: s.options.ndaySeconds,
    nweeks: s.options.nweeks,
    targetPoints: s.options.targetPoints,
    botPace: s.options.botPace ?? 'normal',
    players: s.names.map((name, i) => ({
      name,
      money: e.wallets[i]!.money,
      points: e.wallets[i]!.score,
      passed: s.passed[i]!,
      panic: s.panic[i]!,
    })),
    blueprints: e.blueprints.map((b) => ({
      name: b.name,
      uniqueness: b.uniqueness,
      count: b.count,
      price: b.price,
      biddable: b.biddable,
      startingPrice: b.startingPrice,
      biddingOpen: b.biddingOpen,
      highBid: b.highBid ? { ...b.highBid } : null,
      winner: b.winner ? { ...b.winner } : null,
      powers: powerViews(b.definition.powers),
      attributes: { ...b.definition.attributes },
      properties: [...b.definition.properties],
    })),
    devices: e.devices.map((d) => ({
      id: d.id,
      name: d.name,
      owner: d.owner,
      uniqueness: d.uniqueness,
      tapped: d.tapped,
      powers: powerViews(d.powers),
      attributes: { ...d.attributes },
      properties: [...d.properties],
    })),
    offers: e.offers.map((o) => ({ ...o, ...priceOf(s, o.id) })),
    proposals: structuredClone(s.proposals),
    panicThreshold: panicThreshold(s),
    emergency: s.emergency ? structuredClone(s.emergency) : null,
    outcome: s.outcome ? structuredClone(s.outcome) : null,
  };
  const seat = typeof viewer === 'number' && viewer >= 0 && viewer < s.names.length ? viewer : -1;
  if (seat < 0) return { public: pub, private: null };
  const draft = s.drafts[seat];
  return {
    public: pub,
    private: {
      seat,
      draft: draft ? structuredClone(draft) : null,
      submitted: s.submittedIn[seat] === s.nweek,
      powers: powerStatus(s, seat),
      actedThisNday: s.acted?.[seat] ?? 0,
    },
  };
}
