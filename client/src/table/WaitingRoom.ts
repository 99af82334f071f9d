/**
 * Before the match: the seats (host: Add AI / Remove AI / Kick and each AI's level; spectators, and everyone at a saved
 * game: Sit here on a free seat), the invite code, the table options (the host edits them, everyone
 * sees them) and Start (host) or "waiting for the host". A loaded saved game keeps its options, and
 * its free seats show the saved players' names; each opens with its own claim code, which only its
 * player got (when the game was saved): this browser sits there by itself when it has the code,
 * and anyone may type theirs after Sit here (a friend on another device).
 */
import { BOT_LEVELS, type BotLevel } from '@parlor/shared/core/contract';
import { firstMatchChanges, LEVEL_NAMES } from '@parlor/shared/core/firstMatch';
import { describeOptions } from '@parlor/shared/core/optionSummary';
import { ClientMsg } from '@parlor/shared/core/protocol';
import type { ClientGame } from '../games/types';
import { fetchGames } from '../net/api';
import type { TableConnection, TableSnapshot } from '../net/TableConnection';
import { seatClaimOf, spacedCode } from '../net/seatClaims';
import { button, h, replace } from '../ui/dom';
import { patchChildren } from '../ui/keyed';
import { icon } from '../ui/icons';
import { openModal } from '../ui/modal';
import { optionsForm, type OptionsForm } from '../ui/OptionsForm';

export class WaitingRoom {
  readonly el: HTMLElement;
  private seats = h('div', { class: 'seat-list', testid: 'waiting-seats' });
  private invite = h('div', { class: 'invite', testid: 'waiting-invite' });
  /** The game's advice on the AI level for a first match (its meta), beside the level pickers. */
  private levelAdvice = h('div', { class: 'level-advice row wrap', testid: 'level-advice' });
  private optionsBox = h('div', {});
  private footer = h('div', { class: 'row wrap waiting-footer' });
  private heading = h('h2', { text: 'Waiting for players' });
  private savedNote = h('p', { class: 'help', testid: 'waiting-saved-note' });
  private form: OptionsForm | null = null;
  private formHost: boolean | null = null;
  private minSeats = 2;
  /** The saved seat this browser already tried to take with its kept code (once per table). */
  private autoSat = false;
  constructor(
    private readonly conn: TableConnection,
    private readonly game: ClientGame | undefined,
    private readonly onShare: () => void,
  ) {
    this.el = h(
      'div',
      { class: 'sheet', testid: 'waiting-room' },
      h(
        'div',
        { class: 'card' },
        this.heading,
        this.savedNote,
        this.invite,
        h('h3', { text: 'Seats' }),
        this.levelAdvice,
        this.seats,
        h('h3', { text: 'Options' }),
        this.optionsBox,
        this.footer,
      ),
    );
    void fetchGames()
      .then((games) => {
        const info = games.find((g) => g.id === (this.game?.id ?? this.conn.snapshot()?.game));
        if (!info) return;
        this.minSeats = info.seats.min;
        this.form = optionsForm(info.optionFields, this.conn.snapshot()?.options ?? {}, (values) =>
          this.conn.command(ClientMsg.setOptions, { options: values }),
        );
        this.formHost = null;
        const s = this.conn.snapshot();
        if (s) this.update(s);
      })
      .catch((err: unknown) => console.warn('options form unavailable', err));
  }

