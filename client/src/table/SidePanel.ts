/**
 * The side panel: who sits where (host crown, AI badge, connected dot, how long an away player's
 * seat waits for them), who is watching, the table log and chat.
 * Every name and message goes in as text (textContent), never as markup.
 */
import { marksYou, tellStory } from '../ui/logGroups';
import type { ChatLine } from '@parlor/shared/core/protocol';
import { Limits } from '@parlor/shared/core/protocol';
import { secondsLeft } from '../net/clock';
import type { SeatInfo, TableSnapshot } from '../net/TableConnection';
import { toast } from '../ui/toast';
import { button, h, replace } from '../ui/dom';
import { icon } from '../ui/icons';
import { sideCloseButton } from './barButtons';

interface FeedLine {
  at: number;
  text: string;
  who?: string;
  /** A spectator's chat line: shown as "Ada (watching)", never mistaken for seated Ada. */
  watching?: boolean;
  chat: boolean;
}

type Presence = 'connected' | 'away' | 'ai' | 'free';

const PRESENCE_WORDS: Record<Presence, string> = {
  connected: 'Connected',
  away: 'Away',
  ai: 'AI',
  free: 'Free seat',
};

function seatPresence(seat: SeatInfo): Presence {
  if (!seat.occupied) return 'free';
  if (seat.bot) return 'ai';
  return seat.connected ? 'connected' : 'away';
}

/**
 * A seat's presence mark: a disc (here, or the AI), a ring (away), a dashed ring (free). The
 * shape tells it without the colour, and its name says it to a screen reader.
 */
function seatMark(seat: SeatInfo): HTMLElement {
  const presence = seatPresence(seat);
  const shape = presence === 'connected' || presence === 'ai' ? 'on' : presence === 'away' ? 'off' : 'free';
  return h('span', {
    class: `dot ${shape}`,
    title: PRESENCE_WORDS[presence],
    attrs: { role: 'img', 'aria-label': PRESENCE_WORDS[presence] },
  });
}

export class SidePanel {
  readonly el: HTMLElement;
  private seats = h('div', { class: 'seats', testid: 'seats' });
  private watchers = h('div', { class: 'watchers help', testid: 'watchers' });
  /** Countdowns of away seats, redrawn every second while there are any. */
  private awayClocks: { el: HTMLElement; until: number; then: string }[] = [];
  private awayTimer = 0;
  private moveBtn = h('div', { class: 'move-seat' });
  /** "Let the AI play" / "Take my seat back" (games that offer it, seated, during a match). */
  private handBtn = h('div', { class: 'move-seat' });
  private handShown = '';
  /** The chat line just sent: put back in the box if the server refuses it (too fast). */
  private lastSent: { text: string; at: number } | null = null;
  /** Not a live region: the log and the chat are read aloud from their own regions (Announcer). */
  /** Focusable: a keyboard can scroll it once it overflows (and axe asks it of a scrollable region). */
  private log = h('div', {
    class: 'log',
    testid: 'log',
    attrs: { tabindex: '0', 'aria-label': 'Table log' },
  });
  private chat: ChatLine[] = [];
  private lastLog: TableSnapshot['log'] = [];
  private settings = h('div', { class: 'side-settings' });
  private input: HTMLInputElement;

  /** A setting of this screen (the turn chime), under the players. */
  addSetting(el: HTMLElement): void {
    this.settings.append(el);
  }

