/**
 * The strip under the board: what time it is for you (a hint), Pass (done for this nday), the
 * host's Start the Clock, your Panic Button with how many are On, and during an emergency the
 * three choices with their votes. Every button comes from the legal list.
 */
import { BALLOTDAY } from '@parlor/shared/games/devices/calendar';
import type { DevicesAction, EmergencyChoice } from '@parlor/shared/games/devices/types';
import { button, h, setText } from '../../ui/dom';
import { openModal } from '../../ui/modal';
import { type MarketContext, has } from './context';

const CHOICES: { choice: EmergencyChoice; label: string; help: string }[] = [
  { choice: 'resume', label: 'Resume', help: 'The Clock goes back to how it was' },
  {
    choice: 'rollback',
    label: 'Roll back',
    help: 'Money, Points, Devices, Blueprints and proposals return to the start of the nweek (once per nweek)',
  },
  { choice: 'end', label: 'End & score', help: 'Every Device scores as at Thirnight, then the game ends' },
];

export class ActionStrip {
  readonly el = h('div', { class: 'dv-actions', testid: 'dv-actions' });
  private hint = h('div', { class: 'dv-hint', testid: 'dv-hint' });
  private row = h('div', { class: 'dv-action-row' });
  private ctx: MarketContext | null = null;
  // Built once and updated in place: patches arrive all the time, a redraw must never eat a tap.
  private emergency = CHOICES.map((c) => ({
    ...c,
    btn: button(c.label, () => this.sendFirst((a) => a.type === 'emergencyVote' && a.choice === c.choice), {
      kind: c.choice === 'resume' ? 'primary' : undefined,
      testid: `dv-emergency-${c.choice}`,
      title: c.help,
    }),
  }));
  private clock = button('Start the Clock', () => this.sendFirst((a) => a.type === 'startClock'), {
    kind: 'primary',
    testid: 'dv-start-clock',
    title: 'Start nday 1 now (it starts on its own when the countdown ends)',
  });
  private pass = button('Pass nday', () => this.passOrWarn(), {
    kind: 'primary',
    testid: 'dv-pass',
    title: 'You are done for this nday (you may still act). The nday ends once everyone has passed.',
  });
  private panic = button('Panic', () => this.sendFirst((a) => a.type === 'panic'), {
    kind: 'danger',
    class: 'dv-panic',
    testid: 'dv-panic',
  });

  constructor(parent: HTMLElement) {
    this.row.append(...this.emergency.map((e) => e.btn), this.clock, this.pass, this.panic);
    this.el.append(this.hint, this.row);
    parent.append(this.el);
  }

  /**
   * Passing on Ballotday with votes not cast: say so first (once every player has passed, Ballotday
   * ends and a vote not cast counts as not for).
   */
  private passOrWarn(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const unvoted = ctx.me >= 0 ? ctx.pub.proposals.filter((p) => p.votes[ctx.me] === null) : [];
    if (ctx.pub.nday !== BALLOTDAY || unvoted.length === 0) {
      this.sendFirst((a) => a.type === 'pass');
      return;
    }
    const m = openModal('Pass without voting?', { testid: 'dv-pass-warning' });
    const names = unvoted.map((p) => `#${p.id} ${p.spec.name}`).join(', ');
    m.body.append(
      h('p', {
        text: `You have not voted on ${unvoted.length === 1 ? 'proposal' : `${unvoted.length} proposals:`} ${names}. Once everyone has passed, Ballotday ends and a vote not cast counts as not for: a proposal needs more than half of all players for it.`,
      }),
      h(
        'div',
        { class: 'actions' },
        button('Go back and vote', () => m.close(), { kind: 'primary', testid: 'dv-pass-warning-vote' }),
        button(
          'Pass anyway',
          () => {
            m.close();
            this.sendFirst((a) => a.type === 'pass');
          },
          { kind: 'ghost', testid: 'dv-pass-warning-pass' },
        ),
      ),
    );
  }

  private sendFirst(pred: (a: DevicesAction) => boolean): void {
    const a = this.ctx && has(this.ctx, pred);
    if (a) this.ctx!.send(a);
  }

  /** The emergency and Ballotday hints count down their seconds between patches. */
  tick(): void {
    const c = this.ctx;
    if (c && (c.pub.phase === 'emergency' || c.pub.nday === BALLOTDAY) && c.pub.phase !== 'finished')
      setText(this.hint, hintFor(c));
  }

