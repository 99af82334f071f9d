/**
 * Time: the Clock, the ndays and what happens at their edges.
 *   Start of an nweek (Breakday): snapshot for roll-backs, Devices untap, stipend, bidding opens,
 *   the Clock is Off until the host or the timer starts it.
 *   Start of Ballotday: bidding closes.   End of Ballotday: proposals are counted.
 *   End of Thirnight: auctions are produced, Devices score, the game may end, a new nweek begins.
 */
import { closeBidding, openBidding, settleAuctions, untapAll } from '../../devices-engine';
import { BALLOTDAY, BREAKDAY, STIPEND, THIRNIGHT } from './calendar';
import { isLegacy } from './edition';
import { countVotes } from './proposals';
import { finish, scoreDevices } from './scoring';
import type { Events } from './state';
import { ctxOf, stamp } from './state';
import type { DevicesState } from './types';

export function startNweek(s: DevicesState, nweek: number, events: Events): void {
  stamp(s, events);
  s.nweek = nweek;
  s.nday = BREAKDAY;
  s.clockOn = false;
  s.passed = s.names.map(() => false);
  if (s.acted) s.acted = s.names.map(() => 0);
  s.window++;
  s.weekStart = structuredClone(
    isLegacy(s)
      ? { engine: s.engine, proposals: s.proposals }
      : { engine: s.engine, proposals: s.proposals, offerPrices: s.offerPrices },
  );
  untapAll(s.engine);
  for (const w of s.engine.wallets) w.money += STIPEND;
  events.push({ type: 'nweek', text: `Nweek ${nweek} begins: Devices untap, everyone receives m${STIPEND}` });
  openBidding(s.engine, ctxOf(s, events));
  events.push({ type: 'clock', text: 'The Clock is Off until the host starts it' });
  stamp(s, events);
}

export function startClock(s: DevicesState, events: Events): void {
  s.clockOn = true;
  s.window++;
  events.push({ type: 'clock', text: 'The Clock is On' });
}

/** The current nday is over (its timer ran out, or every player passed). */
export function endNday(s: DevicesState, events: Events): void {
  stamp(s, events);
  if (s.nday === BALLOTDAY) countVotes(s, events);
  if (s.nday === THIRNIGHT) {
    endOfThirnight(s, events);
    return;
  }
  stamp(s, events);
  s.nday++;
  s.passed = s.names.map(() => false);
  if (s.acted) s.acted = s.names.map(() => 0);
  s.window++;
  if (s.nday === BALLOTDAY) {
    closeBidding(s.engine, ctxOf(s, events));
    if (s.proposals.length)
      events.push({
        type: 'ballot',
        text: `Ballotday: ${s.proposals.length} proposal${s.proposals.length === 1 ? '' : 's'} to vote on`,
      });
  }
  stamp(s, events);
}

function endOfThirnight(s: DevicesState, events: Events): void {
  settleAuctions(s.engine, ctxOf(s, events));
  scoreDevices(s, events);
  const top = Math.max(...s.engine.wallets.map((w) => w.score));
  if (top >= s.options.targetPoints || s.nweek >= s.options.nweeks) {
    stamp(s, events);
    finish(
      s,
      top >= s.options.targetPoints ? `${s.options.targetPoints} Points reached` : 'the last nweek is over',
      events,
    );
    return;
  }
  startNweek(s, s.nweek + 1, events);
}
