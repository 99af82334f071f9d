/**
 * The Tactical Risk table: the map (MapView) in Phaser, the HUD, sidebar, minimap and dialogs in
 * DOM over it. Everything is drawn from the plain view and the legal list; every payload sent is a
 * legal template or the same payload with more units (the server judges). Spectators get the same
 * screen without controls.
 */
import Phaser from 'phaser';
import type { GameAction, GameEvent } from '@parlor/shared/core/contract';
import {
  isWater,
  neighbours,
  production,
  UNIT,
  type UnitType,
} from '@parlor/shared/games/tactical-risk/board';
import type { TableConnection, TableSnapshot } from '../../net/TableConnection';
import { button, h } from '../../ui/dom';
import { play } from '../../ui/sound';
import { toast } from '../../ui/toast';
import type { GameSceneData } from '../sceneData';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import type { Counts, TrFaction, TrPublic, TrView } from './adapter';
import { BattleDialog } from './BattleDialog';
import { type MapDrawing, MapView, type Mark } from './MapView';
import { Minimap } from './Minimap';
import {
  battleSides,
  bombardShips,
  buildMove,
  calc,
  countsTotal,
  commonDestinations,
  type MoveGroup,
  mixedSelection,
  moveGroups,
  movableFrom,
  placementSpots,
  planOdds,
  type Selection,
} from './model';
import { paletteName, setPalette } from './palette';
import {
  battlesCard,
  calculatorCard,
  chip,
  continentsHeld,
  moveCard,
  overviewCard,
  PHASES,
  placeCard,
  purchaseCard,
  territoryCard,
} from './panels';
import { CSS } from './styles';
import { summaryCard, turnsSince } from './summary';

/** Desktop: the sidebar is a column of its own (the map is not drawn under it). */
const SIDE_W = 330;

export class TacticalRiskScene extends Phaser.Scene {
  static readonly KEY = 'tactical_risk';
  private conn!: TableConnection;
  private dom!: GameSceneData['dom'];
  private mapView!: MapView;
  private minimap!: Minimap;
  private unsubs: (() => void)[] = [];
  private root!: HTMLElement;
  private style!: HTMLStyleElement;
  private hud!: HTMLElement;
  private side!: HTMLElement;
  private hint!: HTMLElement;
  private battle!: BattleDialog;
  private handover: HTMLElement | null = null;
  /** The factions card: null = automatic (desktop, when no other card shows); set by tapping the treasury. */
  private showOverview: boolean | null = null;

  // UI state (reset when the phase or turn changes)
  private selected: string | null = null;
  private sel: Selection = {};
  private raid = false;
  private buyDraft: Counts = {};
  private placeType: UnitType | null = null;
  private hoverDest: string | null = null;
  private stageKey = '';
  private lastActing = '';
  private continents = new Map<string, string>();
  private firstView = true;
  /** The turn summary card shows (opened at the start of each of your turns, or from the HUD). */
  private summaryOpen = false;
  private summaryTurn = -1;
  /** Fog of war: the territories this seat cannot see into. */
  private hidden = new Set<string>();
  private fastUntil = 0;
  private sleepTimer = 0;
  /** The game's side panel folded away (the map takes its room); a button unfolds it. */
  private sideFolded = false;
  /** The stand-alone battle calculator's forces (null: closed). */
  private calcForces: {
    attacker: Counts;
    defender: Counts;
    sea: boolean;
    aaGun: boolean;
    bombard: number;
  } | null = null;
  /** Placement puts every bought unit of the type that fits (one tap), not one at a time. */
  private placeAll = true;
  /** The selection a move was sent from, until the server answers (restored if it refuses). */
  private moveSent: { selected: string | null; sel: Selection; raid: boolean } | null = null;

  constructor() {
    super(TacticalRiskScene.KEY);
  }

  init(data: GameSceneData): void {
    this.conn = data.conn;
    this.dom = data.dom;
    this.selected = null;
    this.sel = {};
    this.buyDraft = {};
    this.placeType = null;
    this.stageKey = '';
    this.lastActing = '';
    this.continents = new Map();
    this.firstView = true;
    this.summaryOpen = false;
    this.summaryTurn = -1;
    this.hidden = new Set();
    this.fastUntil = 0;
    this.handover = null;
  }

