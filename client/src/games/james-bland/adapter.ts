/**
 * The one place that reads James Bland's fields from the decoded room state: it rebuilds the plain
 * JamesBlandPublic / JamesBlandPrivate views the scene renders.
 */
import type { GameView } from '@parlor/shared/core/contract';
import type { AssetId, GadgetId, Status } from '@parlor/shared/games/james-bland/data';
import type { MasterPlanId } from '@parlor/shared/games/james-bland/plans';
import type {
  JamesBlandMode,
  JamesBlandPhase,
  JamesBlandPrivate,
  JamesBlandPublic,
} from '@parlor/shared/games/james-bland/types';
import { arr, bool, num, obj, parseJson, str } from '../../net/stateAdapter';
import type { PlainState } from '../types';

export type JbView = GameView<JamesBlandPublic, JamesBlandPrivate>;

export function jamesBlandViewFromState(state: PlainState, seat: number): JbView {
  const seats = arr(state.seats).map(obj);
  const pub: JamesBlandPublic = {
    mode: (str(state.mode, 'full') || 'full') as JamesBlandMode,
    round: num(state.round, 1),
    roundLimit: num(state.roundLimit),
    phase: (str(state.phase) || 'planning') as JamesBlandPhase,
    planningMs: num(state.planningMs),
    agents: seats.map((s) => ({
      name: str(s.name),
      status: (str(s.agentStatus) || 'active') as Status,
      exposed: bool(s.exposed),
      bugged: bool(s.bugged),
      stuck: bool(s.stuck),
      ghost: bool(s.ghost),
      captures: num(s.captures),
      submitted: bool(s.submitted),
      ready: bool(s.ready),
      assets: arr(s.assets).map((a) => str(a) as AssetId),
      codename: str(s.codename) || null,
      revealedGadgets: arr(s.revealedGadgets).map((g) => str(g) as GadgetId),
      factsMissing: num(s.factsMissing, -1) < 0 ? null : num(s.factsMissing),
      networkHeld: num(s.networkHeld),
    })),
    assets: parseJson(state.assetOwners, {} as JamesBlandPublic['assets']),
    pacts: parseJson(state.pacts, []),
    offers: parseJson(state.offers, []),
    reveal: parseJson(state.reveal, null),
    bannerWaiting: arr(state.bannerWaiting).map((n) => num(n)),
    showdown: parseJson(state.showdown, null),
    winners: arr(state.winners).map((n) => num(n)),
    summary: str(state.summary),
  };
  const mine = seat >= 0 ? seats[seat]?.private : undefined;
  let priv: JamesBlandPrivate | null = null;
  if (mine && typeof mine === 'object') {
    const m = obj(mine);
    priv = {
      seat,
      ip: num(m.ip),
      codename: str(m.codename),
      safeHouse: str(m.safeHouse),
      favouriteGadget: str(m.favouriteGadget),
      masterPlan: str(m.masterPlan) as MasterPlanId,
      gadgets: parseJson(m.gadgets, []),
      cards: parseJson(m.cards, []),
      dossier: parseJson(m.dossier, []),
      plan: parseJson(m.plan, null),
      notes: arr(m.notes).map((n) => str(n)),
      bannerPrompt: bool(m.bannerPrompt),
      cameraView: parseJson(m.cameraView, null),
      coordination: parseJson(m.coordination, null),
    };
  }
  return { public: pub, private: priv };
}
