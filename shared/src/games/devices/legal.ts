/**
 * The actions a seat may send now, for buttons, bots and fuzzers. Open-ended actions are sampled:
 * bids of Price + 1 and + 5, X of 1 and 5, one Point converted, and a template draft (the client's
 * editor builds any other). Everything listed is accepted by `apply` (see the property tests).
 */
import type { SeatIndex } from '../../core/contract';
import { checkActivation, needs, uniquenessBreach } from '../../devices-engine';
import { BALLOTDAY } from './calendar';
import { choicesOpen } from './emergency';
import { checkDraft, checkSubmit } from './proposals';
import { ctxOf } from './state';
import type { DevicesAction, DevicesState, ProposalSpec } from './types';

export const BID_STEPS = [1, 5];
export const X_SAMPLES = [1, 5];

/** The draft a seat gets from the legal list: a modest income Device with a name of its own. */
export function templateDraft(s: DevicesState, seat: number): ProposalSpec {
  return {
    name: `Workshop ${String.fromCharCode(65 + seat)}${s.nweek}`,
    uniqueness: 'Player',
    count: 'Infinite',
    price: 15,
    powers: ['Work (Tap): Gain m4'],
  };
}

function activations(s: DevicesState, seat: number): DevicesAction[] {
  const out: DevicesAction[] = [];
  const e = s.engine;
  const ctx = ctxOf(s, []);
  const others = s.names.map((_, i) => i).filter((i) => i !== seat);
  for (const d of e.devices) {
    if (d.owner !== seat || d.tapped) continue;
    for (const p of d.powers) {
      const need = needs(p);
      const xs = need.x ? X_SAMPLES : [undefined];
      const players = need.player ? others : [undefined];
      const targets = need.device ? e.devices.map((t) => t.id) : [undefined];
      for (const x of xs)
        for (const player of players)
          for (const target of targets) {
            const a = {
              device: d.id,
              power: p.name,
              ...(x !== undefined ? { x } : {}),
              ...(player !== undefined ? { player } : {}),
              ...(target !== undefined ? { target } : {}),
            };
            if (!checkActivation(e, seat, a, true, ctx)) out.push({ type: 'activate', ...a });
          }
    }
  }
  return out;
}

export function legalActions(s: DevicesState, seat: SeatIndex): DevicesAction[] {
  if (s.phase === 'finished' || !Number.isInteger(seat) || seat < 0 || seat >= s.names.length) return [];
  const out: DevicesAction[] = [];
  if (seat === 0) out.push({ type: 'tick', window: s.window });
  out.push({ type: 'panic', on: !s.panic[seat] });
  if (s.phase === 'emergency') {
    for (const choice of choicesOpen(s))
      if (s.emergency!.votes[seat] !== choice) out.push({ type: 'emergencyVote', choice });
    return out;
  }
  if (s.clockOn && !s.passed[seat]) out.push({ type: 'pass' });
  const e = s.engine;
  const me = e.wallets[seat]!;
  for (const b of e.blueprints) {
    const free = !uniquenessBreach(e, b.name, b.uniqueness, seat);
    if (!b.biddable && me.money >= b.price && free) out.push({ type: 'purchase', blueprint: b.name });
    if (b.biddingOpen && free)
      for (const step of BID_STEPS) out.push({ type: 'bid', blueprint: b.name, amount: b.price + step });
  }
  if (s.clockOn) out.push(...activations(s, seat));
  for (const d of e.devices) {
    if (d.owner !== seat) continue;
    out.push({ type: 'destroy', device: d.id });
    for (let to = 0; to < s.names.length; to++)
      if (to !== seat && !e.offers.some((o) => o.device === d.id && o.to === to))
        out.push({ type: 'offer', device: d.id, to });
  }
  for (const o of e.offers) {
    if (o.to === seat) {
      const d = e.devices.find((x) => x.id === o.device)!;
      if (!uniquenessBreach(e, d.name, d.uniqueness, seat, d.id)) out.push({ type: 'accept', offer: o.id });
    }
    if (o.to === seat || o.from === seat) out.push({ type: 'decline', offer: o.id });
  }
  if (me.score >= 1) out.push({ type: 'convert', points: 1 });
  if (!s.drafts[seat] && s.submittedIn[seat] !== s.nweek) {
    const spec = templateDraft(s, seat);
    if (!checkDraft(s, spec)) out.push({ type: 'draft', spec });
  }
  if (!checkSubmit(s, seat)) out.push({ type: 'submit' });
  if (s.nday === BALLOTDAY)
    for (const p of s.proposals)
      if (p.votes[seat] === null) {
        out.push({ type: 'vote', proposal: p.id, yes: true });
        out.push({ type: 'vote', proposal: p.id, yes: false });
      }
  return out;
}
