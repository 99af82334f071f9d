/**
 * The actions a seat may send now, for buttons, bots and fuzzers. Open-ended actions are sampled:
 * bids of Price + 1 and + 5, X of 1 and 5, one Point converted, and a few template drafts (the client's
 * editor builds any other). Everything listed is accepted by `apply` (see the property tests).
 */
import type { SeatIndex } from '../../core/contract';
import type { RuleError } from '../../core/contract';
import type { Activation, Device, Power } from '../../devices-engine';
import { checkActivation, needs, ruleError, uniquenessBreach } from '../../devices-engine';
import { BALLOTDAY } from './calendar';
import { isLegacy } from './edition';
import { choicesOpen } from './emergency';
import { checkDraft, checkSubmit } from './proposals';
import { cannotPay } from './rules';
import { ctxOf, priceOf } from './state';
import type { DevicesAction, DevicesState, PowerStatus, ProposalSpec } from './types';

export const BID_STEPS = [1, 5];
export const X_SAMPLES = [1, 5];

/**
 * The drafts a seat gets from the legal list: a few modest Blueprints (bots draw among them, so they
 * do not all propose the same), each with a name of its own (seat letter and nweek). The first, the
 * Workshop, is the template the editor starts from.
 */
export const DRAFT_TEMPLATES: readonly ProposalSpec[] = [
  { name: 'Workshop', uniqueness: 'Player', count: 'Infinite', price: 15, powers: ['Work (Tap): Gain m4'] },
  { name: 'Foundry', uniqueness: 'Player', count: 'Infinite', price: 22, powers: ['Cast (Tap): Gain m6'] },
  { name: 'Kiosk', uniqueness: 'Player', count: 'Infinite', price: 10, powers: ['Sell (Tap): Gain m3'] },
  {
    name: 'Gallery',
    uniqueness: 'Player',
    count: 'Infinite',
    price: 30,
    powers: ['Admire (Tap): Gain 1 Points'],
  },
  {
    name: 'Tollgate',
    uniqueness: 'Player',
    count: 'Infinite',
    price: 18,
    powers: ['Toll (Tap): Take m3 from target Player'],
  },
];

export function templateDrafts(s: DevicesState, seat: number): ProposalSpec[] {
  // Edition 1 listed the Workshop alone.
  const templates = isLegacy(s) ? DRAFT_TEMPLATES.slice(0, 1) : DRAFT_TEMPLATES;
  return templates.map((t) => ({ ...t, name: `${t.name} ${String.fromCharCode(65 + seat)}${s.nweek}` }));
}

/**
 * Every sampled way to activate one Power that `apply` accepts: X samples x other players x every
 * Device, as the Power needs. Whether a target Device works never depends on which Device it is
 * (the vocabulary treats all Devices alike), so one target is checked and stands for all: the
 * lists stay cheap with a hundred Devices on the table.
 */
function legalActivations(s: DevicesState, seat: number, device: Device, power: Power, clockOn: boolean) {
  const need = needs(power);
  const xs = need.x ? X_SAMPLES : [undefined];
  const players = need.player ? s.names.map((_, i) => i).filter((i) => i !== seat) : [undefined];
  const targets = need.device ? s.engine.devices.map((t) => t.id) : [undefined];
  const ctx = ctxOf(s, []);
  const ok: Activation[] = [];
  let firstError: RuleError | null = null;
  for (const x of xs)
    for (const player of players) {
      const base: Activation = {
        device: device.id,
        power: power.name,
        ...(x !== undefined ? { x } : {}),
        ...(player !== undefined ? { player } : {}),
      };
      const probe = targets[0] !== undefined ? { ...base, target: targets[0] } : base;
      const err = targets.length ? checkActivation(s.engine, seat, probe, clockOn, ctx) : null;
      if (err) firstError ??= err;
      else for (const target of targets) ok.push(target !== undefined ? { ...base, target } : base);
    }
  return { ok, firstError };
}

function activations(s: DevicesState, seat: number): DevicesAction[] {
  const out: DevicesAction[] = [];
  for (const d of s.engine.devices) {
    if (d.owner !== seat || d.tapped) continue;
    for (const p of d.powers)
      for (const a of legalActivations(s, seat, d, p, true).ok) out.push({ type: 'activate', ...a });
  }
  return out;
}

/**
 * For each Power on the seat's Devices: null when some activation of it is legal now, else why not
 * (Clock Off, Tapped, a Cost it cannot pay, no valid target...), for disabled buttons with a reason.
 */
export function powerStatus(s: DevicesState, seat: number): PowerStatus[] {
  const out: PowerStatus[] = [];
  for (const d of s.engine.devices) {
    if (d.owner !== seat) continue;
    for (const p of d.powers) {
      let blocked: RuleError | null = s.phase === 'emergency' ? EMERGENCY_BLOCK : null;
      if (!blocked) {
        const r = legalActivations(s, seat, d, p, s.clockOn);
        if (r.ok.length === 0) blocked = r.firstError ?? NO_TARGET;
      }
      out.push({ device: d.id, power: p.name, blocked });
    }
  }
  return out;
}

const NO_TARGET = ruleError(
  'TARGET_MISSING',
  'Device Regulations: activation',
  'There is no Device to target.',
);
const EMERGENCY_BLOCK = ruleError(
  'EMERGENCY',
  'Devices rules: Panic Buttons and the emergency',
  'Time is stopped by an emergency.',
);

export function legalActions(s: DevicesState, seat: SeatIndex): DevicesAction[] {
  if (s.phase === 'finished' || !Number.isInteger(seat) || seat < 0 || seat >= s.names.length) return [];
  const out: DevicesAction[] = [];
  // Starting the Clock (the room lets only the table's host send it; edition 1: seat 0). Moving
  // time on (`tick`) is the server's timer's alone: no seat ever has it.
  if (s.phase === 'running' && !s.clockOn && (!isLegacy(s) || seat === 0)) out.push({ type: 'startClock' });
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
      if (!uniquenessBreach(e, d.name, d.uniqueness, seat, d.id) && !cannotPay(s, seat, priceOf(s, o.id)))
        out.push({ type: 'accept', offer: o.id });
    }
    if (o.to === seat || o.from === seat) out.push({ type: 'decline', offer: o.id });
  }
  if (me.score >= 1) out.push({ type: 'convert', points: 1 });
  if (!s.drafts[seat] && s.submittedIn[seat] !== s.nweek) {
    for (const spec of templateDrafts(s, seat)) if (!checkDraft(s, spec)) out.push({ type: 'draft', spec });
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
