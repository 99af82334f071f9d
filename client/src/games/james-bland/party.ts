/** James Bland in party mode: each agent's public status on the table screen, the phone's hand view. */
import type { JamesBlandPublic } from '@parlor/shared/games/james-bland/types';
import type { PartyPieces } from '../../party/types';
import { jamesBlandHandView } from './handView';

const STATUS: Record<string, string> = {
  active: 'Active',
  compromised: 'Compromised',
  burned: 'Burned',
  captured: 'Captured',
  eliminated: 'Eliminated',
};
const PHASE: Record<string, string> = {
  planning: 'Planning',
  banner: 'Answers',
  adaptation: 'Adaptation',
  showdown: 'Showdown',
  finished: 'Over',
};

export const jamesBlandParty: PartyPieces = {
  figures(raw, seat) {
    const pub = raw as JamesBlandPublic;
    const a = pub.agents[seat];
    if (!a) return [];
    const out = [STATUS[a.status] ?? a.status];
    if (a.exposed) out.push('exposed');
    out.push(`${a.captures} capture${a.captures === 1 ? '' : 's'}`);
    out.push(`${a.assets.length} asset${a.assets.length === 1 ? '' : 's'}`);
    if (a.submitted && pub.phase === 'planning') out.push('plan in');
    return out;
  },
  tableLine(raw) {
    const pub = raw as JamesBlandPublic;
    return `Round ${pub.round} of ${pub.roundLimit} · ${PHASE[pub.phase] ?? pub.phase}`;
  },
  // Every phase is played at once (plans, answers, adaptations, a showdown's choices).
  together: (raw) => {
    const phase = (raw as JamesBlandPublic).phase;
    return phase === 'finished' ? '' : (PHASE[phase] ?? phase);
  },
  out: (raw, seat) => {
    const s = (raw as JamesBlandPublic).agents[seat]?.status;
    return s === 'captured' || s === 'eliminated';
  },
  // Zoomed further than a desk's board: at 1920x1080 the agents' row (about 665x400 scene px) fills
  // the board's box instead of its top half; the recap beside takes the agents to two rows.
  board: { height: 400, minWidth: 640, maxZoom: 2.2 },
  hand: jamesBlandHandView,
};
