/**
 * The James Bland table: agent cards (cartoon avatar, status border, markers, submitted/ready
 * badges, this round's hits), a simultaneous reveal where pianos, anvils, pies, skates and bear
 * traps land on their targets, and the biplane dragging each banner across the sky. Forms,
 * prompts and the dossier are DOM (Panel.ts).
 */
import Phaser from 'phaser';
import type { GameEvent } from '@parlor/shared/core/contract';
import { DEFENSE_SPECS, OFFENSE_SPECS } from '@parlor/shared/games/james-bland/data';
import type { JamesBlandAction, Reveal } from '@parlor/shared/games/james-bland/types';
import type { TableConnection, TableSnapshot } from '../../net/TableConnection';
import { play } from '../../ui/sound';
import type { GameSceneData } from '../sceneData';
import type { JbView } from './adapter';
import { AGENT_SIZE, DEFENSE_PROP, INK, PROP_FOR, agentKey } from './art';
import { JbPanel, STATUS_COLOUR } from './Panel';

const FONT = 'Inter, system-ui, sans-serif';
const BG = 0xf3e6c4;

interface AgentCard {
  box: Phaser.GameObjects.Graphics;
  avatar: Phaser.GameObjects.Image;
  name: Phaser.GameObjects.Text;
  status: Phaser.GameObjects.Text;
  markers: Phaser.GameObjects.Text;
  badge: Phaser.GameObjects.Text;
  hits: Phaser.GameObjects.Text;
  x: number;
  y: number;
  w: number;
  h: number;
  /**
   * How the text sits: under the avatar (`tall`), beside it in rows (`squeezed`), or, in a card too
   * short for those (a phone with the planning form and a warning up), name and badge on one row
   * and the status under it (`strip`) or beside the name (`line`).
   */
  mode: 'tall' | 'squeezed' | 'strip' | 'line';
  /** Left edge of the text in the `strip` and `line` modes. */
  textX: number;
  /** Widest a text line may be, and the name's and status's font sizes before any shrinking. */
  textW: number;
  nameSize: number;
  statusSize: number;
}

/** Shrinks a one-line text (down to 8 px) until it is at most `maxW` wide. */
function shrinkToWidth(t: Phaser.GameObjects.Text, size: number, maxW: number): void {
  t.setFontSize(size);
  for (let s = size - 1; s >= 8 && t.width > maxW; s--) t.setFontSize(s);
}

/** Cards shorter than this lay their text out in the `strip` / `line` modes. */
const STRIP_BELOW = 58;
/** Short cards at least this tall put the status under the name (`strip`), shorter ones beside it. */
const TWO_ROWS_FROM = 34;

/**
 * A card too short for the rows under or beside the avatar: the name with the badge at the right
 * of its row, the status under it (`strip`) or after the name on the same row (`line`), the whole
 * centred in the card's height. Fonts shrink (to 8 px) until each piece fits its width.
 */
function placeShortCardText(c: AgentCard): void {
  const right = c.x + c.w - 8;
  const badgeW = c.badge.text ? c.badge.width + 6 : 0;
  const rowW = right - c.textX - badgeW;
  let nameH: number;
  if (c.mode === 'strip') {
    shrinkToWidth(c.name, c.nameSize, rowW);
    shrinkToWidth(c.status, c.statusSize, c.textW);
    const top = c.y + Math.max(3, (c.h - c.name.height - c.status.height) / 2);
    c.name.setPosition(c.textX, top);
    c.status.setPosition(c.textX, top + c.name.height);
    nameH = c.name.height;
  } else {
    shrinkToWidth(c.status, c.statusSize, rowW * 0.45);
    shrinkToWidth(c.name, c.nameSize, rowW - c.status.width - 6);
    const top = c.y + (c.h - c.name.height) / 2;
    c.name.setPosition(c.textX, top);
    c.status.setPosition(c.textX + c.name.width + 6, top + (c.name.height - c.status.height) / 2);
    nameH = c.name.height;
  }
  c.badge.setPosition(right + 2, c.name.y + Math.max(0, (nameH - c.badge.height) / 2));
}

const RESULT_WORD: Record<string, string> = {
  success: 'SUCCESS',
  failure: 'MISSED',
  blocked: 'BLOCKED',
  untargetable: 'NO TARGET',
  cancelled: 'STOPPED',
  misfire: 'MISFIRE',
  fizzled: 'FIZZLED',
  pending: '…',
};
const SPLAT: Record<string, string> = {
  'jb-piano': 'KER-PLUNK!',
  'jb-anvil': 'BONK!',
  'jb-pie': 'SPLAT!',
  'jb-skate': 'WHEEE!',
  'jb-trap': 'SNAP!',
};

