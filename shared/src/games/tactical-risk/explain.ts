/**
 * A hint's words for a Tactical Risk action (core/hint.ts): the move named on the map's terms and
 * one or two plain sentences of why: for an attack the battle calculator's odds (the units moved and
 * those already there against the enemy units the seat can see) and what taking the place is worth;
 * for a purchase or a placement the threat to the capital. Read from the seat's view alone, through
 * the same board the AI rebuilds (botBoard.ts; under fog of war only what the seat sees).
 */
import type { GameView, HintWords } from '../../core/contract';
import { UNIT, isWater, production, type UnitType } from './board';
import { counts, defenceOf, enemyCombat, stateFromView, territoryValue, threatTo } from './botBoard';
import { simulateBattle } from './calculator';
import { hostile, isCombatUnit } from './state';
import type {
  TacticalRiskAction,
  TacticalRiskPrivate,
  TacticalRiskPublic,
  TacticalRiskState,
  UnitCounts,
} from './types';

type View = GameView<TacticalRiskPublic, TacticalRiskPrivate>;

/** Trials for a hint's odds: enough for a whole percent, the seed fixed so a view gives one answer. */
const TRIALS = 400;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** "3 infantry, 1 armour". */
function unitList(c: UnitCounts): string {
  const parts = Object.entries(c)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([t, n]) => `${n} ${UNIT[t as UnitType]?.name.toLowerCase() ?? t}`);
  return parts.length ? parts.join(', ') : 'no units';
}

export function explainTacticalRisk(view: View, action: TacticalRiskAction): HintWords {
  const s = stateFromView(view);
  const f = view.public.faction;
  const capital = view.public.factions.find((x) => x.name === f)?.capital ?? '';
  switch (action.type) {
    case 'move': {
      const dest = action.path[action.path.length - 1]!;
      const moving = s.units.filter((u) => action.units.includes(u.id));
      const label = `Move ${unitList(counts(moving))} to ${dest}`;
      if (s.phase !== 'combatMove') {
        const why =
          dest === capital
            ? `Your capital faces about ${threatTo(s, capital, f)} attack points next turn: it needs the defence.`
            : 'It brings them nearer the front for next turn’s attacks.';
        return { label, why };
      }
      return {
        label: action.raid ? `Bomb ${dest}'s factory` : label,
        why: attackWhy(s, f, dest, action.units),
      };
    }
    case 'buy': {
      const spent = Object.entries(action.units).reduce(
        (n, [t, k]) => n + UNIT[t as UnitType].cost * (k ?? 0),
        0,
      );
      const threat = threatTo(s, capital, f);
      const defence = defenceOf(s, capital, f);
      return {
        label: `Buy ${unitList(action.units)} (${spent} IPC)`,
        why:
          threat > defence
            ? `Enemies near ${capital} could attack with ${threat} points against your ${defence} of defence: infantry defends cheapest.`
            : `${capital} is safe for now (${defence} defence against ${threat} attack): a mix to push forward.`,
      };
    }
    case 'place': {
      const label = `Place ${action.count ?? 1} ${UNIT[action.unit].name.toLowerCase()} in ${action.territory}`;
      const threat = threatTo(s, capital, f);
      const defence = defenceOf(s, capital, f);
      if (action.territory === capital)
        return {
          label,
          why:
            threat > defence
              ? `${capital} faces about ${threat} attack points against ${defence} of defence.`
              : `${capital}'s factory: the units are ready to move next turn.`,
        };
      return {
        label,
        why: isWater(action.territory)
          ? 'Ships go to sea beside your factory, ready to carry troops or fight.'
          : `${action.territory} is your factory nearest the front.`,
      };
    }
    case 'fight':
      return {
        label: `Fight the battle in ${action.territory}`,
        why: isWater(action.territory)
          ? 'Sea battles first: the landings they cover come after.'
          : 'The next battle to resolve.',
      };
    case 'casualties':
      return {
        label: 'Take the suggested casualties',
        why: 'The cheapest units go first; the strong ones keep fighting.',
      };
    case 'press':
    case 'retreat': {
      const odds = battleOdds(s);
      const label = action.type === 'press' ? 'Press the attack' : `Retreat to ${action.to}`;
      if (odds === null) return { label, why: 'The battle goes on.' };
      return {
        label,
        why:
          action.type === 'press'
            ? `You still win this battle ${pct(odds)} of the time.`
            : `You would win only ${pct(odds)} of the time now: save what is left.`,
      };
    }
    case 'submerge':
      return { label: 'Submerge your submarines', why: 'They survive to strike again.' };
    case 'endPhase':
      return { label: 'End this phase', why: 'Nothing else here is worth doing now.' };
    case 'undo':
      return { label: 'Undo', why: 'Take the last step back.' };
    case 'draft':
      return { label: `Play the ${action.faction}`, why: 'The next faction free.' };
    case 'timeBank':
      return { label: 'Wait', why: 'Time passes.' };
    case 'takeOver':
      return { label: `Take over the ${action.faction}`, why: 'More of your side to play.' };
  }
}

/** The odds of an attack on `dest` with the units moved and any of ours already there. */
function attackWhy(
  s: TacticalRiskState,
  f: TacticalRiskPublic['faction'],
  dest: string,
  moved: number[],
): string {
  const defenders = enemyCombat(s, dest, f);
  const worth = isWater(dest)
    ? ''
    : ` It is worth ${production(dest)} IPC a turn${territoryValue(s, dest, f) >= 20 ? ' and it is a capital' : ''}.`;
  if (defenders.length === 0) return `${dest} has no defenders you can see: one unit takes it.${worth}`;
  const attackers = s.units.filter(
    (u) => (moved.includes(u.id) || (u.at === dest && u.owner === f && u.combatMoved)) && isCombatUnit(u),
  );
  const r = simulateBattle({
    attacker: counts(attackers),
    defender: counts(defenders),
    sea: isWater(dest),
    trials: TRIALS,
    seed: 1,
  });
  const odds = isWater(dest) ? r.attackerWin : r.capture;
  const verb = isWater(dest) ? 'clear' : 'take';
  const against = unitList(counts(defenders));
  // An attack is sent a move at a time: an early wave alone may not be enough yet.
  return odds >= 0.5
    ? `${pct(odds)} to ${verb} ${dest} against ${against}.${worth}`
    : `A first wave on ${dest} (${against}): ${pct(odds)} with what is there so far; more can follow.${worth}`;
}

/** The attacker's odds in the open battle from here, or null when there is none. */
function battleOdds(s: TacticalRiskState): number | null {
  const b = s.battle;
  if (!b) return null;
  const alive = (u: (typeof s.units)[number]) =>
    u.at === b.territory && isCombatUnit(u) && !b.out.includes(u.id);
  const mine = s.units.filter((u) => alive(u) && u.owner === b.attacker);
  const theirs = s.units.filter((u) => alive(u) && hostile(s, u.owner, b.attacker));
  return simulateBattle({
    attacker: counts(mine),
    defender: counts(theirs),
    sea: b.kind === 'sea',
    trials: TRIALS,
    seed: b.round,
  }).attackerWin;
}