  constructor(
    private readonly chatEnabled: boolean,
    private readonly sendChat: (text: string) => void,
    onClose: () => void,
    /** A table command shown beside the Players heading (the shell's Save game on phones). */
    tool?: HTMLElement,
    /** Online, seated: carry the seat to another device. */
    private readonly moveSeat?: () => void,
    /** Online, at a game that offers it: hand the seat to the AI (true) or take it back (false). */
    private readonly handOver?: (toAi: boolean) => void,
  ) {
    this.input = h('input', {
      class: 'input',
      testid: 'chat-input',
      attrs: {
        placeholder: 'Say something…',
        'aria-label': 'Chat message',
      },
    });
    this.input.addEventListener('input', () => {
      const over = this.input.value.trim().length > Limits.chatLength;
      this.input.classList.toggle('over', over);
      this.input.title = over ? `Too long: the limit is ${Limits.chatLength} characters` : '';
    });
    const form = h(
      'form',
      {
        class: 'chat-form',
        on: {
          submit: (e) => {
            e.preventDefault();
            const text = this.input.value.trim();
            if (!text) return;
            // Refused here with a word, never cut short in silence (a paste can be any length).
            if (text.length > Limits.chatLength) {
              toast(
                `That message is ${text.length} characters long; the limit is ${Limits.chatLength}. Shorten it and send again.`,
              );
              return;
            }
            this.sendChat(text);
            this.lastSent = { text, at: Date.now() };
            this.input.value = '';
          },
        },
      },
      this.input,
      h('button', { class: 'btn primary', testid: 'chat-send', text: 'Send', attrs: { type: 'submit' } }),
    );
    const close = sideCloseButton(onClose);
    this.el = h(
      'aside',
      {
        class: 'side',
        testid: 'side-panel',
        attrs: { role: 'region', 'aria-label': 'Players, log and chat' },
      },
      h(
        'section',
        {},
        h('div', { class: 'row' }, h('span', { class: 'label grow', text: 'Players' }), tool, close),
        this.seats,
        this.watchers,
        this.moveBtn,
        this.handBtn,
        this.settings,
      ),
      h(
        'section',
        { class: 'log-section' },
        h('span', { class: 'label', text: chatEnabled ? 'Log & chat' : 'Log' }),
        this.log,
      ),
      chatEnabled ? form : null,
    );
  }

  update(s: TableSnapshot): void {
    this.awayClocks = [];
    replace(
      this.seats,
      ...s.seats.map((seat, i) => {
        const row = h(
          'div',
          {
            class: `seat-row${i === s.mySeat ? ' me' : ''}${seat.occupied ? '' : ' empty'}`,
            testid: `seat-${i}`,
          },
          seatMark(seat),
          h('span', { class: 'seat-name', text: seat.name || 'Empty seat' }),
        );
        // A free seat with a name is kept for that player of a loaded saved game.
        if (!seat.occupied && seat.name) row.append(h('span', { class: 'badge', text: 'Saved seat' }));
        if (i === s.host) row.append(h('span', { class: 'crown', title: 'Host' }, icon('crown', 16)));
        if (seat.bot) row.append(h('span', { class: 'badge', text: 'AI' }));
        else if (seat.botControlled)
          row.append(
            h('span', {
              class: 'badge',
              text: 'AI playing',
              title: seat.connected
                ? 'Handed to the AI: its player watches and may take it back'
                : 'Away: the AI plays for now',
            }),
          );
        if (i === s.mySeat) row.append(h('span', { class: 'badge gold', text: 'You' }));
        const until = seat.awayUntil ?? 0;
        if (until > 0 && !seat.connected && !seat.bot && !seat.botControlled) {
          const then = s.status === 'waiting' ? 'seat freed' : 'AI plays';
          const el = h('span', { class: 'away-clock', testid: `away-${i}` });
          this.awayClocks.push({ el, until, then });
          row.append(el);
        } else if (seatPresence(seat) === 'away' && !seat.botControlled)
          // Away, in words beside the hollow mark (the "AI playing" badge says it otherwise).
          row.append(h('span', { class: 'away-clock', testid: `away-word-${i}`, text: 'Away' }));
        return row;
      }),
    );
    this.renderAway();
    if (this.moveSeat && s.mySeat >= 0 && !this.moveBtn.firstChild)
      this.moveBtn.append(
        button('Play on another device', this.moveSeat, {
          small: true,
          kind: 'ghost',
          testid: 'move-seat',
          title: 'A link and QR code that take your seat to your phone or tablet',
        }),
      );
    else if (s.mySeat < 0) this.moveBtn.replaceChildren();
    this.updateHandOver(s);
    const watchers = s.watchers ?? [];
    this.watchers.hidden = watchers.length === 0;
    this.watchers.textContent = watchers.length ? `Watching: ${watchers.join(', ')}` : '';
    const last = s.log[s.log.length - 1];
    const prevLast = this.lastLog[this.lastLog.length - 1];
    if (s.log.length !== this.lastLog.length || last?.at !== prevLast?.at || last?.text !== prevLast?.text) {
      this.lastLog = s.log;
      this.renderFeed(s);
    }
  }