  update(ctx: MarketContext | null, waitingHint: string): void {
    this.ctx = ctx;
    const over = ctx?.pub.phase === 'finished';
    this.row.hidden = !ctx || over;
    if (!ctx || over) {
      setText(this.hint, over ? 'The game is over.' : waitingHint);
      return;
    }
    const { pub } = ctx;
    setText(this.hint, hintFor(ctx));
    const inEmergency = pub.phase === 'emergency';
    const votes = pub.emergency?.votes ?? [];
    for (const e of this.emergency) {
      const n = votes.filter((v) => v === e.choice).length;
      const mine = ctx.me >= 0 && votes[ctx.me] === e.choice;
      // Spectators follow the tally in the hint; the buttons are for players.
      e.btn.hidden = ctx.me < 0 || !inEmergency;
      e.btn.disabled = !has(ctx, (a) => a.type === 'emergencyVote' && a.choice === e.choice);
      setText(e.btn, `${e.label}${n ? ` · ${n}` : ''}${mine ? ' ✓' : ''}`);
    }
    const tick = pub.phase === 'clockOff' && ctx.me === ctx.host && has(ctx, (a) => a.type === 'startClock');
    this.clock.hidden = !tick;
    const pass = has(ctx, (a) => a.type === 'pass');
    this.pass.hidden = ctx.me < 0 || inEmergency || pub.phase === 'clockOff';
    this.pass.disabled = !pass;
    setText(this.pass, pass ? 'Pass nday' : 'Passed');
    const panic = has(ctx, (a) => a.type === 'panic') as
      Extract<DevicesAction, { type: 'panic' }> | undefined;
    this.panic.hidden = ctx.me < 0 || !panic;
    const on = panic ? !panic.on : false;
    const count = pub.players.filter((p) => p.panic).length;
    setText(this.panic, `${on ? 'Stop panic' : 'Panic'} · ${count}/${pub.panicThreshold}`);
    this.panic.classList.toggle('on', on);
    this.panic.title = `Your Panic Button${on ? ' is On' : ''}. With ${pub.panicThreshold} On, time stops for an emergency vote.`;
  }
}

/** Whole seconds left in the current window, by the local clock. */
function secondsLeft(ctx: MarketContext): number {
  return ctx.deadline > 0 ? Math.max(0, Math.ceil((ctx.deadline - Date.now()) / 1000)) : 0;
}

function hintFor(ctx: MarketContext): string {
  const { pub } = ctx;
  if (pub.phase === 'emergency') {
    // Everyone sees who voted what and the time left: a choice wins with more than half the votes,
    // else at the end the most-voted one (ties and silence: resume).
    const votes = pub.emergency?.votes ?? [];
    const tally = CHOICES.map((c) => `${c.label} ${votes.filter((v) => v === c.choice).length}`);
    const waiting = pub.players.filter((_, i) => votes[i] === null).map((p) => p.name);
    const left = `${secondsLeft(ctx)} s left`;
    const still = waiting.length ? ` · not voted: ${waiting.join(', ')}` : '';
    const rule = 'a choice wins with more than half the votes; at 0 s the most votes win, ties resume';
    if (ctx.me >= 0) return `Emergency, ${left}: ${tally.join(' · ')}${still} (${rule}).`;
    return `Watching · emergency vote, ${left}: ${tally.join(' · ')}${still}`;
  }
  if (ctx.me < 0 && pub.phase === 'clockOff') return 'Watching · the Clock is Off: the market is open';
  if (pub.phase === 'clockOff')
    return ctx.me === ctx.host
      ? 'The Clock is Off: buy, bid and propose now. Powers wait until you start the Clock.'
      : 'The Clock is Off: buy, bid and propose now. Powers wait until the Clock starts.';
  if (ctx.me < 0) return `Watching · nday ${pub.nday} of 12`;
  const waiting = pub.players.filter((p) => !p.passed).length;
  if (pub.players[ctx.me]?.passed)
    return `You passed · waiting for ${waiting} player${waiting === 1 ? '' : 's'}`;
  if (pub.nday === BALLOTDAY) {
    const unvoted = pub.proposals.filter((p) => p.votes[ctx.me] === null).length;
    return unvoted
      ? `Ballotday: ${unvoted} proposal${unvoted === 1 ? '' : 's'} still to vote on (${secondsLeft(ctx)} s left in the nday).`
      : 'Ballotday: your votes are in.';
  }
  return 'The Clock is On: use your Powers, buy, bid, trade.';
}
