/**
 * The battle dialog: both forces, the calculator's odds on what is left, the last dice (rolled in
 * when they change), and the prompt: casualty choice (cheapest-first preselected), press on,
 * retreat with a destination, submerge. Spectators and waiting players see it read-only.
 */
import type { GameAction } from '@parlor/shared/core/contract';
import { isWater, UNIT, UNIT_TYPES, type UnitType } from '@parlor/shared/games/tactical-risk/board';
import { play } from '../../ui/sound';
import { button, h } from '../../ui/dom';
import { patchChildren } from '../../ui/keyed';
import type { TacticalRiskAction } from '@parlor/shared/games/tactical-risk/types';
import type { TrBattle, TrPublic } from './adapter';
import { battleSides, idsByType, odds } from './model';
import { chip, unitIcon, unitRow } from './panels';
import { factionCss, SHORT } from './palette';

const KIND: Record<string, string> = {
  land: 'Land battle',
  sea: 'Sea battle',
  raid: 'Strategic bombing raid',
};

export class BattleDialog {
  readonly el = h('div', { class: 'trm-dialog-wrap', testid: 'tr-battle-dialog' });
  private rollKey = '';
  private pickKey = '';
  private picked = new Set<number>();
  private retreatTo = '';
  /** Folded to a bar so the map can be looked at (unfolds for each new battle). */
  private folded = false;
  private battleKey = '';

  constructor(private readonly send: (a: TacticalRiskAction) => void) {}

  /**
   * The table screen: the battle has just ended. Its last state stays a few seconds (the scene
   * times it), with how it ended (the log's latest lines) under a heading.
   */
  ended(lines: string[]): void {
    const card = this.el.querySelector('.trm-dialog');
    if (!card) return;
    card.querySelector('.trm-battle-end')?.remove();
    card.append(
      h(
        'div',
        { class: 'trm-battle-end', testid: 'tr-battle-end' },
        h('strong', { text: 'Battle over' }),
        ...lines.map((l) => h('div', { text: l })),
      ),
    );
  }