  create(): void {
    this.awake();
    // The table's players/log panel folds into a drawer (its top-bar button opens it): the map takes
    // the width. Tactical Risk's own styles do it, for as long as this scene runs.
    document.body.classList.add('trm-fold-table');
    this.style = h('style', { text: CSS });
    document.head.append(this.style);
    this.mapView = new MapView(this, {
      tap: (name) => this.tap(name),
      hover: (name) => this.mapHover(name),
      view: () => {
        this.awake();
        this.minimap?.setView(this.mapView.worldView());
      },
    });
    this.minimap = new Minimap(this.mapView.map, (x, y) => this.mapView.centerOn(x, y));
    this.hud = h('div', { class: 'trm-card trm-hud', testid: 'tr-hud' });
    this.side = h('div', { class: 'trm-side', testid: 'tr-side' });
    this.hint = h('div', { class: 'trm-hint', testid: 'tr-hint' });
    this.battle = new BattleDialog((a) => this.send(a));
    this.battle.rerender = () => this.rerender();
    // Find a territory by name: the map goes there and selects it.
    const names = Object.keys(this.mapView.map.territories).sort();
    const find = h('input', {
      class: 'trm-find',
      testid: 'tr-find',
      attrs: { list: 'trm-names', placeholder: 'Find a territory…', 'aria-label': 'Find a territory' },
      on: {
        change: (e) => {
          const input = e.target as HTMLInputElement;
          const name = names.find((n) => n.toLowerCase() === input.value.trim().toLowerCase());
          if (!name) return;
          input.value = '';
          input.classList.remove('open');
          this.mapView.focus(name, 0.9);
          if (name !== this.selected) this.tap(name);
        },
      },
    });
    const list = h(
      'datalist',
      { attrs: { id: 'trm-names' } },
      ...names.map((n) => h('option', { attrs: { value: n } })),
    );
    const zoom = h(
      'div',
      { class: 'trm-zoom' },
      h('button', {
        text: '⌕',
        title: 'Find a territory',
        testid: 'tr-find-toggle',
        on: {
          click: () => {
            find.classList.toggle('open');
            if (find.classList.contains('open')) find.focus();
          },
        },
      }),
      h('button', {
        text: '+',
        title: 'Zoom in',
        testid: 'tr-zoom-in',
        on: { click: () => this.mapView.zoomBy(1.4) },
      }),
      h('button', {
        text: '−',
        title: 'Zoom out',
        testid: 'tr-zoom-out',
        on: { click: () => this.mapView.zoomBy(1 / 1.4) },
      }),
      h('button', {
        text: '⤢',
        title: 'Whole map',
        testid: 'tr-zoom-fit',
        on: { click: () => this.mapView.fitAll() },
      }),
      h('button', {
        text: '%',
        title: 'Battle calculator',
        testid: 'tr-calc-toggle',
        on: { click: () => this.toggleCalculator() },
      }),
      h('button', {
        text: '≡',
        title: 'Turn summary: what the last turns changed',
        testid: 'tr-summary-toggle',
        on: { click: () => ((this.summaryOpen = !this.summaryOpen), this.rerender()) },
      }),
      h('button', {
        text: '◐',
        title: 'Colour-blind-safe colours (on/off)',
        testid: 'tr-palette',
        on: { click: () => this.togglePalette() },
      }),
    );
    this.root = h(
      'div',
      { class: 'trm', testid: 'tr-map' },
      this.hint,
      h('div', { class: 'trm-sidebg' }),
      h('div', { class: 'trm-tools' }, this.minimap.el, zoom, find, list),
      this.hud,
      this.side,
    );
    this.dom.overlay.append(this.root);
    this.unsubs.push(
      this.conn.on('change', (s) => {
        this.moveSent = null;
        this.render(s);
      }),
      this.conn.on('event', (e) => this.onEvent(e)),
      // A refused move gives back the selection it was made from (the player fixes it, not redoes it).
      this.conn.on('error', () => {
        if (!this.moveSent) return;
        ({ selected: this.selected, sel: this.sel, raid: this.raid } = this.moveSent);
        this.moveSent = null;
        this.rerender();
      }),
    );
    this.scale.on('resize', this.onResize, this);
    this.events.on('update', (_t: number, delta: number) => this.mapView.tick(delta));
    for (const ev of ['pointerdown', 'pointermove', 'wheel'] as const)
      this.game.canvas.addEventListener(ev, this.onCanvasInput, { passive: true });
    this.events.once('shutdown', () => this.teardown());
    this.layout();
    this.mapView.fitView();
    this.exposeDebug();
    const snap = this.conn.snapshot();
    if (snap) this.render(snap);
  }

  private teardown(): void {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.scale.off('resize', this.onResize, this);
    this.root.remove();
    this.style.remove();
    document.body.classList.remove('trm-fold-table');
    this.game.canvas.removeEventListener('pointerdown', this.onCanvasInput);
    this.game.canvas.removeEventListener('pointermove', this.onCanvasInput);
    this.game.canvas.removeEventListener('wheel', this.onCanvasInput);
    window.clearTimeout(this.sleepTimer);
    this.sleepTimer = 0;
    this.game.loop.wake();
    this.fpsLimit(30);
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    if (w.__parlor) delete w.__parlor.tacticalRisk;
  }

  private readonly onCanvasInput = () => this.awake();

