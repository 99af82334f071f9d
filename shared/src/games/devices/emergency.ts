/**
 * Panic Buttons and the emergency. Each player has one button. When at least half the players (and
 * at least two) have theirs On, an emergency starts: the Clock stops and only Panic Buttons and the
 * emergency vote are accepted. A choice wins once more than half of all players vote for it; when
 * the emergency timer runs out, the most-voted choice wins (ties, or no votes: resume). If Stops
 * bring the buttons On below the threshold, the emergency ends and play resumes. Afterwards every
 * button is Off.
 */
import { isLegacy } from './edition';
import { finish, scoreDevices } from './scoring';
import type { Events } from './state';
import { panicThreshold, stamp } from './state';
import { startNweek } from './time';
import type { DevicesState, EmergencyChoice } from './types';

export const CHOICES: readonly EmergencyChoice[] = ['resume', 'rollback', 'end'];

export function setPanic(s: DevicesState, seat: number, on: boolean, events: Events): void {
  s.panic[seat] = on;
  events.push({
    type: 'panic',
    text: `${s.names[seat]} ${on ? 'hits' : 'stops'} their Panic Button`,
    seat,
    data: { on },
  });
  const count = s.panic.filter(Boolean).length;
  if (s.phase === 'running' && count >= panicThreshold(s)) {
    s.emergency = { votes: s.names.map(() => null), clockWasOn: s.clockOn };
    s.phase = 'emergency';
    s.clockOn = false;
    s.window++;
    events.push({
      type: 'emergency',
      text: `Emergency! ${count} Panic Buttons are On: time stops; vote to resume, roll back to the start of the nweek, or end the game`,
    });
  } else if (s.phase === 'emergency' && count < panicThreshold(s)) {
    resolve(s, 'resume', 'enough Panic Buttons were stopped', events);
  }
}

export function emergencyVote(s: DevicesState, seat: number, choice: EmergencyChoice, events: Events): void {
  const e = s.emergency!;
  e.votes[seat] = choice;
  events.push({ type: 'emergencyVote', text: `${s.names[seat]} votes to ${choice}`, seat, data: { choice } });
  const n = e.votes.filter((v) => v === choice).length;
  if (n * 2 > s.names.length) resolve(s, choice, `${n} of ${s.names.length} votes`, events);
}

/** The choices a seat may vote for now (one roll-back per nweek). */
export function choicesOpen(s: DevicesState): EmergencyChoice[] {
  return CHOICES.filter((c) => c !== 'rollback' || s.rolledBackIn !== s.nweek);
}

/**
 * The emergency timer ran out: the most-voted choice wins, counting a player who did not vote as
 * wanting play to go on (resume); ties resume. So one early vote cannot end the game for everyone.
 */
export function emergencyTimeUp(s: DevicesState, events: Events): void {
  // Edition 1 counted only the votes cast (silence was no vote).
  const votes = isLegacy(s) ? s.emergency!.votes : s.emergency!.votes.map((v) => v ?? 'resume');
  const count = (c: EmergencyChoice) => votes.filter((v) => v === c).length;
  const best = Math.max(...CHOICES.map(count));
  const leaders = CHOICES.filter((c) => count(c) === best);
  resolve(s, leaders.length === 1 ? leaders[0]! : 'resume', 'time ran out', events);
}

function resolve(s: DevicesState, choice: EmergencyChoice, why: string, events: Events): void {
  const clockWasOn = s.emergency!.clockWasOn;
  s.emergency = null;
  s.panic = s.names.map(() => false);
  s.phase = 'running';
  s.window++;
  const said = {
    resume: 'play resumes',
    rollback: 'the nweek rolls back to its start',
    end: 'the game ends and Devices score now',
  }[choice];
  events.push({ type: 'emergencyOver', text: `The emergency is over (${why}): ${said}`, data: { choice } });
  if (choice === 'resume') {
    s.clockOn = clockWasOn;
  } else if (choice === 'rollback') {
    stamp(s, events);
    s.rolledBackIn = s.nweek;
    // Ids keep counting up, so a Device or proposal id never means two things.
    const nextId = s.engine.nextId;
    s.engine = structuredClone(s.weekStart.engine);
    s.engine.nextId = nextId;
    s.proposals = structuredClone(s.weekStart.proposals);
    if (!isLegacy(s)) s.offerPrices = structuredClone(s.weekStart.offerPrices ?? {});
    s.submittedIn = s.submittedIn.map((w) => (w === s.nweek ? 0 : w));
    startNweek(s, s.nweek, events);
  } else {
    scoreDevices(s, events);
    stamp(s, events);
    finish(s, 'ended and scored by an emergency vote', events);
  }
}
