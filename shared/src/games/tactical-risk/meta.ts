/** Tactical Risk's name, line and seats: what the lobby and the client's shell show without the rules. */
import type { BotLevel, FirstMatchSetup, GameMeta } from '../../core/contract';
import type { Faction } from './board';

/**
 * Which factions each seat plays, by seat count (Classic and Free-for-all; setup.ts deals them, the
 * waiting room names the seats by them). Kept here so the lobby needs no rules code.
 */
export const SEAT_FACTIONS: Readonly<Record<number, readonly (readonly Faction[])[]>> = {
  1: [['Russians', 'Germans', 'British', 'Japanese', 'Americans']],
  2: [
    ['Russians', 'British', 'Americans'],
    ['Germans', 'Japanese'],
  ],
  3: [['Russians', 'British'], ['Germans', 'Japanese'], ['Americans']],
  4: [['Russians'], ['Germans'], ['British', 'Americans'], ['Japanese']],
  5: [['Russians'], ['Germans'], ['British'], ['Japanese'], ['Americans']],
};

/**
 * The first match's bid to the newcomer's side (the waiting room's first-match button sets it), from
 * bench/tactical-risk-allbots.ts: the easy AI as the Russians with the Axis AIs easy, the Allies' AIs
 * normal and a bid of 18 (docs/rules/tactical-risk.md, "A first game").
 */
export const FIRST_MATCH_BID = 18;

/**
 * The side a seat plays in Classic, by seat count: the even seats (the first one, the Russians,
 * among them) play the Allies, the odd ones the Axis, at 2 to 5 seats (setup.ts SEAT_FACTIONS;
 * meta.test.ts checks the two agree). Kept here so the lobby needs no rules code.
 */
export function classicSide(seat: number): 'Allies' | 'Axis' {
  return seat % 2 === 0 ? 'Allies' : 'Axis';
}

/**
 * A seat's countries for the waiting room (GameMeta.seatRole): "Germans · Axis" in Classic, the
 * countries alone in Free-for-all (no sides), '' in Draft (the countries are drafted in the match).
 */
export function seatRole(
  seat: number,
  seatCount: number,
  options: Readonly<Record<string, unknown>>,
): string {
  const mode = options.mode ?? 'classic';
  const factions = SEAT_FACTIONS[seatCount]?.[seat];
  if (mode === 'draft' || !factions) return '';
  const names =
    factions.length > 1 ? `${factions.slice(0, -1).join(', ')} and ${factions.at(-1)}` : factions[0]!;
  return mode === 'classic' ? `${names} · ${classicSide(seat)}` : names;
}

/** The first match's advice for a person on the Allies (the first seat, the Russians: the creator's). */
const ALLIES_SAY = `Easy AIs against you, Normal AIs on your side and a bid of ${FIRST_MATCH_BID} for your side`;
const ALLIES_WHY =
  'your allies then come to defend your capital; in 40 test games as the Russians, Moscow held in 39 and your side won the war in 21';

/**
 * The first match by side, from bench/tactical-risk-allbots.ts's newcomer rows (the easy AI as a
 * stand-in; docs/rules/tactical-risk.md, "A first game"). Classic, people on the Allies: the Axis AIs
 * at Easy, the Allies' at Normal (they come to the help of an ally's capital; at Easy they do not,
 * and with easy allies Moscow fell early 4 times in 20), a bid of 18 to the Allies. People on the
 * Axis: every AI at Normal and the bid of 18 to the Axis (easy Allied AIs, who send no help to
 * Moscow and buy big units, took Berlin more often: held in 13 of 40 games, against 28). People on both sides: every AI
 * at Normal, the bid left alone. Draft (sides are drafted) and Free-for-all (no sides): every AI at
 * Easy, the options as they are.
 */
export function firstMatchBySeat(
  people: readonly number[],
  seatCount: number,
  options: Readonly<Record<string, unknown>>,
): FirstMatchSetup {
  const mode = options.mode ?? 'classic';
  const every = (level: BotLevel) => Array.from({ length: seatCount }, () => level);
  if (mode !== 'classic')
    return {
      levels: every('easy'),
      says: 'Easy AIs',
      why:
        mode === 'ffa'
          ? 'every AI plays against you'
          : 'the sides are drafted, so every AI may play against you',
    };
  const sides = new Set(people.map(classicSide));
  const side = sides.size === 1 ? [...sides][0]! : null;
  if (!side)
    return {
      levels: every('normal'),
      says: 'Normal AIs',
      why: 'people play on both sides, so each side gets the same help',
    };
  const options18 = { bid: FIRST_MATCH_BID, bidSide: side };
  if (side === 'Axis')
    return {
      levels: every('normal'),
      options: options18,
      says: `Normal AIs and a bid of ${FIRST_MATCH_BID} for your side`,
      why: 'in 40 test games as the Germans, Berlin held to the end in 28 this way, and in 13 with Easy Allied AIs (they attack harder)',
    };
  return {
    levels: Array.from({ length: seatCount }, (_, i): BotLevel =>
      classicSide(i) === side ? 'normal' : 'easy',
    ),
    options: options18,
    says: ALLIES_SAY,
    why: ALLIES_WHY,
  };
}

export const tacticalRiskMeta: GameMeta = {
  id: 'tactical-risk',
  title: 'Tactical Risk',
  tagline: 'World war on a Risk map: buy armies, take continents, capture capitals.',
  seats: { min: 2, max: 5 },
  handOver: true,
  // docs/rules/tactical-risk.md, "A first game": measured with the easy AI as a newcomer's stand-in.
  firstMatchLevel: {
    level: 'easy',
    says: ALLIES_SAY,
    why: ALLIES_WHY,
    bySeat: firstMatchBySeat,
  },
  seatRole,
};