  /**
   * 60 fps while something moves; the loop sleeps when the map sits still (a still map costs
   * nothing: battery, and software renderers). DOM input on the canvas and every patch wake it.
   */
  private awake(ms = 2000): void {
    const loop = this.game.loop;
    loop.wake();
    this.fpsLimit(60);
    const until = performance.now() + ms;
    if (until <= this.fastUntil) return;
    this.fastUntil = until;
    window.clearTimeout(this.sleepTimer);
    this.sleepTimer = window.setTimeout(() => {
      this.sleepTimer = 0;
      this.fastUntil = 0;
      if (this.sys.isActive()) loop.sleep();
    }, ms);
  }

  /** The page runs at 30 fps for card games; a map pans at 60. */
  private fpsLimit(n: number): void {
    (this.game.loop as unknown as { setLimit?(n: number): void }).setLimit?.(n);
  }

  private exposeDebug(): void {
    const w = window as unknown as { __parlor?: Record<string, unknown> };
    w.__parlor ??= {};
    w.__parlor.tacticalRisk = {
      view: () => this.mapView.worldView(),
      zoom: () => this.mapView.getZoom(),
      centerOn: (x: number, y: number, z?: number) => this.mapView.centerOn(x, y, z),
      zoomBy: (f: number) => this.mapView.zoomBy(f),
      fitAll: () => this.mapView.fitAll(),
      fitView: () => this.mapView.fitView(),
      /** How the baked map is drawn (MapDrawing): the bench compares the legacy path with this one. */
      drawing: (d: Partial<MapDrawing> = {}) => this.mapView.setDrawing(d),
      focus: (name: string, z = 0) => this.mapView.focus(name, z),
      select: (name: string) => this.tap(name),
      screenOf: (name: string) => this.screenOf(name),
      fps: () => this.game.loop.actualFps,
      game: this.game,
      scene: this,
    };
  }

  /** Where a territory's label is on the page (for tests): null when off screen. */
  private screenOf(name: string): { x: number; y: number } | null {
    const geo = this.mapView.map.territories[name];
    if (!geo) return null;
    const v = this.mapView.worldView();
    const z = this.mapView.getZoom();
    const canvas = this.game.canvas.getBoundingClientRect();
    const size = this.mapView.viewSize();
    for (const shift of [0, this.mapView.map.width, -this.mapView.map.width]) {
      const x = (geo.label[0] + shift - v.x) * z;
      const y = (geo.label[1] - v.y) * z;
      if (x >= 0 && y >= 0 && x <= size.w && y <= size.h) return { x: canvas.left + x, y: canvas.top + y };
    }
    return null;
  }

  /** A new screen size: the layout, and the panels (phone or desktop wording and sheets). */
  private onResize(): void {
    this.layout();
    this.rerender();
  }

  private layout(): void {
    const phone = this.scale.width < 560;
    // Desktop: the sidebar is a column of its own; phones: the bottom sheet (when open) covers the map.
    this.mapView.setSide(this.scale.width > 760 && !this.sideFolded ? SIDE_W : 0);
    this.root.classList.toggle('trm-desk', this.scale.width > 760);
    this.root.classList.toggle('trm-folded', this.sideFolded);
    // The first view keeps the top bar's strip clear (northern territories were under it).
    const hud = this.hud.getBoundingClientRect();
    const canvas = this.game.canvas.getBoundingClientRect();
    this.mapView.setTop(Math.max(0, hud.bottom - canvas.top + 6));
    this.mapView.layout();
    this.minimap.paint(phone ? 112 : 200, this.owners());
    this.minimap.setView(this.mapView.worldView());
  }

  // ---------------------------------------------------------------- state

  private snap(): TableSnapshot | null {
    return this.conn.snapshot();
  }
  private pub(): TrPublic | null {
    const v = this.snap()?.view as TrView | null;
    return v && v.public.factions.length ? v.public : null;
  }
  private legal(): GameAction[] {
    return this.snap()?.legal ?? [];
  }
  private owners(): Record<string, string> {
    const pub = this.pub();
    const out: Record<string, string> = {};
    if (pub) for (const [n, t] of Object.entries(pub.territories)) if (!isWater(n)) out[n] = t.owner;
    return out;
  }
  private spectator(): boolean {
    return (this.snap()?.mySeat ?? -1) < 0;
  }
  private myFactions(): string[] {
    return ((this.snap()?.view as TrView | null)?.private?.factions ?? []) as string[];
  }

  private send(a: TacticalRiskAction): void {
    this.conn.send(a as GameAction);
  }

  private rerender(): void {
    const s = this.snap();
    if (s) this.render(s);
  }

  private onEvent(e: GameEvent): void {
    if (e.type === 'battleEnd' || e.type === 'capture') play('special');
    if (e.type === 'buy' && !this.spectator()) play('bank');
  }

  // ---------------------------------------------------------------- input