  /** Null when there is no battle (the dialog is then detached). */
  update(pub: TrPublic, legal: GameAction[], log: string[], spectator: boolean): HTMLElement | null {
    const b = pub.battle;
    if (!b) {
      this.rollKey = '';
      return null;
    }
    const sides = battleSides(pub, b.territory, b.attacker, b.out);
    // Shore bombardment, from the rules: the battleships (and zones, without fog of war), their dice
    // once rolled. Not yet rolled, they count in the odds.
    const bombarding = b.bombard;
    const bombardPending = !!bombarding && bombarding.dice.length === 0;
    const bombard = bombardPending ? bombarding.count : 0;
    // Hits waiting to be taken count: the odds are for after the suggested casualties go.
    const pendingLoss = b.promptKind === 'casualties' ? b.suggestion : [];
    const r =
      b.kind === 'raid' ? null : odds(pub, b.territory, b.attacker, [...b.out, ...pendingLoss], bombard);
    const rollKey = `${b.territory}|${b.round}|${b.rollsLabel}|${b.rollsAttacker.join()}|${b.rollsDefender.join()}`;
    const fresh = rollKey !== this.rollKey && b.rollsAttacker.length + b.rollsDefender.length > 0;
    this.rollKey = rollKey;
    if (fresh) play('draw');
    const force = (
      title: HTMLElement,
      counts: Partial<Record<UnitType, number>>,
      faction: string,
      side: string,
      extra: HTMLElement[] = [],
    ) =>
      h(
        'div',
        { class: 'trm-force', testid: `tr-force-${side}` },
        h('h4', {}, title),
        ...UNIT_TYPES.filter((t) => (counts[t] ?? 0) > 0).map((t) => unitRow(t, faction, counts[t]!)),
        Object.keys(counts).length === 0 ? h('div', { class: 'trm-muted', text: 'No units left' }) : null,
        ...extra,
      );
    const defender = sides.defenders[0] ?? b.defender;
    // Each die with the value it hits at: hits stand out, misses fade.
    const hitsOf = (rolls: number[], at: number[]) =>
      rolls.filter((d, i) => (at[i] ?? 0) > 0 && d <= at[i]!).length;
    // Dice roll in when they show first: each roll's dice are new elements (keyed by the roll), kept
    // as they are while the dialog is drawn again.
    const dice = (rolls: number[], at: number[], animate = true) =>
      h(
        'div',
        { class: 'trm-dice' },
        ...rolls.map((d, i) => {
          const need = at[i] ?? 0;
          const state = need > 0 ? (d <= need ? 'hit' : 'miss') : '';
          return h('div', {
            class: `trm-die ${state} ${animate ? 'roll' : ''}`,
            text: d,
            title: need > 0 ? `${d <= need ? 'Hit' : 'Miss'}: hits on ${need} or less` : `Rolled ${d}`,
            ...(state ? { attrs: { 'data-hit': state === 'hit' ? '1' : '0' } } : {}),
          });
        }),
      );
    /**
     * Dice grouped by the value they hit at, each group named by the units of the side that fire at
     * that value (infantry 1, armour 3...): which unit rolled what.
     */
    const groupedDice = (
      rolls: number[],
      at: number[],
      counts: Partial<Record<UnitType, number>>,
      attack: boolean,
    ) => {
      if (!at.some((x) => x > 0)) return dice(rolls, at);
      const values = [...new Set(at)].sort((x, y) => x - y);
      if (values.length < 2) return dice(rolls, at);
      return h(
        'div',
        {},
        ...values.map((v) => {
          const idx = rolls.map((_, i) => i).filter((i) => at[i] === v);
          const types = (Object.keys(counts) as UnitType[]).filter((t) => {
            const base = attack ? UNIT[t].attack : UNIT[t].defense;
            return base === v || (attack && t === 'infantry' && v === 2 && (counts.artillery ?? 0) > 0);
          });
          const label = types.length ? types.map((t) => SHORT[t]).join(', ') : `hits on ${v}`;
          return h(
            'div',
            { class: 'trm-dgroup' },
            h('small', { class: 'trm-muted', text: `${label} (${v}):` }),
            dice(
              idx.map((i) => rolls[i]!),
              idx.map((i) => at[i]!),
            ),
          );
        }),
      );
    };
    const diceHead = (who: string, rolls: number[], at: number[]) => {
      const scored = at.some((x) => x > 0);
      const n = hitsOf(rolls, at);
      return h(
        'div',
        { class: 'trm-muted' },
        who,
        scored && rolls.length ? h('b', { class: 'trm-hits', text: ` · ${n} hit${n === 1 ? '' : 's'}` }) : '',
      );
    };
    const bombardRows: HTMLElement[] = [];
    if (bombarding) {
      // One row per sea zone; under fog of war the zones are not public: one row with the count.
      const zones = new Map<string, number>();
      for (const s of bombarding.ships) zones.set(s.zone, (zones.get(s.zone) ?? 0) + 1);
      const verb = bombardPending ? 'bombard' : 'bombarded';
      const rows: [string, number][] = zones.size ? [...zones] : [['', bombarding.count]];
      for (const [zone, n] of rows) {
        const row = unitRow(
          'battleship',
          b.attacker,
          n,
          zone ? `${verb} from ${zone.replace(/ Sea Zone$/, '')}` : verb,
        );
        row.classList.add('trm-bombard');
        row.dataset.testid = 'tr-bombard';
        bombardRows.push(row);
      }
      if (!bombardPending)
        bombardRows.push(
          h(
            'div',
            { class: 'trm-bombard-dice', testid: 'tr-bombard-dice' },
            diceHead('Shore bombardment', bombarding.dice, bombarding.at),
            // Rolled in only when it is the roll just thrown.
            dice(bombarding.dice, bombarding.at, b.rollsLabel === 'Shore bombardment'),
          ),
        );
    }
    const bar = r
      ? h(
          'div',
          {
            class: 'trm-oddsbar',
            testid: 'tr-odds',
            title: 'Battle calculator: 2,000 simulated battles from here',
          },
          h('div', {
            style: { width: `${r.attackerWin * 100}%`, background: factionCss(b.attacker) },
            text: `${Math.round(r.attackerWin * 100)}%`,
          }),
          h('div', {
            style: { width: `${r.draw * 100}%`, background: '#777' },
            text: r.draw > 0.08 ? 'draw' : '',
          }),
          h('div', {
            style: { width: `${r.defenderWin * 100}%`, background: factionCss(defender) },
            text: `${Math.round(r.defenderWin * 100)}%`,
          }),
        )
      : null;
    const card = h(
      'div',
      { class: 'trm-card trm-dialog' },
      h(
        'h2',
        {},
        h('span', { text: isWater(b.territory) ? '⚓' : b.kind === 'raid' ? '💣' : '⚔' }),
        h('span', { text: b.territory }),
        h('button', {
          class: 'btn small ghost',
          text: 'Show map',
          title: 'Fold the battle to a bar and look at the map',
          testid: 'tr-battle-fold',
          style: { marginLeft: 'auto' },
          on: { click: () => ((this.folded = true), this.rerender?.()) },
        }),
      ),
      h('div', { class: 'trm-sub', text: `${KIND[b.kind] ?? b.kind} · round ${Math.max(1, b.round)}` }),
      h(
        'div',
        { class: 'trm-sides' },
        force(chip(b.attacker, `${b.attacker} attack`), sides.attacker, b.attacker, 'attacker', bombardRows),
        force(
          h(
            'span',
            {},
            chip(defender, `${sides.defenders.join(' & ') || b.defender} defend`),
            sides.aaGun ? ' · AA gun' : '',
          ),
          sides.defender,
          defender,
          'defender',
        ),
      ),
      bar,
      r
        ? h('div', {
            class: 'trm-muted',
            style: { fontSize: '12px' },
            text: `Odds from here${pendingLoss.length ? ' (after the casualties being chosen)' : ''}${bombard ? ', shore bombardment included' : ''}: attacker ${Math.round(r.attackerWin * 100)}%${b.kind === 'land' ? ` (takes it ${Math.round(r.capture * 100)}%)` : ''}, defender ${Math.round(r.defenderWin * 100)}%`,
          })
        : null,
      b.rollsLabel
        ? h(
            'div',
            {
              testid: 'tr-dice',
              attrs: { 'data-ident': `tr-dice ${rollKey}` },
              style: { marginTop: '10px' },
            },
            h('h4', { style: { margin: '0 0 4px' }, text: `Last roll: ${b.rollsLabel}` }),
            h(
              'div',
              { class: 'trm-sides' },
              h(
                'div',
                {},
                diceHead(b.attacker, b.rollsAttacker, b.rollsAttackerAt),
                groupedDice(b.rollsAttacker, b.rollsAttackerAt, sides.attacker, true),
              ),
              h(
                'div',
                {},
                diceHead(defender, b.rollsDefender, b.rollsDefenderAt),
                groupedDice(b.rollsDefender, b.rollsDefenderAt, sides.defender, false),
              ),
            ),
          )
        : null,
      this.prompt(pub, b, legal, spectator),
      log.length
        ? h(
            'div',
            { class: 'trm-muted trm-battle-log', style: { fontSize: '12px', marginTop: '8px' } },
            ...log.map((l) => h('div', { text: l })),
          )
        : null,
    );
    const key = `${b.territory}|${b.attacker}`;
    if (key !== this.battleKey) [this.battleKey, this.folded] = [key, false];
    this.el.classList.toggle('folded', this.folded);
    if (this.folded) {
      const waiting = legal.length > 0 ? ' · your decision' : '';
      patchChildren(
        this.el,
        h(
          'button',
          {
            class: 'trm-card trm-battle-bar',
            testid: 'tr-battle-unfold',
            on: { click: () => ((this.folded = false), this.rerender?.()) },
          },
          `⚔ Battle for ${b.territory}, round ${Math.max(1, b.round)}${waiting} · open`,
        ),
      );
      return this.el;
    }
    // Drawn again on every change at the table: brought up to date in place (ui/keyed.ts), so a
    // press on Press on, Remove or a casualty ends on the element it began on and counts.
    patchChildren(this.el, card);
    return this.el;
  }

