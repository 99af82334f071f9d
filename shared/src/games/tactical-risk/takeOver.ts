/**
 * Taking over an AI-played country of your own side (edition 5): a newcomer whose country is lost,
 * or who wants more to do, plays an ally the AI was playing. The room checks that the AI plays it
 * (a bot's seat, or one handed over: the rules cannot know) and records the dealer's-seat action
 * `{ type: 'takeOver', faction, seat }` (core/redeal.ts); these rules judge the rest.
 */
import type { ApplyResult, SeatIndex } from '../../core/contract';
import { refuse } from '../../core/contract';
import { DEALER_SEAT } from '../../core/redeal';
import { FACTIONS } from './board';
import type { Faction } from './board';
import { TAKE_OVER_EDITION, edition } from './edition';
import { cloneState } from './state';
import type { TacticalRiskState } from './types';

/** The seat that plays `faction` now (GameDefinition.takeOver's holder; -1 while undrafted). */
export function holderOf(s: TacticalRiskState, payload: Record<string, unknown>): SeatIndex {
  const f = payload.faction as Faction;
  return (FACTIONS as readonly string[]).includes(f) ? s.controller[f] : -1;
}

/** Whether `seat` may play `faction` from now on (the AI-played part is the room's to judge). */
export function takeOverRefusal(
  s: TacticalRiskState,
  seat: SeatIndex,
  faction: Faction,
): { code: string; message: string } | null {
  if (edition(s) < TAKE_OVER_EDITION)
    return { code: 'NO_TAKE_OVER', message: 'This table’s rules edition has no taking over.' };
  if (s.phase === 'finished') return { code: 'GAME_OVER', message: 'The match is over.' };
  if (s.phase === 'draft') return { code: 'WRONG_PHASE', message: 'Countries are still being drafted.' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.names.length)
    return { code: 'NO_SUCH_SEAT', message: 'No such seat.' };
  if (!(FACTIONS as readonly string[]).includes(faction))
    return { code: 'BAD_ACTION', message: 'No such country.' };
  if (s.controller[faction] === seat)
    return { code: 'ALREADY_YOURS', message: `You play the ${faction} already.` };
  const side = s.alliance[faction];
  const mine = FACTIONS.filter((f) => s.controller[f] === seat);
  if (side === null || !mine.some((f) => s.alliance[f] === side))
    return { code: 'NOT_YOUR_SIDE', message: `The ${faction} are not on your side.` };
  return null;
}

/** The dealer's-seat take-over: `action.seat` plays `action.faction` from now on. */
export function applyTakeOver(
  state: TacticalRiskState,
  seat: SeatIndex,
  action: { faction: Faction; seat: number },
): ApplyResult<TacticalRiskState> {
  if (seat !== DEALER_SEAT)
    return refuse('ROOM_ONLY', 'Take over a country with the takeOver message, not as an action.');
  const refused = takeOverRefusal(state, action.seat, action.faction);
  if (refused) return { ok: false, error: refused };
  const s = cloneState(state);
  s.controller[action.faction] = action.seat;
  // The AI's last move is not the new player's to undo.
  s.prev = null;
  const text = `${s.names[action.seat]} takes over the ${action.faction} from the AI.`;
  return { ok: true, state: s, events: [{ type: 'takeOver', text, seat: action.seat }] };
}