  private tap(name: string | null): void {
    const pub = this.pub();
    if (!pub) return;
    const legal = this.legal();
    // A destination or a placement spot: act.
    if (name && this.selected && this.isMovePhase(pub)) {
      const groups = moveGroups(pub, legal, this.selected);
      const dest = commonDestinations(pub, groups, this.sel).get(name);
      if (dest && name !== this.selected) {
        this.moveSent = { selected: this.selected, sel: this.sel, raid: this.raid };
        this.send(buildMove(groups, this.sel, dest, this.raid && dest.raid));
        this.sel = {};
        this.selected = name;
        this.rerender();
        return;
      }
    }
    if (name && pub.phase === 'place' && this.placeType && legal.length) {
      const spots = placementSpots(legal).get(this.placeType) ?? [];
      if (spots.includes(name)) {
        this.send(this.placement(pub, this.placeType, name));
        return;
      }
    }
    if (name !== this.selected) {
      this.selected = name;
      this.sel = {};
      this.raid = false;
      play('tick');
    }
    this.rerender();
  }

  /** Hovering a destination on the map draws the path and says what the move would be (with the odds). */
  private mapHover(name: string | null): void {
    const pub = this.pub();
    if (!pub || !this.selected || !this.isMovePhase(pub) || !this.legal().length) return;
    const groups = moveGroups(pub, this.legal(), this.selected);
    const dest =
      name && name !== this.selected ? commonDestinations(pub, groups, this.sel).get(name) : undefined;
    const next = dest ? name : null;
    if (next === this.hoverDest) return;
    this.hoverDest = next;
    this.renderMarks(pub, this.legal());
    if (!next) {
      this.rerender();
      return;
    }
    const what = [this.describeDest(pub, groups, next), this.planText(pub, groups, next)].filter(Boolean);
    this.hint.textContent = `${next}${what.length ? `: ${what.join(' · ')}` : ''} (tap to move)`;
  }

  private isMovePhase(pub: TrPublic): boolean {
    return pub.phase === 'combatMove' || pub.phase === 'nonCombatMove';
  }

  // ---------------------------------------------------------------- render

  private render(snap: TableSnapshot): void {
    this.awake(250);
    const pub = this.pub();
    if (!pub || snap.status === 'waiting') {
      this.hud.replaceChildren(h('span', { class: 'trm-muted', text: 'Waiting for the match to start…' }));
      this.side.replaceChildren();
      return;
    }
    const legal = snap.legal;
    const stage = `${pub.turnNumber}|${pub.phase}`;
    if (stage !== this.stageKey) {
      this.stageKey = stage;
      this.selected = null;
      this.sel = {};
      this.buyDraft = {};
      this.placeType = null;
      this.raid = false;
    }
    this.hidden = this.fogHidden(pub);
    this.mapView.setHidden(this.hidden);
    this.mapView.setOwners(pub.territories);
    this.mapView.setUnits(pub.territories);
    this.minimap.paint(this.scale.width < 560 ? 112 : 200, this.owners());
    this.notifyContinents(pub);
    this.checkTurn(snap, pub);
    this.renderHud(snap, pub, legal);
    this.renderSide(snap, pub, legal);
    if (this.firstView) {
      this.firstView = false;
      this.layout(); // the status bar's height, now that it shows
      const mine = this.myFactions()[0];
      const cap = pub.factions.find((f) => f.name === mine)?.capital;
      if (cap && this.scale.width < 900) this.mapView.focus(cap, 0.5);
      else if (!cap && this.scale.width < 560) this.mapView.frame(1950, 760, this.scale.height / 1736);
      else if (cap) {
        // Desktop: the map's height fills the view, centred east-west on the player's capital.
        const [x0, , x1] = this.mapView.map.territories[cap]!.bbox;
        this.mapView.fitView((x0 + x1) / 2);
      }
    }
    const dialog = this.battle.update(
      pub,
      pub.battle ? legal : [],
      pub.battle ? snap.log.slice(-3).map((l) => l.text) : [],
      this.spectator(),
    );
    if (dialog && !dialog.isConnected) this.root.append(dialog);
    if (!dialog) this.battle.el.remove();
    // An open battle dialog hides the panels under it (no text shows through).
    this.root.classList.toggle('trm-modal', !!dialog && !this.battle.isFolded());
    this.renderMarks(pub, legal);
  }

