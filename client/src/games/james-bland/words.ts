/**
 * James Bland in words, from one seat's snapshot (the table's board-in-words region): the round and
 * phase, every agent's card as the board shows it (status, markers, who has submitted), this seat's
 * cover, IP, gadgets, Intel cards, Dossier and plan. Pure: no DOM; only what the seat's view holds.
 */
import { GADGET_SPECS } from '@parlor/shared/games/james-bland/data';
import type { JamesBlandPrivate, JamesBlandPublic } from '@parlor/shared/games/james-bland/types';
import type { TableSnapshot } from '../../net/TableConnection';
import type { BoardWords, GameWords } from '../types';
import { agentText, headerText, subText } from './agentText';
import { defenseName, offenseName, statusText } from './panelText';

const FACT_WORDS = { codename: 'codename', safeHouse: 'safe house', gadget: 'favourite gadget' } as const;
const words = (s: string) => s.replace(/\s+/g, ' ').replace(/[✔…]/g, '').trim();

export function jamesBlandBoardWords(s: TableSnapshot): BoardWords {
  const v = s.view as { public: JamesBlandPublic; private: JamesBlandPrivate | null } | null;
  if (!v) return { lines: [], prompt: null };
  const pub = v.public;
  const priv = s.mySeat >= 0 ? v.private : null;
  const me = s.mySeat;
  const lines: string[] = [`${headerText(pub).replace(' · ', ', ')}. ${subText(pub, priv)}.`];
  pub.agents.forEach((a, i) => {
    const t = agentText(pub, a, i, me, s.toAct, 'tall');
    const bits = [
      t.status.toLowerCase().replace(/ · /g, ', codename '),
      words(t.markers).toLowerCase(),
      words(t.badge).toLowerCase(),
    ];
    if (a.factsMissing !== null) bits.push(`${a.factsMissing} facts missing`);
    lines.push(`${t.name}: ${bits.filter(Boolean).join(', ')}.`);
  });
  if (priv) {
    lines.push(
      `Your cover: codename ${priv.codename}, safe house ${priv.safeHouse}, favourite gadget ${priv.favouriteGadget}; ${priv.ip} IP.`,
    );
    if (priv.gadgets.length)
      lines.push(
        `Your gadgets: ${priv.gadgets.map((g) => `${GADGET_SPECS[g.id].name}${g.tapped ? ' (used)' : g.ready ? '' : ' (not ready)'}`).join(', ')}.`,
      );
    if (priv.cards.length)
      lines.push(
        `Your Intel: ${priv.cards.map((c) => `${pub.agents[c.about]?.name ?? `agent ${c.about + 1}`}'s ${FACT_WORDS[c.fact]} is ${c.value}`).join('; ')}.`,
      );
    const known = priv.dossier.flatMap((d, i) =>
      d && i !== me
        ? [
            `${pub.agents[i]?.name ?? `agent ${i + 1}`}: ${[d.codename && `codename ${d.codename}`, d.safeHouse && `safe house ${d.safeHouse}`, d.gadget && `gadget ${d.gadget}`].filter(Boolean).join(', ') || 'nothing yet'}`,
          ]
        : [],
    );
    if (known.length) lines.push(`Your Dossier: ${known.join('; ')}.`);
    if (priv.plan)
      lines.push(`Your plan: ${offenseName(priv.plan.offense)} and ${defenseName(priv.plan.defense)}.`);
    if (priv.ipMoves.length) lines.push(`Your IP: ${priv.ipMoves.join('; ')}.`);
  }
  lines.push(
    statusText({ pub, priv, toAct: s.toAct, mySeat: me, legal: [], deadline: s.deadline, status: s.status }),
  );
  const mine = me >= 0 && s.toAct.includes(me) && s.status === 'playing';
  const prompt = !mine
    ? null
    : pub.phase === 'planning'
      ? 'Choose your plan, then Submit'
      : pub.phase === 'adaptation'
        ? 'Shop, then Ready'
        : pub.phase === 'banner'
          ? 'Believe or ignore the banner'
          : pub.phase === 'showdown'
            ? 'Final Showdown: choose'
            : null;
  return { lines, prompt };
}

export const jamesBlandWords: GameWords = { board: jamesBlandBoardWords };
