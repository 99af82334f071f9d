/**
 * The RFC's text form of a Power, `Name (Costs): Game Actions`, parsed into data and printed back.
 * Costs are separated by commas, Game Actions by semicolons; keywords are case-insensitive and the
 * printer writes the canonical form, so print(parse(text)) is stable and parse(print(p)) equals p.
 *
 *   Coin (Tap): Gain m5
 *   Heist (Spend m3, Requires Wrench, Sacrifice): Take mX from target Player; Gain 1 Point
 */
import { EngineErr, Rule, type EngineRefusal } from './errors';
import type { Amount, Cost, Effect, Power, Units } from './types';
import { MAX_AMOUNT, MAX_NAME_LENGTH } from './types';
import { MACKEREL, money, score } from './units';

export interface TextError {
  code: EngineRefusal;
  message: string;
  /** 0-based character position in the text where the problem starts. */
  at: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: TextError };

const NAME = /^[A-Za-z][A-Za-z0-9 '-]*$/;
/** Words that would let a Power touch what the RFC forbids. */
const PROHIBITED =
  /\b(blueprints?|rules?|clock|panic|buttons?|documents?|proposals?|regulations?|attributes?|properties|property)\b/i;

function fail<T>(code: EngineRefusal, at: number, message: string): Parsed<T> {
  return { ok: false, error: { code, message, at } };
}

/** A name as written: single spaces, letters first, at most 32 characters. Null when invalid. */
export function normalName(text: string): string | null {
  const name = text.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > MAX_NAME_LENGTH || !NAME.test(name)) return null;
  return name;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function amountOf(text: string): Amount | null {
  if (/^x$/i.test(text)) return 'X';
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_AMOUNT ? n : null;
}

interface Piece {
  text: string;
  at: number;
}

/** Splits `text` (starting at `base` in the whole) on `sep`, trimming each piece and keeping positions. */
function split(text: string, base: number, sep: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === sep) {
      const raw = text.slice(start, i);
      const lead = raw.length - raw.trimStart().length;
      out.push({ text: raw.trim(), at: base + start + lead });
      start = i + 1;
    }
  }
  return out;
}

function matchers(units: Units) {
  const m = `${escape(units.moneyPrefix)}(\\w+)${escape(units.moneySuffix)}`;
  const pts = `(?:${escape(units.scoreOne)}|${escape(units.scoreMany)})`;
  return {
    spend: new RegExp(`^spend\\s+${m}$`, 'i'),
    lose: new RegExp(`^lose\\s+(\\w+)(?:\\s+${pts})?$`, 'i'),
    requires: /^requires\s+(.+)$/i,
    gain: new RegExp(`^gain\\s+${m}$`, 'i'),
    score: new RegExp(`^gain\\s+(\\w+)\\s+${pts}$`, 'i'),
    pay: new RegExp(`^pay\\s+${m}\\s+to\\s+target\\s+player$`, 'i'),
    take: new RegExp(`^take\\s+${m}\\s+from\\s+target\\s+player$`, 'i'),
    everyone: new RegExp(`^each\\s+player\\s+gains\\s+${m}$`, 'i'),
    device: /^(tap|untap|destroy)\s+target\s+device$/i,
  };
}

function withAmount<T>(raw: string, at: number, make: (a: Amount) => T): Parsed<T> {
  const a = amountOf(raw);
  if (a === null)
    return fail(EngineErr.POWER_SYNTAX, at, `"${raw}" is not an amount: write 0 to ${MAX_AMOUNT} or X`);
  return { ok: true, value: make(a) };
}

function parseCost(p: Piece, units: Units): Parsed<Cost> {
  const re = matchers(units);
  const t = p.text;
  if (/^zero$/i.test(t)) return { ok: true, value: { kind: 'zero' } };
  if (/^tap$/i.test(t)) return { ok: true, value: { kind: 'tap' } };
  if (/^sacrifice$/i.test(t)) return { ok: true, value: { kind: 'sacrifice' } };
  let m = re.spend.exec(t);
  if (m) return withAmount(m[1]!, p.at, (amount) => ({ kind: 'spend', amount }));
  m = re.lose.exec(t);
  if (m) return withAmount(m[1]!, p.at, (amount) => ({ kind: 'lose', amount }));
  m = re.requires.exec(t);
  if (m) {
    const device = normalName(m[1]!);
    if (!device) return fail(EngineErr.POWER_SYNTAX, p.at, `"${m[1]}" is not a Device name`);
    return { ok: true, value: { kind: 'requires', device } };
  }
  if (t === '') return fail(EngineErr.POWER_SYNTAX, p.at, 'empty Cost: write Zero for no cost');
  return fail(
    EngineErr.POWER_SYNTAX,
    p.at,
    `unknown Cost "${t}": the Costs are Zero, Spend ${money(units, 'X')}, Lose X, Tap, Sacrifice, Requires <Device>`,
  );
}

export const VOCABULARY = [
  'Gain mX',
  'Gain X Points',
  'Pay mX to target Player',
  'Take mX from target Player',
  'Each Player gains mX',
  'Tap target Device',
  'Untap target Device',
  'Destroy target Device',
];