  private renderHud(_snap: TableSnapshot, pub: TrPublic, legal: GameAction[]): void {
    const f = pub.factions.find((x) => x.name === pub.faction);
    const mine = this.myFactions();
    const myTurn = legal.length > 0;
    const canUndo = legal.some((a) => a.type === 'undo');
    const canEnd = legal.some((a) => a.type === 'endPhase');
    const endLabel: Record<string, string> = {
      purchase: 'Done buying',
      combatMove: 'To battles',
      nonCombatMove: 'To placement',
      place: 'End turn',
    };
    const spectator = this.spectator();
    const parts: (HTMLElement | null)[] = [
      chip(pub.faction),
      h(
        'span',
        { class: 'trm-phase', testid: 'tr-phase' },
        PHASES[pub.phase] ?? pub.phase,
        h('small', { text: `round ${pub.round} · turn ${pub.turnNumber + 1}` }),
      ),
      f
        ? h('span', {
            class: 'trm-ipc',
            testid: 'tr-treasury',
            title: 'Treasury (income next collection) · tap for the breakdown',
            text: `${f.treasury} IPC (+${f.income})`,
            on: { click: () => this.toggleOverview() },
          })
        : null,
      spectator
        ? h('span', { class: 'trm-badge spec', testid: 'tr-spectating', text: 'Spectating · read-only' })
        : myTurn
          ? // The End-phase button says it already (the HUD keeps to one line beside the sidebar).
            canEnd
            ? null
            : h('span', { class: 'trm-badge turn', text: 'Your move' })
          : h('span', { class: 'trm-badge', text: mine.length ? `You: ${mine.join(', ')}` : '' }),
      pub.winner
        ? h('span', { class: 'trm-badge turn', text: `Winner: ${pub.winner.factions.join(', ')}` })
        : null,
      pub.fogOfWar
        ? h('span', {
            class: 'trm-badge fog',
            testid: 'tr-fog',
            text: spectator ? 'Fog of war: units hidden' : 'Fog of war',
            title: spectator
              ? 'Spectators see no units under fog of war'
              : 'Shaded territories and sea zones are out of sight: their units are unknown',
          })
        : null,
      canUndo
        ? button('Undo', () => this.send({ type: 'undo' }), {
            small: true,
            testid: 'tr-undo',
            title: 'Undo the last move',
          })
        : null,
      canEnd
        ? button(endLabel[pub.phase] ?? 'End phase', () => this.send({ type: 'endPhase' }), {
            kind: 'primary',
            small: true,
            testid: 'tr-end-phase',
          })
        : null,
    ];
    this.hud.replaceChildren(...parts.filter((x): x is HTMLElement => !!x));
  }

  /** A placement: one unit, or (Place all) as many as are bought and the factory has room for. */
  private placement(
    pub: TrPublic,
    unit: UnitType,
    territory: string,
  ): Extract<TacticalRiskAction, { type: 'place' }> {
    if (!this.placeAll) return { type: 'place', unit, territory };
    const mine = pub.factions.find((f) => f.name === pub.faction);
    const pending = mine?.pending[unit] ?? 0;
    const roomAt = (t: string) => production(t) - (pub.placedAt[t] ?? 0);
    const room = isWater(territory)
      ? Math.max(0, ...pub.factoriesAtStart.filter((t) => neighbours(territory).includes(t)).map(roomAt))
      : roomAt(territory);
    return { type: 'place', unit, territory, count: Math.max(1, Math.min(pending, room)) };
  }

  private toggleCalculator(): void {
    this.calcForces = this.calcForces
      ? null
      : { attacker: {}, defender: {}, sea: false, aaGun: false, bombard: 0 };
    if (this.calcForces && this.sideFolded) this.sideFolded = false;
    this.layout();
    this.rerender();
  }

  private calculatorFor(pub: TrPublic): HTMLElement {
    const c = this.calcForces!;
    const update = (next: Partial<typeof c>) => ((this.calcForces = { ...c, ...next }), this.rerender());
    const at = this.selected;
    const sides = at ? battleSides(pub, at, pub.faction) : null;
    const battle = sides && countsTotal(sides.attacker) > 0 && countsTotal(sides.defender) > 0;
    const ready = countsTotal(c.attacker) > 0 && countsTotal(c.defender) > 0;
    return calculatorCard(pub.faction, {
      ...c,
      set: (side, type, n) => update({ [side]: { ...c[side], [type]: n } }),
      setSea: (sea) => update({ sea, attacker: {}, defender: {}, aaGun: false, bombard: 0 }),
      setAa: (aaGun) => update({ aaGun }),
      setBombard: (bombard) => update({ bombard }),
      fromBattle: battle
        ? () =>
            update({
              attacker: { ...sides.attacker },
              defender: { ...sides.defender },
              sea: isWater(at!),
              aaGun: sides.aaGun,
            })
        : null,
      close: () => this.toggleCalculator(),
      result: ready
        ? calc({
            attacker: c.attacker,
            defender: c.defender,
            sea: c.sea,
            aaGun: c.aaGun,
            ...(c.bombard > 0 ? { bombard: c.bombard } : {}),
            trials: 2000,
            seed: 7,
          })
        : null,
    });
  }

  private setFolded(folded: boolean): void {
    this.sideFolded = folded;
    this.layout();
    this.rerender();
  }

  private toggleOverview(): void {
    const shown = !!this.side.querySelector('[data-testid="tr-overview"]');
    this.showOverview = !shown;
    this.rerender();
  }

