/**
 * What each game adds to the generic leak detector (leakDetector.ts): secrets in no seat's view (a
 * deck, a draw pile) or in the shape its schema carries them, and how a frame spells them. A game
 * without an entry is checked on its private views alone.
 */
import type { BankoutState } from '@parlor/shared/games/bankout/types';
import type { DevicesState } from '@parlor/shared/games/devices/types';
import type { JamesBlandState } from '@parlor/shared/games/james-bland/types';
import type { KingpinState } from '@parlor/shared/games/kingpin/types';
import type { TacticalRiskState } from '@parlor/shared/games/tactical-risk/types';
import { jamesBland } from '@parlor/shared/games/james-bland/index';
import { tacticalRisk } from '@parlor/shared/games/tactical-risk/index';
import { cardLabel } from '@parlor/shared/games/bankout/cards';
import type { StateJson } from './clients';
import { type LeakHooks, frameHas, strings } from './leakDetector';

const ALNUM = /[0-9A-Za-z]/;

/** Does this frame carry Bankout's `card` as a string value, a JSON string, or a card label in a text? */
export function bankoutFrameMentions(frame: Buffer, card: string): boolean {
  if (frameHas(frame, card)) return true;
  // Both Jokers are labelled "Joker": the label names no card, so only ids count for them.
  const texts = card.startsWith('X') ? [` ${card}`] : [` ${card}`, ` ${cardLabel(card)}`];
  for (const text of texts) {
    const needle = Buffer.from(text);
    for (let at = frame.indexOf(needle); at >= 0; at = frame.indexOf(needle, at + 1)) {
      const after = frame[at + needle.length];
      if (after === undefined || !ALNUM.test(String.fromCharCode(after))) return true;
    }
  }
  return false;
}

/** Bankout: the deck and the other seats' hands (by id, or by label in a log text). */
export const bankoutLeakHooks: LeakHooks = {
  secrets: (s: BankoutState, viewer: number) => [
    ...s.deck,
    ...s.players.flatMap((p, i) => (i === viewer ? [] : p.hand)),
  ],
  mentions: bankoutFrameMentions,
};

/** Kingpin: the Draw Pile, the unused Bosses, other hands, a Boss not yet placed, other deck looks. */
export const kingpinLeakHooks: LeakHooks = {
  secrets: (s: KingpinState, viewer: number) => [
    ...s.drawPile,
    ...s.unusedBosses,
    ...s.players.flatMap((p, i) =>
      i === viewer
        ? []
        : [
            ...p.hand,
            ...(p.board.some((b) => b?.id === p.boss) ? [] : [p.boss]),
            ...(p.deckLook?.cards ?? []),
          ],
    ),
  ],
};

/** Devices: other seats' drafts (name and Power texts) before they are submitted. */
export const devicesLeakHooks: LeakHooks = {
  secrets: (s: DevicesState, viewer: number) =>
    s.drafts.flatMap((d, i) => (i === viewer || !d ? [] : [d.name, ...d.powers])),
};

/** Every `Faction@Territory` a decoded Tactical Risk state names: public stacks and stack strings. */
export function decodedStacks(json: StateJson): Set<string> {
  const out = new Set<string>();
  for (const [at, t] of Object.entries(json.territories ?? {}) as [string, StateJson][])
    for (const f of Object.keys(t.units ?? {})) out.add(`${f}@${at}`);
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(/([A-Za-z]+@[^:;]+):/g)) out.add(m[1]!);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  const { log: _log, ...rest } = json;
  walk(rest);
  return out;
}

/** Tactical Risk under fog of war: enemy stacks (`Faction@Territory`) the seat's view does not show. */
export const tacticalRiskLeakHooks: LeakHooks = {
  secrets: (s: TacticalRiskState, viewer: number) => {
    const view = tacticalRisk.view(s, viewer);
    const visible = new Set(
      [...view.public.units, ...(view.private?.units ?? [])].map((u) => `${u.owner}@${u.at}`),
    );
    return [...new Set(s.units.map((u) => `${u.owner}@${u.at}`))].filter((k) => !visible.has(k));
  },
  mentions: (frame, stack) => frame.indexOf(Buffer.from(`${stack}:`)) >= 0,
  decoded: (json) => {
    const stacks = decodedStacks(json);
    return (stack) => stacks.has(stack);
  },
  privateParts:
    'its private parts are public words (faction and territory names): which faction stands where is the secret, checked as stacks',
};

const stripRound = (note: string) => note.replace(/^Round \d+: /, '');

/** Every string of a James Bland view, joined: a secret inside any of its texts counts as shown. */
const jamesBlandText = (s: JamesBlandState, viewer: number) =>
  [...strings(jamesBland.view(s, viewer))].join('\n');

/**
 * James Bland: other agents' codename, safe house, favourite gadget, Master Plan and notes, found
 * anywhere in a text (a log line, a reveal), not only as a whole value.
 */
export const jamesBlandLeakHooks: LeakHooks = {
  secrets: (s: JamesBlandState, viewer: number) => {
    const visible = jamesBlandText(s, viewer);
    return s.agents
      .flatMap((a, i) =>
        i === viewer
          ? []
          : [a.codename, a.safeHouse, a.favouriteGadget, a.masterPlan, ...a.notes.map(stripRound)],
      )
      .filter((x) => x.length > 0 && !visible.includes(x));
  },
  mentions: (frame, secret) => frame.indexOf(Buffer.from(secret)) >= 0,
  decoded: (json) => {
    const text = [...strings(json)].join('\n');
    return (secret) => text.includes(secret);
  },
};

/** By game id. */
export const leakHooks: Record<string, LeakHooks> = {
  bankout: bankoutLeakHooks,
  kingpin: kingpinLeakHooks,
  devices: devicesLeakHooks,
  'tactical-risk': tacticalRiskLeakHooks,
  'james-bland': jamesBlandLeakHooks,
};
