/** Turn flow: the start of a turn, its end, the turn cap, and the clean-up after every action. */
import { startOfTurnAbilities } from './abilities';
import { eliminate } from './combat';
import { isLegacy, lessHurtRival, reinforcementRule, rulesOf, setWinReason } from './edition';
import { cardDef } from './cards';
import {
  INCOME_BELOW,
  TRUCE_TURNS,
  TURN_CAP,
  boardCards,
  freeSlot,
  living,
  nameOf,
  plural,
  takeIncome,
  type Events,
} from './state';
import { hpQ, maxHpQ, shieldLimit } from './stats';
import type { KingpinState } from './types';

/**
 * After every action: shields above a (lowered) limit go to the Bank, and a card that lost an HP
 * bonus keeps at least a quarter point (only damage destroys).
 */
export function normalize(s: KingpinState, ev: Events = []): void {
  s.players.forEach((p, seat) => {
    p.board.forEach((c, slot) => {
      if (!c) return;
      const limit = shieldLimit(s, seat, slot);
      if (c.shields > limit) {
        const lost = c.shields - limit;
        s.bank += lost;
        c.shields = limit;
        ev.push({
          type: 'shieldLimit',
          text: `${cardDef(c.id).name} of ${nameOf(s, seat)} loses ${plural(lost, 'shield')} to the Bank (its shield limit fell to ${limit}).`,
          seat,
        });
      }
      const max = maxHpQ(s, seat, slot);
      if (c.damageQ >= max) c.damageQ = max - 1;
    });
  });
}

/** Starts `seat`'s turn: its Boss enters on its first turn, then start-of-turn abilities. */
export function startTurn(s: KingpinState, seat: number, ev: Events): void {
  const p = s.players[seat]!;
  s.turn = seat;
  s.turnNumber += 1;
  s.phase = 'turn';
  s.prompt = null;
  s.deployedThisTurn = false;
  if (!isLegacy(s)) s.bribedThisTurn = false;
  p.turnsTaken += 1;
  ev.push({ type: 'turn', text: `${nameOf(s, seat)}'s turn.`, seat });
  if (p.hand.includes(p.boss)) {
    p.hand.splice(p.hand.indexOf(p.boss), 1);
    const slot = freeSlot(p);
    p.board[slot] = { id: p.boss, shields: 0, damageQ: 0, frozenUntil: -1 };
    ev.push({
      type: 'boss',
      text: `${nameOf(s, seat)} reveals ${cardDef(p.boss).name}.`,
      seat,
      data: { card: p.boss, slot },
    });
  }
  baseIncome(s, seat, ev);
  reinforce(s, seat, ev);
  startOfTurnAbilities(s, seat, ev);
  normalize(s, ev);
  if (rulesOf(s).economicCollapse && tokensOf(s, seat) === 0) {
    ev.push({
      type: 'collapse',
      text: `Economic Collapse: ${nameOf(s, seat)} has no money and no shields left.`,
      seat,
    });
    eliminate(s, seat, ev, 'collapse');
    if (living(s).length > 1) endTurn(s, ev);
  }
}

/**
 * The table's base income (edition 3's default table: $1), a safety net: taken only while the safe
 * holds less than INCOME_BELOW ($3), so it keeps a player in the game (a price check, a shield, a
 * dollar of ammunition) without feeding the ammunition race (a flat $1 a turn made the first Boss
 * hit after the truce harder: docs/rules/kingpin.md "Money"). From the Golden Fund, from the Bank
 * when the Fund runs dry (the 40 tokens stay 40), before start-of-turn abilities.
 */
function baseIncome(s: KingpinState, seat: number, ev: Events): void {
  const income = rulesOf(s).income;
  if (income <= 0 || s.players[seat]!.safe >= INCOME_BELOW) return;
  const n = takeIncome(s, income);
  s.players[seat]!.safe += n;
  ev.push({
    type: 'income',
    text:
      n > 0
        ? `${nameOf(s, seat)} takes $${n} income.`
        : `${nameOf(s, seat)} gets no income: the Golden Fund and the Bank are empty.`,
    seat,
  });
}

/**
 * Reinforcements (a table option; see `reinforcementRule`): a turn that starts, after the opening
 * (from the seat's third turn), with only its Boss on the board and an empty hand brings the Draw
 * Pile's first card that is not an event onto the board, free: no shields, no entry ability (it is
 * not played). The events stay where they were; nothing when the pile holds no such card. Without
 * them the second half of a match was Boss against Boss: a buy costs the turn's attack
 * (docs/rules/kingpin.md "The endgame").
 * - Edition 4 (`lone`, off by default): every such Boss; the card is frozen for this turn.
 * - Edition 5 (`behind`, the default table): a catch-up, only while the Boss has lost more HP than
 *   another living Boss; the card is frozen through the owner's next turn (it can attack from the
 *   turn after). Edition 4's made two-player matches a third shorter: the leader got cards too.
 */
