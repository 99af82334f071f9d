/**
 * The table for assistive technology, beside what the eye sees: the board in words (the game's own
 * summary, from this seat's view, through the `words` hook of its ClientGame), a short status line
 * ("Your turn", the decision of the moment, the result), and the log and the chat as two live
 * regions of their own, the log read without times and cut down (logDigest.ts). All of it is
 * visually hidden; the visible side panel keeps its log and chat. Knows no game.
 */
import type { ChatLine } from '@parlor/shared/core/protocol';
import type { GameWords } from '../games/types';
import type { LogLine, TableSnapshot } from '../net/TableConnection';
import { h, replace } from '../ui/dom';
import { digestLog } from './logDigest';

/** New log lines wait this long for more before they are read (a bot's turn comes in a burst). */
const QUIET_MS = 1500;
/** ... but never longer than this after the first of them. */
const MAX_WAIT_MS = 5000;

export class Announcer {
  readonly el: HTMLElement;
  private boardList = h('ul', { testid: 'board-words' });
  private status = h('div', { testid: 'status-words', attrs: { role: 'status' } });
  private logRegion = h('div', {
    testid: 'log-words',
    attrs: { role: 'log', 'aria-live': 'polite', 'aria-label': 'Game log' },
  });
  private chatRegion = h('div', {
    testid: 'chat-words',
    attrs: { role: 'log', 'aria-live': 'polite', 'aria-label': 'Chat' },
  });
  private prev: TableSnapshot | null = null;
  private lastStatus = '';
  /** The newest log line already handled (by its time and text), to find the new ones. */
  private seenLog: LogLine | null = null;
  private logStarted = false;
  private waiting: LogLine[] = [];
  private privateWaiting: string[] = [];
  private quiet = 0;
  private deadline = 0;

  constructor(private readonly words: GameWords | undefined) {
    const heading = h('h2', { text: 'The board in words', attrs: { id: 'board-words-title' } });
    this.el = h(
      'section',
      { class: 'sr-only', testid: 'access', attrs: { 'aria-labelledby': 'board-words-title' } },
      heading,
      this.boardList,
      h('h2', { text: 'Status' }),
      this.status,
      h('h2', { text: 'Game log' }),
      this.logRegion,
      h('h2', { text: 'Chat' }),
      this.chatRegion,
    );
  }

  update(s: TableSnapshot): void {
    const prev = this.prev;
    this.prev = s;
    const board = this.words && s.view ? this.words.board(s) : null;
    replace(this.boardList, ...(board?.lines ?? []).map((t) => h('li', { text: t })));
    this.collectLog(s);
    if (this.words?.news && s.view) this.privateWaiting.push(...this.words.news(prev, s));
    this.say(this.statusLine(s, board?.prompt ?? null));
    // Your turn: what happened before it is read at once, not after a pause.
    const mine = s.mySeat >= 0 && s.toAct.includes(s.mySeat);
    if (mine && (this.waiting.length || this.privateWaiting.length)) this.flush();
    else if (this.waiting.length || this.privateWaiting.length) this.later();
  }

  addChat(line: ChatLine, s: TableSnapshot | null): void {
    const who = line.from || s?.seats[line.seat]?.name || 'Guest';
    const watching = line.spectator || line.seat < 0 ? ' (watching)' : '';
    this.chatRegion.append(h('p', { text: `${who}${watching} says: ${line.text}` }));
    trim(this.chatRegion);
  }

  destroy(): void {
    window.clearTimeout(this.quiet);
  }

  private statusLine(s: TableSnapshot, prompt: string | null): string {
    if (s.status === 'waiting') return 'Waiting for the match to start';
    if (s.status === 'finished') return s.result ? `Game over. ${s.result.summary}` : 'Game over';
    const mine = s.mySeat >= 0 && s.toAct.includes(s.mySeat);
    if (prompt) return mine ? `Your turn: ${prompt}` : prompt;
    if (mine) return 'Your turn';
    const other = s.toAct.length === 1 ? s.seats[s.toAct[0]!]?.name : undefined;
    return other ? `${other}’s turn` : '';
  }

  private say(text: string): void {
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    this.status.textContent = text;
  }

  private collectLog(s: TableSnapshot): void {
    const log = s.log;
    if (!this.logStarted) {
      // The log so far is history: only what comes after the table opened is read.
      this.logStarted = true;
      this.seenLog = log[log.length - 1] ?? null;
      return;
    }
    const seen = this.seenLog;
    let from = 0;
    if (seen) {
      let i = log.length - 1;
      while (i >= 0 && !(log[i]!.at === seen.at && log[i]!.text === seen.text)) i--;
      // The ring dropped the line we knew: everything newer than it is new.
      from = i >= 0 ? i + 1 : log.filter((l) => l.at <= seen.at).length;
    }
    this.waiting.push(...log.slice(from));
    this.seenLog = log[log.length - 1] ?? seen;
  }

  private later(): void {
    const now = Date.now();
    if (!this.deadline) this.deadline = now + MAX_WAIT_MS;
    window.clearTimeout(this.quiet);
    this.quiet = window.setTimeout(() => this.flush(), Math.max(0, Math.min(QUIET_MS, this.deadline - now)));
  }

  private flush(): void {
    window.clearTimeout(this.quiet);
    this.deadline = 0;
    const s = this.prev;
    const names = s?.seats.map((x) => x.name) ?? [];
    const me = s && s.mySeat >= 0 ? names[s.mySeat] : undefined;
    const lines = [...digestLog(this.waiting, names, me), ...this.privateWaiting];
    this.waiting = [];
    this.privateWaiting = [];
    if (!lines.length) return;
    // One node per batch: read as one announcement.
    this.logRegion.append(h('p', { text: lines.join(' ') }));
    trim(this.logRegion);
  }
}

/** A live region keeps only its latest few entries (nobody reads old ones there; the panel keeps them). */
function trim(region: HTMLElement, keep = 20): void {
  while (region.childElementCount > keep) region.firstElementChild?.remove();
}
