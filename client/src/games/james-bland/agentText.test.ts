import { describe, expect, test } from '@jest/globals';
import { arrange, newMatch, playRound } from '@parlor/shared/games/james-bland/testkit';
import { view } from '@parlor/shared/games/james-bland/view';
import {
  BADGE,
  STATUS_TEXT,
  agentText,
  cardHitLines,
  headerText,
  hitsByTarget,
  revealKey,
  subText,
} from './agentText';
import { clockText, oddsLines, statusText } from './panelText';

const start = newMatch(4, 7);
const v0 = view(start, 0);

describe('the James Bland table’s words', () => {
  test('the header names the round and the phase; the sub line your cover or a spectator’s note', () => {
    expect(headerText(v0.public)).toMatch(/^Round 1( \/ \d+)? · Planning$/);
    expect(subText(v0.public, v0.private)).toBe(`You are ${v0.private!.codename} · ${v0.private!.ip} IP`);
    expect(subText(v0.public, null)).toBe('Spectating: plans stay secret until the reveal');
  });

  test('an agent card: you, the status, the markers, the planning badge', () => {
    const pub = v0.public;
    const me = agentText(pub, pub.agents[0]!, 0, 0, [0, 1, 2, 3], 'tall');
    expect(me.name).toBe(`${pub.agents[0]!.name} (you)`);
    expect(me.status).toBe('ACTIVE');
    expect(me.badge).toBe(' … plotting ');
    const other = agentText(pub, pub.agents[1]!, 1, 0, [0], 'tall');
    expect(other.name).toBe(pub.agents[1]!.name);
    expect(other.badge).toBe('');
    const marked = arrange(start, { 2: { exposedUntil: 1, buggedBy: [1] } });
    const t = agentText(view(marked, 0).public, view(marked, 0).public.agents[2]!, 2, 0, [], 'tall');
    expect(t.markers).toBe('EXPOSED · BUGGED');
    // A one-row card shows the sign only.
    expect(agentText(pub, pub.agents[0]!, 0, 0, [0], 'line').badge).toBe(' … ');
  });

  test('after a reveal, hits are listed under their targets, shortened on small cards', () => {
    const after = playRound(start, { 0: { offense: 'surveillance', target: 1 } }).state;
    const pub = view(after, 0).public;
    expect(revealKey(pub.reveal)).toBe('1');
    const hits = hitsByTarget(pub);
    const onOne = hits.get(1) ?? [];
    expect(onOne.some((l) => /^Surveillance/.test(l))).toBe(true);
    for (const l of cardHitLines(onOne, true, pub)) expect(l).not.toMatch(/ by |\(\d+\)$/);
    expect(revealKey(null)).toBe('');
    expect(hitsByTarget(v0.public).size).toBe(0);
  });

  test('the status line and the countdown', () => {
    const input = {
      pub: v0.public,
      priv: null,
      legal: [],
      mySeat: -1,
      toAct: [0, 1],
      deadline: 0,
      status: 'playing',
    };
    expect(statusText(input)).toBe('Agents are planning in secret… 0 submitted.');
    expect(clockText(0, v0.public, 0).text).toBe(v0.public.planningMs === 0 ? 'no clock' : '');
    expect(clockText(125_000, v0.public, 0)).toEqual({ text: '2:05 left', low: false });
    expect(clockText(9_000, v0.public, 0)).toEqual({ text: '9 s left', low: true });
  });

  test('odds lines group the defenses that give the same chance', () => {
    const odds = (success: number) => ({ success, blocked: 0, untargetable: 0 });
    const lines = oddsLines([
      { defense: 'none', odds: { chance: odds(0.6) }, guessed: null },
      { defense: 'sweepAndClear', odds: { chance: odds(0.6) }, guessed: null },
      { defense: 'safeHouse', odds: { chance: odds(0.2) }, guessed: null },
    ] as never);
    expect(lines).toEqual([
      { label: '60%', defenses: ['No defense', 'Sweep & Clear'] },
      { label: '20%', defenses: ['Safe House'] },
    ]);
  });
});

describe('contrast of the cards’ words', () => {
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const ratio = (a: string, b: string): number => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };
  test('every status word reads at 4.5:1 or more on both card colours', () => {
    for (const colour of Object.values(STATUS_TEXT))
      for (const card of ['#fff8e4', '#fffdf6']) expect(ratio(colour, card)).toBeGreaterThanOrEqual(4.5);
  });
  test('the badges’ white words too, done or still choosing', () => {
    for (const c of Object.values(BADGE)) expect(ratio('#ffffff', c)).toBeGreaterThanOrEqual(4.5);
  });
});
