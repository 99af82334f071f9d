/// <reference lib="dom" />
/**
 * Play by keyboard alone. A table is set up with the mouse (the lobby is not what is tested here);
 * from the moment the match starts, Ada uses only Tab, Shift+Tab, the arrow keys and Enter: a
 * Bankout turn, a Kingpin turn in which she buys a card, plays it to her board and moves shields
 * (the card toolbar, no canvas tap or drag), and a James Bland plan. After every step the focus is
 * on a control of the table (its action bar, or a prompt over the board), never on the page.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';
import { kingpinTestId } from './kingpinTestIds';

const PORT = 2797;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

type Action = { type: string; [k: string]: unknown };
interface Snap {
  status: string;
  mySeat: number;
  toAct: number[];
  legal: Action[];
  view: { public: Record<string, unknown>; private: Record<string, unknown> | null } | null;
}
type ParlorWindow = Window & { __parlor?: { table?: { snapshot(): Snap | null } } };
const snap = async (page: Page): Promise<Snap> =>
  (await page.evaluate(() => (window as ParlorWindow).__parlor?.table?.snapshot() ?? null))!;

interface Focus {
  body: boolean;
  inTable: boolean;
  testid: string;
  text: string;
}
/** Where the focus is: on the page, or on a control of the table (action bar, prompt over the board). */
const focusOf = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      body: !a || a === document.body || a === document.documentElement,
      inTable: !!a?.closest('[aria-label="Table actions"], [data-testid="board-overlay"]'),
      testid: a?.dataset.testid ?? '',
      text: (a?.getAttribute('aria-label') ?? a?.textContent ?? '').slice(0, 80),
    };
  });

/** The check after every step: the focus is on the table's controls, not dropped to the page. */
async function expectFocusInTable(page: Page, step: string): Promise<void> {
  // A redraw that follows a patch settles within a frame or two.
  await page.waitForTimeout(150);
  const f = await focusOf(page);
  if (f.body || !f.inTable)
    throw new Error(
      `after ${step}: focus is ${f.body ? 'on the page' : `outside the table (${f.testid} ${f.text})`}`,
    );
}

/** Tab (forward or back, by the controls' order on the page) until the control `testid` has the focus. */
async function tabTo(page: Page, testid: string, step: string): Promise<void> {
  const backwards = await page.evaluate((id) => {
    const t = document.querySelector(`[data-testid="${id}"]`);
    const a = document.activeElement;
    if (!t || !a || a === document.body) return false;
    return !!(t.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);
  }, testid);
  for (let i = 0; i < 40; i++) {
    const f = await focusOf(page);
    if (f.testid === testid) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const g = await focusOf(page);
    if (g.body) throw new Error(`${step}: a Tab put the focus on the page`);
  }
  throw new Error(`${step}: ${testid} not reached by Tab (focus on ${(await focusOf(page)).testid})`);
}

/** Arrow keys through a toolbar until the control `testid` has the focus. */
async function arrowTo(page: Page, testid: string, step: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await focusOf(page)).testid === testid) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`${step}: ${testid} not reached with the arrow keys`);
}

async function pressEnter(page: Page, step: string): Promise<void> {
  await page.keyboard.press('Enter');
  await expectFocusInTable(page, step);
}

const waitFor = (page: Page, pred: string, arg: unknown = null, timeout = 60_000) =>
  page.waitForFunction(
    new Function('arg', `const s = window.__parlor?.table?.snapshot(); return !!s && (${pred});`) as (
      a: unknown,
    ) => boolean,
    arg,
    { timeout, polling: 100 },
  );
async function myTurn(page: Page): Promise<void> {
  try {
    await waitFor(page, "s.status === 'playing' && s.toAct.includes(s.mySeat) && s.legal.length > 0");
  } catch (e) {
    await shoot(page, 'keyboard-stuck');
    const s = await snap(page);
    throw new Error(
      `not Ada's turn: ${JSON.stringify({ status: s.status, toAct: s.toAct, me: s.mySeat, legal: s.legal, prompt: s.view?.public.prompt })}`,
      { cause: e },
    );
  }
}