/**
 * Sets as many of `lines` as fit in `maxH` pixels (wrapped lines count); when some are left out the
 * last line says where they all are (the round recap).
 */
export function fitLines(t: Phaser.GameObjects.Text, lines: string[], maxH: number): void {
  t.setText(lines.join('\n'));
  if (t.height <= maxH || lines.length === 0) return;
  for (let keep = lines.length - 1; keep >= 0; keep--) {
    const shown = [...lines.slice(0, keep), keep === 0 ? 'see the recap' : '… all in the recap'];
    t.setText(shown.join('\n'));
    if (t.height <= maxH) return;
  }
  t.setText('');
}

export class JamesBlandScene extends Phaser.Scene {
  static readonly KEY = 'james-bland';
  private conn!: TableConnection;
  private dom!: GameSceneData['dom'];
  private panel!: JbPanel;
  private bg!: Phaser.GameObjects.Graphics;
  private header!: Phaser.GameObjects.Text;
  private sub!: Phaser.GameObjects.Text;
  private cards: AgentCard[] = [];
  private unsubs: (() => void)[] = [];
  private lastReveal = '';
  private firstRender = true;
  private reserveRight = 0;
  /** Room under the header for the near-victory warnings (DOM, Panel.ts). */
  private reserveTop = 0;
  private tickTimer: Phaser.Time.TimerEvent | null = null;

  constructor() {
    super(JamesBlandScene.KEY);
  }

  init(data: GameSceneData): void {
    this.conn = data.conn;
    this.dom = data.dom;
    this.cards = [];
    this.lastReveal = '';
    this.firstRender = true;
  }

