/**
 * "What would you do?": what the normal bot would play for a seat, with its words, computed from
 * that seat's view and legal actions alone (the leak test's rule: two states that look the same to
 * a seat give it the same hint). Its randomness is drawn from a generator seeded by a hash of that
 * view, never the match's rng: asking changes nothing (replays stay exact) and the seed says nothing
 * the seat does not already see. The same view always gives the same hint.
 */
import type { AnyGameDefinition, GameAction, GameView, HintWords, RuleError } from './contract';
import { DEFAULT_BOT_LEVEL } from './contract';
import { canonicalJson, isListed } from './playout';
import { ErrorCode, type HintMessage, Limits } from './protocol';
import { Random, seedRng } from './rng';

export type Hint = Omit<HintMessage, 'moves'>;
export type HintResult = { ok: true; hint: Hint } | { ok: false; error: RuleError };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyState = any;

/** The hint for `seat` in `state`, or why there is none (the match is over, the seat is not due). */
export function hintFor(def: AnyGameDefinition, state: AnyState, seat: number): HintResult {
  const q = hintQuestion(def, state, seat);
  return q.ok ? { ok: true, hint: hintFromView(def, q.view, q.legal) } : q;
}

/**
 * What a hint for `seat` is worked out from (its view and legal actions), or why there is none:
 * the server may hand these to a bot thread (hintFromView there).
 */
export function hintQuestion(
  def: AnyGameDefinition,
  state: AnyState,
  seat: number,
): { ok: true; view: GameView<unknown, unknown>; legal: GameAction[] } | { ok: false; error: RuleError } {
  if (def.outcome(state)) return refused(ErrorCode.NOT_PLAYING, 'The match is over.');
  const legal = def.toAct(state).includes(seat) ? (def.legalActions(state, seat) as GameAction[]) : [];
  if (legal.length === 0) return refused(ErrorCode.NOT_YOUR_TURN, 'A hint is for when it is your turn.');
  return { ok: true, view: def.view(state, seat), legal };
}

/** The hint from what the seat knows: its view and its legal actions (never empty). */
export function hintFromView(
  def: AnyGameDefinition,
  view: GameView<unknown, unknown>,
  legal: readonly GameAction[],
): Hint {
  const random = viewRandom(view, legal);
  let action: GameAction | undefined;
  try {
    action = def.bot.decide(view, legal as GameAction[], () => random.float(), DEFAULT_BOT_LEVEL);
  } catch {
    action = undefined;
  }
  // As the room takes a bot's answer: listed, or of the action's shape (a fuller one than listed).
  if (!action || !(isListed(legal, action) || def.actionSchema.safeParse(action).success)) action = legal[0]!;
  let words: HintWords | undefined;
  try {
    words = def.bot.explain?.(view, action, legal as GameAction[]);
  } catch {
    words = undefined;
  }
  const { label, why } = words ?? genericWords(action);
  return { action, label: clip(label), why: clip(why) };
}

/** Words for a game without its own: the action named from its fields. */
export function genericWords(action: GameAction): HintWords {
  const fields = Object.entries(action)
    .filter(([k, v]) => k !== 'type' && v !== undefined)
    .map(([k, v]) => `${words(k).toLowerCase()} ${fieldText(v)}`);
  const name = words(action.type);
  return {
    label: fields.length ? `${name}: ${fields.join(', ')}` : name,
    why: 'The normal bot’s choice, from what your seat sees.',
  };
}

/** "endTurn" -> "End turn", "set_bid" -> "Set bid". */
function words(key: string): string {
  const spaced = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function fieldText(v: unknown): string {
  if (Array.isArray(v)) return v.length ? v.map(fieldText).join(' + ') : 'none';
  if (v && typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => `${k} ${fieldText(x)}`)
      .join(', ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= Limits.hintTextLength ? t : `${t.slice(0, Limits.hintTextLength - 1)}…`;
}

/** A generator seeded by the view and the legal list (FNV-1a of their canonical JSON). */
function viewRandom(view: unknown, legal: readonly GameAction[]): Random {
  const text = canonicalJson([view, legal]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return new Random(seedRng(h | 0));
}

const refused = (code: string, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});
