/**
 * The Tactical Risk table: the map (MapView) in Phaser, the HUD, sidebar, minimap and dialogs in
 * DOM over it (hud.ts, panels.ts). Everything is drawn from the plain view and the legal list;
 * every payload sent is a legal template or the same payload with more units (the server judges).
 * What is decided rather than drawn (fog, marks, move kinds) is in sceneModel.ts. Spectators get
 * the same screen without controls.
 */
import { ClientMsg } from '@parlor/shared/core/protocol';
import type { GameAction, GameEvent } from '@parlor/shared/core/contract';
import { isWater, production, UNIT, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import {
  type CapitalWarning,
  capitalLeftOpen,
  capitalWarningText,
} from '@parlor/shared/games/tactical-risk/capitalWarning';
import type { TableSnapshot } from '../../net/TableConnection';
import { button, h } from '../../ui/dom';
import { patchChildren } from '../../ui/keyed';
import { play } from '../../ui/sound';
import { toast } from '../../ui/toast';
import { GameScene } from '../GameScene';
import type { Counts, TrFaction, TrPublic, TrView } from './adapter';
import { BattleDialog } from './BattleDialog';
import { type CalcForces, calculatorFor, NO_FORCES } from './calcCard';
import {
  draftCard,
  foldButton,
  handoverCard,
  hudParts,
  keepEqualChildren,
  mapTools,
  paletteSwitch,
  summaryHidesTurn,
  unfoldButton,
} from './hud';
import { type MapDrawing, MapView } from './MapView';
import { LoopPacer } from './loopPacer';
import { Minimap } from './Minimap';
import {
  buildMove,
  commonDestinations,
  cost,
  countsTotal,
  type MoveGroup,
  mixedSelection,
  moveGroups,
  placementSpots,
  type Selection,
} from './model';
import { paletteName, setPalette } from './palette';
import {
  battlesCard,
  continentsHeld,
  moveCard,
  overviewCard,
  PHASES,
  placeCard,
  purchaseCard,
  territoryCard,
} from './panels';
import {
  actingKey,
  needsPass,
  ContinentNews,
  chosenText,
  describeDest,
  fogHidden,
  isMovePhase,
  labelOnScreen,
  mapMarks,
  moveHint,
  placement,
  planText,
  jointPlanText,
  takeOverChoice,
} from './sceneModel';
import { CSS } from './styles';
import { type Advice, adviceFor, ideaStep } from './advice';
import { IDEAS_CSS, ideasCard, ideasFolded, ideasStrip, setIdeasFolded } from './ideas';
import { summaryCard, turnsSince } from './summary';

/** Desktop: the sidebar is a column of its own (the map is not drawn under it). */
const SIDE_W = 330;

/** How long the table screen keeps an ended battle's dialog, its result shown. */
const BATTLE_LINGER_MS = 4000;

export class TacticalRiskScene extends GameScene<TrView, GameAction> {
  static readonly KEY = 'tactical_risk';
  private mapView!: MapView;
  private minimap!: Minimap;
  private root!: HTMLElement;
  private style!: HTMLStyleElement;
  private hud!: HTMLElement;
  private side!: HTMLElement;
  private hint!: HTMLElement;
  private battle!: BattleDialog;
  /** The table screen: the timer of an ended battle's lingering dialog. */
  private battleLinger: ReturnType<typeof setTimeout> | undefined;
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
  /** Hot seat: the seat the screen was last handed to (-1: none yet). */
  private lastPassSeat = -1;
  private readonly news = new ContinentNews((text, ms) => toast(text, 'info', ms));
  private firstView = true;
  /** The turn summary card shows (opened at the start of each of your turns, or from the HUD). */
  private summaryOpen = false;
  private summaryTurn = -1;
  /** Fog of war: the territories this seat cannot see into. */
  private hidden = new Set<string>();
  private pacer!: LoopPacer;
  /** The game's side panel folded away (the map takes its room); a button unfolds it. */
  private sideFolded = false;
  /** The stand-alone battle calculator's forces (null: closed). */
  private calcForces: CalcForces | null = null;
  /** Placement puts every bought unit of the type that fits (one tap), not one at a time. */
  private placeAll = true;
  /** The selection a move was sent from, until the server answers (restored if it refuses). */
  private moveSent: { selected: string | null; sel: Selection; raid: boolean } | null = null;
  /** A destination tapped on the map, waiting for "Move" (a tap never moves units by itself). */
  private confirmDest: string | null = null;
  /** "This turn" (ideas.ts): folded to its title; a phone's sheet opened from its strip; the last advice. */
  private ideasFold = ideasFolded();
  private ideasOpen = false;
  private ideasMemo: { pub: TrPublic; legal: GameAction[]; advice: Advice | null } | null = null;
  private ideasStripEl!: HTMLElement;

  constructor() {
    super(TacticalRiskScene.KEY);
  }

  protected override reset(): void {
    this.selected = null;
    this.confirmDest = null;
    this.sel = {};
    this.buyDraft = {};
    this.placeType = null;
    this.stageKey = '';
    this.lastActing = '';
    this.lastPassSeat = -1;
    this.firstView = true;
    this.summaryOpen = false;
    this.summaryTurn = -1;
    this.hidden = new Set();
    this.handover = null;
  }

  protected build(): void {
    this.pacer = new LoopPacer(this);
    this.pacer.awake();
    // The table's players/log panel folds into a drawer (its top-bar button opens it): the map takes
    // the width. Tactical Risk's own styles do it, for as long as this scene runs.
    document.body.classList.add('trm-fold-table');
    this.style = h('style', { text: CSS + IDEAS_CSS });
    document.head.append(this.style);
    this.mapView = new MapView(this, {
      tap: (name) => this.tap(name),
      hover: (name) => this.mapHover(name),
      view: () => {
        this.redraw();
        this.pacer.awake();
        this.minimap?.setView(this.mapView.worldView());
      },
    });
    this.minimap = new Minimap(this.mapView.map, (x, y) => this.mapView.centerOn(x, y));
    this.hud = h('div', { class: 'trm-card trm-hud', testid: 'tr-hud' });
    this.side = h('div', { class: 'trm-side', testid: 'tr-side' });
    this.hint = h('div', { class: 'trm-hint', testid: 'tr-hint' });
    this.ideasStripEl = h('div', { class: 'trm-ideas-slot' });
    this.battle = new BattleDialog((a) => this.send(a));
    this.battle.rerender = () => this.rerender();
    const tools = mapTools(Object.keys(this.mapView.map.territories).sort(), this.minimap.el, {
      find: (name) => {
        this.mapView.focus(name, 0.9);
        if (name !== this.selected) this.tap(name);
      },
      zoomBy: (f) => this.mapView.zoomBy(f),
      fitAll: () => this.mapView.fitAll(),
      toggleCalculator: () => this.toggleCalculator(),
      toggleSummary: () => ((this.summaryOpen = !this.summaryOpen), this.rerender()),
      togglePalette: () => this.togglePalette(),
    });
    this.root = h(
      'div',
      { class: 'trm', testid: 'tr-map' },
      this.hint,
      this.ideasStripEl,
      h('div', { class: 'trm-sidebg' }),
      tools,
      this.hud,
      this.side,
    );
    this.dom.overlay.append(this.root);
    window.addEventListener('keydown', this.onKey);
    this.events.on('update', (_t: number, delta: number) => this.mapView.tick(delta));
  }

  protected override started(): void {
    // The table screen shows the whole world at once (a TV is watched, not panned); the screen's
    // own column lists the factions, so the side panel folds away and the map takes its room.
    if (this.onScreen) {
      this.sideFolded = true;
      this.layout();
      this.mapView.fitAll();
    } else this.mapView.fitView();
    this.exposeHooks();
    this.rerender();
  }

  /** The stage draws for the base's reasons, and while the outlines pulse (loopPacer.ts). */
  override wantsFrame(): boolean {
    return super.wantsFrame() || (this.pacer.active() && this.mapView.pulses());
  }

  protected override onChange(snap: TableSnapshot): void {
    this.moveSent = null;
    this.render(snap);
  }

  /** A refused move gives back the selection it was made from (the player fixes it, not redoes it). */
  protected override onRefused(): void {
    if (!this.moveSent) return;
    ({ selected: this.selected, sel: this.sel, raid: this.raid } = this.moveSent);
    this.moveSent = null;
    this.rerender();
  }

  /** Escape takes back the last step of a move: the confirm card, else the selection. */
  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || (e.target as HTMLElement | null)?.closest?.('input, select, textarea')) return;
    if (this.confirmDest) [this.confirmDest, this.hoverDest] = [null, null];
    else if (this.selected) this.clearSelection();
    else return;
    this.rerender();
  };

  protected override dispose(): void {
    window.removeEventListener('keydown', this.onKey);
    clearTimeout(this.battleLinger);
    this.root.remove();
    this.style.remove();
    document.body.classList.remove('trm-fold-table');
    document.body.style.removeProperty('--trm-toast-lift');
    this.pacer.destroy();
  }

  private exposeHooks(): void {
    this.exposeDebug('tacticalRisk', {
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
      stackRects: (name: string) => this.mapView.stackRects(name),
      labelClashes: () => this.mapView.labelClashes(),
      stackClashes: () => this.mapView.stackClashes(),
      nameRect: (name: string) => this.mapView.nameRect(name),
      shownNames: () => this.mapView.shownNames(),
      landInView: () => this.mapView.landInView(),
      fps: () => this.game.loop.actualFps,
      game: this.game,
      scene: this,
    });
  }

  /** Where a territory's label is on the page (for tests): null when off screen. */
  private screenOf(name: string): { x: number; y: number } | null {
    const geo = this.mapView.map.territories[name];
    if (!geo) return null;
    const canvas = this.game.canvas.getBoundingClientRect();
    const at = labelOnScreen(
      geo.label,
      this.mapView.worldView(),
      this.mapView.getZoom(),
      this.mapView.map.width,
      this.mapView.viewSize(),
    );
    return at ? { x: canvas.left + at.x, y: canvas.top + at.y } : null;
  }

  /** A new screen size: the layout, and the panels (phone or desktop wording and sheets). */
  protected override onResize(): void {
    this.layout();
    // A TV is watched, not panned: each new size shows the whole world again (the screen sizes its
    // stage after the scene starts, so the first fit was for another size).
    if (this.onScreen) this.mapView.fitAll();
    else this.mapView.reframe();
    this.rerender();
  }

  protected layout(): void {
    const phone = this.scale.width < 560;
    // Desktop: the sidebar is a column of its own; phones: the bottom sheet (when open) covers the map.
    this.mapView.setSide(this.scale.width > 760 && !this.sideFolded ? SIDE_W : 0);
    this.root.classList.toggle('trm-desk', this.scale.width > 760);
    this.root.classList.toggle('trm-folded', this.sideFolded);
    // The first view keeps the top bar's strip clear (northern territories were under it).
    const hud = this.hud.getBoundingClientRect();
    const canvas = this.game.canvas.getBoundingClientRect();
    this.mapView.setTop(Math.max(0, hud.bottom - canvas.top + 6));
    this.measureSheet();
    this.mapView.layout();
    this.minimap.paint(phone ? 112 : 200, this.owners());
    this.minimap.setView(this.mapView.worldView());
  }

  // ---------------------------------------------------------------- state

  private pub(): TrPublic | null {
    const v = this.view();
    return v && v.public.factions.length ? v.public : null;
  }
  private owners(): Record<string, string> {
    const pub = this.pub();
    const out: Record<string, string> = {};
    if (pub) for (const [n, t] of Object.entries(pub.territories)) if (!isWater(n)) out[n] = t.owner;
    return out;
  }
  private spectator(): boolean {
    return this.me() < 0;
  }
  private myFactions(): string[] {
    return (this.view()?.private?.factions ?? []) as string[];
  }

  private sendTr(a: TacticalRiskAction): void {
    // An undone move leaves nothing armed: the next tap selects, it does not move.
    if (a.type === 'undo') this.clearSelection();
    // "Done buying" with units counted but not bought buys them first (a newcomer sets the counts
    // and presses the status bar's button, never seeing the panel's Buy below the rows).
    if (a.type === 'endPhase') this.buyDraftFirst();
    this.send(a as GameAction);
  }

  /** Sends the purchase counted on the panel (if any, and within the treasury) before the phase ends. */
  private buyDraftFirst(): void {
    const pub = this.pub();
    const me = pub?.factions.find((f) => f.name === pub.faction);
    const draft = this.buyDraft;
    if (!pub || !me || pub.phase !== 'purchase' || countsTotal(draft) === 0) return;
    if (cost(draft) > me.treasury || !this.legal().some((x) => x.type === 'buy')) return;
    this.buyDraft = {};
    this.send({ type: 'buy', units: draft } as GameAction);
  }

  protected override onEvent(e: GameEvent): void {
    if (e.type === 'battleEnd' || e.type === 'capture') play('special');
    if (e.type === 'buy' && !this.spectator()) play('bank');
  }

  // ---------------------------------------------------------------- input

  private clearSelection(): void {
    this.selected = null;
    this.sel = {};
    this.raid = false;
    this.confirmDest = null;
    this.hoverDest = null;
  }

  private tap(name: string | null): void {
    const pub = this.pub();
    if (!pub) return;
    const legal = this.legal();
    // A battle waiting to be fought: the first tap on it opens it (a land battle before a raid).
    if (name && pub.phase === 'battle' && !pub.battle) {
      const fight = [name, `raid:${name}`].find((k) =>
        legal.some((a) => a.type === 'fight' && (a as unknown as { territory: string }).territory === k),
      );
      if (fight) {
        this.sendTr({ type: 'fight', territory: fight });
        return;
      }
    }
    // A destination: asks first (the move goes on "Move"); a placement spot: act.
    if (name && this.selected && isMovePhase(pub)) {
      const groups = moveGroups(pub, legal, this.selected);
      const dest = commonDestinations(pub, groups, this.sel).get(name);
      if (dest && name !== this.selected) return this.askMove(name);
    }
    this.confirmDest = null;
    if (name && pub.phase === 'place' && this.placeType && legal.length) {
      const spots = placementSpots(legal).get(this.placeType) ?? [];
      if (spots.includes(name)) {
        this.sendTr(placement(pub, this.placeType, name, this.placeAll));
        return;
      }
    }
    if (name !== this.selected) {
      // A phone shows one sheet: a territory picked on the map replaces the turn summary (and the ideas).
      if (name && this.scale.width <= 760) this.summaryOpen = this.ideasOpen = false;
      this.selected = name;
      this.sel = {};
      this.raid = false;
      play('tick');
    }
    this.rerender();
  }

  /** Sends the move of the selected units to `name`; the selection clears (restored if refused). */
  private moveTo(name: string): void {
    const pub = this.pub();
    if (!pub || !this.selected || !isMovePhase(pub)) return;
    const groups = moveGroups(pub, this.legal(), this.selected);
    const dest = commonDestinations(pub, groups, this.sel).get(name);
    if (!dest || name === this.selected) return;
    this.moveSent = { selected: this.selected, sel: this.sel, raid: this.raid };
    this.sendTr(buildMove(groups, this.sel, dest, this.raid && dest.raid));
    this.clearSelection();
    this.rerender();
  }

  /** Asks before moving the selection to `name` (the confirm card). */
  private askMove(name: string): void {
    this.confirmDest = name;
    this.hoverDest = name;
    play('tick');
    this.rerender();
  }

  /** The warning for moving the selection out of the selected territory (capitalWarning.ts), or null. */
  private leavesCapitalOpen(pub: TrPublic, groups: MoveGroup[]): CapitalWarning | null {
    const leaving: Counts = {};
    for (const g of groups) if (this.sel[g.key]) leaving[g.type] = (leaving[g.type] ?? 0) + this.sel[g.key]!;
    return capitalLeftOpen(pub, pub.faction, this.selected ?? '', leaving);
  }

  /** The move a map tap asked for: what goes where (and the odds), "Move" or "Cancel". */
  private confirmCard(pub: TrPublic, groups: MoveGroup[], to: string): HTMLElement {
    const from = this.selected ?? '';
    const move = { pub, groups, sel: this.sel, from };
    const kind = describeDest(move, to);
    const plan = planText(move, to);
    const joint = jointPlanText(move, this.legal(), to);
    const what = `${chosenText(groups, this.sel) || 'Units'} from ${from}${kind ? ` (${kind})` : ''}`;
    const open = this.leavesCapitalOpen(pub, groups);
    const going = groups.reduce((n, g) => n + (this.sel[g.key] ?? 0), 0);
    // "Keep 1 ... home": the same move with one land unit fewer (offered when more than one goes).
    const keepGroup = open?.keep ? groups.find((g) => g.type === open.keep && this.sel[g.key]) : undefined;
    const keep =
      keepGroup && going > 1
        ? button(
            `Keep 1 ${UNIT[keepGroup.type].name} home`,
            () => {
              this.sel = { ...this.sel, [keepGroup.key]: this.sel[keepGroup.key]! - 1 };
              this.moveTo(to);
            },
            { testid: 'tr-confirm-keep' },
          )
        : null;
    return h(
      'div',
      { class: 'trm-card trm-confirm', testid: 'tr-confirm' },
      h('h3', { text: `Move to ${to}?` }),
      h('div', { testid: 'tr-confirm-what', text: what }),
      // Beside the stacks-together line, the chosen stack's own odds say they are its alone (an
      // idea's first stack often reads "win 1%" where the stacks together win).
      plan ? h('div', { class: 'trm-muted', text: joint ? `These units alone: ${plan}` : plan }) : null,
      joint ? h('div', { class: 'trm-muted', testid: 'tr-confirm-joint', text: joint }) : null,
      open
        ? h('div', { class: 'trm-warn', testid: 'tr-confirm-warning', text: capitalWarningText(open) })
        : null,
      h(
        'div',
        { class: 'trm-row' },
        button('Cancel', () => ((this.confirmDest = null), (this.hoverDest = null), this.rerender()), {
          testid: 'tr-confirm-cancel',
        }),
        keep,
        button(open ? 'Move anyway' : 'Move', () => this.moveTo(to), {
          kind: 'primary',
          testid: 'tr-confirm-move',
        }),
      ),
    );
  }

  /** Hovering a destination on the map draws the path and says what the move would be (with the odds). */
  private mapHover(name: string | null): void {
    const pub = this.pub();
    if (!pub || !this.selected || !isMovePhase(pub) || !this.legal().length) return;
    const groups = moveGroups(pub, this.legal(), this.selected);
    const dest =
      name && name !== this.selected ? commonDestinations(pub, groups, this.sel).get(name) : undefined;
    const next = dest ? name : null;
    if (this.confirmDest || next === this.hoverDest) return;
    this.hoverDest = next;
    this.renderMarks(pub, this.legal());
    if (!next) {
      this.rerender();
      return;
    }
    const move = { pub, groups, sel: this.sel, from: this.selected };
    const what = [describeDest(move, next), planText(move, next)].filter(Boolean);
    this.hint.textContent = `${next}${what.length ? `: ${what.join(' · ')}` : ''} (tap, then “Move”)`;
  }

  // ---------------------------------------------------------------- render

  protected render(snap: TableSnapshot): void {
    this.pacer.awake(250);
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
      this.clearSelection();
      this.buyDraft = {};
      this.placeType = null;
      this.raid = false;
    }
    this.hidden = fogHidden(pub, this.myFactions(), this.spectator());
    this.mapView.setHidden(this.hidden);
    this.mapView.setOwners(pub.territories);
    this.mapView.setUnits(pub.territories);
    this.minimap.paint(this.scale.width < 560 ? 112 : 200, this.owners());
    this.notifyContinents(pub);
    this.checkTurn(snap, pub);
    const covered = this.summaryHides(pub, legal);
    keepEqualChildren(
      this.hud,
      hudParts(
        pub,
        covered ? legal.filter((a) => a.type !== 'endPhase') : legal,
        {
          mine: this.myFactions(),
          spectator: this.spectator(),
          handedOver: handedOver(snap),
          takeOver: this.conn.kind === 'online' ? takeOverChoice(pub, snap.mySeat, snap.seats) : null,
        },
        {
          send: (a) => this.sendTr(a),
          toggleOverview: () => this.toggleOverview(),
          ...(this.conn.kind === 'online'
            ? {
                handOver: () => this.conn.command(ClientMsg.handOver),
                takeBack: () => this.conn.command(ClientMsg.takeBack),
                takeOver: (faction: string) => this.conn.command(ClientMsg.takeOver, { faction }),
              }
            : {}),
        },
      ),
    );
    this.renderSide(pub, legal);
    this.measureSheet();
    const capital = pub.factions.find((f) => f.name === this.myFactions()[0])?.capital;
    if (this.firstView) {
      this.firstView = false;
      this.layout(); // the status bar's height, now that it shows
      if (this.onScreen) this.mapView.fitAll();
      else this.mapView.firstFrame(capital);
    } else if (!this.onScreen) this.mapView.capitalKnown(capital);
    const dialog = this.battle.update(
      pub,
      pub.battle ? legal : [],
      pub.battle ? snap.log.slice(-3).map((l) => l.text) : [],
      this.spectator(),
    );
    if (dialog) {
      clearTimeout(this.battleLinger);
      this.battleLinger = undefined;
      if (!dialog.isConnected) this.root.append(dialog);
    } else if (
      this.onScreen &&
      snap.status === 'playing' &&
      this.battle.el.isConnected &&
      !this.battle.isFolded()
    ) {
      // The table screen: the ended battle lingers with its result (nobody there closes it).
      if (this.battleLinger === undefined) {
        this.battle.ended(snap.log.slice(-2).map((l) => l.text));
        this.battleLinger = setTimeout(() => {
          this.battleLinger = undefined;
          this.battle.el.remove();
          this.root.classList.remove('trm-modal');
        }, BATTLE_LINGER_MS);
      }
    } else this.battle.el.remove();
    // An open battle dialog hides the panels under it (no text shows through).
    this.root.classList.toggle(
      'trm-modal',
      (!!dialog || this.battleLinger !== undefined) && !this.battle.isFolded(),
    );
    this.renderMarks(pub, legal);
  }

  private toggleCalculator(): void {
    this.calcForces = this.calcForces ? null : { ...NO_FORCES };
    if (this.calcForces && this.sideFolded) this.sideFolded = false;
    this.layout();
    this.rerender();
  }

  private calculatorFor(pub: TrPublic): HTMLElement {
    return calculatorFor(pub, this.calcForces!, this.selected, {
      update: (next) => ((this.calcForces = { ...this.calcForces!, ...next }), this.rerender()),
      close: () => this.toggleCalculator(),
    });
  }

  private setFolded(folded: boolean): void {
    this.sideFolded = folded;
    this.layout();
    this.rerender();
  }

  /** A phone's sheet covers the map's foot: the first view and a focus frame the map above it. */
  private measureSheet(): void {
    const sheet = this.side.getBoundingClientRect();
    const canvas = this.game.canvas.getBoundingClientRect();
    // (A bottom sheet up to 760 px wide: styles.ts.)
    const phone = this.scale.width <= 760;
    this.mapView.setBottom(phone && sheet.height > 0 ? Math.max(0, canvas.bottom - sheet.top) : 0);
    // The platform's toasts sit at the screen's foot: on a phone, over the sheet's buttons (or the
    // tools and the Ideas strip at the map's foot). They rise above the highest of those instead.
    let top = Infinity;
    if (phone)
      for (const el of [this.side, ...this.root.querySelectorAll('.trm-tools, .trm-ideas-strip')]) {
        const r = el.getBoundingClientRect();
        if (r.height > 0 && r.top > (canvas.top + canvas.bottom) / 2) top = Math.min(top, r.top);
      }
    const lift = top === Infinity ? 0 : Math.round(window.innerHeight - top + 6);
    document.body.style.setProperty('--trm-toast-lift', `${lift}px`);
  }

  /** A phone's turn summary hides the turn's card (summary.ts). */
  private summaryHides(pub: TrPublic, legal: GameAction[]): boolean {
    const [phone, open, folded] = [this.scale.width <= 760, this.summaryOpen, this.sideFolded];
    return summaryHidesTurn({ phone, open, folded, myTurn: legal.length > 0, phase: pub.phase });
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

  /** The cards the phase asks for (and the ones opened by hand), and the hint line. */
  private sideCards(pub: TrPublic, legal: GameAction[]): { cards: HTMLElement[]; hint: string } {
    const cards: (HTMLElement | null)[] = [];
    /** The move a map tap asked for comes first (a phone shows one sheet: this one). */
    let confirm: HTMLElement | null = null;
    const me = pub.factions.find((x) => x.name === pub.faction) as TrFaction | undefined;
    let hint = '';
    if (legal.length && me) {
      if (pub.phase === 'draft') cards.push(draftCard(legal, (a) => this.sendTr(a)));
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
              this.sendTr({ type: 'buy', units: this.buyDraft });
              this.buyDraft = {};
            },
          ),
        );
        hint = 'Buy units, then “Done buying”.';
      }
      if (pub.phase === 'place') {
        const spots = placementSpots(legal);
        if (!this.placeType || !spots.has(this.placeType)) this.placeType = [...spots.keys()][0] ?? null;
        const place = (t: string) => placement(pub, this.placeType!, t, this.placeAll);
        cards.push(
          placeCard(pub.faction, {
            pending: me.pending,
            spots,
            room: (t) => production(t) - (pub.placedAt[t] ?? 0),
            type: this.placeType,
            pick: (t) => ((this.placeType = t), this.rerender()),
            place: (t) => this.placeType && this.sendTr(place(t)),
            all: this.placeAll,
            setAll: (on) => ((this.placeAll = on), this.rerender()),
            count: (t) => (this.placeType ? (place(t).count ?? 1) : 1),
          }),
        );
        hint = this.placeType ? 'Tap a highlighted factory (or its sea zone) to place.' : 'End your turn.';
      }
      if (pub.phase === 'battle' && !pub.battle) {
        const fights = legal.filter((a) => a.type === 'fight');
        if (fights.length)
          cards.push(battlesCard(pub, pub.battles, (k) => this.sendTr({ type: 'fight', territory: k })));
        hint = 'Fight your battles, in the order you like.';
      }
      if (isMovePhase(pub)) {
        const groups = this.selected ? moveGroups(pub, legal, this.selected) : [];
        const to = this.confirmDest;
        if (to && !(this.selected && commonDestinations(pub, groups, this.sel).has(to)))
          this.confirmDest = null;
        if (this.confirmDest) confirm = this.confirmCard(pub, groups, this.confirmDest);
        if (this.selected && groups.length) cards.push(this.moveCardFor(pub, groups));
        hint = this.confirmDest
          ? `Move to ${this.confirmDest}? “${this.leavesCapitalOpen(pub, groups) ? 'Move anyway' : 'Move'}” to confirm, or tap another territory.`
          : moveHint(pub, this.selected, groups, this.sel);
      }
    } else if (!pub.winner) {
      hint = this.spectator()
        ? `Spectating: the ${pub.faction} are playing (${PHASES[pub.phase]}).`
        : `The ${pub.faction} are playing…`;
    }
    const ideas = this.ideasCardFor(pub, legal);
    if (ideas) cards.unshift(ideas);
    if (this.selected)
      cards.push(territoryCard(pub, this.selected, () => this.tap(null), this.hidden.has(this.selected)));
    if (this.calcForces) cards.unshift(this.calculatorFor(pub));
    if (this.showOverview) cards.unshift(overviewCard(pub));
    else if (this.showOverview === null && cards.length === 0 && this.scale.width > 760)
      cards.push(overviewCard(pub));
    if (this.summaryOpen) {
      // (The hint would name a button the summary holds back.)
      if (this.summaryHides(pub, legal)) hint = '';
      const mine = this.myFactions();
      const spectator = this.spectator() || mine.length === 0;
      const records = spectator ? pub.turns.slice(-5) : turnsSince(pub, mine);
      cards.unshift(
        summaryCard(
          records,
          spectator ? 'Last turns' : 'Since your last turn',
          () => ((this.summaryOpen = false), this.rerender()),
          this.summaryHides(pub, legal)
            ? {
                label: `On to the ${PHASES[pub.phase]?.toLowerCase()}`,
                go: () => ((this.summaryOpen = false), this.rerender()),
              }
            : undefined,
        ),
      );
    }
    if (confirm) cards.unshift(confirm);
    return { cards: cards.filter((c): c is HTMLElement => !!c), hint };
  }

  /** This seat's advice now (advice.ts), worked out once per state. */
  private advice(pub: TrPublic, legal: GameAction[]): Advice | null {
    const memo = this.ideasMemo;
    if (memo && memo.pub === pub && memo.legal === legal) return memo.advice;
    const me = pub.factions.find((f) => f.name === pub.faction);
    const advice = this.spectator() ? null : adviceFor(pub, legal, this.hidden, me?.treasury ?? 0);
    this.ideasMemo = { pub, legal, advice };
    return advice;
  }

  /** The "This turn" card (desktop: always, folded or not; a phone: when opened from its strip). */
  private ideasCardFor(pub: TrPublic, legal: GameAction[]): HTMLElement | null {
    const advice = this.advice(pub, legal);
    const phone = this.scale.width <= 760;
    if (!advice || (phone && !this.ideasOpen)) return null;
    return ideasCard(advice, {
      folded: !phone && this.ideasFold,
      toggle: () => {
        if (phone) this.ideasOpen = false;
        else setIdeasFolded((this.ideasFold = !this.ideasFold));
        this.rerender();
      },
      attack: (t) => this.pickIdea(t, false),
      walkIn: (t) => this.pickIdea(t, true),
      // The purchase panel's counts (a phone shows it again, with them); "Buy" stays the player's.
      countIn: (units) => ((this.buyDraft = { ...units }), (this.ideasOpen = false), this.rerender()),
      ...(phone ? { close: () => ((this.ideasOpen = false), this.rerender()) } : {}),
    });
  }

  private ideasStrip(pub: TrPublic, legal: GameAction[]): HTMLElement | null {
    const advice = this.advice(pub, legal);
    if (!advice) return null;
    return ideasStrip(advice, () => {
      this.ideasOpen = true;
      this.summaryOpen = false;
      this.rerender();
    });
  }

  /** An idea tapped: its next stack is selected and the confirm card asks (nothing moves before “Move”). */
  private pickIdea(target: string, walkIn: boolean): void {
    const pub = this.pub();
    if (!pub) return;
    const step = ideaStep(pub, this.legal(), target, walkIn);
    this.mapView.focus(target, 0);
    if (!step) return this.rerender();
    this.selected = step.from;
    this.sel = step.sel;
    this.raid = false;
    this.askMove(target);
  }

  private renderSide(pub: TrPublic, legal: GameAction[]): void {
    const { cards: shown, hint } = this.sideCards(pub, legal);
    // A phone's "Ideas" strip over the map (hidden by the styles while a sheet shows: it is in its head).
    const rootStrip = this.scale.width <= 760 && !this.ideasOpen ? this.ideasStrip(pub, legal) : null;
    if (rootStrip) patchChildren(this.ideasStripEl, rootStrip);
    else this.ideasStripEl.replaceChildren();
    if (this.sideFolded) {
      patchChildren(
        this.side,
        unfoldButton(shown.length, () => this.setFolded(false)),
      );
      this.root.classList.remove('trm-sheet');
      this.hint.textContent = pub.battle ? '' : hint;
      return;
    }
    // Phones: one sheet at a time (the first: the summary, the overview or what the phase asks).
    const phone = this.scale.width <= 760;
    const fold = foldButton(phone, () => this.setFolded(true));
    const sheet = phone ? shown.slice(0, 1) : shown;
    // A phone's sheet covers the foot of the map tools: the colour switch shows beside its Hide.
    const strip = phone && !this.ideasOpen ? this.ideasStrip(pub, legal) : null;
    const head = phone
      ? h(
          'div',
          { class: 'trm-sheet-head' },
          paletteSwitch(() => this.togglePalette(), 'tr-palette-sheet'),
          strip,
          fold,
        )
      : fold;
    // The cards are drawn again on every change at the table (each move of another faction): the
    // ones on the page are brought up to date in place (ui/keyed.ts), so a press on a control
    // (the confirm card's Move, a purchase's +) ends on the element it began on and counts.
    if (sheet.length) patchChildren(this.side, head, ...sheet);
    else this.side.replaceChildren();
    this.root.classList.toggle('trm-sheet', shown.length > 0);
    this.hint.textContent = pub.battle ? '' : hint;
  }

  private moveCardFor(pub: TrPublic, groups: MoveGroup[]): HTMLElement {
    const at = this.selected!;
    const dests = commonDestinations(pub, groups, this.sel);
    return moveCard(pub.faction, {
      at,
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
      // A destination button in the list is a clear choice: it moves (a map tap asks first).
      // ...unless it would leave a capital open: then the confirm card says so first.
      go: (d) => (this.leavesCapitalOpen(pub, groups) ? this.askMove(d) : this.moveTo(d)),
      describe: (d) => describeDest({ pub, groups, sel: this.sel, from: this.selected ?? '' }, d),
      odds: (d) => planText({ pub, groups, sel: this.sel, from: this.selected ?? '' }, d),
      hover: (d) => {
        this.hoverDest = d;
        this.renderMarks(pub, this.legal());
      },
    });
  }

  private renderMarks(pub: TrPublic, legal: GameAction[]): void {
    const { marks, path } = mapMarks(pub, legal, {
      selected: this.selected,
      sel: this.sel,
      hoverDest: this.hoverDest,
      placeType: this.placeType,
    });
    this.mapView.setMarks(marks);
    this.mapView.setPath(path);
  }

  /** A toast when a faction gains or loses a whole continent (once per change; an Undo takes it back). */
  private notifyContinents(pub: TrPublic): void {
    const now = new Map<string, string>();
    for (const f of pub.factions) for (const c of continentsHeld(pub, f.name)) now.set(c.name, f.name);
    // The first view announces nothing (the continents were held before this screen opened).
    if (this.lastActing === '') this.news.reset(now);
    else this.news.update(now, performance.now(), pub.turnNumber);
  }

  /** Your turn: a sound; a hand-over screen when one screen plays several factions. */
  private checkTurn(snap: TableSnapshot, pub: TrPublic): void {
    const { who, key: acting } = actingKey(pub, snap.legal.length, snap.mySeat);
    const prev = this.lastActing;
    this.lastActing = acting || prev || '-';
    if (!acting || acting === prev) return;
    play('turn');
    // A new turn of yours: the summary of what the others did since your last one.
    if (who === pub.faction && pub.turnNumber !== this.summaryTurn && !pub.battle) {
      this.summaryTurn = pub.turnNumber;
      this.summaryOpen = turnsSince(pub, this.myFactions()).some((r) => r.done);
    }
    const hotSeat = !!this.conn.hotSeat;
    const several = this.myFactions().length > 1 || hotSeat;
    if (!several || pub.phase === 'finished') return;
    const turnStart = who === pub.faction;
    const pass = needsPass({
      hotSeat,
      several,
      first: prev === '' || prev === '-',
      turnStart,
      fog: pub.fogOfWar,
      seat: snap.mySeat,
      lastPassSeat: this.lastPassSeat,
    });
    const seatName = snap.seats[snap.mySeat]?.name ?? '';
    if (!pass) {
      // A battle choice in plain sight: the screen stays, and says who decides.
      if (hotSeat && !turnStart && snap.mySeat !== this.lastPassSeat)
        toast(`${seatName}: the ${who} decide in the battle`, 'info', 3500);
      return;
    }
    this.lastPassSeat = snap.mySeat;
    // "Since your last turn" only at the start of a turn, and only with something in it.
    const since = turnStart ? turnsSince(pub, this.myFactions()).filter((r) => r.done) : [];
    this.handover?.remove();
    this.handover = handoverCard(pub, {
      who,
      hotSeat,
      seatName,
      since: this.summaryOpen && since.length ? since : null,
      ready: () => (this.handover?.remove(), (this.handover = null)),
    });
    this.root.append(this.handover);
  }
}

/** My seat is played by the AI while I am here: I handed it over (an away seat is not connected). */
function handedOver(snap: TableSnapshot): boolean {
  const seat = snap.seats[snap.mySeat];
  return !!seat && seat.botControlled && seat.connected && snap.status === 'playing';
}