  /** Takes seat `i`; a saved game's seat with its claim code (asked for when not known here). */
  private sit(i: number, needsCode: boolean, name: string, known: string | undefined): void {
    if (!needsCode || known) {
      this.conn.command(ClientMsg.sit, known ? { seat: i, claim: known } : { seat: i });
      return;
    }
    const m = openModal(`Take ${name}’s seat`, { testid: 'claim-dialog' });
    const input = h('input', {
      class: 'input',
      testid: 'claim-input',
      attrs: {
        id: 'claim-input',
        maxlength: '12',
        autocomplete: 'off',
        autocapitalize: 'characters',
        spellcheck: 'false',
      },
    });
    const go = (): void => {
      if (!input.value.trim()) return;
      this.conn.command(ClientMsg.sit, { seat: i, claim: input.value.trim() });
      m.close();
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') go();
    });
    m.body.append(
      h('p', {
        class: 'help',
        text: `This seat is kept for ${name}. Enter its seat code: its player got it when the game was saved.`,
      }),
      h('div', { class: 'field' }, h('label', { text: 'Claim code', attrs: { for: 'claim-input' } }), input),
      h(
        'div',
        { class: 'actions' },
        button('Cancel', () => m.close(), { kind: 'ghost', testid: 'claim-cancel' }),
        button('Sit down', go, { kind: 'primary', testid: 'claim-submit' }),
      ),
    );
    input.focus();
  }

  /**
   * The host's choice of a bot seat's level (a native select: keyboard and screen readers work).
   * Drawn afresh like every control here; the redraw keeps the one on the page (and leaves the value
   * of the one being picked from alone).
   */
  private levelPicker(seat: number, name: string, level: BotLevel): HTMLSelectElement {
    const el = h(
      'select',
      {
        class: 'input level-picker',
        testid: `bot-level-select-${seat}`,
        title: 'How well this AI plays',
        attrs: { 'aria-label': `Level of ${name || `seat ${seat + 1}`}` },
        on: {
          change: (e) =>
            this.conn.command(ClientMsg.setBotLevel, {
              seat,
              level: (e.currentTarget as HTMLSelectElement).value as BotLevel,
            }),
        },
      },
      ...BOT_LEVELS.map((l) => h('option', { text: LEVEL_NAMES[l], attrs: { value: l } })),
    );
    el.value = level;
    return el;
  }

  /**
   * "First match? <Game> advises Easy AIs: why." for the host (who adds and levels the AIs) and for
   * anyone at a table with an AI seat; the host gets one button that applies it: every AI seat to
   * the level, or a game's levels by side (its AIs against the people, its AIs beside them) and the
   * table options it sets with them (shared firstMatch.ts).
   */
  private renderLevelAdvice(s: TableSnapshot, isHost: boolean): void {
    const advice = this.game?.firstMatchLevel;
    const bots = s.seats.filter((seat) => seat.bot);
    this.levelAdvice.hidden = !advice || (!isHost && bots.length === 0);
    if (!advice || this.levelAdvice.hidden) return;
    const changes = firstMatchChanges(advice, s.seats, s.options);
    const text = `First match? ${this.game!.title} advises ${changes.says}: ${changes.why}.`;
    const key = `${text}|${isHost}|${JSON.stringify(changes)}`;
    if (this.levelAdvice.dataset.key === key) return;
    this.levelAdvice.dataset.key = key;
    const bySide = advice.bySeat !== undefined;
    const n = changes.levels.length;
    patchChildren(
      this.levelAdvice,
      h('p', { class: 'help grow', testid: 'level-advice-text', text }),
      isHost && (n || changes.options)
        ? button(
            bySide
              ? 'Set up a first match'
              : `Set ${n === 1 ? 'the AI' : 'all AIs'} to ${LEVEL_NAMES[advice.level]}`,
            () => {
              if (changes.options) this.conn.command(ClientMsg.setOptions, { options: changes.options });
              for (const x of changes.levels) this.conn.command(ClientMsg.setBotLevel, x);
            },
            { small: true, testid: 'level-advice-apply' },
          )
        : null,
    );
  }

  update(s: TableSnapshot): void {
    const isHost = s.mySeat >= 0 && s.mySeat === s.host;
    const saved = s.savedGame === true;
    this.heading.textContent = saved ? 'Saved game: waiting for its players' : 'Waiting for players';
    // This browser's own code for this match, if the server gave it one (its seat alone).
    const mine = saved ? seatClaimOf(s.lineage) : undefined;
    this.savedNote.textContent = saved
      ? `Each player takes their own seat with their own seat code (each got theirs when the game was saved).${mine ? ` Your seat code for this saved game: ${spacedCode(mine.code)}.` : ''} When every seat is filled, the host carries the match on from where it was saved, with what no one has seen yet dealt afresh; a timer starts again with its full time.`
      : '';
    this.savedNote.hidden = !saved;
    // Watching a loaded save whose seat this browser has the code of: take it, once.
    if (mine && s.mySeat < 0 && !this.autoSat && s.seats[mine.seat] && !s.seats[mine.seat]!.occupied) {
      this.autoSat = true;
      this.conn.command(ClientMsg.sit, { seat: mine.seat, claim: mine.code });
    }
    this.renderLevelAdvice(s, isHost && !saved);
    patchChildren(
      this.invite,
      h(
        'div',
        { class: 'grow' },
        h('div', { class: 'label', text: 'Join code' }),
        h('div', { class: 'big-code', testid: 'waiting-code', text: s.code || '—' }),
      ),
      button('Invite', this.onShare, { kind: 'primary', testid: 'waiting-share', title: 'Link and QR code' }),
    );
    patchChildren(
      this.seats,
      ...s.seats.map((seat, i) => {
        // What the seat plays, for a game whose seats are not alike (GameMeta.seatRole).
        const role = this.game?.seatRole?.(i, s.seats.length, s.options) ?? '';
        const row = h(
          'div',
          {
            class: `seat-row${seat.occupied ? '' : ' empty'}${i === s.mySeat ? ' me' : ''}`,
            testid: `waiting-seat-${i}`,
          },
          h('span', { class: `dot ${seat.connected || seat.bot ? 'on' : 'off'}` }),
          h('span', { class: 'seat-name', text: seat.name || 'Open seat' }),
        );
        // Only this browser's own seat code is known here (and shown in the note above).
        const code = saved && !seat.occupied && mine?.seat === i ? mine.code : undefined;
        if (!seat.occupied && seat.name) row.append(h('span', { class: 'badge teal', text: 'Saved seat' }));
        if (code)
          row.append(h('span', { class: 'badge gold', testid: `claim-code-${i}`, text: 'Your seat' }));
        if (i === s.host) row.append(h('span', { class: 'crown', title: 'Host' }, icon('crown', 16)));
        if (seat.bot) row.append(h('span', { class: 'badge', text: 'AI' }));
        if (seat.bot && !isHost)
          row.append(
            h('span', {
              class: 'badge teal',
              testid: `bot-level-${i}`,
              title: 'How well this AI plays',
              text: LEVEL_NAMES[seat.botLevel ?? 'normal'],
            }),
          );
        if (seat.bot && isHost)
          row.append(
            this.levelPicker(i, role ? `${seat.name} (${role})` : seat.name, seat.botLevel ?? 'normal'),
          );
        if (i === s.mySeat) row.append(h('span', { class: 'badge gold', text: 'You' }));
        // On a line of its own under the row (the CSS puts it last): a phone's row has no room beside the name.
        if (role) row.append(h('span', { class: 'seat-role', testid: `seat-role-${i}`, text: role }));
        // Spectators sit down; seated players pick their own seat of a saved game.
        if (!seat.occupied && (s.mySeat < 0 || saved)) {
          row.append(
            button('Sit here', () => this.sit(i, saved && !!seat.name, seat.name, code), {
              small: true,
              kind: s.mySeat < 0 ? 'primary' : undefined,
              testid: `sit-${i}`,
              title: 'Take this seat',
            }),
          );
        }
        if (isHost && i !== s.mySeat) {
          if (!seat.occupied) {
            row.append(
              button('Add AI', () => this.conn.command(ClientMsg.addBot, { seat: i }), {
                small: true,
                testid: `add-bot-${i}`,
              }),
            );
          } else if (seat.bot) {
            row.append(
              button('Remove AI', () => this.conn.command(ClientMsg.removeBot, { seat: i }), {
                small: true,
                testid: `remove-bot-${i}`,
              }),
            );
          } else {
            row.append(
              button('Kick', () => this.conn.command(ClientMsg.kick, { seat: i }), {
                small: true,
                kind: 'danger',
                testid: `kick-${i}`,
              }),
            );
          }
        }
        return row;
      }),
    );
    // The host edits the options; everyone else (and everyone at a saved game, whose options are
    // fixed) reads the same one-line summary, before and after the form could be built.
    const editable = isHost && !saved;
    if (this.form && editable) {
      if (this.formHost !== true) {
        this.form.setDisabled(false);
        replace(this.optionsBox, this.form.el);
        this.formHost = true;
      }
      if (!this.form.el.contains(document.activeElement)) this.form.set(s.options);
    } else if (this.game) {
      this.formHost = false;
      const text = describeOptions(this.game.optionFields, s.options).join(' · ');
      if (this.optionsBox.textContent !== text || this.form?.el.isConnected)
        replace(this.optionsBox, h('div', { class: 'help', testid: 'options-summary', text }));
    }
    const filled = s.seats.filter((x) => x.occupied).length;
    const needed = saved ? s.seats.length : this.minSeats;
    const startLabel = saved ? 'Carry on the saved match' : 'Start the match';
    patchChildren(
      this.footer,
      isHost
        ? button(
            filled >= needed ? startLabel : `Start (needs ${needed} players)`,
            () => this.conn.command(ClientMsg.start),
            {
              kind: 'primary',
              testid: 'start-button',
              class: 'grow',
              disabled: filled < needed,
            },
          )
        : h('div', {
            class: 'help grow',
            testid: 'waiting-for-host',
            text:
              s.mySeat < 0
                ? 'You are watching. The match starts when the host is ready.'
                : 'Waiting for the host to start the match…',
          }),
    );
  }
}
