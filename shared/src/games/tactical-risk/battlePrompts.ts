/**
 * The answers to a battle's prompts (combat.ts asks them): casualties chosen by their owner, the
 * attacker's press, retreat or submerge before a round, the defender's submerge.
 */
import type { RuleError } from '../../core/contract';
import type { Events } from './state';
import { describeUnits, isAir, ruleError } from './state';
import type { BattlePrompt, Side, TacticalRiskState, Unit } from './types';
import { activeUnits, advance, hasDestroyer, removeCasualties, retreating } from './combat';
import { assignable, countClasses } from './casualties';

/** The answer to the current battle prompt. */
export function answerPrompt(
  s: TacticalRiskState,
  action:
    | { type: 'casualties'; units: number[] }
    | { type: 'press' }
    | { type: 'retreat'; to: string }
    | { type: 'submerge' },
  ev: Events,
): RuleError | undefined {
  const b = s.battle;
  const p: BattlePrompt | null | undefined = b?.prompt;
  if (!b || !p) return ruleError('NO_PROMPT', 'No battle decision is pending.');
  switch (action.type) {
    case 'casualties': {
      if (p.kind !== 'casualties')
        return ruleError('WRONG_PROMPT', 'The battle is not asking for casualties.');
      const ids = action.units;
      if (!Array.isArray(ids) || new Set(ids).size !== ids.length)
        return ruleError('BAD_CASUALTIES', 'List each unit once.');
      if (ids.length !== p.count) return ruleError('BAD_CASUALTIES', `Choose exactly ${p.count} casualties.`);
      const own = activeUnits(s, b, p.side);
      const chosen: Unit[] = [];
      for (const id of ids) {
        const u = own.find((x) => x.id === id);
        if (!u) return ruleError('BAD_CASUALTIES', `Unit ${id} is not in this battle on your side.`);
        chosen.push(u);
      }
      if (p.airOnly && chosen.some((u) => !isAir(u.type)))
        return ruleError('BAD_CASUALTIES', 'AA fire hits aircraft only.');
      const enemy = activeUnits(s, b, p.side === 'attacker' ? 'defender' : 'attacker');
      if (!p.airOnly && assignable(p.hits, countClasses(chosen), hasDestroyer(enemy)) !== chosen.length) {
        return ruleError(
          'BAD_CASUALTIES',
          'Those units cannot all be hit (submarines never hit aircraft; aircraft hit submarines only with a Destroyer).',
        );
      }
      b.prompt = null;
      removeCasualties(s, b, p.side, ids, ev);
      break;
    }
    case 'press':
      if (p.kind === 'casualties') return ruleError('WRONG_PROMPT', 'Choose casualties first.');
      b.prompt = null;
      break;
    case 'retreat': {
      if (p.kind !== 'attackerRound' || !p.retreats.includes(action.to))
        return ruleError('NO_RETREAT', 'You cannot retreat there.');
      const leaving = retreating(s, b);
      for (const u of leaving) {
        u.at = action.to;
        u.fought = true;
        for (const c of s.units) if (c.on === u.id) c.at = action.to;
      }
      // Units landed from the sea stay and fight on (the round goes ahead without the others).
      const staying = activeUnits(s, b, 'attacker');
      ev.push({
        type: 'retreat',
        text:
          staying.length > 0
            ? `The ${b.attacker} retreat ${describeUnits(leaving)} from ${b.territory} to ${action.to}; ${describeUnits(staying)} landed from the sea fight on.`
            : `The ${b.attacker} retreat from ${b.territory} to ${action.to}.`,
        data: { territory: b.territory, to: action.to },
      });
      b.prompt = null;
      if (staying.length === 0) {
        b.steps = [];
        b.queue = [];
      }
      break;
    }
    case 'submerge': {
      if (p.kind === 'casualties') return ruleError('WRONG_PROMPT', 'Choose casualties first.');
      if (p.kind === 'attackerRound' && !p.canSubmerge)
        return ruleError('NO_SUBMERGE', 'No submarine of yours can submerge here.');
      const side: Side = p.kind === 'attackerRound' ? 'attacker' : 'defender';
      const subs = activeUnits(s, b, side).filter((u) => u.type === 'submarine');
      b.out.push(...subs.map((u) => u.id));
      ev.push({
        type: 'submerge',
        text: `${b.territory}: ${subs.length} ${side === 'attacker' ? b.attacker : b.defender} submarine${subs.length > 1 ? 's' : ''} submerge.`,
        data: { territory: b.territory, side },
      });
      b.prompt = null;
      break;
    }
  }
  return advance(s, ev);
}
