/**
 * What a turn offers to decide: the distinct sensible plays a seat has at the start of its turn
 * (its first decision), for the balance bench's "turns without a choice" (bench/kingpin-hits.ts,
 * docs/rules/kingpin.md "How a match feels").
 *
 * A sensible play is one of:
 * - attacking a target: one play per distinct target (a board card, or a seat's hand), whatever
 *   attackers the seat sends (sending everything at the only target is one play, not seven);
 * - firing ammunition: money in the safe while some attack is possible (how much to spend);
 * - putting money into shields: a safe-to-shield flip is legal;
 * - buying from the pile with money in the safe (at $0 every card but an event goes to the Reserve);
 * - each Reserve card it may buy, each card it may bribe, each hand card it may deploy;
 * - selling (Trader) and recalling (Driver).
 * Not counted: passing, a pile buy at $0, discarding, and moving or flipping its own shields
 * (rearranging its own defence; turning shields back into money does not make a new play by itself).
 *
 * A turn is WITHOUT A CHOICE when it offers at most one sensible play: e.g. $0 in the safe, nothing to
 * deploy or buy, and one target to throw its cards at (the Boss-against-Boss endgame), or nothing at
 * all but passing.
 */
import type { KingpinAction, KingpinState } from './types';
import { legalActions } from './legal';

/** The seat's distinct sensible plays now (keys, for tests and the bench's detail). */
export function sensiblePlays(s: KingpinState, seat: number): string[] {
  if (s.phase !== 'turn' || s.turn !== seat) return [];
  const safe = s.players[seat]!.safe;
  const plays = new Set<string>();
  const legal: KingpinAction[] = legalActions(s, seat);
  for (const a of legal) {
    switch (a.type) {
      case 'attack':
        plays.add(
          a.target.zone === 'board'
            ? `attack ${a.target.seat}:${a.target.slot}`
            : `attack ${a.target.seat}:hand`,
        );
        if (safe > 0) plays.add('ammo');
        break;
      case 'safeToShield':
        plays.add('shield');
        break;
      case 'buy':
        if (a.source === 'reserve') plays.add(`buy ${a.card}`);
        else if (safe > 0) plays.add('buy pile');
        break;
      case 'bribe':
        plays.add(`bribe ${a.target.seat}:${a.target.slot}`);
        break;
      case 'deploy':
        plays.add(`deploy ${a.card}`);
        break;
      case 'sell':
        plays.add('sell');
        break;
      case 'recall':
        plays.add(`recall ${a.slot}`);
        break;
      default:
        break;
    }
  }
  return [...plays];
}

/** A turn whose start offers at most one sensible play (see above). */
export function withoutChoice(s: KingpinState, seat: number): boolean {
  return sensiblePlays(s, seat).length <= 1;
}
