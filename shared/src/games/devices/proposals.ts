/**
 * Blueprint proposals: a private draft, submitted (public) once per nweek, voted on at Ballotday,
 * adopted by a majority of the players (more than half of all seats) at the end of Ballotday.
 */
import type { RuleError } from '../../core/contract';
import type { BlueprintSpec, Power } from '../../devices-engine';
import {
  EngineErr,
  MACKEREL,
  Rule,
  addBlueprint,
  checkSpec,
  parsePower,
  ruleError,
} from '../../devices-engine';
import { BALLOTDAY } from './calendar';
import type { Events } from './state';
import type { DevicesState, Proposal, ProposalSpec } from './types';

export const Rules = {
  PROPOSALS: 'Devices rules: proposals',
  VOTE: 'Devices rules: the Ballotday vote',
};

/** The Blueprint a proposal describes, or why it is not valid (Power text errors name the position). */
export function blueprintSpecOf(
  spec: ProposalSpec,
): { ok: true; spec: BlueprintSpec } | { ok: false; error: RuleError } {
  const powers: Power[] = [];
  for (const [i, text] of spec.powers.entries()) {
    const p = parsePower(text, MACKEREL);
    if (!p.ok)
      return {
        ok: false,
        error: ruleError(
          p.error.code,
          Rule.POWER_FORM,
          `Power ${i + 1}, at character ${p.error.at + 1}: ${p.error.message}`,
        ),
      };
    powers.push(p.value);
  }
  // Tapped and Biddable are Properties the rules give and take: a proposal cannot hand them out.
  const reserved = (spec.properties ?? []).find((p) =>
    ['tapped', 'biddable'].includes(p.trim().toLowerCase()),
  );
  if (reserved)
    return {
      ok: false,
      error: ruleError(
        'RESERVED_PROPERTY',
        Rules.PROPOSALS,
        `${reserved} is a Property only the rules give.`,
      ),
    };
  const bp: BlueprintSpec = {
    name: spec.name,
    uniqueness: spec.uniqueness,
    count: spec.count,
    price: spec.price,
    ...(spec.startingPrice !== undefined ? { startingPrice: spec.startingPrice } : {}),
    definition: {
      attributes: { ...(spec.attributes ?? {}) },
      properties: [...(spec.properties ?? [])],
      powers,
    },
  };
  const err = checkSpec(bp);
  return err ? { ok: false, error: err } : { ok: true, spec: bp };
}

function nameClash(s: DevicesState, name: string, except = -1): boolean {
  const n = name.toLowerCase();
  return (
    s.engine.blueprints.some((b) => b.name.toLowerCase() === n) ||
    s.proposals.some((p) => p.id !== except && p.spec.name.toLowerCase() === n)
  );
}

export function checkDraft(s: DevicesState, spec: ProposalSpec): RuleError | null {
  const r = blueprintSpecOf(spec);
  if (!r.ok) return r.error;
  if (nameClash(s, spec.name))
    return ruleError(
      EngineErr.NAME_TAKEN,
      'RFC: Blueprint names',
      `A Blueprint or proposal named ${spec.name} already exists.`,
    );
  return null;
}

export function checkSubmit(s: DevicesState, seat: number): RuleError | null {
  const draft = s.drafts[seat];
  if (!draft) return ruleError('NO_DRAFT', Rules.PROPOSALS, 'Write a draft first.');
  if (s.submittedIn[seat] === s.nweek)
    return ruleError('ONE_PER_NWEEK', Rules.PROPOSALS, 'You have already submitted a proposal this nweek.');
  return checkDraft(s, draft);
}

export function submit(s: DevicesState, seat: number, events: Events): void {
  const spec = s.drafts[seat]!;
  const p: Proposal = { id: s.nextProposalId++, author: seat, spec, votes: s.names.map(() => null) };
  s.proposals.push(p);
  s.drafts[seat] = null;
  s.submittedIn[seat] = s.nweek;
  events.push({
    type: 'proposed',
    text: `${s.names[seat]} proposes the ${spec.name} Blueprint (#${p.id})`,
    seat,
    data: { proposal: p.id },
  });
}

export function checkVote(s: DevicesState, seat: number, proposal: number): RuleError | null {
  if (s.nday !== BALLOTDAY)
    return ruleError('NOT_BALLOTDAY', Rules.VOTE, 'Proposals are voted on at Ballotday.');
  const p = s.proposals.find((x) => x.id === proposal);
  if (!p) return ruleError('NO_SUCH_PROPOSAL', Rules.VOTE, `There is no open proposal #${proposal}.`);
  if (p.votes[seat] !== null)
    return ruleError('ALREADY_VOTED', Rules.VOTE, 'You have already voted on that proposal.');
  return null;
}

/** End of Ballotday: each open proposal is adopted with more than half of all players voting yes. */
export function countVotes(s: DevicesState, events: Events): void {
  for (const p of s.proposals) {
    const yes = p.votes.filter((v) => v === true).length;
    const adopted = yes * 2 > s.names.length;
    const bp = blueprintSpecOf(p.spec);
    const err = !adopted ? null : bp.ok ? addBlueprint(s.engine, bp.spec, MACKEREL, events) : bp.error;
    events.push({
      type: adopted && !err ? 'adopted' : 'rejected',
      text:
        adopted && !err
          ? `Proposal #${p.id} (${p.spec.name}) is adopted, ${yes} of ${s.names.length} for: a new Blueprint`
          : `Proposal #${p.id} (${p.spec.name}) fails, ${yes} of ${s.names.length} for${err ? `: ${err.message}` : ''}`,
      data: { proposal: p.id, yes },
    });
  }
  s.proposals = [];
}
