/// <reference lib="dom" />
/**
 * Tactical Risk hot seat: two people on one screen (the Russians and the Germans; the AI plays the
 * British, Japanese and Americans) play a whole round in one browser page with no server table. Each
 * time the turn passes from one person to the other, a hand-over screen hides the map and names who
 * plays next until they tap "I am ready"; the phases are ended with the status bar's button.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2738;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
interface Seen {
  round: number;
  faction: string;
  phase: string;
  mySeat: number;
  legal: { type: string }[];
  prompt: string;
}
const seen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      round: pub?.round ?? 0,
      faction: pub?.faction ?? '',
      phase: pub?.phase ?? '',
      mySeat: s?.mySeat ?? -1,
      legal: s?.legal ?? [],
      prompt: pub?.battle?.promptKind ?? '',
    };
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

maybe('Tactical Risk hot seat', () => {
  const env = useServerAndBrowser(PORT);

  test('two people play a round on one screen, with a hand-over screen between them', async () => {
    const { page } = await person(env.browser, 'Ada', { width: 1280, height: 800 });
    await page.goto(`${env.server.url}/?botDelay=20#/hotseat/tactical-risk`);
    await byTestId(page, 'hotseat-setup').waitFor();
    await byTestId(page, 'hotseat-name-0').fill('Ada');
    await byTestId(page, 'hotseat-name-1').fill('Bo');
    await byTestId(page, 'hotseat-start').click();
    const handovers: string[] = [];
    const played = new Set<string>();
    const until = Date.now() + 150_000;
    for (;;) {
      if (Date.now() > until) throw new Error('the round did not end in time');
      const s = await seen(page);
      if (s.round >= 2) break;
      const ready = byTestId(page, 'tr-ready');
      if (await ready.isVisible()) {
        handovers.push((await byTestId(page, 'tr-handover').textContent()) ?? '');
        if (handovers.length === 1) await shoot(page, 'tactical-risk-hotseat-handover');
        await ready.click();
        continue;
      }
      if (s.legal.length === 0) {
        await page.waitForTimeout(50);
        continue;
      }
      if (!s.prompt) played.add(s.faction);
      if (s.prompt) {
        // A defender's battle decision: the suggested casualties or pressing on.
        await page.evaluate(() => {
          const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
          t.send(t.legal()[0]);
        });
      } else {
        const end = byTestId(page, 'tr-end-phase');
        if (await end.isVisible()) await end.click({ force: true });
        else
          await page.evaluate(() => {
            const t = (window as any).__parlor.table; // eslint-disable-line @typescript-eslint/no-explicit-any
            t.send(t.legal().find((a: { type: string }) => a.type === 'endPhase') ?? t.legal()[0]);
          });
      }
      await page.waitForTimeout(60);
    }
    // Both people played their faction's turn on this one screen; each handing over showed the screen.
    expect([...played].sort()).toEqual(['Germans', 'Russians']);
    expect(handovers.some((t) => /Bo/.test(t))).toBe(true);
    expect(handovers.some((t) => /Ada/.test(t))).toBe(true);
    await shoot(page, 'tactical-risk-hotseat-round2');
  });
});