  private togglePalette(): void {
    const pub = this.pub();
    setPalette(paletteName() === 'safe' ? 'design' : 'safe');
    if (pub) this.mapView.repaint(pub.territories);
    this.minimap.paint(this.scale.width < 560 ? 112 : 200, this.owners(), true);
    toast(paletteName() === 'safe' ? 'Colour-blind-safe colours' : 'The design’s colours', 'info', 1800);
    this.rerender();
  }

  private renderSide(_snap: TableSnapshot, pub: TrPublic, legal: GameAction[]): void {
    const cards: (HTMLElement | null)[] = [];
    const me = pub.factions.find((x) => x.name === pub.faction) as TrFaction | undefined;
    let hint = '';
    if (legal.length && me) {
      if (pub.phase === 'draft') cards.push(this.draftCard(legal));
      if (pub.phase === 'purchase') {
        cards.push(
          purchaseCard(
            me,
            this.buyDraft,
            (t, n) => {
              this.buyDraft = { ...this.buyDraft, [t]: n };
              if (!n) delete this.buyDraft[t];
              this.rerender();
            },
            () => {
              this.send({ type: 'buy', units: this.buyDraft });
              this.buyDraft = {};
            },
          ),
        );
        hint = 'Buy units, then “Done buying”.';
      }
      if (pub.phase === 'place') {
        const spots = placementSpots(legal);
        if (!this.placeType || !spots.has(this.placeType)) this.placeType = [...spots.keys()][0] ?? null;
        cards.push(
          placeCard(pub.faction, {
            pending: me.pending,
            spots,
            room: (t) => production(t) - (pub.placedAt[t] ?? 0),
            type: this.placeType,
            pick: (t) => ((this.placeType = t), this.rerender()),
            place: (t) => this.placeType && this.send(this.placement(pub, this.placeType, t)),
            all: this.placeAll,
            setAll: (on) => ((this.placeAll = on), this.rerender()),
            count: (t) => (this.placeType ? (this.placement(pub, this.placeType, t).count ?? 1) : 1),
          }),
        );
        hint = this.placeType ? 'Tap a highlighted factory (or its sea zone) to place.' : 'End your turn.';
      }
      if (pub.phase === 'battle' && !pub.battle) {
        const fights = legal
          .filter((a) => a.type === 'fight')
          .map((a) => String((a as { territory?: string }).territory));
        if (fights.length)
          cards.push(battlesCard(pub, pub.battles, (t) => this.send({ type: 'fight', territory: t })));
        hint = 'Fight your battles, in the order you like.';
      }
      if (this.isMovePhase(pub)) {
        const groups = this.selected ? moveGroups(pub, legal, this.selected) : [];
        if (this.selected && groups.length) cards.push(this.moveCardFor(pub, groups));
        hint =
          !this.selected || !groups.length
            ? `${pub.phase === 'combatMove' ? 'Combat move' : 'Non-combat move'}: tap a highlighted territory with your units.`
            : Object.values(this.sel).some((n) => n > 0)
              ? 'Tap a glowing destination.'
              : 'Choose how many units move.';
      }
    } else if (!pub.winner) {
      hint = this.spectator()
        ? `Spectating: the ${pub.faction} are playing (${PHASES[pub.phase]}).`
        : `The ${pub.faction} are playing…`;
    }
    if (this.selected)
      cards.push(territoryCard(pub, this.selected, () => this.tap(null), this.hidden.has(this.selected)));
    if (this.calcForces) cards.unshift(this.calculatorFor(pub));
    if (this.showOverview) cards.unshift(overviewCard(pub));
    else if (this.showOverview === null && cards.length === 0 && this.scale.width > 760)
      cards.push(overviewCard(pub));
    if (this.summaryOpen) {
      const mine = this.myFactions();
      const spectator = this.spectator() || mine.length === 0;
      const records = spectator ? pub.turns.slice(-5) : turnsSince(pub, mine);
      cards.unshift(
        summaryCard(
          records,
          spectator ? 'Last turns' : 'Since your last turn',
          () => ((this.summaryOpen = false), this.rerender()),
        ),
      );
    }
    const shown = cards.filter((c): c is HTMLElement => !!c);
    if (this.sideFolded) {
      this.side.replaceChildren(
        h('button', {
          class: 'trm-unfold',
          testid: 'tr-unfold',
          text: shown.length ? `‹ Panel (${shown.length})` : '‹ Panel',
          title: 'Show the side panel',
          on: { click: () => this.setFolded(false) },
        }),
      );
      this.root.classList.remove('trm-sheet');
      this.hint.textContent = pub.battle ? '' : hint;
      return;
    }

    // Phones: one sheet at a time (the first: the summary, the overview or what the phase asks).
    const fold = h('button', {
      class: 'trm-fold',
      testid: 'tr-fold',
      text: this.scale.width <= 760 ? 'Hide ▾' : 'Hide panel ›',
      title: 'Fold the side panel away to see the map',
      on: { click: () => this.setFolded(true) },
    });
    const sheet = this.scale.width <= 760 ? shown.slice(0, 1) : shown;
    this.side.replaceChildren(...(sheet.length ? [fold, ...sheet] : []));
    this.root.classList.toggle('trm-sheet', shown.length > 0);
    this.hint.textContent = pub.battle ? '' : hint;
  }

