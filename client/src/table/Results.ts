/** The end of a match: who won, the summary and scores, Rematch (host) or "waiting for the host". */
import { ClientMsg } from '@parlor/shared/core/protocol';
import type { TableConnection, TableSnapshot } from '../net/TableConnection';
import { button, h } from '../ui/dom';
import { patchChildren } from '../ui/keyed';

export class Results {
  readonly el: HTMLElement;
  private card = h('div', { class: 'card results' });
  private peeking = false;
  private peekBtn: HTMLButtonElement;

  constructor(
    private readonly conn: TableConnection,
    private readonly onLeave: () => void,
    private readonly formatScore: (score: number, options: Record<string, unknown>) => string,
    /** The game's seat names with what each played (ClientGame.seatLabel). */
    private readonly seatLabel?: (pub: unknown, seat: number, name: string) => string,
  ) {
    this.peekBtn = button('Show results', () => this.setPeek(false), {
      small: true,
      kind: 'primary',
      class: 'results-peek',
      testid: 'results-show',
    });
    this.el = h('div', { class: 'sheet', testid: 'results' }, this.card);
  }

  private setPeek(on: boolean): void {
    this.peeking = on;
    this.el.style.display = on ? 'none' : '';
    this.peekBtn.style.display = on ? '' : 'none';
  }

  /** The "Show results" button shown while looking at the final board. */
  get peekButton(): HTMLButtonElement {
    return this.peekBtn;
  }

  reset(): void {
    this.setPeek(false);
    this.peekBtn.style.display = 'none';
  }

  update(s: TableSnapshot): void {
    const r = s.result;
    const winners = r?.winners ?? [];
    const pub = s.view?.public;
    const names = s.seats.map((x, i) => {
      const name = x.name || `Seat ${i + 1}`;
      return this.seatLabel && pub ? this.seatLabel(pub, i, name) : name;
    });
    const headline =
      winners.length === 0
        ? 'A draw'
        : winners.includes(s.mySeat) && !this.conn.hotSeat
          ? winners.length > 1
            ? `You share the win with ${winners
                .filter((w) => w !== s.mySeat)
                .map((w) => names[w])
                .join(' & ')}!`
            : 'You win!'
          : winners.length > 1
            ? `A shared win: ${winners.map((w) => names[w]).join(' & ')}!`
            : `${names[winners[0]!]} wins!`;
    const isHost = this.conn.kind === 'local' || (s.mySeat >= 0 && s.mySeat === s.host);
    const order = s.seats.map((_, i) => i).sort((a, b) => (r?.scores?.[b] ?? 0) - (r?.scores?.[a] ?? 0));
    // Drawn on every patch (people leave, watchers come): kept buttons keep a press (Rematch).
    patchChildren(
      this.card,
      h('div', { class: 'label', text: 'Match over' }),
      h('div', { class: 'winner', testid: 'results-winner', text: headline }),
      h('p', { testid: 'results-summary', text: r?.summary ?? '' }),
      r?.scores
        ? h(
            'table',
            { class: 'score-table', testid: 'results-scores' },
            h(
              'tbody',
              {},
              ...order.map((i) =>
                h(
                  'tr',
                  { class: winners.includes(i) ? 'win' : '' },
                  h('td', { text: names[i] ?? '' }),
                  h('td', { class: 'num', text: this.formatScore(r.scores?.[i] ?? 0, s.options) }),
                ),
              ),
            ),
          )
        : null,
      isHost
        ? null
        : h('div', {
            class: 'help',
            testid: 'waiting-rematch',
            text: 'Waiting for the host to start a rematch…',
          }),
      h(
        'div',
        { class: 'row wrap results-actions' },
        isHost
          ? button(
              this.conn.kind === 'local' ? 'Play again' : 'Rematch',
              () => this.conn.command(ClientMsg.rematch),
              {
                kind: 'primary',
                testid: 'rematch-button',
                class: 'grow',
              },
            )
          : null,
        button('See the table', () => this.setPeek(true), {
          testid: 'results-peek',
          class: isHost ? '' : 'grow',
        }),
        button('Leave', this.onLeave, {
          kind: 'ghost',
          testid: 'results-leave',
          class: isHost ? '' : 'grow',
        }),
      ),
    );
    if (!this.peeking) this.peekBtn.style.display = 'none';
  }
}
