/// <reference lib="dom" />
/**
 * The waiting room's first match by side (GameMeta.firstMatchLevel.bySeat, shared core/firstMatch.ts),
 * on a phone-sized screen: at a five-seat Tactical Risk table the host in the first seat (the
 * Russians) reads the advice above the seats, and "Set up a first match" sets the AIs against her
 * (the Germans and Japanese) to Easy, those on her side to Normal, and the bid to 18 for the Allies;
 * when she puts the bid back, the button offers it again and the levels stay. Each seat names the
 * countries it plays and their side (GameMeta.seatRole).
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';

const PORT = 2786;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;
const PHONE = { width: 360, height: 740 };
interface Snap {
  options: Record<string, unknown>;
  seats: { botLevel?: string }[];
}
type ParlorWindow = Window & { __parlor?: { table?: { snapshot(): Snap | null } } };
const snap = (page: Page) =>
  page.evaluate(() => (window as ParlorWindow).__parlor?.table?.snapshot() ?? null);

maybe('first match by side', () => {
  const env = useServerAndBrowser(PORT);
  test("a game's first match by side: the button sets the AIs against you to Easy, your side's to Normal, and the bid", async () => {
    const ada = await person(env.browser, 'Ada', PHONE);
    await ada.page.goto(env.server.url);
    await byTestId(ada.page, 'create-tactical-risk').click({ timeout: 30_000 });
    await byTestId(ada.page, 'create-dialog').waitFor();
    await byTestId(ada.page, 'create-seats').selectOption('5');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor({ timeout: 30_000 });
    const text = byTestId(ada.page, 'level-advice-text');
    await text.waitFor({ timeout: 10_000 });
    expect(await text.textContent()).toMatch(
      /^First match\? Tactical Risk advises Easy AIs against you, Normal AIs on your side and a bid of 18 for your side: .+\.$/,
    );
    for (const seat of [1, 2, 3, 4]) {
      await byTestId(ada.page, `add-bot-${seat}`).click();
      await byTestId(ada.page, `bot-level-select-${seat}`).waitFor({ timeout: 10_000 });
    }
    // Each seat says what it plays (GameMeta.seatRole), not just "Bot 2": the host sees the sides.
    expect(
      await Promise.all([0, 1, 2, 3, 4].map((seat) => byTestId(ada.page, `seat-role-${seat}`).textContent())),
    ).toEqual([
      'Russians · Allies',
      'Germans · Axis',
      'British · Allies',
      'Japanese · Axis',
      'Americans · Allies',
    ]);
    expect(await byTestId(ada.page, 'bot-level-select-1').getAttribute('aria-label')).toBe(
      'Level of Bot 2 (Germans · Axis)',
    );
    await byTestId(ada.page, 'option-bid').waitFor({ timeout: 10_000 });
    expect(await byTestId(ada.page, 'option-bid').inputValue()).toBe('9');
    const apply = byTestId(ada.page, 'level-advice-apply');
    await apply.waitFor({ timeout: 10_000 });
    expect(await apply.textContent()).toBe('Set up a first match');
    await text.scrollIntoViewIfNeeded();
    await shoot(ada.page, 'bot-level-by-side-360x740');
    await apply.click();
    // Ada sits in seat 1, the Russians (the Allies): the Germans and Japanese (seats 2 and 4) at Easy,
    // the British and Americans (3 and 5) at Normal, and 18 IPC more for the Allies.
    await ada.page.waitForFunction(
      () => {
        const s = (window as ParlorWindow).__parlor?.table?.snapshot() as
          (Snap & { options: Record<string, unknown> }) | null;
        return (
          s?.options.bid === 18 &&
          s.options.bidSide === 'Allies' &&
          s.seats.map((x) => x.botLevel ?? 'normal').join() === 'normal,easy,normal,easy,normal'
        );
      },
      undefined,
      { timeout: 10_000 },
    );
    await apply.waitFor({ state: 'detached', timeout: 10_000 });
    expect(
      await Promise.all(
        [1, 2, 3, 4].map((seat) => byTestId(ada.page, `bot-level-select-${seat}`).inputValue()),
      ),
    ).toEqual(['easy', 'normal', 'easy', 'normal']);
    await ada.page.waitForFunction(
      () => (document.querySelector('[data-testid="option-bid"]') as HTMLInputElement | null)?.value === '18',
      undefined,
      { timeout: 10_000 },
    );
    await shoot(ada.page, 'bot-level-by-side-applied-360x740');
    await ada.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(ada.page, 'bot-level-by-side-applied-1280x800');
    // The host puts the bid back to 9: the levels stay, and the button offers the first match again.
    const bid = byTestId(ada.page, 'option-bid');
    await bid.fill('9');
    await bid.press('Tab');
    await ada.page.waitForFunction(
      () =>
        ((window as ParlorWindow).__parlor?.table?.snapshot() as { options?: { bid?: number } } | null)
          ?.options?.bid === 9,
      undefined,
      { timeout: 10_000 },
    );
    await apply.waitFor({ timeout: 10_000 });
    expect((await snap(ada.page))?.seats.map((x) => x.botLevel ?? 'normal')).toEqual([
      'normal',
      'easy',
      'normal',
      'easy',
      'normal',
    ]);
    await ada.context.close();
  }, 120_000);
});