  /** The hand-over button: what it offers follows the seat (a bot playing it: take it back). */
  private updateHandOver(s: TableSnapshot): void {
    const seat = s.seats[s.mySeat];
    const shown = !this.handOver || !seat || s.status !== 'playing' ? '' : seat.botControlled ? 'back' : 'ai';
    if (shown === this.handShown) return;
    this.handShown = shown;
    const handOver = this.handOver;
    if (!shown || !handOver) {
      this.handBtn.replaceChildren();
      return;
    }
    this.handBtn.replaceChildren(
      shown === 'ai'
        ? button('Let the AI play', () => handOver(true), {
            small: true,
            kind: 'ghost',
            testid: 'hand-over',
            title: 'The AI plays your seat while you watch; take it back at any time',
          })
        : button('Take my seat back', () => handOver(false), {
            small: true,
            testid: 'take-back',
            title: 'The AI stops playing your seat: your next decision is yours',
          }),
    );
  }

  /** "Away · AI plays in 42 s": from the seat's awayUntil, on the same clock as every countdown. */
  private renderAway(): void {
    for (const c of this.awayClocks) {
      const left = secondsLeft(c.until);
      c.el.textContent = left > 0 ? `Away · ${c.then} in ${left} s` : 'Away';
      c.el.title = 'Disconnected: the seat waits for its player to come back';
    }
    if (this.awayClocks.length && !this.awayTimer)
      this.awayTimer = window.setInterval(() => this.renderAway(), 1000);
    else if (!this.awayClocks.length && this.awayTimer) {
      window.clearInterval(this.awayTimer);
      this.awayTimer = 0;
    }
  }

  /** The server refused a message as too fast: the line just sent comes back, to send again. */
  chatRefused(): void {
    const last = this.lastSent;
    this.lastSent = null;
    if (!last || Date.now() - last.at > 5000 || this.input.value.trim()) return;
    this.input.value = last.text;
  }

  destroy(): void {
    window.clearInterval(this.awayTimer);
    this.awayTimer = 0;
  }

  addChat(line: ChatLine, s: TableSnapshot | null): void {
    this.chat.push(line);
    this.chat = this.chat.slice(-100);
    this.renderFeed(s);
  }

  private renderFeed(s: TableSnapshot | null): void {
    const names = s?.seats.map((x) => x.name) ?? [];
    const feed: FeedLine[] = [
      ...this.lastLog.map((l) => ({ at: l.at, text: l.text, chat: false })),
      ...(this.chatEnabled
        ? this.chat.map((c) => ({
            at: c.at,
            text: c.text,
            who: c.from || names[c.seat] || 'Guest',
            watching: c.spectator || c.seat < 0,
            chat: true,
          }))
        : []),
    ].sort((a, b) => a.at - b.at);
    const stick = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    const me = s && s.mySeat >= 0 ? names[s.mySeat] : undefined;
    replace(
      this.log,
      ...tellStory(feed, names, (l) => l.chat).map(({ line: l, text, count, alike }) =>
        h(
          'div',
          {
            class: `line${l.chat ? ' chat' : ''}${!l.chat && marksYou({ line: l, text, count, alike }, me) ? ' mine' : ''}`,
            testid: l.chat ? 'chat-line' : 'log-line',
          },
          h('span', { class: 'time', text: clock(l.at), attrs: { 'aria-hidden': 'true' } }),
          l.who
            ? h(
                'span',
                { class: 'who' },
                l.who,
                l.watching ? h('span', { class: 'watching', text: ' (watching)' }) : null,
                ': ',
              )
            : null,
          text,
        ),
      ),
    );
    if (stick) this.log.scrollTop = this.log.scrollHeight;
  }
}

function clock(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
