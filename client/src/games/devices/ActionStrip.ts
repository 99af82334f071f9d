/**
 * The strip under the board: what time it is for you (a hint), Pass (done for this nday), the
 * host's Start the Clock, your Panic Button with how many are On, and during an emergency the
 * three choices with their votes. Every button comes from the legal list.
 */
import type { DevicesAction, EmergencyChoice } from '@parlor/shared/games/devices/types';
import { button, h, replace, setText } from '../../ui/dom';
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
  private key = '';

  constructor(parent: HTMLElement) {
    this.el.append(this.hint, this.row);
    parent.append(this.el);
  }

  update(ctx: MarketContext | null, waitingHint: string): void {
    if (!ctx) {
      setText(this.hint, waitingHint);
      replace(this.row);
      this.key = '';
      return;
    }
    const { pub } = ctx;
    const key = JSON.stringify([
      pub.phase,
      pub.players,
      pub.emergency,
      ctx.legal.filter((a) => ['tick', 'pass', 'panic', 'emergencyVote'].includes(a.type)),
      ctx.me,
    ]);
    if (key === this.key) return;
    this.key = key;
    setText(this.hint, hintFor(ctx));
    const panicOn = pub.players.filter((p) => p.panic).length;
    const buttons: HTMLElement[] = [];
    if (pub.phase === 'emergency') {
      const votes = pub.emergency?.votes ?? [];
      for (const c of CHOICES) {
        const a = has(ctx, (x) => x.type === 'emergencyVote' && x.choice === c.choice);
        const n = votes.filter((v) => v === c.choice).length;
        const mine = ctx.me >= 0 && votes[ctx.me] === c.choice;
        buttons.push(
          button(`${c.label}${n ? ` · ${n}` : ''}${mine ? ' ✓' : ''}`, () => a && ctx.send(a), {
            kind: c.choice === 'resume' ? 'primary' : undefined,
            disabled: !a,
            testid: `dv-emergency-${c.choice}`,
            title: c.help,
          }),
        );
      }
    } else {
      const tick = pub.phase === 'clockOff' ? has(ctx, (a) => a.type === 'tick') : undefined;
      if (tick)
        buttons.push(
          button('Start the Clock', () => ctx.send(tick), {
            kind: 'primary',
            testid: 'dv-start-clock',
            title: 'Start nday 1 now (it starts on its own when the countdown ends)',
          }),
        );
      const pass = has(ctx, (a) => a.type === 'pass');
      if (ctx.me >= 0 && pub.phase !== 'clockOff')
        buttons.push(
          button(pass ? 'Pass nday' : 'Passed', () => pass && ctx.send(pass), {
            kind: tick ? undefined : 'primary',
            disabled: !pass,
            testid: 'dv-pass',
            title: 'You are done for this nday (you may still act). The nday ends once everyone has passed.',
          }),
        );
    }
    const panic = has(ctx, (a) => a.type === 'panic') as
      Extract<DevicesAction, { type: 'panic' }> | undefined;
    if (ctx.me >= 0 && panic)
      buttons.push(
        button(
          `${panic.on ? 'Panic' : 'Stop panic'} · ${panicOn}/${pub.panicThreshold}`,
          () => ctx.send(panic),
          {
            kind: 'danger',
            class: panic.on ? 'dv-panic' : 'dv-panic on',
            testid: 'dv-panic',
            title: `Your Panic Button. With ${pub.panicThreshold} On, time stops for an emergency vote.`,
          },
        ),
      );
    replace(this.row, ...buttons);
  }
}

function hintFor(ctx: MarketContext): string {
  const { pub } = ctx;
  if (pub.phase === 'emergency')
    return 'Emergency: time is stopped. Vote to resume, roll back the nweek, or end and score.';
  if (pub.phase === 'clockOff')
    return ctx.me === 0
      ? 'The Clock is Off: buy, bid and propose now. Powers wait until you start the Clock.'
      : 'The Clock is Off: buy, bid and propose now. Powers wait until the Clock starts.';
  if (ctx.me < 0) return `Watching · nday ${pub.nday} of 12`;
  const waiting = pub.players.filter((p) => !p.passed).length;
  if (pub.players[ctx.me]?.passed)
    return `You passed · waiting for ${waiting} player${waiting === 1 ? '' : 's'}`;
  return pub.nday === 9
    ? 'Ballotday: vote on the proposals.'
    : 'The Clock is On: use your Powers, buy, bid, trade.';
}
