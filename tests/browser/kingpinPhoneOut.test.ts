/// <reference lib="dom" />
/**
 * Kingpin on a phone (360x740, touch) with three players, from a fixed position
 * (fixtures/kingpinPhoneOutServer.ts: Bo's Boss at 1 HP, Ada to play): the board scrolls with her
 * part pinned. Scrolled to the top the board's view starts at the canvas's top (no empty strip kept
 * for the "more above" cue, which does not show there) and scrolled to the bottom it reaches her
 * pinned part. Then, while she looks at the top of the board, her Boss knocks Bo out: the phone drops
 * Bo's row, and nothing jumps: the first frame after draws every part still shown where it was, and
 * the rows then close up over the gap. The Reserve's two cards sit side by side.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildServerEntry } from '../../server/test/helpers/builtServer';
import { byTestId, CHROMIUM, person, settled, shoot, startAgainstBots, useServerAndBrowser } from './harness';

const PORT = 2733;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
type Scroll = { y: number; max: number; top: number; bottom: number; pin: number | null };

maybe('Kingpin on a phone: the board scrolling, and a player going out', () => {
  const env = useServerAndBrowser(PORT, {
    entry: () =>
      buildServerEntry(path.join(__dirname, 'fixtures', 'kingpinPhoneOutServer.ts'), 'kingpin-phone-out'),
  });

  test('no empty strip at the top or the bottom of a scrolling board; Bo going out moves nothing she looks at with a jump', async () => {
    const ada = await person(env.browser, 'Ada', { width: 360, height: 740 });
    const page = ada.page;
    await page.goto(env.server.url + '/');
    await startAgainstBots(page, 'kingpin', 3);
    await page.waitForFunction(
      () => {
        const w = window as any;
        const s = w.__parlor?.table?.snapshot();
        return (
          s?.view?.public?.turn === s?.mySeat &&
          s.legal.length > 0 &&
          w.__parlor.kingpin?.scroll().pin !== null
        );
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    const scroll = () => page.evaluate(() => (window as any).__parlor.kingpin.scroll() as Scroll);
    const canvasTop = () =>
      page.evaluate(() => document.querySelector('#stage canvas')!.getBoundingClientRect().top);
    const rows = () =>
      page.evaluate(
        () =>
          (window as any).__parlor.kingpin.rows() as {
            seat: number;
            visible: boolean;
            screen: { y: number; h: number };
            view: { top: number; bottom: number };
          }[],
      );

    // Scrolled to the top: no cue, and the board's view starts at the canvas's top; Bo's row is the
    // first thing under the page's header (5 px of air), not under an empty 26 px strip.
    for (let n = 0; n < 3 && (await settled(page, scroll)).y > 0; n++)
      await byTestId(page, 'kp-scroll-up').click({ force: true });
    const top = await settled(page, scroll);
    expect(top.y).toBe(0);
    await expect(byTestId(page, 'kp-scroll-up').isVisible()).resolves.toBe(false);
    expect(top.top).toBe(0);
    const bo = (await rows()).find((r) => r.seat === 1)!;
    expect(bo.screen.y - (await canvasTop())).toBeLessThanOrEqual(6);
    await shoot(page, 'kingpin-phone-out-top');

    // Scrolled to the bottom: no "more below" cue, and the view reaches down to her pinned row.
    await byTestId(page, 'kp-scroll-down').click({ force: true });
    const bottom = await settled(page, scroll);
    expect(bottom.y).toBe(bottom.max);
    await expect(byTestId(page, 'kp-scroll-down').isVisible()).resolves.toBe(false);
    const mine = (await rows()).find((r) => r.seat === 0)!;
    expect((await canvasTop()) + bottom.bottom).toBeCloseTo(mine.view.top, 0);
    await shoot(page, 'kingpin-phone-out-bottom');
    // The Reserve's two cards side by side: neither hides the other's name (a fan for five laid
    // them 13 px apart, the Mechanic under the Bodyguards in a match).
    const reserve = await page.evaluate(() =>
      ['loner_mechanic', 'solo_broker'].map(
        (c) => (window as any).__parlor.kingpin.reserveRect(c) as { x: number; w: number },
      ),
    );
    expect(reserve[1]!.x - reserve[0]!.x).toBeGreaterThanOrEqual(reserve[0]!.w);

    // Back at the top, looking at Bo's and Cy's rows, her Boss knocks Bo out.
    await byTestId(page, 'kp-scroll-up').click({ force: true });
    await settled(page, scroll);
    await page.evaluate(() => {
      const t = (window as any).__parlor.table;
      const a = (t.snapshot().legal as any[]).find(
        (l) => l.type === 'attack' && l.target.seat === 1 && l.target.zone === 'board' && l.target.slot === 0,
      );
      t.send(a);
    });
    await page.waitForFunction(
      () => (window as any).__parlor.table.snapshot().view.public.prompt?.kind === 'ammo',
    );
    await page.evaluate(() => (window as any).__parlor.table.send({ type: 'ammo', amount: 0 }));
    await page.waitForFunction(() => (window as any).__parlor.kingpin.outMove()?.drawn, undefined, {
      timeout: 15_000,
    });
    const move = await page.evaluate(
      () =>
        (window as any).__parlor.kingpin.outMove() as {
          before: Record<string, number>;
          start: Record<string, number>;
          drawn: Record<string, number>;
        },
    );
    // Bo's row is gone (fading where it was); every other part is first drawn where it was.
    expect(Object.keys(move.before).sort()).toEqual(['hand', 'row 0', 'row 1', 'row 2', 'zones']);
    expect(Object.keys(move.drawn).sort()).toEqual(['hand', 'row 0', 'row 2', 'zones']);
    const jumps = (at: Record<string, number>) =>
      Object.entries(at)
        .filter(([part, y]) => Math.abs(y - move.before[part]!) > 3)
        .map(([part, y]) => `${part}: ${Math.round(move.before[part]!)} -> ${Math.round(y)}`);
    expect({ start: jumps(move.start), drawn: jumps(move.drawn) }).toEqual({ start: [], drawn: [] });
    // Then it comes to rest: Bo's row hidden, Cy's row whole in the board's view, at its top.
    await page.waitForFunction(() => (window as any).__parlor.kingpin.moving() === 0, undefined, {
      timeout: 10_000,
    });
    const after = await settled(page, rows);
    expect(after.find((r) => r.seat === 1)!.visible).toBe(false);
    const cy = after.find((r) => r.seat === 2)!;
    expect(cy.visible).toBe(true);
    expect(cy.screen.y).toBeGreaterThanOrEqual(cy.view.top - 1);
    expect(cy.screen.y + cy.screen.h).toBeLessThanOrEqual(cy.view.bottom + 1);
    await shoot(page, 'kingpin-phone-out-after');
    await ada.context.close();
  }, 180_000);
});
