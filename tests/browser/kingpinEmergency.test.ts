/// <reference lib="dom" />
/**
 * Kingpin's Emergency Defense prompt in a real match, seen through the screen at 360x740 (touch)
 * and 1280x800. A test server (fixtures/kingpinEmergencyServer.ts) starts every Kingpin match at
 * one position: the bot's Sniper has just declared an attack on Ada's hand. The bot chooses its
 * ammunition through the room as in any match, Ada is prompted: the prompt names the attacked card,
 * the damage and that a Sniper ignores shields; its buttons are fully on screen (Done in the fixed
 * row); Ada moves a shield and presses Done; the attack resolves and the prompt closes. The same
 * position has a full Reserve: its five cards fan out on screen and end before the Bank. A
 * three-seat match starts where the top row's player is out: a phone no longer draws that row.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildServerEntry } from '../../server/test/helpers/builtServer';
import {
  byTestId,
  CHROMIUM,
  person,
  press,
  settled,
  shoot,
  startAgainstBots,
  useServerAndBrowser,
} from './harness';

const PORT = 2736;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

/* eslint-disable @typescript-eslint/no-explicit-any */
const snapshot = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      status: s?.status as string | undefined,
      prompt: (pub?.prompt?.kind ?? null) as string | null,
      promptSeat: (pub?.prompt?.seat ?? null) as number | null,
      me: s?.mySeat as number,
      hand: (s?.view?.private?.hand ?? []) as string[],
      legal: (s?.legal ?? []) as { type: string; from?: number }[],
      log: ((s?.log ?? []) as { text?: string }[]).map((l) => l.text ?? ''),
    };
  });

/** The prompt's buttons: each fully inside the viewport and not cut off by a scrolling box. */
const cutButtons = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('[data-testid="kingpin-actions"]')!;
    const out: string[] = [];
    for (const b of Array.from(panel.querySelectorAll<HTMLButtonElement>('button'))) {
      if (b.offsetParent === null) continue;
      const id = b.dataset.testid ?? '';
      if (!id.startsWith('kp-emergency')) continue;
      const r = b.getBoundingClientRect();
      // The box that scrolls, if one does: the button must not be cut off by it either.
      let clip: HTMLElement | null = b.parentElement;
      while (
        clip &&
        !(clip.scrollHeight > clip.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(clip).overflowY))
      )
        clip = clip.parentElement;
      const c = clip?.getBoundingClientRect();
      const inside =
        r.left >= -0.5 &&
        r.top >= -0.5 &&
        r.right <= window.innerWidth + 0.5 &&
        r.bottom <= window.innerHeight + 0.5 &&
        (!c || (r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5));
      out.push(`${id}:${inside ? 'in' : 'cut'}`);
    }
    return out;
  });
/* eslint-enable @typescript-eslint/no-explicit-any */

