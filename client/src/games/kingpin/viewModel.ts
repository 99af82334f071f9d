/**
 * What the Kingpin table shows, worked out from a snapshot and the screen's local choices (the
 * selected card, the attack planner): the controls' model, the banner, each card's mark, the
 * hints. Pure (no Phaser, no DOM), so it is tested without a browser; the scene only draws it.
 */
import { attackPreview } from '@parlor/shared/games/kingpin/preview';
import type { AttackTarget, KingpinAction, KingpinPublic } from '@parlor/shared/games/kingpin/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { CSS } from './cardArt';
import { cardSummary, defOf, nameOf } from './cards';
import type { ControlsModel } from './Controls';
import { type Selection, attackBlockReason, concerns, missingNote, protectionNote } from './describe';
import { quarters } from './numbers';
import { damagePreview } from './preview';
import { coachMoment, coachText } from './coach';
import { threatLine, type ThreatMemory } from './threatLine';

/** The attack being planned: your attackers (slots) and the target, once picked. */
export interface Planner {
  attackers: number[];
  target: AttackTarget | null;
}

export type CardMark = 'none' | 'selected' | 'attacker' | 'target' | 'option';

/** What the scene knows of the seat's private view that the model needs. */
export interface PrivateBits {
  handSize: number;
  /** Your hand (the threat line may suggest deploying a Guard from it). */
  hand: string[];
  /** The Informant's look at the top of the Draw Pile (card ids), if any. */
  deckLook: string[] | null;
}

const seatName = (pub: KingpinPublic, s: number) => pub.players[s]?.name || `Seat ${s + 1}`;

/** Your slots that appear as attackers in some legal attack. */
export function attackSlots(legal: KingpinAction[]): Set<number> {
  return new Set(legal.flatMap((a) => (a.type === 'attack' ? a.attackers : [])));
}

/** The exact legal attack the planner describes, if there is one. */
export function plannedAction(planner: Planner | null, legal: KingpinAction[]): KingpinAction | null {
  if (!planner || !planner.target) return null;
  const key = JSON.stringify([planner.attackers, planner.target]);
  return (
    legal.find((a) => a.type === 'attack' && JSON.stringify([[...a.attackers].sort(), a.target]) === key) ??
    null
  );
}

/** The mark on the card in (seat, slot) of the boards. */
export function boardMark(
  pub: KingpinPublic,
  legal: KingpinAction[],
  me: number,
  seat: number,
  slot: number,
  selection: Selection | null,
  planner: Planner | null,
): CardMark {
  let mark: CardMark = 'none';
  if (selection?.kind === 'board' && selection.seat === seat && selection.slot === slot) mark = 'selected';
  if (planner) {
    if (seat === me && planner.attackers.includes(slot)) mark = 'attacker';
    else if (seat === me && attackSlots(legal).has(slot)) mark = 'option';
    const t = planner.target;
    if (t && t.zone === 'board' && t.seat === seat && t.slot === slot) mark = 'target';
  }
  if (legal.some((a) => a.type === 'pick' && a.target?.seat === seat && a.target.slot === slot))
    mark = 'option';
  const attack = pub.prompt?.attack ?? null;
  if (attack && attack.seat === seat && attack.attackers.includes(slot)) mark = 'attacker';
  if (attack && attack.target.zone === 'board' && attack.target.seat === seat && attack.target.slot === slot)
    mark = 'target';
  return mark;
}

/** The mark on a Reserve card or a hand card. */
export function zoneMark(
  pub: KingpinPublic,
  legal: KingpinAction[],
  me: number,
  sel: Selection,
  selection: Selection | null,
): CardMark {
  const selected =
    selection?.kind === sel.kind && 'card' in selection && 'card' in sel && selection.card === sel.card;
  if (selected) return 'selected';
  // Emergency Defense: the hand card the attack hits is this seat's target to defend.
  if (sel.kind === 'hand' && pub.prompt?.kind === 'emergency' && pub.prompt.seat === me)
    return pub.prompt.card === sel.card ? 'target' : 'none';
  if (sel.kind === 'reserve')
    return legal.some((a) => a.type === 'buy' && a.source === 'reserve' && a.card === sel.card)
      ? 'option'
      : 'none';
  return legal.some((a) => concerns(a, sel, pub, me)) ? 'option' : 'none';
}