  /** The button that fights on (the round prompt's default answer). */
  private pressButton(label: string): HTMLElement {
    return button(label, () => this.send({ type: 'press' }), { kind: 'primary', testid: 'tr-press' });
  }

  private submergeButton(label: string): HTMLElement {
    return button(label, () => this.send({ type: 'submerge' }), { testid: 'tr-submerge' });
  }

  private prompt(pub: TrPublic, b: TrBattle, legal: GameAction[], spectator: boolean): HTMLElement {
    const mine = legal.length > 0;
    if (!b.promptKind || !mine) {
      const who = b.promptFaction || b.attacker;
      return h(
        'div',
        { class: 'trm-prompt', testid: 'tr-battle-wait' },
        spectator ? 'Spectating · ' : '',
        b.promptKind ? `Waiting for the ${who}…` : 'Rolling…',
      );
    }
    if (b.promptKind === 'casualties') return this.casualties(pub, b);
    const retreats = legal.filter((a) => a.type === 'retreat').map((a) => String((a as { to?: string }).to));
    if (!retreats.includes(this.retreatTo)) this.retreatTo = retreats[0] ?? '';
    const canSubmerge = legal.some((a) => a.type === 'submerge');
    if (b.promptKind === 'defenderSubmerge')
      return roundPrompt(
        'Your submarines may submerge',
        ' and leave this battle.',
        h('div', { class: 'trm-row' }, this.submergeButton('Submerge'), this.pressButton('Stay and fight')),
      );
    const select = h(
      'select',
      {
        testid: 'tr-retreat-to',
        on: { change: (e) => (this.retreatTo = (e.target as HTMLSelectElement).value) },
      },
      ...retreats.map((t) =>
        h('option', { text: t, attrs: { value: t, ...(t === this.retreatTo ? { selected: '' } : {}) } }),
      ),
    );
    return roundPrompt(
      'Round over.',
      ' Press on, or pull back?',
      h(
        'div',
        { class: 'trm-row' },
        this.pressButton('Press on'),
        canSubmerge ? this.submergeButton('Submerge subs') : null,
      ),
      retreats.length
        ? h(
            'div',
            { class: 'trm-row', style: { alignItems: 'center' } },
            h('span', { text: 'Retreat to' }),
            select,
            button('Retreat', () => this.send({ type: 'retreat', to: this.retreatTo }), {
              kind: 'danger',
              testid: 'tr-retreat',
            }),
          )
        : h('div', {
            class: 'trm-muted',
            style: { marginTop: '6px' },
            text: 'No retreat (amphibious assault or nowhere to go).',
          }),
    );
  }

