/**
 * The calendar strip across the top of the board (Phaser): the nweek, the 12 ndays with Breakday,
 * Ballotday and Thirnight marked, the current nday filling up as its time runs, and the Clock
 * (On, Off, or stopped by an emergency) with the time left in the window.
 */
import Phaser from 'phaser';
import { BALLOTDAY, BREAKDAY, NDAYS, THIRNIGHT } from '@parlor/shared/games/devices/calendar';
import type { DevicesPublic } from '@parlor/shared/games/devices/types';
import { FONT, clockText, shortNday } from './format';
import { textMaker } from '../sceneText';

const C = {
  panel: 0x1c1f24,
  line: 0x343a44,
  past: 0x2a2f37,
  future: 0x21252b,
  now: 0xe0b84f,
  teal: 0x4fb7a8,
  blue: 0x6aa7e8,
  red: 0xe2553f,
  violet: 0xb48ee0,
};

export class CalendarStrip extends Phaser.GameObjects.Container {
  private g: Phaser.GameObjects.Graphics;
  private week: Phaser.GameObjects.Text;
  private day: Phaser.GameObjects.Text;
  private clock: Phaser.GameObjects.Text;
  private clockSub: Phaser.GameObjects.Text;
  private pips: Phaser.GameObjects.Text[] = [];
  private marks: Phaser.GameObjects.Text[] = [];
  private stripW = 360;
  private compact = true;
  private shown: { pub: DevicesPublic; deadline: number; windowMs: number } | null = null;

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    const text = textMaker(scene, FONT);
    this.g = scene.add.graphics();
    this.week = text(11, '#9aa1ab', '800').setLetterSpacing(1.5);
    this.day = text(20, '#f2efe6', '800');
    this.clock = text(18, '#f2efe6', '800').setOrigin(1, 0);
    this.clockSub = text(11, '#9aa1ab', '700').setOrigin(1, 0).setLetterSpacing(1.2);
    this.add([this.g, this.week, this.day, this.clock, this.clockSub]);
    for (let i = 0; i < NDAYS; i++) {
      const t = text(11, '#f2efe6', '800').setOrigin(0.5, 0.5);
      const m = text(9, '#9aa1ab', '700').setOrigin(0.5, 0);
      this.pips.push(t);
      this.marks.push(m);
      this.add([t, m]);
    }
    scene.add.existing(this);
  }

  static heightFor(compact: boolean): number {
    return compact ? 92 : 78;
  }

  layout(width: number, compact: boolean): void {
    this.stripW = width;
    this.compact = compact;
    if (this.shown) this.draw(this.shown.pub, this.shown.deadline, this.shown.windowMs);
  }

  /** `deadline` in local epoch ms (0 = none); `windowMs` the full length of the current window. */
  draw(pub: DevicesPublic, deadline: number, windowMs: number): void {
    this.shown = { pub, deadline, windowMs };
    const { stripW: w, compact } = this;
    const g = this.g;
    const h = CalendarStrip.heightFor(compact);
    const now = Date.now();
    const left = deadline > 0 ? Math.max(0, deadline - now) : 0;
    g.clear();
    g.fillStyle(C.panel, 1).fillRect(0, 0, w, h);
    g.lineStyle(1, C.line, 1).lineBetween(0, h - 0.5, w, h - 0.5);

    const pad = compact ? 10 : 16;
    this.week.setText(`NWEEK ${pub.nweek} OF ${pub.nweeks}`).setPosition(pad, compact ? 8 : 12);
    this.day
      .setText(`${pub.ndayName} · nday ${pub.nday}`)
      .setFontSize(compact ? 17 : 20)
      .setPosition(pad, compact ? 22 : 28);

    const emergency = pub.phase === 'emergency';
    const state = emergency ? 'STOPPED' : pub.clockOn ? 'CLOCK ON' : 'CLOCK OFF';
    const color = emergency ? '#ff9d8c' : pub.clockOn ? '#4fb7a8' : '#e0b84f';
    this.clockSub
      .setText(state)
      .setColor(color)
      .setPosition(w - pad, compact ? 8 : 12);
    this.clock
      .setText(deadline > 0 ? clockText(left) : '–')
      .setFontSize(compact ? 17 : 20)
      .setColor(left < 5000 && deadline > 0 ? '#ff9d8c' : '#f2efe6')
      .setPosition(w - pad, compact ? 22 : 28);
    // The Clock's dial: a ring that empties as the window runs out.
    const cx = w - pad - (compact ? 96 : 92);
    const cy = compact ? 27 : 36;
    const r = compact ? 11 : 14;
    g.lineStyle(3, C.line, 1).strokeCircle(cx, cy, r);
    if (deadline > 0 && windowMs > 0) {
      const frac = Math.min(1, left / windowMs);
      const tint = emergency ? C.red : pub.clockOn ? C.teal : C.now;
      g.lineStyle(3, tint, 1).beginPath();
      g.arc(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + frac * Math.PI * 2, false).strokePath();
    }

    // The 12 ndays. Compact: a full-width row under the labels; wide: to the right of the labels.
    const rowX = compact ? pad : Math.min(300, w * 0.3);
    const rowW = compact ? w - pad * 2 : Math.max(200, cx - r - 24 - rowX);
    const rowY = compact ? 66 : 40;
    const gap = compact ? 3 : 5;
    const pw = (rowW - gap * (NDAYS - 1)) / NDAYS;
    const ph = compact ? 22 : 26;
    for (let i = 0; i < NDAYS; i++) {
      const nday = i + 1;
      const x = rowX + i * (pw + gap);
      const y = rowY - ph / 2;
      const isNow = nday === pub.nday;
      const past = nday < pub.nday;
      g.fillStyle(past ? C.past : C.future, 1).fillRoundedRect(x, y, pw, ph, 5);
      if (isNow) {
        const frac = pub.clockOn && deadline > 0 && windowMs > 0 ? 1 - Math.min(1, left / windowMs) : 0;
        g.fillStyle(C.now, 0.28).fillRoundedRect(x, y, pw, ph, 5);
        if (frac > 0) g.fillStyle(C.now, 0.6).fillRect(x + 2, y + ph - 5, (pw - 4) * frac, 3);
        g.lineStyle(2, C.now, 1).strokeRoundedRect(x, y, pw, ph, 5);
      }
      const special =
        nday === BREAKDAY ? C.teal : nday === BALLOTDAY ? C.blue : nday === THIRNIGHT ? C.violet : 0;
      if (special) g.fillStyle(special, 1).fillRect(x + 4, y + 2, pw - 8, 2);
      this.pips[i]!.setText(String(nday))
        .setPosition(x + pw / 2, rowY)
        .setColor(isNow ? '#e0b84f' : past ? '#6d737c' : '#cfccc3');
      const label =
        nday === BREAKDAY ? 'BREAK' : nday === BALLOTDAY ? 'BALLOT' : nday === THIRNIGHT ? 'THIRN' : '';
      this.marks[i]!.setText(compact ? '' : label || shortNday(nday).toUpperCase())
        .setPosition(x + pw / 2, rowY + ph / 2 + 2)
        .setColor(special ? `#${special.toString(16)}` : '#6d737c')
        .setVisible(!compact && pw > 26);
    }
  }

  /** Redraws with the stored view (for the running countdown). */
  tick(): void {
    if (this.shown) this.draw(this.shown.pub, this.shown.deadline, this.shown.windowMs);
  }
}
