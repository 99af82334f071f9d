/**
 * The words on the James Bland table's canvas: the header, the line under it, and each agent
 * card's name, status, markers, badge and this round's hits. Pure (no Phaser), so the scene only
 * draws them and tests check them.
 */
import { DEFENSE_SPECS, OFFENSE_SPECS, type Status } from '@parlor/shared/games/james-bland/data';
import type {
  JamesBlandPrivate,
  JamesBlandPublic,
  PublicAgent,
  Reveal,
} from '@parlor/shared/games/james-bland/types';
import type { CardMode } from './agentLayout';

export const STATUS_COLOUR: Record<Status, string> = {
  active: '#3fae5a',
  compromised: '#e9c531',
  burned: '#ee8a2a',
  captured: '#d93b3b',
  eliminated: '#161412',
};

/**
 * The status word's colour on an agent's cream card: the dot's hue, dark enough to read (at least
 * 4.5:1 on #fff8e4, the lighter of the two cards; the word itself says the status).
 */
export const STATUS_TEXT: Record<Status, string> = {
  active: '#1f7a36',
  compromised: '#8a6500',
  burned: '#a84a12',
  captured: '#b02a2a',
  eliminated: '#000000',
};

/** A card's badge behind white words: done (✔ SUBMITTED, ✔ READY) or still choosing. */
export const BADGE = { done: '#27773c', choosing: '#8a6d3b' } as const;

const RESULT_WORD: Record<string, string> = {
  success: 'SUCCESS',
  failure: 'MISSED',
  blocked: 'BLOCKED',
  untargetable: 'NO TARGET',
  cancelled: 'STOPPED',
  misfire: 'MISFIRE',
  fizzled: 'FIZZLED',
  pending: '…',
};

const PHASE_WORD: Record<string, string> = {
  planning: 'Planning',
  banner: 'Banner!',
  adaptation: 'Adaptation',
  showdown: 'Final Showdown',
  finished: 'Mission over',
};

/** "Round 3 / 10 · Planning". */
export function headerText(pub: JamesBlandPublic): string {
  return `Round ${pub.round}${pub.roundLimit ? ` / ${pub.roundLimit}` : ''} · ${PHASE_WORD[pub.phase] ?? pub.phase}`;
}

/** Under the header: the summary at the end, your cover and IP, or a spectator's note. */
export function subText(pub: JamesBlandPublic, priv: JamesBlandPrivate | null): string {
  if (pub.phase === 'finished') return pub.summary;
  return priv
    ? `You are ${priv.codename} · ${priv.ip} IP${priv.ip < 0 ? ' (in debt: see your Dossier)' : ''}`
    : 'Spectating: plans stay secret until the reveal';
}

export interface AgentText {
  name: string;
  status: string;
  /** The status's colour (dark enough to read on the card). */
  statusColour: string;
  markers: string;
  badge: string;
  /** The badge's background: green when done, brown while still choosing. */
  badgeColour: string;
}

/** What agent `i`'s card says, seen by `me`, in a card laid out as `mode`. */
export function agentText(
  pub: JamesBlandPublic,
  a: PublicAgent,
  i: number,
  me: number,
  toAct: number[],
  mode: CardMode,
): AgentText {
  const codename = a.codename ? ` · “${a.codename}”` : '';
  const markers = [
    a.exposed ? 'EXPOSED' : '',
    a.bugged ? 'BUGGED' : '',
    a.stuck ? 'STUCK' : '',
    a.ghost ? 'GHOST' : '',
    a.captures ? `CAUGHT\u00a0x${a.captures}` : '',
    a.assets.length ? `ASSETS\u00a0${a.assets.length}` : '',
    pub.pacts.some((p) => p.a === i || p.b === i) ? 'PACT' : '',
  ].filter(Boolean);
  let badge = '';
  if (pub.phase === 'planning')
    badge = a.submitted ? ' ✔ SUBMITTED ' : toAct.includes(i) ? ' … plotting ' : '';
  else if (pub.phase === 'adaptation') badge = a.ready ? ' ✔ READY ' : ' shopping ';
  else if (pub.phase === 'banner') badge = toAct.includes(i) ? ' deciding ' : '';
  // A one-row card has no room for the word: its sign (green ✔ done, brown … still choosing).
  if (mode === 'line' && badge) badge = a.submitted || a.ready ? ' ✔ ' : ' … ';
  return {
    name: `${a.name}${i === me ? ' (you)' : ''}`,
    status: `${a.status.toUpperCase()}${codename}`,
    statusColour: STATUS_TEXT[a.status],
    markers: markers.join(' · '),
    badge,
    badgeColour: a.submitted || a.ready ? BADGE.done : BADGE.choosing,
  };
}

/** This round's revealed operations, listed under their targets (attackers only when identified). */
export function hitsByTarget(pub: JamesBlandPublic): Map<number, string[]> {
  const { reveal, round, phase } = pub;
  const out = new Map<number, string[]>();
  // In Planning the last reveal stays up (what happened last round), until the next one.
  if (!reveal || reveal.round < round - 1 || (phase === 'finished' && reveal.round < round)) return out;
  const names = pub.agents;
  for (const o of reveal.offenses) {
    const by = o.attacker !== null ? ` by ${names[o.attacker]?.name ?? '?'}` : '';
    const roll = o.roll !== null ? ` (${o.roll})` : '';
    const list = out.get(o.target) ?? [];
    list.push(`${OFFENSE_SPECS[o.offense].name}${by}: ${RESULT_WORD[o.result] ?? o.result}${roll}`);
    out.set(o.target, list);
  }
  for (const d of reveal.defenses) {
    if (d.defense === 'none') continue;
    const list = out.get(d.seat) ?? [];
    list.push(`Defense: ${DEFENSE_SPECS[d.defense].name}`);
    out.set(d.seat, list);
  }
  return out;
}

/**
 * The hit lines a card shows: on small cards (phones, six agents) the result words only, the
 * recap has every line whole; during Planning, last round's are headed so.
 */
export function cardHitLines(lines: string[], small: boolean, pub: JamesBlandPublic): string[] {
  let out = lines;
  if (small)
    out = out.map((l) =>
      l
        .replace(/ by [^:]+:/, ':')
        .replace(/ \(\d+\)$/, '')
        .replace('Defense: ', ''),
    );
  const lastRound = pub.phase === 'planning' && pub.reveal?.round !== pub.round;
  if (out.length && lastRound && !small) out = ['Last round:', ...out];
  return out;
}

/** The key of a reveal to animate (one per round), '' when there is none. */
export function revealKey(reveal: Reveal | null): string {
  return reveal ? `${reveal.round}` : '';
}