  private casualties(pub: TrPublic, b: TrBattle): HTMLElement {
    const key = `${b.territory}|${b.round}|${b.promptSide}|${b.promptCount}|${b.suggestion.join()}`;
    if (key !== this.pickKey) {
      this.pickKey = key;
      this.picked = new Set(b.suggestion);
    }
    const gone = new Set(b.out);
    const units: { id: number; type: UnitType; faction: string }[] = [];
    for (const [f, stack] of Object.entries(pub.territories[b.territory]?.units ?? {})) {
      const attackerSide = f === b.attacker;
      if ((b.promptSide === 'attacker') !== attackerSide) continue;
      for (const [type, ids] of Object.entries(idsByType(stack)) as [UnitType, number[]][]) {
        if (type === 'factory' || type === 'aaGun') continue;
        if (b.promptAirOnly && UNIT[type].type !== 'air') continue;
        for (const id of ids) if (!gone.has(id)) units.push({ id, type, faction: f });
      }
    }
    const toggle = (id: number) => {
      if (this.picked.has(id)) this.picked.delete(id);
      else if (this.picked.size < b.promptCount) this.picked.add(id);
      this.rerender?.();
    };
    // The hits were scored by the other side: say only the limits that matter to this choice.
    const [sub = 0, air = 0] = b.promptHits.split(' ').map(Number);
    const mineAir = units.some((u) => UNIT[u.type].type === 'air');
    const mineSubs = units.some((u) => u.type === 'submarine');
    const detail = [
      sub && mineAir
        ? `${sub} of the hits ${sub === 1 ? 'was' : 'were'} scored by enemy submarines, which cannot hit aircraft`
        : '',
      air && mineSubs
        ? `${air} by enemy aircraft, which hit submarines only with a destroyer on their side`
        : '',
    ]
      .filter(Boolean)
      .join('; ');
    return h(
      'div',
      { class: 'trm-prompt', testid: 'tr-casualties' },
      h(
        'div',
        {},
        h('b', { text: `Choose ${b.promptCount} casualt${b.promptCount === 1 ? 'y' : 'ies'}` }),
        detail ? ` (${detail})` : '',
        b.promptAirOnly ? ' · AA fire: aircraft only' : '',
      ),
      h(
        'div',
        { class: 'trm-cas' },
        ...units.map((u) =>
          h(
            'button',
            {
              class: this.picked.has(u.id) ? 'on' : '',
              attrs: { 'data-ident': `unit ${u.id}` },
              title: `${SHORT[u.type]} #${u.id}`,
              on: { click: () => toggle(u.id) },
            },
            unitIcon(u.type, u.faction),
            SHORT[u.type],
          ),
        ),
      ),
      h(
        'div',
        { class: 'trm-row' },
        button(
          'Cheapest first',
          () => {
            this.picked = new Set(b.suggestion);
            this.rerender?.();
          },
          { small: true, testid: 'tr-suggest' },
        ),
        button(
          `Remove ${this.picked.size}/${b.promptCount}`,
          () => this.send({ type: 'casualties', units: [...this.picked] }),
          {
            kind: 'danger',
            disabled: this.picked.size !== Math.min(b.promptCount, units.length),
            testid: 'tr-remove',
          },
        ),
      ),
    );
  }

  /** Folded to a bar (the map and panels show). */
  isFolded(): boolean {
    return this.folded;
  }

  /** Set by the scene: re-render after a local change (casualty picks). */
  rerender: (() => void) | null = null;
}

/** A round prompt: its question (`title` in bold, then `rest`) over its rows of answers. */
function roundPrompt(title: string, rest: string, ...rows: (HTMLElement | null)[]): HTMLElement {
  return h(
    'div',
    { class: 'trm-prompt', testid: 'tr-battle-prompt' },
    h('div', {}, h('b', { text: title }), rest),
    ...rows,
  );
}