function reinforce(s: KingpinState, seat: number, ev: Events): void {
  const rule = reinforcementRule(s);
  const p = s.players[seat]!;
  if (rule === 'off' || p.turnsTaken <= TRUCE_TURNS || p.hand.length > 0) return;
  if (boardCards(p).some((c) => cardDef(c.id).type !== 'boss')) return;
  const losses = s.players.map((q, k) => ({ eliminated: q.eliminated, lost: bossLostQ(s, k) }));
  const ahead = rule === 'behind' ? lessHurtRival(losses, seat) : null;
  if (rule === 'behind' && ahead === null) return;
  const at = s.drawPile.findIndex((id) => cardDef(id).type !== 'event');
  const slot = freeSlot(p);
  if (at < 0 || slot < 0) return;
  const id = s.drawPile.splice(at, 1)[0]!;
  const frozenUntil = rule === 'behind' ? p.turnsTaken + 1 : p.turnsTaken;
  p.board[slot] = { id, shields: 0, damageQ: 0, frozenUntil };
  for (const q of s.players) if (q.deckLook) q.deckLook = null;
  const name = nameOf(s, seat);
  ev.push({
    type: 'reinforce',
    text:
      ahead === null
        ? `Reinforcements: ${cardDef(id).name} joins ${name}'s lone Boss; it can attack from ${name}'s next turn.`
        : `Reinforcements: ${cardDef(id).name} joins ${name}'s lone Boss (more HP lost than ${nameOf(s, ahead)}'s), frozen through ${name}'s next turn.`,
    seat,
    data: { card: id, slot },
  });
}

/** HP a seat's Boss has lost (quarters; 0 while it is not on the board). */
export function bossLostQ(s: KingpinState, seat: number): number {
  const boss = s.players[seat]!.board.find((c) => c !== null && cardDef(c.id).type === 'boss');
  return boss?.damageQ ?? 0;
}

/** Tokens a seat holds: its safe and the shields on its board. */
export function tokensOf(s: KingpinState, seat: number): number {
  const p = s.players[seat]!;
  return p.safe + boardCards(p).reduce((n, c) => n + c.shields, 0);
}

/** Ends the current turn: Blackout may expire, the turn cap may decide, then the next living seat. */
export function endTurn(s: KingpinState, ev: Events): void {
  if (s.phase === 'finished') return;
  const seat = s.turn;
  s.prompt = null;
  if (s.blackout && s.blackout.seat === seat && s.players[seat]!.turnsTaken >= s.blackout.untilTurn) {
    s.blackout = null;
    ev.push({ type: 'blackoutEnds', text: 'The Blackout ends: abilities are back.' });
  }
  normalize(s, ev);
  const goal = rulesOf(s).dominationTokens;
  if (goal > 0 && !s.players[seat]!.eliminated && tokensOf(s, seat) >= goal) {
    s.phase = 'finished';
    s.prompt = null;
    s.winner = seat;
    setWinReason(s, 'domination');
    ev.push({
      type: 'won',
      text: `Domination: ${nameOf(s, seat)} holds ${tokensOf(s, seat)} tokens and wins.`,
      seat,
    });
    return;
  }
  if (s.turnNumber >= TURN_CAP) return finishByCap(s, ev);
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const next = (seat + k) % n;
    if (!s.players[next]!.eliminated) return startTurn(s, next, ev);
  }
}

/** Remaining Boss HP in quarters (0 if no Boss on the board). */
export function bossHpQ(s: KingpinState, seat: number): number {
  const p = s.players[seat]!;
  const slot = p.board.findIndex((c) => c !== null && cardDef(c.id).type === 'boss');
  return slot < 0 ? 0 : hpQ(s, seat, slot);
}

/** Safety ruling: at the cap, the highest Boss HP wins, then the most tokens; a full tie is a draw. */
export function finishByCap(s: KingpinState, ev: Events): void {
  const score = (seat: number) => {
    const p = s.players[seat]!;
    return bossHpQ(s, seat) * 1000 + p.safe + boardCards(p).reduce((n, c) => n + c.shields, 0);
  };
  const alive = living(s);
  const best = Math.max(...alive.map(score));
  const top = alive.filter((seat) => score(seat) === best);
  s.phase = 'finished';
  s.prompt = null;
  s.capped = true;
  s.winner = top.length === 1 ? top[0]! : null;
  setWinReason(s, s.winner === null ? null : 'cap');
  ev.push({
    type: 'capped',
    text:
      s.winner === null
        ? `Turn ${TURN_CAP} reached: a draw.`
        : `Turn ${TURN_CAP} reached: ${nameOf(s, s.winner)} wins on Boss HP.`,
  });
}