/** A table of `game` made in the lobby with `bots` AI seats, started; Ada's page is at the table. */
async function tableWithAis(
  page: Page,
  url: string,
  game: string,
  bots: number,
  seats?: string,
  options?: () => Promise<void>,
): Promise<void> {
  await page.goto(url + '/');
  await byTestId(page, `create-${game}`).click({ timeout: 30_000 });
  await byTestId(page, 'create-dialog').waitFor();
  if (seats) await byTestId(page, 'create-seats').selectOption(seats);
  await options?.();
  await byTestId(page, 'create-submit').click();
  await byTestId(page, 'waiting-room').waitFor();
  for (let i = 1; i <= bots; i++) await byTestId(page, `add-bot-${i}`).click();
  await byTestId(page, 'start-button').click();
  await waitFor(page, "s.status === 'playing'");
}

const kpId = kingpinTestId;

maybe('keyboard play', () => {
  jest.setTimeout(240_000);
  const env = useServerAndBrowser(PORT);

  test('Bankout: a turn by keyboard alone; the focus stays on the table when Draw and Bank disable', async () => {
    const ada = await person(env.browser, 'Ada');
    const page = ada.page;
    await tableWithAis(page, env.server.url, 'bankout', 1);
    await myTurn(page);
    await expectFocusInTable(page, 'the match started');
    await tabTo(page, 'action-draw', 'to Draw');
    const before = await snap(page);
    const turn = (before.view!.public as { turnNumber: number }).turnNumber;
    await pressEnter(page, 'Draw');
    await waitFor(
      page,
      's.view.public.turnNumber !== arg || s.view.public.drawnThisTurn.length > 0 || s.legal.some((a) => a.type !== "draw")',
      turn,
      15_000,
    );
    // A prompt over the board (a Joker, the hand limit) took the focus: answered by keyboard too.
    for (let i = 0; i < 3; i++) {
      const f = await focusOf(page);
      if (!f.testid.startsWith('prompt') && !/^(joker|counter|discard)-/.test(f.testid)) break;
      await pressEnter(page, `the prompt (${f.testid})`);
    }
    const after = await snap(page);
    if (after.toAct.includes(after.mySeat) && after.legal.some((a) => a.type === 'bank')) {
      await tabTo(page, 'action-bank', 'to Bank');
      await pressEnter(page, 'Bank');
      await waitFor(page, '!s.legal.some((a) => a.type === "bank")', null, 15_000);
      await expectFocusInTable(page, 'Bank disabled');
    }
    await shoot(page, 'keyboard-bankout-1280x800');
    // The board in words holds the seat's own figures.
    const words = await byTestId(page, 'board-words').textContent();
    expect(words).toMatch(/You: bank \$[\d,]+, loot \$[\d,]+/);
    expect(words).toMatch(/Deck \d+ cards?/);
    await ada.context.close();
  });

  test('Kingpin: a turn by keyboard alone: a card bought and played to the board, shields moved, the turn ended', async () => {
    const ada = await person(env.browser, 'Ada');
    const page = ada.page;
    await tableWithAis(page, env.server.url, 'kingpin', 1, '2', async () => {
      // Tougher Bosses: Ada spends her first turns on shields and cards, not on defence.
      await byTestId(page, 'option-bossHp').fill('40');
    });
    let played = false;
    let shielded = false;
    let moved = false;
    for (let turn = 0; turn < 4 && !(played && moved); turn++) {
      await myTurn(page);
      await expectFocusInTable(page, `turn ${turn} began`);
      const me = (await snap(page)).mySeat;
      // Buy from the pile: the toolbar's Draw Pile card, Enter.
      if (!played && (await snap(page)).legal.some((a) => a.type === 'buy' && a.source === 'pile')) {
        await tabTo(
          page,
          (await page.locator('[data-testid^="kp-key-"][tabindex="0"]').getAttribute('data-testid'))!,
          'to the cards',
        );
        await arrowTo(page, 'kp-key-pile', 'to the Draw Pile');
        const pile = (await snap(page)).view!.public.drawCount as number;
        await pressEnter(page, 'buy from the pile');
        // Bought: the pile is one card shorter (the card waits to be placed, or, with too little
        // money to play it, goes to the Reserve, and buying stays open).
        await waitFor(page, 's.view.public.drawCount < arg', pile, 15_000);
        const place = (await snap(page)).legal.find((a) => a.type === 'place' && a.to === 'board');
        if (place) {
          await expectFocusInTable(page, 'the place prompt');
          await tabTo(page, kpId(place), 'to Play to board');
          await pressEnter(page, 'play to board');
          await waitFor(page, '!s.legal.some((a) => a.type === "place")', null, 15_000);
          played = true;
        }
        // An ability's pick, if any: skip it by keyboard.
        const skip = (await snap(page)).legal.find((a) => a.type === 'pick' && !a.target);
        if (skip) {
          await tabTo(page, kpId(skip), 'to Skip');
          await pressEnter(page, 'skip the pick');
        }
      }
      // A shield from the safe onto a card, then one moved between cards: select the card, its action.
      const shieldStep = async (type: 'safeToShield' | 'moveShield' | 'shieldToSafe'): Promise<boolean> => {
        const s = await snap(page);
        const a = s.legal.find((x) => x.type === type);
        if (!a) return false;
        const slot = (type === 'moveShield' ? a.from : a.slot) as number;
        const shields = () =>
          page.evaluate(
            ([seat, sl]) =>
              (
                window as unknown as {
                  __parlor: {
                    table: {
                      snapshot(): {
                        view: { public: { players: { board: ({ shields: number } | null)[] }[] } };
                      };
                    };
                  };
                }
              ).__parlor.table.snapshot().view.public.players[seat]!.board[sl]?.shields ?? -1,
            [me, slot] as const,
          );
        const had = await shields();
        await tabTo(
          page,
          (await page.locator('[data-testid^="kp-key-"][tabindex="0"]').getAttribute('data-testid'))!,
          'to the cards',
        );
        await arrowTo(page, `kp-key-board-${me}-${slot}`, 'to my card');
        await pressEnter(page, 'select my card');
        await tabTo(page, kpId(a), `to ${type}`);
        await pressEnter(page, type);
        await page.waitForFunction(
          ([seat, sl, n]) =>
            ((
              window as unknown as {
                __parlor: {
                  table: {
                    snapshot(): {
                      view: { public: { players: { board: ({ shields: number } | null)[] }[] } };
                    };
                  };
                };
              }
            ).__parlor.table.snapshot().view.public.players[seat]!.board[sl]?.shields ?? -1) !== n,
          [me, slot, had] as const,
          { timeout: 10_000 },
        );
        await expectFocusInTable(page, `${type} done`);
        return true;
      };
      // From the safe onto a card, then off it again: to another card, else back to the safe.
      if (!shielded) shielded = await shieldStep('safeToShield');
      if (shielded && !moved) moved = (await shieldStep('moveShield')) || (await shieldStep('shieldToSafe'));
      // Escape closes the card (the focus goes back to the cards); End turn.
      if (await page.locator('[data-testid="kp-context"] .kp-x').count()) {
        await page.keyboard.press('Escape');
        await expectFocusInTable(page, 'Escape');
        expect((await focusOf(page)).testid).toMatch(/^kp-key-/);
      }
      const pass = (await snap(page)).legal.find((a) => a.type === 'pass');
      if (pass) {
        await tabTo(page, kpId(pass), 'to End turn');
        if (turn === 0) await shoot(page, 'keyboard-kingpin-1280x800');
        await pressEnter(page, 'End turn');
        await waitFor(
          page,
          '!s.toAct.includes(s.mySeat) || !s.legal.some((a) => a.type === "pass")',
          null,
          15_000,
        );
        await expectFocusInTable(page, 'End turn disabled');
      }
    }
    expect(played).toBe(true);
    expect(shielded).toBe(true);
    expect(moved).toBe(true);
    await ada.context.close();
  });

  test('James Bland: a plan chosen and submitted by keyboard alone; the focus stays when Submit disables', async () => {
    const ada = await person(env.browser, 'Ada');
    const page = ada.page;
    await tableWithAis(page, env.server.url, 'james-bland', 2, '3');
    await myTurn(page);
    await byTestId(page, 'jb-plan').waitFor();
    await expectFocusInTable(page, 'the match started');
    await tabTo(page, 'jb-defense', 'to the defense');
    const first = await byTestId(page, 'jb-defense').inputValue();
    await page.keyboard.press('ArrowDown');
    await expectFocusInTable(page, 'a defense chosen');
    expect(await byTestId(page, 'jb-defense').inputValue()).not.toBe(first);
    await tabTo(page, 'jb-submit', 'to Submit');
    await pressEnter(page, 'Submit');
    await waitFor(page, '!!s.view.private.plan', null, 15_000);
    await expectFocusInTable(page, 'Submit disabled');
    await shoot(page, 'keyboard-james-bland-1280x800');
    await ada.context.close();
  });
});