/** The seat's shield drags on the card in `slot` are legal (to another card or the safe). */
export function shieldsDraggable(legal: KingpinAction[], slot: number): boolean {
  return legal.some(
    (a) => (a.type === 'moveShield' && a.from === slot) || (a.type === 'shieldToSafe' && a.slot === slot),
  );
}

/** The controls' model: the selected card, the planner, the prompt, the hint. */
export function controlsModel(
  snap: Pick<TableSnapshot, 'mySeat' | 'status' | 'toAct'>,
  pub: KingpinPublic,
  legal: KingpinAction[],
  mine: PrivateBits,
  selection: Selection | null,
  planner: Planner | null,
  /** What the seat saw of the opponents' last turns (the threat line's repeat: threatLine.ts). */
  memory?: ThreatMemory,
): ControlsModel {
  const me = snap.mySeat;
  const nameOfSeat = (s: number) => seatName(pub, s);
  let selected: ControlsModel['selected'] = null;
  const sel = selection;
  if (sel) {
    const id = sel.kind === 'board' ? pub.players[sel.seat]?.board[sel.slot]?.id : sel.card;
    const def = id ? defOf(id) : undefined;
    if (def && id) {
      const live = sel.kind === 'board' ? pub.players[sel.seat]?.board[sel.slot] : null;
      const where =
        sel.kind === 'board'
          ? sel.seat === me
            ? 'your board'
            : `${nameOfSeat(sel.seat)}'s board`
          : sel.kind === 'hand'
            ? 'your hand'
            : 'the Reserve';
      const figures =
        def.type === 'event'
          ? ''
          : live
            ? `ATK ${live.atk} · HP ${live.hp}/${live.maxHp} · shields ${live.shields}/${live.shieldLimit}`
            : `ATK ${def.atk} · HP ${def.type === 'boss' ? pub.bossHp : def.hp} · D ${def.defend} · Rage ${def.rage} · Price ${def.price}`;
      const note = sel.kind === 'board' && sel.seat !== me ? protectionNote(pub, sel.seat, sel.slot) : null;
      selected = {
        title: `${def.name} (${where})`,
        detail: [figures, def.text, note].filter(Boolean).join(' — '),
        actions: legal.filter((a) => concerns(a, sel, pub, me)),
        why: missingNote(pub, me, sel, legal, mine.handSize),
      };
    }
  }
  let plannerModel: ControlsModel['planner'] = null;
  if (planner) {
    const p = planner;
    const t = p.target;
    const action = plannedAction(p, legal);
    plannerModel = {
      attackers: p.attackers.map((s) => nameOf(pub.players[me]?.board[s]?.id ?? '')),
      target: t
        ? t.zone === 'hand'
          ? `${nameOfSeat(t.seat)}'s hand`
          : `${nameOfSeat(t.seat)}'s ${nameOf(pub.players[t.seat]?.board[t.slot]?.id ?? '')}`
        : null,
      preview: p.attackers.length ? damagePreview(pub, me, p.attackers, t, 0, legal) : null,
      action,
      handTargets: [
        ...new Set(
          legal.flatMap((a) =>
            a.type === 'attack' &&
            a.target.zone === 'hand' &&
            JSON.stringify([...a.attackers].sort()) === JSON.stringify(p.attackers)
              ? [a.target.seat]
              : [],
          ),
        ),
      ].map((seat) => ({ seat, label: `${nameOfSeat(seat)}'s hand` })),
      blocked: action ? null : attackBlockReason(pub, me, p.attackers, t),
    };
  }
  let prompt: ControlsModel['prompt'] = null;
  const pr = pub.prompt;
  if (pr && pr.seat === me) {
    const actions = legal.filter((a) =>
      ['place', 'ammo', 'pick', 'emergencyShield', 'emergencyDone'].includes(a.type),
    );
    const card = pr.card ? nameOf(pr.card) : '';
    const titles: Record<string, [string, string]> = {
      place: [
        `You bought ${card}`,
        `${pr.card ? cardSummary(pr.card) : ''} Keep it in hand, or play it to your board with shields from your safe.`,
      ],
      ammo: [
        'Ammunition',
        'Spend money from your safe: +1 damage per $1. The damage resolves when you fire.',
      ],
      pick: [
        `${card}: choose a target`,
        `${pr.card ? cardSummary(pr.card) : ''} Tap a highlighted card, or skip.`,
      ],
      emergency: ['Emergency Defense', emergencyText(pub)],
    };
    const [title, detail] = titles[pr.kind] ?? ['', ''];
    const a = pr.attack;
    prompt = {
      title,
      detail,
      actions,
      ammoPreview:
        pr.kind === 'ammo' && a
          ? (ammo: number) => damagePreview(pub, a.seat, a.attackers, a.target, ammo)
          : undefined,
    };
  }
  const peek = me >= 0 && mine.deckLook ? mine.deckLook.map(nameOf) : null;
  const threat = me >= 0 && snap.status === 'playing' ? threatLine(pub, me, mine.hand, memory) : null;
  const moment =
    me >= 0 && snap.status === 'playing'
      ? coachMoment(pub, me, planner !== null, threat?.truceEnds ?? false)
      : null;
  return {
    threat,
    coach: moment ? { moment, text: coachText(moment, pub) } : null,
    pub,
    legal,
    selected,
    planner: plannerModel,
    prompt,
    hint: hintLine(snap, pub, legal),
    peek,
    seated: me >= 0,
  };
}

