/**
 * Devices' hint words (explain.ts): each names the action the normal bot chose (the Blueprint, the
 * Device and its Power, the proposal) and why in the bot's terms (what a Device earns against its
 * price), and never shows another player's private draft.
 */
import { acceptedHere, hintSamples, unseen, wordsOf } from '../../../test/hintWords';
import { explainDevices } from './explain';
import { devices } from './index';
import { clockOn, newGame } from './testkit';
import type { DevicesAction, DevicesState } from './types';
import { view } from './view';

const samples = hintSamples<DevicesState>(devices, { nweeks: 2 }, ['dv1', 'dv2'], {
  seats: 4,
  every: 3,
  maxActions: 1200,
});

test('every hint is an action the rules accept, named with its Blueprint, Device or proposal', () => {
  const types = new Set<string>();
  for (const { state, seat, hint } of samples) {
    const a = hint.action as DevicesAction;
    const pub = view(state, seat).public;
    types.add(a.type);
    expect(acceptedHere(devices, state, seat, a)).toBe(true);
    expect(hint.why.length).toBeGreaterThan(15);
    expect(hint.why).not.toContain('…');
    if (a.type === 'purchase' || a.type === 'bid') {
      const b = pub.blueprints.find((x) => x.name === a.blueprint)!;
      expect(hint.label).toBe(
        a.type === 'purchase' ? `Buy ${b.name} for m${b.price}` : `Bid m${a.amount} on ${b.name}`,
      );
      // The reason: what it earns, counted in the Thirnights the view says are left.
      const left = pub.nweeks - pub.nweek + 1;
      expect(hint.why).toMatch(/^Worth about m\d+ to you/);
      expect(hint.why).toContain(
        left <= 1 ? 'at the last Thirnight' : `at each of the ${left} Thirnights left`,
      );
    }
    if (a.type === 'activate') {
      const d = pub.devices.find((x) => x.id === a.device)!;
      expect(hint.label).toContain(`Use ${d.name}: ${a.power}`);
    }
    if (a.type === 'vote')
      expect(hint.label).toContain(pub.proposals.find((p) => p.id === a.proposal)!.spec.name);
  }
  expect([...types]).toEqual(expect.arrayContaining(['purchase', 'activate', 'pass', 'vote', 'draft']));
});

test("no hint names another player's private draft", () => {
  let checked = 0;
  for (const { state, seat, hint } of samples) {
    const drafts = state.drafts.flatMap((d, i) => (i !== seat && d ? [d.name] : []));
    const hidden = unseen(devices, state, seat, drafts);
    for (const name of hidden) expect(wordsOf(hint)).not.toContain(name);
    checked += hidden.length;
  }
  expect(checked).toBeGreaterThan(20);
});

test("a purchase's why: what the Device earns against its price, from the seat's numbers", () => {
  const s = clockOn(newGame(3));
  const v = view(s, 0);
  const b = v.public.blueprints.find((x) => x.powers.length === 0) ?? v.public.blueprints[0]!;
  const words = explainDevices(v, { type: 'purchase', blueprint: b.name });
  expect(words.label).toBe(`Buy ${b.name} for m${b.price}`);
  expect(words.why).toMatch(
    new RegExp(
      `^Worth about m\\d+ to you, more than its price: 1 Point at each of the ${v.public.nweeks} Thirnights left \\(m\\d+ a Point\\)`,
    ),
  );
});