  private draftCard(legal: GameAction[]): HTMLElement {
    return h(
      'div',
      { class: 'trm-card', testid: 'tr-draft' },
      h('h3', { text: 'Draft a faction' }),
      h(
        'div',
        { class: 'trm-list' },
        ...legal
          .filter((a) => a.type === 'draft')
          .map((a) => {
            const f = String((a as { faction?: string }).faction);
            return h('button', { on: { click: () => this.send(a as TacticalRiskAction) } }, chip(f));
          }),
      ),
    );
  }

  private moveCardFor(pub: TrPublic, groups: MoveGroup[]): HTMLElement {
    const dests = commonDestinations(pub, groups, this.sel);
    return moveCard(pub.faction, {
      at: this.selected!,
      groups,
      sel: this.sel,
      dests,
      raid: this.raid,
      combat: pub.phase === 'combatMove',
      set: (key, n) => ((this.sel = { ...this.sel, [key]: n }), this.rerender()),
      mixed: mixedSelection(groups, this.sel),
      // Everything that moves the way the selection does (land, sea, air or cargo move separately).
      all: () => {
        const cls = (groups.find((g) => (this.sel[g.key] ?? 0) > 0) ?? groups[0])?.cls;
        this.sel = Object.fromEntries(groups.filter((g) => g.cls === cls).map((g) => [g.key, g.ids.length]));
        this.rerender();
      },
      setRaid: (on) => ((this.raid = on), this.rerender()),
      go: (d) => this.tap(d),
      describe: (d) => this.describeDest(pub, groups, d),
      odds: (d) => this.planText(pub, groups, d),
      hover: (d) => {
        this.hoverDest = d;
        this.renderMarks(pub, this.legal());
      },
    });
  }

  private describeDest(pub: TrPublic, groups: MoveGroup[], dest: string): string {
    const from = this.selected ?? '';
    const chosen = groups.filter((g) => (this.sel[g.key] ?? 0) > 0);
    const land = chosen.some((g) => UNIT[g.type].type === 'land');
    const enemy = (t: string) =>
      Object.keys(pub.territories[t]?.units ?? {}).some((f) => f !== pub.faction && !this.alliedWith(pub, f));
    if (isWater(dest)) {
      if (land && !isWater(from)) return 'load';
      return enemy(dest) ? 'sea battle' : '';
    }
    const owner = pub.territories[dest]?.owner ?? '';
    const hostile = owner !== '' && owner !== pub.faction && !this.alliedWith(pub, owner);
    if (isWater(from) && land) return hostile || enemy(dest) ? 'amphibious assault' : 'unload';
    if (hostile || enemy(dest)) return 'attack';
    if (!owner && land) return 'neutral';
    return '';
  }

  /** The calculator's odds for the chosen units at an attacked destination ('' when no fight). */
  private planText(pub: TrPublic, groups: MoveGroup[], dest: string): string {
    const kind = this.describeDest(pub, groups, dest);
    if (kind !== 'attack' && kind !== 'amphibious assault' && kind !== 'sea battle') return '';
    const add: Counts = {};
    for (const g of groups) {
      const n = Math.min(this.sel[g.key] ?? 0, g.ids.length);
      if (n > 0) add[g.type] = (add[g.type] ?? 0) + n;
    }
    // Landing from a sea zone: the mover's battleships there bombard first.
    const from = this.selected ?? '';
    const bombard =
      kind === 'amphibious assault' && isWater(from)
        ? (pub.territories[from]?.units[pub.faction]?.counts.battleship ?? 0) +
          bombardShips(pub, dest, pub.faction)
            .filter((z) => z.zone !== from)
            .reduce((n, z) => n + z.n, 0)
        : 0;
    const r = planOdds(pub, dest, add, bombard);
    if (!r) return '';
    const take = !isWater(dest) ? ` · takes ${Math.round(r.capture * 100)}%` : '';
    return `win ${Math.round(r.attackerWin * 100)}%${take}`;
  }

  /** Fog of war: land and sea this seat sees into are where its side holds land or has units, and next to those. */
  private fogHidden(pub: TrPublic): Set<string> {
    const out = new Set<string>();
    const mine = this.myFactions();
    if (!pub.fogOfWar || this.spectator() || mine.length === 0) return out;
    const alliances = new Set(
      pub.factions.filter((f) => mine.includes(f.name) && f.alliance).map((f) => f.alliance),
    );
    const ours = new Set(
      pub.factions.filter((f) => mine.includes(f.name) || alliances.has(f.alliance)).map((f) => f.name),
    );
    const side = (f: string) => ours.has(f);
    const seen = new Set<string>();
    for (const [n, t] of Object.entries(pub.territories)) {
      const here = (t.owner && side(t.owner)) || Object.keys(t.units).some((f) => side(f));
      if (!here) continue;
      seen.add(n);
      for (const x of neighbours(n)) seen.add(x);
    }
    for (const n of Object.keys(pub.territories)) if (!seen.has(n)) out.add(n);
    return out;
  }