/** The line under the controls: who acts, or how to play your turn. */
export function hintLine(
  snap: Pick<TableSnapshot, 'mySeat' | 'status' | 'toAct'>,
  pub: KingpinPublic,
  legal: KingpinAction[],
): string {
  const me = snap.mySeat;
  const others = snap.toAct.filter((s) => s !== me);
  if (snap.status !== 'playing') return '';
  if (me < 0) return `Watching · ${others.length ? `${seatName(pub, others[0]!)} to act` : ''}`;
  if (others.length && !snap.toAct.includes(me)) return `Waiting for ${seatName(pub, others[0]!)}…`;
  if (!legal.length) return '';
  // A low safe: how to get money back comes first (the drag tip is old news by then).
  const money = moneyNote(pub, me);
  return money
    ? `Tap a card for its actions${buyNote(pub, me, legal)}${money}`
    : `Tap a card for its actions · drag shields between your cards and your safe${buyNote(pub, me, legal)}`;
}

export interface BannerText {
  title: string;
  sub: string;
  color: string;
}

/** The turn banner over the shared zones. */
export function bannerText(
  snap: Pick<TableSnapshot, 'mySeat' | 'status'>,
  pub: KingpinPublic,
  planning: boolean,
): BannerText {
  const me = snap.mySeat;
  const nameOfSeat = (s: number) => seatName(pub, s);
  let title = '';
  let sub = '';
  let color: string = CSS.text;
  if (snap.status === 'playing') {
    const pr = pub.prompt;
    const actor = pr ? pr.seat : pub.turn;
    const mine = actor === me;
    if (planning) {
      title = 'PLAN YOUR ATTACK';
      sub = 'Tap your attackers, then an enemy card';
      color = CSS.gold;
    } else if (pr?.kind === 'ammo') {
      title = mine ? 'LOAD AMMUNITION' : `${nameOfSeat(actor)} attacks`;
      sub = mine ? 'Choose how much money to fire' : 'Choosing ammunition…';
    } else if (pr?.kind === 'place') {
      title = mine
        ? 'PLACE YOUR CARD'
        : `${nameOfSeat(actor)} bought ${pr.card ? nameOf(pr.card) : 'a card'}`;
    } else if (pr?.kind === 'pick') {
      title = mine ? 'CHOOSE A TARGET' : `${nameOfSeat(actor)} chooses a target`;
    } else if (pr?.kind === 'emergency') {
      title = mine ? 'EMERGENCY DEFENSE' : `${nameOfSeat(actor)} defends`;
    } else if (mine && pub.bribedThisTurn) {
      title = 'ATTACK OR END YOUR TURN';
      sub = 'After a bribe you may still attack';
      color = CSS.gold;
    } else if (mine) {
      title = 'YOUR TURN';
      sub = 'Arrange your shields, then buy, bribe, attack or discard';
      color = CSS.gold;
    } else {
      title = `${nameOfSeat(actor).toUpperCase()}’S TURN`;
    }
    if (mine && pr) color = CSS.gold;
    if (pub.blackout) sub = `${sub ? `${sub} · ` : ''}Blackout: abilities are off`;
    if (pub.truceActive) sub = `${sub ? `${sub} · ` : ''}Opening truce: Bosses are safe`;
    // turnNumber counts the turns started, this one included.
    sub = `${sub ? `${sub} · ` : ''}Turn ${pub.turnNumber}/${pub.turnCap}`;
  } else if (snap.status === 'finished' && pub.winner !== null) {
    title = `${nameOfSeat(pub.winner).toUpperCase()} WINS`;
    color = CSS.gold;
  }
  return { title, sub, color };
}