function parseEffect(p: Piece, units: Units): Parsed<Effect> {
  const re = matchers(units);
  const t = p.text;
  const forbidden = PROHIBITED.exec(t);
  if (forbidden) {
    return fail(
      EngineErr.POWER_PROHIBITED,
      p.at + forbidden.index,
      `Powers may not touch ${forbidden[0]}: no Game Document, Rule, Blueprint, Clock or Panic Button (${Rule.POWERS})`,
    );
  }
  const simple: [RegExp, (a: Amount) => Effect][] = [
    [re.gain, (amount) => ({ kind: 'gain', amount })],
    [re.score, (amount) => ({ kind: 'score', amount })],
    [re.pay, (amount) => ({ kind: 'pay', amount })],
    [re.take, (amount) => ({ kind: 'take', amount })],
    [re.everyone, (amount) => ({ kind: 'everyoneGains', amount })],
  ];
  for (const [regex, make] of simple) {
    const m = regex.exec(t);
    if (m) return withAmount(m[1]!, p.at, make);
  }
  const d = re.device.exec(t);
  if (d) {
    const verb = d[1]!.toLowerCase();
    const kind = verb === 'tap' ? 'tapDevice' : verb === 'untap' ? 'untapDevice' : 'destroyDevice';
    return { ok: true, value: { kind } };
  }
  if (t === '') return fail(EngineErr.POWER_SYNTAX, p.at, 'empty Game Action');
  const vocab = VOCABULARY.map((v) => v.replace(/mX/g, money(units, 'X')).replace('Points', units.scoreMany));
  return fail(EngineErr.POWER_SYNTAX, p.at, `unknown Game Action "${t}": use one of ${vocab.join(', ')}`);
}

/** Parses `Name (Costs): Game Actions`. Errors carry the position of the problem. */
export function parsePower(text: string, units: Units = MACKEREL): Parsed<Power> {
  const open = text.indexOf('(');
  if (open < 0)
    return fail(
      EngineErr.POWER_SYNTAX,
      text.includes(':') ? text.indexOf(':') : text.length,
      'expected "(" after the Power name: Name (Costs): Game Actions',
    );
  const name = normalName(text.slice(0, open));
  if (!name) {
    const lead = text.length - text.trimStart().length;
    return fail(
      EngineErr.POWER_SYNTAX,
      lead,
      `the Power name must be 1 to ${MAX_NAME_LENGTH} letters, digits, spaces, ' or -, starting with a letter`,
    );
  }
  const close = text.indexOf(')', open);
  if (close < 0) return fail(EngineErr.POWER_SYNTAX, text.length, 'expected ")" to close the Costs');
  const colon = close + 1 + (text.slice(close + 1).length - text.slice(close + 1).trimStart().length);
  if (text[colon] !== ':') return fail(EngineErr.POWER_SYNTAX, colon, 'expected ":" after the Costs');
  const costs: Cost[] = [];
  for (const piece of split(text.slice(open + 1, close), open + 1, ',')) {
    const c = parseCost(piece, units);
    if (!c.ok) return c;
    costs.push(c.value);
  }
  const effects: Effect[] = [];
  for (const piece of split(text.slice(colon + 1), colon + 1, ';')) {
    const e = parseEffect(piece, units);
    if (!e.ok) return e;
    effects.push(e.value);
  }
  return { ok: true, value: { name, costs, effects } };
}

export function printCost(c: Cost, units: Units = MACKEREL): string {
  switch (c.kind) {
    case 'zero':
      return 'Zero';
    case 'spend':
      return `Spend ${money(units, c.amount)}`;
    case 'lose':
      return `Lose ${c.amount}`;
    case 'tap':
      return 'Tap';
    case 'sacrifice':
      return 'Sacrifice';
    case 'requires':
      return `Requires ${c.device}`;
  }
}

export function printEffect(e: Effect, units: Units = MACKEREL): string {
  switch (e.kind) {
    case 'gain':
      return `Gain ${money(units, e.amount)}`;
    case 'score':
      return `Gain ${score(units, e.amount)}`;
    case 'pay':
      return `Pay ${money(units, e.amount)} to target Player`;
    case 'take':
      return `Take ${money(units, e.amount)} from target Player`;
    case 'everyoneGains':
      return `Each Player gains ${money(units, e.amount)}`;
    case 'tapDevice':
      return 'Tap target Device';
    case 'untapDevice':
      return 'Untap target Device';
    case 'destroyDevice':
      return 'Destroy target Device';
  }
}

export function printPower(p: Power, units: Units = MACKEREL): string {
  const costs = p.costs.map((c) => printCost(c, units)).join(', ');
  const effects = p.effects.map((e) => printEffect(e, units)).join('; ');
  return `${p.name} (${costs}): ${effects}`;
}

/** What an activation must specify for this Power. */
export function needs(p: Power): { x: boolean; player: boolean; device: boolean } {
  const amounts = [
    ...p.costs.map((c) => ('amount' in c ? c.amount : 0)),
    ...p.effects.map((e) => ('amount' in e ? e.amount : 0)),
  ];
  return {
    x: amounts.includes('X'),
    player: p.effects.some((e) => e.kind === 'pay' || e.kind === 'take'),
    device: p.effects.some(
      (e) => e.kind === 'tapDevice' || e.kind === 'untapDevice' || e.kind === 'destroyDevice',
    ),
  };
}
