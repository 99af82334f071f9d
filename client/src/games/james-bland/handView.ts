/**
 * James Bland's hand view on a phone (party mode): the board is on the TV; the phone shows this
 * agent's status line with the countdown and the whole Dossier (cover, IP, Master Plan, what it
 * knows of each agent, assets and pacts) in the board's place. The plan form, the shop and the
 * Showdown stay in the panel under it and the banner prompt over it, as ever: nothing here is more
 * than the seat's own view holds.
 */
import type {
  JamesBlandAction,
  JamesBlandPrivate,
  JamesBlandPublic,
} from '@parlor/shared/games/james-bland/types';
import './hand.css';
import type { HandHost, HandView } from '../../party/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { h, replace, setText } from '../../ui/dom';
import { dossierSections } from './Dossier';
import { type PanelInput, clockText, statusText } from './panelText';

/** What waits for this agent, by phase (the form or buttons are under the view, a banner over it). */
const DUE: Record<string, string> = {
  planning: 'Your plan: below',
  banner: 'A banner: answer it',
  adaptation: 'Shop, then Ready: below',
  showdown: 'Showdown: choose below',
};

export function jamesBlandHandView(host: HandHost): HandView {
  const status = h('div', { class: 'hv-status', testid: 'hand-status' });
  const clock = h('div', { class: 'hv-figures', testid: 'hand-clock' });
  const dossier = h('div', { class: 'hv-dossier jb-dossier-inline', testid: 'hand-dossier' });
  host.el.append(status, clock, dossier);
  let key = '';
  let input: PanelInput | null = null;
  const tick = () => {
    if (input) setText(clock, clockText(input.deadline, input.pub, Date.now()).text);
  };
  const timer = window.setInterval(tick, 1000);
  return {
    update(s: TableSnapshot) {
      const pub = s.view?.public as JamesBlandPublic | undefined;
      const priv = (s.view?.private ?? null) as JamesBlandPrivate | null;
      if (!pub) return;
      input = {
        pub,
        priv,
        legal: s.legal as JamesBlandAction[],
        mySeat: s.mySeat,
        toAct: s.toAct,
        deadline: s.deadline,
        status: s.status,
      };
      const due = s.status === 'playing' && s.toAct.includes(s.mySeat);
      setText(
        status,
        s.status !== 'playing' ? '' : due ? (DUE[pub.phase] ?? 'Your move: below') : statusText(input),
      );
      status.classList.toggle('mine', due);
      tick();
      const k = JSON.stringify([pub.agents, pub.assets, pub.pacts, priv]);
      if (k === key) return;
      key = k;
      replace(dossier, ...dossierSections(input));
    },
    destroy() {
      window.clearInterval(timer);
      host.el.replaceChildren();
    },
  };
}
