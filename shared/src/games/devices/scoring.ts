/** The end of the game: most Points wins; ties go to the most mackerel; still tied, a shared win. */
import type { Outcome } from '../../core/contract';
import { POINTS_PER_DEVICE } from './calendar';
import type { Events } from './state';
import { stamp } from './state';
import type { DevicesState } from './types';

export function outcomeOf(s: DevicesState, reason: string): Outcome {
  const ws = s.engine.wallets;
  const key = (i: number) => ws[i]!.score * 1_000_000 + ws[i]!.money;
  const best = Math.max(...ws.map((_, i) => key(i)));
  const winners = ws.map((_, i) => i).filter((i) => key(i) === best);
  const names = winners.map((i) => s.names[i]).join(' and ');
  const top = ws[winners[0]!]!;
  return {
    winners,
    summary: `${names} ${winners.length > 1 ? 'share the win' : 'wins'} with ${top.score} Points and m${top.money} (${reason})`,
    scores: ws.map((w) => w.score),
  };
}

export function finish(s: DevicesState, reason: string, events: Events): void {
  s.phase = 'finished';
  s.clockOn = false;
  s.window++;
  s.outcome = outcomeOf(s, reason);
  events.push({ type: 'gameOver', text: `Game over: ${s.outcome.summary}` });
  stamp(s, events);
}

/** Every player scores for each Device they own (end of Thirnight, and an emergency "end and score"). */
export function scoreDevices(s: DevicesState, events: Events): void {
  s.engine.wallets.forEach((w, seat) => {
    const owned = s.engine.devices.filter((d) => d.owner === seat).length;
    if (owned === 0) return;
    w.score += owned * POINTS_PER_DEVICE;
    events.push({
      type: 'scored',
      text: `${s.names[seat]} scores ${owned * POINTS_PER_DEVICE} for ${owned} Device${owned === 1 ? '' : 's'}, now ${w.score}`,
      seat,
    });
  });
}
