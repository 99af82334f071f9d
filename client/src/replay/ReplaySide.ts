/**
 * The replay's side panel: the players (AI badge, whose eyes, the winners once reached), what the
 * match was (when, how long, options, result) and the public log up to the current move. A log line
 * jumps to its move. Names and lines go in as text, never markup.
 */
import { describeOptions } from '@parlor/shared/core/optionSummary';
import type { ClientGame } from '../games/types';
import { h, replace } from '../ui/dom';
import { icon } from '../ui/icons';
import { sideCloseButton } from '../table/barButtons';
import type { ReplayPlayer } from './ReplayPlayer';
import { formatDate, formatDuration } from './format';

export class ReplaySide {
  readonly el: HTMLElement;
  private seats = h('div', { class: 'seats', testid: 'replay-seats' });
  private log = h('div', { class: 'log', testid: 'replay-log', attrs: { 'aria-live': 'polite' } });
  private shownKey = '';

  constructor(
    private readonly player: ReplayPlayer,
    game: ClientGame,
    onClose: () => void,
  ) {
    const { record, options } = player.table.model;
    const close = sideCloseButton(onClose);
    const facts = [
      formatDate(record.startedAt),
      `${formatDuration(record.finishedAt - record.startedAt)} · ${record.actions.length} moves`,
      ...describeOptions(game.optionFields, options as Record<string, unknown>),
    ];
    this.el = h(
      'aside',
      { class: 'side replay-side', testid: 'side-panel' },
      h(
        'section',
        {},
        h('div', { class: 'row' }, h('span', { class: 'label grow', text: 'Players' }), close),
        this.seats,
      ),
      h(
        'section',
        { class: 'rp-facts', testid: 'replay-facts' },
        h('span', { class: 'label', text: 'The match' }),
        ...facts.map((f) => h('div', { class: 'help', text: f })),
      ),
      h('section', { class: 'log-section' }, h('span', { class: 'label', text: 'Log' }), this.log),
    );
  }

  update(): void {
    const snap = this.player.table.snapshot();
    if (!snap) return;
    const winners = snap.result?.winners ?? [];
    replace(
      this.seats,
      ...snap.seats.map((seat, i) => {
        const row = h(
          'div',
          { class: `seat-row${i === snap.mySeat ? ' me' : ''}`, testid: `replay-seat-${i}` },
          h('span', { class: `dot ${snap.toAct.includes(i) ? 'on' : 'off'}`, title: 'To act' }),
          h('span', { class: 'seat-name', text: seat.name || `Seat ${i + 1}` }),
        );
        if (winners.includes(i))
          row.append(h('span', { class: 'crown', title: 'Winner' }, icon('crown', 16)));
        if (seat.bot) row.append(h('span', { class: 'badge', text: 'AI' }));
        if (i === snap.mySeat)
          row.append(h('span', { class: 'badge gold', title: 'Seen through these eyes' }, icon('eye', 14)));
        return row;
      }),
    );
    const key = `${snap.log.length}:${this.player.position}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    const lines = this.player.table.model.logUpTo(this.player.position);
    replace(
      this.log,
      h('button', {
        class: `line rp-line${this.player.position === 0 ? ' now' : ''}`,
        testid: 'replay-log-line',
        text: 'The deal',
        on: { click: () => this.player.seek(0) },
      }),
      ...lines.map((l) =>
        h(
          'button',
          {
            class: `line rp-line${l.step === this.player.position ? ' now' : ''}`,
            testid: 'replay-log-line',
            title: `Go to move ${l.step}`,
            on: { click: () => this.player.seek(l.step) },
          },
          h('span', { class: 'time', text: String(l.step) }),
          l.text,
        ),
      ),
    );
    this.log.scrollTop = this.log.scrollHeight;
  }
}