  private alliedWith(pub: TrPublic, f: string): boolean {
    const a = pub.factions.find((x) => x.name === f)?.alliance;
    const me = pub.factions.find((x) => x.name === pub.faction)?.alliance;
    return f === pub.faction || (!!a && a === me);
  }

  private renderMarks(pub: TrPublic, legal: GameAction[]): void {
    const marks = new Map<string, Mark>();
    let path: string[] | null = null;
    if (legal.length && this.isMovePhase(pub)) {
      for (const t of movableFrom(legal)) marks.set(t, 'source');
      if (this.selected) {
        const dests = commonDestinations(pub, moveGroups(pub, legal, this.selected), this.sel);
        for (const d of dests.keys()) marks.set(d, 'dest');
        if (this.hoverDest) path = dests.get(this.hoverDest)?.path ?? null;
      }
    }
    if (legal.length && pub.phase === 'place' && this.placeType)
      for (const t of placementSpots(legal).get(this.placeType) ?? []) marks.set(t, 'place');
    if (pub.phase === 'battle') for (const k of pub.battles) marks.set(k.replace(/^raid:/, ''), 'battle');
    if (pub.battle) marks.set(pub.battle.territory, 'battle');
    if (this.selected) marks.set(this.selected, 'selected');
    this.mapView.setMarks(marks);
    this.mapView.setPath(path);
  }

  /** A toast when a faction gains or loses a whole continent. */
  private notifyContinents(pub: TrPublic): void {
    const now = new Map<string, string>();
    for (const f of pub.factions) for (const c of continentsHeld(pub, f.name)) now.set(c.name, f.name);
    if (this.continents.size || now.size) {
      const first = this.lastActing === '';
      if (!first)
        for (const [c, f] of now)
          if (this.continents.get(c) !== f) toast(`The ${f} now hold ${c}: a continent bonus`, 'info', 4500);
      if (!first)
        for (const [c, f] of this.continents)
          if (now.get(c) !== f) toast(`The ${f} lost ${c} and its bonus`, 'info', 4500);
    }
    this.continents = now;
  }

  /** Your turn: a sound; a hand-over screen when one screen plays several factions. */
  private checkTurn(snap: TableSnapshot, pub: TrPublic): void {
    // A battle prompt may be the defender's: the faction deciding is the prompt's, not the turn's.
    const who = (pub.battle?.promptKind && pub.battle.promptFaction) || pub.faction;
    // Keyed by turn too: a faction that defended in a battle and then moves is handed over again.
    const role = who === pub.faction ? 'turn' : 'defence';
    const acting = snap.legal.length ? `${who}|${snap.mySeat}|${role}|${pub.turnNumber}` : '';
    const prev = this.lastActing;
    this.lastActing = acting || prev || '-';
    if (!acting || acting === prev) return;
    play('turn');
    // A new turn of yours: the summary of what the others did since your last one.
    if (who === pub.faction && pub.turnNumber !== this.summaryTurn && !pub.battle) {
      this.summaryTurn = pub.turnNumber;
      this.summaryOpen = turnsSince(pub, this.myFactions()).some((r) => r.done);
    }
    const several = this.myFactions().length > 1 || this.conn.hotSeat;
    if (!several || pub.phase === 'finished') return;
    // The first turn: one person with several factions needs no hand-over; a hot seat does (the
    // screen goes to whoever plays first, as at every later turn).
    if ((prev === '' || prev === '-') && !this.conn.hotSeat) return;
    const seatName = snap.seats[snap.mySeat]?.name ?? '';
    this.handover?.remove();
    this.handover = h(
      'div',
      { class: 'trm-handover', testid: 'tr-handover' },
      h(
        'div',
        { class: 'trm-card' },
        chip(who, `The ${who}`),
        h('h2', {
          text: this.conn.hotSeat
            ? `Pass the screen to ${seatName}`
            : who === pub.faction
              ? `Your ${who} turn`
              : `The ${who} decide in the battle`,
        }),
        h('p', { class: 'trm-muted', text: `Round ${pub.round} · ${PHASES[pub.phase]}` }),
        this.summaryOpen
          ? summaryCard(
              turnsSince(pub, this.myFactions()).filter((r) => r.done),
              'Since your last turn',
              null,
            )
          : null,
        button('I am ready', () => (this.handover?.remove(), (this.handover = null)), {
          kind: 'primary',
          testid: 'tr-ready',
        }),
      ),
    );
    this.root.append(this.handover);
  }
}