/** The Emergency Defense prompt: which card is hit, by how much, and what shields can do here. */
export function emergencyText(pub: KingpinPublic): string {
  const pr = pub.prompt;
  const a = pr?.attack;
  if (!pr || !a) return '';
  const p = attackPreview(pub, a.seat, a.attackers, a.ammo);
  const attacker = pub.players[a.seat]?.name ?? 'An opponent';
  const card = pr.card ? nameOf(pr.card) : 'a card';
  const hp = pr.card ? (defOf(pr.card)?.hp ?? 0) : 0;
  // Short enough for a phone's prompt box (Done is in the button row under it).
  const parts = [
    `${attacker} attacks ${card} in your hand for ${quarters(p.total)} damage (HP ${hp}, +1 on a Loners or Authorities board).`,
  ];
  if (p.ignoreShields) parts.push('The Sniper ignores shields: moved ones come back to your safe.');
  else if (p.ignoreFirstShield) parts.push('The Assassin makes the first shield absorb nothing.');
  else parts.push('Each shield you move onto it absorbs 1 damage.');
  return parts.join(' ');
}

/**
 * When your safe runs low on your turn: where money comes from (the table's base income, if any,
 * card abilities and events, your own shields flipped back), so an empty safe is not a surprise.
 */
export function moneyNote(pub: KingpinPublic, me: number): string {
  const mine = pub.players[me];
  if (!mine || pub.turn !== me || pub.phase !== 'turn' || mine.safe > 2) return '';
  // The one way back that is always in your hands: a shield flipped back is $1 (free, any time).
  const shields = mine.board.reduce((n, c) => n + (c?.shields ?? 0), 0);
  const back = shields
    ? ` · Money back: tap one of your cards, "Shield → safe" = $1 (you have ${shields} shield${shields === 1 ? '' : 's'}); a buy needs its Price in your safe`
    : ' · No shields left to flip back into money';
  return pub.income > 0
    ? `${back} · +$${pub.income} at the start of your turn while your safe holds $2 or less`
    : `${back} · No income: otherwise only card abilities and events pay`;
}

/** Why "Buy from pile" is missing on your turn, for the hint line ('' when it is there). */
export function buyNote(pub: KingpinPublic, me: number, legal: KingpinAction[]): string {
  const mine = pub.players[me];
  if (!mine || pub.turn !== me || pub.phase !== 'turn' || pub.bribedThisTurn) return '';
  if (legal.some((a) => a.type === 'buy' && a.source === 'pile')) return '';
  if (mine.supplyDisrupted) return ' · No buying this turn (Supply Disruption)';
  if (pub.drawCount + pub.reserve.length === 0) return ' · Nothing left to buy';
  return ' · No buying: you hold 6 cards (hand and board), the limit';
}

/** Seat order of the rows: yours (or seat 0 for a spectator) at the bottom, then clockwise. */
export function rowSeats(players: number, me: number): number[] {
  const bottom = me >= 0 ? me : 0;
  return [bottom, ...Array.from({ length: players - 1 }, (_, i) => (bottom + 1 + i) % players)];
}
