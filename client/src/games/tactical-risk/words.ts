/**
 * Tactical Risk in words, from one seat's snapshot (the table's board-in-words region): the round,
 * phase and faction to play, every faction's treasury, income, capital, territories and the units
 * this seat can see, its own factions' purchases, and the battle on. Each territory is in the map's
 * search (keyboard), so only totals are here. Pure: no DOM; only what the seat's view holds (under
 * fog of war, the units of its private view).
 */
import type { TableSnapshot } from '../../net/TableConnection';
import type { BoardWords, GameWords } from '../types';
import type { Counts, TrStack, TrView } from './adapter';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function countsText(c: Counts): string {
  const parts = Object.entries(c)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([type, n]) => `${n} ${type}`);
  return parts.length ? parts.join(', ') : 'none';
}

export function tacticalRiskBoardWords(s: TableSnapshot): BoardWords {
  const v = s.view as TrView | null;
  if (!v) return { lines: [], prompt: null };
  const pub = v.public;
  const me = s.mySeat;
  const priv = me >= 0 ? v.private : null;
  const mine = new Set(priv?.factions ?? []);
  const seatName = (seat: number) => (seat === me ? 'you' : s.seats[seat]?.name || `Seat ${seat + 1}`);
  const lines: string[] = [
    `Round ${pub.round}, ${pub.phase} phase; ${pub.faction} to play${pub.factions.find((f) => f.name === pub.faction) ? ` (${seatName(pub.factions.find((f) => f.name === pub.faction)!.seat)})` : ''}.`,
  ];
  // Units each faction has where this seat can see them (its private stacks under fog of war).
  const seen = new Map<string, Counts>();
  const add = (faction: string, st: TrStack) => {
    const c = seen.get(faction) ?? {};
    for (const [t, n] of Object.entries(st.counts))
      c[t as keyof Counts] = (c[t as keyof Counts] ?? 0) + (n ?? 0);
    seen.set(faction, c);
  };
  const territories = Object.values(pub.territories);
  if (pub.fogOfWar && priv)
    for (const here of Object.values(priv.units)) for (const [f, st] of Object.entries(here)) add(f, st);
  else for (const t of territories) for (const [f, st] of Object.entries(t.units)) add(f, st);
  for (const f of pub.factions) {
    const held = territories.filter((t) => t.owner === f.name).length;
    const bits = [
      `${seatName(f.seat)}${mine.has(f.name) ? ', yours' : ''}`,
      f.alliance ? `${f.alliance} alliance` : '',
      `treasury ${f.treasury} IPCs, income ${f.income}`,
      `capital ${f.capital} ${f.capitalHeld ? 'held' : 'lost'}`,
      plural(held, 'territory', 'territories'),
      `units ${pub.fogOfWar && !priv ? 'hidden' : countsText(seen.get(f.name) ?? {})}`,
      f.out ? 'out of the war' : '',
    ].filter(Boolean);
    lines.push(`${f.name}: ${bits.join('; ')}.`);
    const pending = mine.has(f.name) ? (priv?.pending?.[f.name] ?? f.pending) : f.pending;
    if (Object.values(pending ?? {}).some((n) => (n ?? 0) > 0))
      lines.push(`${f.name} bought, to place: ${countsText(pending)}.`);
  }
  const b = pub.battle;
  if (b) lines.push(`Battle in ${b.territory}: ${b.attacker} attacks ${b.defender}, round ${b.round}.`);
  else if (pub.battles.length) lines.push(`Battles to fight: ${pub.battles.join(', ')}.`);
  if (pub.winner) lines.push(`Won by ${pub.winner.factions.join(' and ')}: ${pub.winner.reason}.`);
  const turn = me >= 0 && s.toAct.includes(me) && s.status === 'playing';
  const prompt =
    turn && b?.promptKind && mine.has(b.promptFaction) ? `Battle in ${b.territory}: ${b.promptKind}` : null;
  return { lines, prompt };
}

export const tacticalRiskWords: GameWords = { board: tacticalRiskBoardWords };