maybe('Kingpin Emergency Defense through the screen', () => {
  const env = useServerAndBrowser(PORT, {
    entry: () =>
      buildServerEntry(
        path.join(__dirname, 'fixtures', 'kingpinEmergencyServer.ts'),
        'kingpin-emergency-server',
      ),
  });

  for (const [tag, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`at ${viewport.width}x${viewport.height}: the prompt says what is hit and how hard, its buttons are on screen, Done resolves the attack`, async () => {
      const ada = await person(env.browser, 'Ada', viewport);
      const page = ada.page;
      await page.goto(env.server.url + '/');
      await startAgainstBots(page, 'kingpin', 2, (p) => byTestId(p, 'option-emergencyDefense').check());
      // The bot fires; then Ada is prompted.
      await page.waitForFunction(
        () => {
          const s = (window as any).__parlor?.table?.snapshot(); // eslint-disable-line @typescript-eslint/no-explicit-any
          return s?.view?.public?.prompt?.kind === 'emergency' && s.legal.length > 0;
        },
        undefined,
        { timeout: 30_000, polling: 100 },
      );
      const before = await snapshot(page);
      expect(before.promptSeat).toBe(before.me);
      expect(before.hand).toEqual(['gangster_valkyrie', 'gangster_thief']);
      const prompt = byTestId(page, 'kp-prompt');
      await prompt.waitFor();
      const text = (await prompt.textContent()) ?? '';
      expect(text).toMatch(/Emergency Defense/);
      expect(text).toMatch(/Bot \d+ attacks (Valkyrie|Thief) in your hand for [\d¼½¾]+ damage/);
      expect(text).toMatch(/Sniper ignores shields/);
      // Shields can come from the Boss (slot 0) or the Racketeer (slot 1); Done ends the window.
      const shieldButtons = before.legal.filter((a) => a.type === 'emergencyShield').map((a) => a.from);
      expect(shieldButtons.sort()).toEqual([0, 1]);
      // The hit hand card is marked as the target on the canvas; the other hand card is not.
      /* eslint-disable @typescript-eslint/no-explicit-any */
      const hit = await page.evaluate(
        () => (window as any).__parlor.table.snapshot().view.public.prompt.card,
      );
      const marks = await page.evaluate(() =>
        ((window as any).__parlor.kingpin.handBoxes() as { id: string; mark: string }[]).map((b) => [
          b.id,
          b.mark,
        ]),
      );
      /* eslint-enable @typescript-eslint/no-explicit-any */
      expect(marks).toEqual(before.hand.map((id) => [id, id === hit ? 'target' : 'none']));
      await shoot(page, `kingpin-emergency-${tag}`);
      // The Reserve's five cards fan out on screen and end before the Bank's chip and label.
      const fan = await page.evaluate(() => {
        const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
        const pub = (window as any).__parlor.table.snapshot().view.public; // eslint-disable-line @typescript-eslint/no-explicit-any
        const cards = (pub.reserve as string[]).map(
          (id) => k.reserveRect(id) as { x: number; w: number } | null,
        );
        const bank = (k.texts() as { text: string; x: number }[]).find((t) => /^BANK/.test(t.text));
        return {
          shown: cards.filter(Boolean).length,
          right: Math.max(...cards.map((c) => (c ? c.x + c.w / 2 : 0))),
          bank: bank?.x ?? -1,
          vw: window.innerWidth,
        };
      });
      expect(fan.shown).toBe(5);
      expect(fan.bank).toBeGreaterThan(0);
      expect(fan.right).toBeLessThanOrEqual(fan.bank);
      expect(fan.right).toBeLessThanOrEqual(fan.vw);
      // The shared zones' labels do not run into one another.
      type TextBox = { text: string; x: number; y: number; w: number; h: number };
      const labels = await page.evaluate(() => {
        const texts = (window as any).__parlor.kingpin.texts() as TextBox[]; // eslint-disable-line @typescript-eslint/no-explicit-any
        return texts.filter((t) => /^(DRAW|DISCARD|RESERVE|BANK|FUND)/.test(t.text));
      });
      expect(labels).toHaveLength(5);
      const clashes = labels.flatMap((a, i) =>
        labels
          .slice(i + 1)
          .filter(
            (b) =>
              Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 &&
              Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1,
          )
          .map((b) => `${a.text} over ${b.text}`),
      );
      expect(clashes).toEqual([]);
      // What is hit and how hard is in view, not scrolled off below the choices.
      const detailInView = await page.evaluate(() => {
        const d = document.querySelector('[data-testid="kp-prompt"] > .kp-detail')!.getBoundingClientRect();
        const box = document.querySelector('[data-testid="kp-context"]')!.getBoundingClientRect();
        return d.top >= box.top - 0.5 && d.bottom <= box.bottom + 0.5 && d.bottom <= window.innerHeight;
      });
      expect(detailInView).toBe(true);
      const buttons = await cutButtons(page);
      expect(buttons.sort()).toEqual(
        ['kp-emergencyDone:in', 'kp-emergencyShield-0:in', 'kp-emergencyShield-1:in'].sort(),
      );
      // A shield from the Racketeer, then Done: the attack resolves (the Sniper ignores shields).
      await press(page, 'kp-emergencyShield-1');
      await page.waitForFunction(
        () => (window as any).__parlor.table.snapshot().view.public.prompt?.attack?.emergencyShields > 0, // eslint-disable-line @typescript-eslint/no-explicit-any
        undefined,
        { timeout: 10_000 },
      );
      await shoot(page, `kingpin-emergency-${tag}-shield`);
      await press(page, 'kp-emergencyDone');
      await page.waitForFunction(
        () => (window as any).__parlor.table.snapshot().view.public.phase !== 'emergency', // eslint-disable-line @typescript-eslint/no-explicit-any
        undefined,
        { timeout: 10_000 },
      );
      const after = await snapshot(page);
      expect(after.prompt).not.toBe('emergency');
      // The hit card (HP 1-2 against the Sniper's attack) is gone from the hand, and the log says so.
      expect(after.hand).toHaveLength(1);
      expect(after.log.slice(before.log.length).join(' | ')).toMatch(/destroy/i);
      await byTestId(page, 'kp-prompt').waitFor({ state: 'detached', timeout: 5000 });
      await shoot(page, `kingpin-emergency-${tag}-after`);
      await ada.context.close();
    }, 120_000);
  }

  test('3 players on a phone, the top row’s player out: that row is not drawn, and a strip over the board only holds its cue', async () => {
    const ada = await person(env.browser, 'Ada', { width: 360, height: 740 });
    const page = ada.page;
    await page.goto(env.server.url + '/');
    await startAgainstBots(page, 'kingpin', 3);
    /* eslint-disable @typescript-eslint/no-explicit-any */
    const scroll = () =>
      page.evaluate(
        () => (window as any).__parlor.kingpin.scroll() as { y: number; max: number; pin: number | null },
      );
    // Her turn, the board laid out for the players still in (two rows: nothing pinned).
    await page.waitForFunction(
      () => {
        const w = window as any;
        const s = w.__parlor?.table?.snapshot();
        return (
          s?.view?.public?.turn === s?.mySeat &&
          s.legal.length > 0 &&
          w.__parlor.kingpin?.rows()[1]?.seat === 1 &&
          w.__parlor.kingpin.scroll().pin === null
        );
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    const out = await page.evaluate(() => {
      const k = (window as any).__parlor.kingpin;
      const pub = (window as any).__parlor.table.snapshot().view.public;
      const rows = (k.rows() as { seat: number; visible: boolean; bounds: { y: number } }[]).slice(1);
      const top = rows.filter((r) => r.visible).sort((a, b) => a.bounds.y - b.bounds.y)[0]!;
      return {
        eliminated: pub.players[1].eliminated as boolean,
        drawn: rows.find((r) => r.seat === 1)!.visible,
        top: top.seat,
      };
    });
    /* eslint-enable @typescript-eslint/no-explicit-any */
    // The phone drops the out player's row (it kept it dimmed above the view, and a 26 px strip over
    // the board for a cue that never showed): Cy's row is the top one.
    expect(out).toEqual({ eliminated: true, drawn: false, top: 2 });
    const s = await settled(page, scroll);
    await page.waitForTimeout(300);
    await shoot(page, 'kingpin-phone-3p-top-out');
    // Cy's row (still in) is in view.
    const cyInView = () =>
      page.evaluate(() => {
        const k = (window as any).__parlor.kingpin; // eslint-disable-line @typescript-eslint/no-explicit-any
        const sc = k.scroll() as { y: number };
        const row = (k.rows() as { seat: number; bounds: { y: number } }[]).find((r) => r.seat === 2)!;
        return row.bounds.y >= sc.y - 1;
      });
    if (s.max > 0 && s.y < s.max - 2) {
      // At the top: nothing above, no cue. Scrolled down, the strip over the board holds its cue.
      await expect(byTestId(page, 'kp-scroll-up').isVisible()).resolves.toBe(s.y > 2);
      await byTestId(page, 'kp-scroll-down').click({ force: true });
      await settled(page, scroll);
    }
    if (s.max > 0) {
      const up = byTestId(page, 'kp-scroll-up');
      await up.waitFor({ timeout: 5000 });
      await expect(up.textContent()).resolves.toMatch(/above/);
    } else await expect(cyInView()).resolves.toBe(true);
    await ada.context.close();
  }, 120_000);
});
