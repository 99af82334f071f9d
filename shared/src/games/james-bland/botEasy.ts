/**
 * The easy James Bland bot: a newcomer's game. It plays the obvious plans only (a Safe Turn, an
 * Assassination or Sabotage on the agent with the most assets, a plain Network Attack on a network
 * of two, a Capture of a Burned agent) and hides Underground or in a Safe House; it never enhances,
 * never spends a gadget, never predicts, banners or makes pacts, and answers a banner by a coin flip.
 * In Adaptation it escapes, recovers when Burned, buys the cheapest free asset, and bribes the
 * Mailman only half the rounds (it does not see the dossier race), then says Ready. It decides from
 * its own view only, with the seeded `random`.
 */
import { sameAction } from '../../core/actions';
import type { GameView } from '../../core/contract';
import type { DefenseChoice, OffenseChoice } from './data';
import { ASSETS, ASSET_SPECS, DEFENSE_SPECS } from './data';
import type { JamesBlandAction, JamesBlandPrivate, JamesBlandPublic, Plan } from './types';

type View = GameView<JamesBlandPublic, JamesBlandPrivate>;

const EASY_OFFENSES: Partial<Record<OffenseChoice, number>> = {
  safeTurn: 1.5,
  assassination: 2,
  sabotage: 1.5,
  networkAttack: 0,
  capture: 4,
};
const EASY_DEFENSES: Partial<Record<DefenseChoice, number>> = { none: 0, safeHouse: 1.5, underground: 1.5 };

/** Is this one of the plain plans a newcomer composes (no extras, no gadget, no enhancing)? */
function plain(p: Plan): boolean {
  return (
    EASY_OFFENSES[p.offense] !== undefined &&
    EASY_DEFENSES[p.defense] !== undefined &&
    p.enhance === 0 &&
    !p.useGadget &&
    p.predictions.length === 0 &&
    !p.fortress &&
    !p.counterMisinformation
  );
}

function easyPlan(v: View, legal: JamesBlandAction[], random: () => number): JamesBlandAction {
  const pub = v.public;
  const priv = v.private!;
  const me = priv.seat;
  const mostAssets = Math.max(0, ...pub.agents.map((a, i) => (i === me ? 0 : a.assets.length)));
  let best: { a: JamesBlandAction; score: number } | null = null;
  for (const a of legal) {
    if (a.type !== 'plan' || !plain(a.plan)) continue;
    const p = a.plan;
    let s = EASY_OFFENSES[p.offense]! + EASY_DEFENSES[p.defense]!;
    const target = p.target !== undefined ? pub.agents[p.target] : undefined;
    // The obvious victim: whoever shows the most assets.
    if (target && target.assets.length === mostAssets && mostAssets > 0) s += 1;
    if (p.offense === 'networkAttack') s += (target?.assets.length ?? 0) >= 2 ? 4 : -3;
    if (p.offense === 'safeTurn' && priv.ip <= 1) s += 2;
    if (p.defense === 'underground' && priv.ip < DEFENSE_SPECS.underground.cost) s -= 5;
    s += random() * 3;
    if (!best || s > best.score) best = { a, score: s };
  }
  return best?.a ?? legal[0]!;
}

function easyAdapt(v: View, legal: JamesBlandAction[]): JamesBlandAction {
  const pub = v.public;
  const priv = v.private!;
  const mine = pub.agents[priv.seat]!;
  const listed = (want: JamesBlandAction) => legal.find((a) => sameAction(a, want));
  const escape = listed({ type: 'escape' });
  if (escape) return escape;
  if (mine.status === 'burned') {
    const rec = listed({ type: 'recover' });
    if (rec) return rec;
  }
  // The Mailman every other round (by the round's parity, so each look in one round agrees).
  const mail = listed({ type: 'bribe', npc: 'mailman' });
  if (mail && (pub.round + priv.seat) % 2 === 0) return mail;
  const cheapest = ASSETS.filter((id) => pub.assets[id] === null).sort(
    (a, b) => ASSET_SPECS[a].cost - ASSET_SPECS[b].cost,
  )[0];
  const buy = cheapest && listed({ type: 'buyAsset', asset: cheapest });
  if (buy) return buy;
  return listed({ type: 'ready' }) ?? legal[0]!;
}

export function easyDecide(v: View, legal: JamesBlandAction[], random: () => number): JamesBlandAction {
  const first = legal[0]!;
  switch (v.public.phase) {
    case 'planning':
      return easyPlan(v, legal, random);
    case 'banner':
      return legal.find((a) => a.type === 'banner' && a.believe === random() < 0.5) ?? first;
    case 'adaptation':
      return easyAdapt(v, legal);
    case 'showdown':
      return (
        legal.find((a) => a.type === 'showdown' && (a.choice === 'assassination') === random() < 0.5) ?? first
      );
    default:
      return first;
  }
}