  create(): void {
    this.bg = this.add.graphics();
    const res = Math.min(2, window.devicePixelRatio || 1);
    this.header = this.add
      .text(0, 0, '', {
        fontFamily: FONT,
        fontSize: '18px',
        fontStyle: '800',
        color: '#2a2118',
        resolution: res,
      })
      .setOrigin(0.5, 0);
    this.sub = this.add
      .text(0, 0, '', {
        fontFamily: FONT,
        fontSize: '13px',
        color: '#5a4a36',
        resolution: res,
        align: 'center',
      })
      .setOrigin(0.5, 0);
    this.panel = new JbPanel(
      this.dom.actions,
      this.dom.overlay,
      (a) => this.send(a),
      ({ right, top }) => {
        if (right === this.reserveRight && top === this.reserveTop) return;
        this.reserveRight = right;
        this.reserveTop = top;
        // Called from the panel's constructor too: lay out once it exists.
        if (this.panel) this.layout();
      },
    );
    this.unsubs.push(
      this.conn.on('change', (s) => this.render(s)),
      this.conn.on('event', (e) => this.onEvent(e)),
    );
    this.tickTimer = this.time.addEvent({ delay: 500, loop: true, callback: () => this.panel.tick() });
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => this.teardown());
    this.layout();
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    w.__parlor = {
      ...(w.__parlor ?? {}),
      jamesBland: { view: () => this.view(), textOutsideCards: () => this.textOutsideCards() },
    };
  }

  private teardown(): void {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.tickTimer?.remove();
    this.scale.off('resize', this.layout, this);
    this.panel.destroy();
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    if (w.__parlor) delete w.__parlor.jamesBland;
  }

  /** For the browser tests: every agent-card text that pokes out of its card ("seat: text"). */
  private textOutsideCards(): string[] {
    const n = this.view()?.public.agents.length ?? 0;
    return this.cards.slice(0, n).flatMap((c, i) =>
      [c.name, c.status, c.markers, c.badge, c.hits].flatMap((t) => {
        if (!t.visible || !t.text) return [];
        const b = t.getBounds();
        const inside =
          b.x >= c.x - 1 && b.y >= c.y - 1 && b.right <= c.x + c.w + 1 && b.bottom <= c.y + c.h + 1;
        return inside ? [] : [`${i}: ${t.text.replace(/\n/g, ' / ')}`];
      }),
    );
  }

  private send(a: JamesBlandAction): void {
    this.conn.send(a);
  }

  private view(): JbView | null {
    return (this.conn.snapshot()?.view as JbView | null) ?? null;
  }

  // ---------------------------------------------------------------- layout

  private layout(): void {
    const snap = this.conn.snapshot();
    const n = Math.max(2, this.view()?.public.agents.length ?? snap?.seats.length ?? 4);
    const { width: W0, height: H } = this.scale;
    const W = Math.max(200, W0 - this.reserveRight);
    this.bg.clear();
    this.bg.fillStyle(BG, 1).fillRect(0, 0, W0, H);
    // Comic-book dots.
    this.bg.fillStyle(0xe8d6aa, 1);
    for (let y = 8; y < H; y += 22)
      for (let x = (y / 22) % 2 ? 8 : 19; x < W0; x += 22) this.bg.fillCircle(x, y, 2.2);
    const compact = W < 640;
    this.header.setPosition(W / 2, compact ? 6 : 10).setFontSize(compact ? 15 : 19);
    this.sub.setPosition(W / 2, compact ? 26 : 34).setWordWrapWidth(W - 20);
    this.panel.placeWarnings(compact ? 44 : 56, this.reserveRight);
    const top = (compact ? 48 : 62) + this.reserveTop;
    const cols = compact ? (n <= 4 ? 2 : 3) : n <= 4 ? n : 3;
    const rows = Math.ceil(n / cols);
    const gap = compact ? 6 : 12;
    const cw = Math.min(250, (W - gap * (cols + 1)) / cols);
    const ch = Math.min(compact ? 190 : 230, (H - top - gap * (rows + 1)) / rows);
    const x0 = (W - (cw * cols + gap * (cols - 1))) / 2;
    while (this.cards.length < n) this.cards.push(this.makeCard(this.cards.length));
    this.cards.forEach((c, i) => {
      const visible = i < n;
      for (const o of [c.box, c.avatar, c.name, c.status, c.markers, c.badge, c.hits]) o.setVisible(visible);
      if (!visible) return;
      c.x = x0 + (i % cols) * (cw + gap);
      c.y = top + Math.floor(i / cols) * (ch + gap);
      c.w = cw;
      c.h = ch;
      const small = cw < 150 || ch < 170;
      for (const t of [c.name, c.status]) t.setOrigin(0.5, 0);
      if (ch < STRIP_BELOW) {
        // Too short for rows of text: a small avatar, the name (badge beside it) and the status
        // placed by render once their widths are known; markers and hits wait for a taller card.
        const av = Math.max(0, Math.min(ch - 8, cw * 0.22));
        c.mode = ch < TWO_ROWS_FROM ? 'line' : 'strip';
        c.avatar.setDisplaySize(av, av).setPosition(c.x + 8 + av / 2, c.y + ch / 2 + 1);
        c.textX = c.x + av + 14;
        c.textW = c.x + cw - 8 - c.textX;
        c.nameSize = 13;
        c.statusSize = 10;
        for (const t of [c.name, c.status]) t.setOrigin(0, 0);
        c.badge.setFontSize(10);
        c.markers.setVisible(false);
        c.hits.setVisible(false);
        return;
      }
      if (ch < 120) {
        // Squeezed (a phone while the planning form is up): avatar on the left, text beside it.
        const av = Math.min(ch - 14, cw * 0.3);
        const tx = c.x + av + 12 + (cw - av - 18) / 2;
        const tw = cw - av - 18;
        c.mode = 'squeezed';
        c.avatar.setDisplaySize(av, av).setPosition(c.x + 8 + av / 2, c.y + ch / 2 + 2);
        // Below the badge; last round's results only when there is room (the log has them too).
        c.badge.setPosition(c.x + cw - 6, c.y + 6).setFontSize(10);
        c.textW = tw;
        c.nameSize = 13;
        c.statusSize = 10;
        c.name.setPosition(tx, c.y + 21);
        c.status.setPosition(tx, c.y + 37);
        c.markers
          .setPosition(tx, c.y + 50)
          .setFontSize(10)
          .setWordWrapWidth(tw)
          .setMaxLines(1);
        c.hits
          .setPosition(tx, c.y + 63)
          .setFontSize(9)
          .setWordWrapWidth(tw)
          .setVisible(ch >= 86);
        return;
      }
      const av = Math.min(ch * (small ? 0.4 : 0.45), cw * 0.55);
      c.mode = 'tall';
      c.avatar.setDisplaySize(av, av).setPosition(c.x + cw / 2, c.y + 8 + av / 2);
      c.textW = cw - 12;
      c.nameSize = small ? 13 : 15;
      c.statusSize = small ? 10 : 11;
      c.name.setPosition(c.x + cw / 2, c.y + 12 + av);
      c.status.setPosition(c.x + cw / 2, c.y + 30 + av);
      c.markers
        .setPosition(c.x + cw / 2, c.y + 45 + av)
        .setFontSize(small ? 10 : 11)
        .setWordWrapWidth(cw - 10)
        .setMaxLines(2);
      c.badge.setPosition(c.x + cw - 6, c.y + 6).setFontSize(small ? 10 : 11);
      c.hits
        .setPosition(c.x + cw / 2, c.y + 62 + av)
        .setFontSize(small ? 9 : 11)
        .setWordWrapWidth(cw - 10);
    });
    const snapNow = this.conn.snapshot();
    if (snapNow) this.render(snapNow, true);
  }

  private makeCard(seat: number): AgentCard {
    const res = Math.min(2, window.devicePixelRatio || 1);
    const t = (size: number, weight: string, color: string) =>
      this.add
        .text(0, 0, '', {
          fontFamily: FONT,
          fontSize: `${size}px`,
          fontStyle: weight,
          color,
          resolution: res,
          align: 'center',
        })
        .setOrigin(0.5, 0);
    return {
      box: this.add.graphics(),
      avatar: this.add.image(0, 0, agentKey(seat)),
      name: t(15, '800', '#2a2118'),
      status: t(11, '800', '#2a2118'),
      markers: t(11, '700', '#7a2a1a'),
      badge: t(11, '800', '#ffffff').setOrigin(1, 0),
      hits: t(11, '600', '#2a2118'),
      x: 0,
      y: 0,
      w: AGENT_SIZE,
      h: AGENT_SIZE,
      mode: 'tall',
      textX: 0,
      textW: AGENT_SIZE,
      nameSize: 15,
      statusSize: 11,
    };
  }

  // ---------------------------------------------------------------- render

  private render(snap: TableSnapshot, fromLayout = false): void {
    const v = snap.view as JbView | null;
    if (!v) return;
    const { public: pub, private: priv } = v;
    if (!fromLayout && this.cards.length < pub.agents.length) {
      this.layout();
      return;
    }
    const me = snap.mySeat;
    const phaseWord: Record<string, string> = {
      planning: 'Planning',
      banner: 'Banner!',
      adaptation: 'Adaptation',
      showdown: 'Final Showdown',
      finished: 'Mission over',
    };
    this.header.setText(
      `Round ${pub.round}${pub.roundLimit ? ` / ${pub.roundLimit}` : ''} · ${phaseWord[pub.phase] ?? pub.phase}`,
    );
    this.sub.setText(
      pub.phase === 'finished'
        ? pub.summary
        : priv
          ? `You are ${priv.codename} · ${priv.ip} IP`
          : 'Spectating: plans stay secret until the reveal',
    );
    const hits = this.hitsByTarget(pub.reveal, pub.round, pub.phase);
    pub.agents.forEach((a, i) => {
      const c = this.cards[i];
      if (!c) return;
      const colour = Phaser.Display.Color.HexStringToColor(STATUS_COLOUR[a.status]).color;
      c.box.clear();
      c.box.fillStyle(0x000000, 0.18).fillRoundedRect(c.x + 4, c.y + 5, c.w, c.h, 14);
      c.box.fillStyle(i === me ? 0xfff8e4 : 0xfffdf6, 1).fillRoundedRect(c.x, c.y, c.w, c.h, 14);
      c.box.lineStyle(7, colour, 1).strokeRoundedRect(c.x + 3, c.y + 3, c.w - 6, c.h - 6, 12);
      c.box.lineStyle(2, 0x1d1a16, 1).strokeRoundedRect(c.x, c.y, c.w, c.h, 14);
      c.avatar.setAlpha(a.ghost ? 0.35 : 1).setTint(a.status === 'captured' ? 0xb0b0b0 : 0xffffff);
      c.name.setText(`${a.name}${i === me ? ' (you)' : ''}`);
      const codename = a.codename ? ` · “${a.codename}”` : '';
      c.status
        .setText(`${a.status.toUpperCase()}${codename}`)
        .setColor(
          a.status === 'eliminated'
            ? '#000000'
            : STATUS_COLOUR[a.status] === '#e9c531'
              ? '#9a7d00'
              : STATUS_COLOUR[a.status],
        );
      const markers = [
        a.exposed ? 'EXPOSED' : '',
        a.bugged ? 'BUGGED' : '',
        a.stuck ? 'STUCK' : '',
        a.ghost ? 'GHOST' : '',
        a.captures ? `CAUGHT x${a.captures}` : '',
        a.assets.length ? `ASSETS ${a.assets.length}` : '',
        pub.pacts.some((p) => p.a === i || p.b === i) ? 'PACT' : '',
      ].filter(Boolean);
      c.markers.setText(markers.join(' · '));
      let badge = '';
      if (pub.phase === 'planning')
        badge = a.submitted ? ' ✔ SUBMITTED ' : snap.toAct.includes(i) ? ' … plotting ' : '';
      else if (pub.phase === 'adaptation') badge = a.ready ? ' ✔ READY ' : ' shopping ';
      else if (pub.phase === 'banner') badge = snap.toAct.includes(i) ? ' deciding ' : '';
      // A one-row card has no room for the word: its sign (green ✔ done, brown … still choosing).
      if (c.mode === 'line' && badge) badge = a.submitted || a.ready ? ' ✔ ' : ' … ';
      c.badge.setText(badge).setBackgroundColor(a.submitted || a.ready ? '#2f8f46' : '#8a6d3b');
      // Everything stays inside the card: long names and statuses shrink, markers that do not fit
      // below them are left out (the warning strip and the dossier carry them too).
      if (c.mode === 'strip' || c.mode === 'line') {
        placeShortCardText(c);
        return;
      }
      shrinkToWidth(c.name, c.nameSize, c.textW);
      shrinkToWidth(c.status, c.statusSize, c.textW);
      c.markers.setVisible(c.markers.y + c.markers.height <= c.y + c.h - 3);
      let lines = hits.get(i) ?? [];
      // Small cards (phones, six agents): the result words only; the recap has every line whole.
      const small = c.w < 150 || c.h < 170;
      if (small)
        lines = lines.map((l) =>
          l
            .replace(/ by [^:]+:/, ':')
            .replace(/ \(\d+\)$/, '')
            .replace('Defense: ', ''),
        );
      const lastRound = pub.phase === 'planning' && pub.reveal?.round !== pub.round;
      if (lines.length && lastRound && !small) lines = ['Last round:', ...lines];
      // Everything stays inside the card: the hits go under the markers, as many lines as fit.
      if (c.hits.visible) {
        c.hits.setY(c.markers.text ? c.markers.y + c.markers.height + 2 : c.markers.y);
        fitLines(c.hits, lines, c.y + c.h - 6 - c.hits.y);
      }
    });
    const revealKey = pub.reveal ? `${pub.reveal.round}` : '';
    if (!fromLayout && revealKey && revealKey !== this.lastReveal) {
      if (!this.firstRender) this.playReveal(pub.reveal!);
      this.lastReveal = revealKey;
    } else if (!this.lastReveal) this.lastReveal = revealKey;
    this.firstRender = false;
    this.panel.render({
      pub,
      priv,
      legal: snap.legal as JamesBlandAction[],
      mySeat: me,
      toAct: snap.toAct,
      deadline: snap.deadline,
      status: snap.status,
    });
    // The action strip grows and shrinks with the phase (the planning form, the shop, a status
    // line) while the stage around the canvas keeps its size: re-measure the board when it does.
    const stripH = this.dom.actions.offsetHeight;
    if (stripH !== this.stripH) {
      this.stripH = stripH;
      requestAnimationFrame(() => this.scale.refresh());
    }
  }

  private stripH = -1;

  /** This round's revealed operations, listed under their targets (attackers only when identified). */
  private hitsByTarget(reveal: Reveal | null, round: number, phase: string): Map<number, string[]> {
    const out = new Map<number, string[]>();
    // In Planning the last reveal stays up (what happened last round), until the next one.
    if (!reveal || reveal.round < round - 1 || (phase === 'finished' && reveal.round < round)) return out;
    const names = this.view()?.public.agents ?? [];
    for (const o of reveal.offenses) {
      const by = o.attacker !== null ? ` by ${names[o.attacker]?.name ?? '?'}` : '';
      const roll = o.roll !== null ? ` (${o.roll})` : '';
      const list = out.get(o.target) ?? [];
      list.push(`${OFFENSE_SPECS[o.offense].name}${by}: ${RESULT_WORD[o.result] ?? o.result}${roll}`);
      out.set(o.target, list);
    }
    for (const d of reveal.defenses) {
      if (d.defense === 'none') continue;
      const list = out.get(d.seat) ?? [];
      list.push(`Defense: ${DEFENSE_SPECS[d.defense].name}`);
      out.set(d.seat, list);
    }
    return out;
  }

  // ---------------------------------------------------------------- animations

  private playReveal(reveal: Reveal): void {
    play('special');
    const flash = this.add.text(this.scale.width / 2, this.scale.height / 2, 'REVEAL!', {
      fontFamily: FONT,
      fontSize: '54px',
      fontStyle: '900',
      color: '#d62839',
      stroke: INK,
      strokeThickness: 8,
    });
    flash.setOrigin(0.5).setScale(0.2).setDepth(50);
    this.tweens.add({
      targets: flash,
      scale: 1,
      duration: 350,
      ease: 'Back.Out',
      yoyo: true,
      hold: 500,
      onComplete: () => flash.destroy(),
    });
    reveal.offenses.forEach((o, k) => {
      const key = PROP_FOR[o.offense];
      if (key)
        this.time.delayedCall(700 + k * 450, () => this.dropProp(o.target, key, o.result === 'success'));
    });
    reveal.defenses.forEach((d, k) => {
      const key = DEFENSE_PROP[d.defense];
      if (key) this.time.delayedCall(900 + k * 300, () => this.dropProp(d.seat, key, false, true));
    });
    reveal.banners.forEach((b, k) => this.time.delayedCall(600 + k * 3800, () => this.flyBanner(b.text)));
  }

  private dropProp(seat: number, key: string, hit: boolean, small = false): void {
    const c = this.cards[seat];
    if (!c || !this.textures.exists(key)) return;
    const size = Math.min(c.w, c.h) * (small ? 0.35 : 0.55);
    const img = this.add.image(c.x + c.w / 2, c.y - size, key).setDepth(40);
    img.setDisplaySize(size, size * (img.height / img.width));
    const landY = small ? c.y + c.h - size * 0.4 : c.y + c.h * 0.35;
    this.tweens.add({
      targets: img,
      y: landY,
      angle: key === 'jb-pie' ? 20 : 0,
      duration: 520,
      ease: 'Bounce.Out',
      onComplete: () => {
        if (!small) this.pow(c.x + c.w / 2, landY, SPLAT[key] ?? 'POW!', hit);
        this.tweens.add({
          targets: img,
          alpha: 0,
          delay: 900,
          duration: 400,
          onComplete: () => img.destroy(),
        });
      },
    });
    if (!small)
      this.tweens.add({
        targets: c.avatar,
        scaleY: c.avatar.scaleY * 0.8,
        yoyo: true,
        delay: 480,
        duration: 120,
      });
  }

  private pow(x: number, y: number, word: string, hit: boolean): void {
    const t = this.add
      .text(x, y, word, {
        fontFamily: FONT,
        fontSize: '22px',
        fontStyle: '900',
        color: hit ? '#ffd23f' : '#ffffff',
        stroke: INK,
        strokeThickness: 6,
      })
      .setOrigin(0.5)
      .setDepth(45)
      .setAngle(-8);
    this.tweens.add({ targets: t, scale: { from: 0.3, to: 1.15 }, duration: 250, ease: 'Back.Out' });
    this.tweens.add({
      targets: t,
      alpha: 0,
      y: y - 30,
      delay: 900,
      duration: 400,
      onComplete: () => t.destroy(),
    });
  }

  private flyBanner(text: string): void {
    const W = this.scale.width;
    const y = Math.max(40, this.scale.height * 0.18);
    const plane = this.add.image(0, 0, 'jb-plane').setDisplaySize(120, 72);
    const label = this.add
      .text(-20, 0, ` ${text} `, {
        fontFamily: FONT,
        fontSize: '16px',
        fontStyle: '800',
        color: '#2a2118',
        backgroundColor: '#fff6d8',
      })
      .setOrigin(1, 0.5);
    const rope = this.add.graphics();
    rope.lineStyle(2, 0x1d1a16, 1).lineBetween(-60, 0, -20, 0);
    const group = this.add.container(-40, y, [rope, label, plane]).setDepth(60);
    plane.setPosition(0, 0);
    this.tweens.add({
      targets: group,
      x: W + label.width + 120,
      duration: 3600,
      ease: 'Linear',
      onComplete: () => group.destroy(),
    });
    this.tweens.add({ targets: group, y: y - 10, yoyo: true, repeat: 5, duration: 300, ease: 'Sine.InOut' });
  }

  private onEvent(e: GameEvent): void {
    if (e.type === 'round') play('turn');
    else if (e.type === 'victory') play('win');
    else if (e.type === 'submitted') play('tick');
  }
}
