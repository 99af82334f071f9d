/**
 * Near-victory warnings for the screen, from the public view alone (so every seat and spectator
 * reads the same facts): who is at most a round away from Network Control or Intelligence
 * Supremacy, and the last round. Mission Completion stays secret (Master Plans are hidden).
 */
import { NETWORK_CONTROL_ASSETS } from './victory';
import type { JamesBlandPublic } from './types';

/** At most this many facts short counts as "close" (a Mailman a round, plus the cards others drop). */
export const CLOSE_FACTS = 2;

const inPlay = (status: string) => status === 'active' || status === 'compromised' || status === 'burned';

export interface VictoryWarning {
  seat: number | null;
  kind: 'network' | 'supremacy' | 'lastRound';
  /** True when the victory comes at the end of this very round unless something changes. */
  thisRound: boolean;
  text: string;
}

export function victoryWarnings(pub: JamesBlandPublic, me: number): VictoryWarning[] {
  if (pub.phase === 'finished' || pub.phase === 'showdown') return [];
  const out: VictoryWarning[] = [];
  const who = (i: number) => (i === me ? 'You' : pub.agents[i]!.name);
  const has = (i: number) => (i === me ? 'have' : 'has');
  pub.agents.forEach((a, i) => {
    if (!inPlay(a.status)) return;
    if (pub.mode === 'full' && a.assets.length >= NETWORK_CONTROL_ASSETS) {
      const through = a.networkHeld >= NETWORK_CONTROL_ASSETS;
      out.push({
        seat: i,
        kind: 'network',
        thisRound: through,
        text: through
          ? pub.phase === 'adaptation'
            ? `${who(i)} ${has(i)} held three assets all round: Network Control when this Adaptation ends.`
            : `${who(i)} ${has(i)} held three assets since the round began: Network Control at the end of this round, unless a Network Attack takes one${i === me ? '' : ' (enhance it by 1 to get through Underground)'}.`
          : `${who(i)} ${i === me ? 'hold' : 'holds'} three assets: Network Control at the end of next round, unless a Network Attack takes one.`,
      });
    }
    if (a.factsMissing !== null && a.factsMissing <= CLOSE_FACTS) {
      const done = a.factsMissing === 0;
      out.push({
        seat: i,
        kind: 'supremacy',
        thisRound: done,
        text: done
          ? `${who(i)} ${i === me ? 'know' : 'knows'} every secret of every Active agent: Intelligence Supremacy at the end of this round.`
          : `${who(i)} ${i === me ? 'lack' : 'lacks'} only ${a.factsMissing} secret${a.factsMissing === 1 ? '' : 's'} for Intelligence Supremacy (a full dossier on every other Active agent).${i === me ? '' : ' Sweep & Clear stops Surveillance and Infiltration on you.'}`,
      });
    }
  });
  if (pub.roundLimit > 0 && pub.round >= pub.roundLimit)
    out.push({
      seat: null,
      kind: 'lastRound',
      thisRound: true,
      text: 'Last round: when it ends, the agent in play with the most IP wins.',
    });
  return out;
}
