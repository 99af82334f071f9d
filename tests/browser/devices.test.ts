/// <reference lib="dom" />
/**
 * Two people trade in a Devices market through the UI in real Chromium pages (a desktop and a
 * phone, an AI player in the third seat) while a third person watches on a phone: they buy, bid,
 * write and submit a proposal checked live by the editor, start the Clock, activate Powers (one
 * with a target dialog), hit their Panic Buttons and vote to resume, pass ndays until Ballotday and
 * vote on the proposal, then panic again to roll the nweek back, and once more to end and score
 * the game. Screenshots are saved as test artifacts.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  byTestId,
  CHROMIUM,
  openCreateDialog,
  person,
  press,
  QUICK_BOTS,
  shoot,
  useServerAndBrowser,
} from './harness';
import { TV_SMALL, openScreen } from './partyScreen';

const PORT = 2725;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;
if (!haveChromium)
  console.warn(`browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);

interface Seen {
  mySeat: number;
  phase: string;
  nday: number;
  money: number;
  hasPrivate: boolean;
  draftName: string;
  devices: { id: number; name: string; owner: number; tapped: boolean }[];
  proposals: { id: number; name: string }[];
  /** The public log, one line per entry. */
  log: string;
  json: string;
}

/** What the page's table shows now (read through the client's own debug hook, no rule logic). */
async function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const s = (window as any).__parlor?.table?.snapshot();
    const pub = s?.view?.public;
    return {
      mySeat: s?.mySeat ?? -2,
      phase: pub?.phase ?? '',
      nday: pub?.nday ?? 0,
      money: pub?.players?.[s.mySeat]?.money ?? 0,
      hasPrivate: s?.view?.private != null,
      draftName: s?.view?.private?.draft?.name ?? '',
      devices: pub?.devices ?? [],
      proposals: (pub?.proposals ?? []).map((p: { id: number; spec: { name: string } }) => ({
        id: p.id,
        name: p.spec.name,
      })),
      log: (s?.log ?? []).map((l: { text: string }) => l.text).join('\n'),
      json: JSON.stringify(s?.view ?? null),
    };
  });
}

async function until(
  page: Page,
  what: string,
  pred: (s: Seen) => boolean,
  timeoutMs = 30_000,
): Promise<Seen> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await seen(page);
    if (pred(s)) return s;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what} (phase ${s.phase}, nday ${s.nday}); the log ends:\n${s.log.split('\n').slice(-12).join('\n')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Ada and Bo hit their Panic Buttons (two of three: an emergency), the screens say time is stopped,
 * and they vote for `choice` (the AI's vote may decide it first once one of them agrees).
 */
async function emergency(
  ada: Page,
  bo: Page,
  eve: Page,
  choice: 'resume' | 'rollback' | 'end',
): Promise<void> {
  // No dialog is open over either player's screen: it would take the press on Panic.
  const dialogs = (page: Page) =>
    page.locator('.modal').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? 'a dialog'));
  expect({ ada: await dialogs(ada), bo: await dialogs(bo) }).toEqual({ ada: [], bo: [] });
  await press(ada, 'dv-panic');
  await ada.waitForFunction(() =>
    /Stop panic · 1\//.test(document.querySelector('[data-testid="dv-panic"]')?.textContent ?? ''),
  );
  await press(bo, 'dv-panic');
  await until(eve, 'the emergency', (s) => s.phase === 'emergency');
  for (const page of [ada, eve]) {
    await byTestId(page, 'dv-banner').waitFor({ state: 'visible', timeout: 10_000 });
    await expect(byTestId(page, 'dv-banner').textContent()).resolves.toMatch(/EMERGENCY · time is stopped/);
  }
  await expect(byTestId(eve, 'dv-emergency-resume').isVisible()).resolves.toBe(false);
  // Everyone sees the tally, who has not voted yet and the time left.
  await expect(byTestId(eve, 'dv-hint').textContent()).resolves.toMatch(
    /emergency vote, \d+ s left: Resume \d.*not voted: /,
  );
  await expect(byTestId(ada, 'dv-hint').textContent()).resolves.toMatch(/Emergency, \d+ s left: Resume \d/);
  // Powers and the market wait while time is stopped.
  await expect(byTestId(ada, 'dv-pass').isVisible()).resolves.toBe(false);
  await shoot(ada, `devices-emergency-${choice}`);
  await shoot(eve, `devices-emergency-${choice}-phone`);
  await press(ada, `dv-emergency-${choice}`);
  const s = await seen(bo);
  if (s.phase === 'emergency') {
    const vote = byTestId(bo, `dv-emergency-${choice}`);
    // The AI may decide it in between (then the button goes away): the phase check below is the proof.
    if (await vote.isVisible()) await vote.click({ force: true, timeout: 3000 }).catch(() => undefined);
  }
  await until(eve, 'the vote decided', (x) => x.phase !== 'emergency');
  const log = (await seen(eve)).log;
  expect(log).toContain(`Ada votes to ${choice}`);
}

maybe('Devices in the browser', () => {
  // The AI's pace is not what this test checks (server/test/rooms/devicesPace.test.ts does).
  const env = useServerAndBrowser(PORT, { env: QUICK_BOTS });

  test('two players buy, bid, propose, activate and vote through the UI while a spectator watches', async () => {
    const ada = await person(env.browser, 'Ada');
    const bo = await person(env.browser, 'Bo', { width: 360, height: 740 });
    const eve = await person(env.browser, 'Eve', { width: 360, height: 740 });

    await ada.page.goto(env.server.url + '/');
    await openCreateDialog(ada.page, 'devices');
    await byTestId(ada.page, 'create-table-name').fill('Spoon market');
    // One nweek: the game ends at its Thirnight, so the test reaches a winner.
    await byTestId(ada.page, 'option-nweeks').fill('1');
    // Devices takes 2-8 players: this table has three seats.
    await expect(byTestId(ada.page, 'create-seats').inputValue()).resolves.toBe('8');
    await byTestId(ada.page, 'create-seats').selectOption('3');
    await byTestId(ada.page, 'create-submit').click();
    await byTestId(ada.page, 'waiting-room').waitFor();
    const roomId = await ada.page.evaluate(() => (window as any).__parlor.table.roomId as string); // eslint-disable-line @typescript-eslint/no-explicit-any

    await bo.page.goto(env.server.url + '/');
    await press(bo.page, `join-${roomId}`);
    await byTestId(bo.page, 'waiting-room').waitFor();
    await eve.page.goto(`${env.server.url}/#/watch/${roomId}`);
    await byTestId(eve.page, 'waiting-room').waitFor();
    // A table of 3: the third seat gets an AI player, and there is no fourth.
    await press(ada.page, 'add-bot-2');
    await expect(byTestId(ada.page, 'add-bot-3').count()).resolves.toBe(0);
    await press(ada.page, 'start-button');
    await until(ada.page, 'the market', (s) => s.phase === 'clockOff');
    await byTestId(ada.page, 'devices-market').waitFor();
    const opening = await seen(ada.page);

    // The Clock is Off: Powers wait, the market is open.
    await press(ada.page, 'dv-buy-mint');
    const mint = await until(ada.page, 'a Mint', (s) =>
      s.devices.some((d) => d.owner === 0 && d.name === 'Mint'),
    );
    const mintId = mint.devices.find((d) => d.owner === 0 && d.name === 'Mint')!.id;
    await expect(byTestId(ada.page, `dv-power-${mintId}-coin`).isDisabled()).resolves.toBe(true);
    await expect(byTestId(ada.page, `dv-device-${mintId}`).textContent()).resolves.toMatch(/Clock is Off/);
    await press(bo.page, 'dv-buy-wrench');
    await press(bo.page, 'dv-bid-golden-statue-1');
    await until(bo.page, 'a Wrench', (s) => s.devices.some((d) => d.owner === 1 && d.name === 'Wrench'));
    await bo.page.waitForFunction(() =>
      /High bid.*Bo/.test(document.querySelector('[data-testid="dv-bp-golden-statue"]')?.textContent ?? ''),
    );

    // Ada writes a proposal: the editor parses each Power as she types.
    await byTestId(ada.page, 'dv-draft-name').fill('Tide Mill');
    await byTestId(ada.page, 'dv-draft-power-0').fill('Grind (Tap): Gain m5 from the sea');
    await expect(byTestId(ada.page, 'dv-draft-save').isDisabled()).resolves.toBe(true);
    await expect(byTestId(ada.page, 'dv-editor').textContent()).resolves.toMatch(/Game Action/);
    await byTestId(ada.page, 'dv-draft-power-0').fill('Grind (Tap): Gain m5');
    await expect(byTestId(ada.page, 'dv-editor').textContent()).resolves.toMatch(/valid Power/);
    await byTestId(ada.page, 'dv-draft-power-1').fill('Heist (Spend m3): Take mX from target Planet');
    await byTestId(ada.page, 'dv-draft-power-1').scrollIntoViewIfNeeded();
    await shoot(ada.page, 'devices-editor');
    await byTestId(ada.page, 'dv-draft-power-1').fill('');
    // The Additional Device Definition: Attributes and Properties, not only Powers.
    await byTestId(ada.page, 'dv-draft-attributes').fill('colour = blue; wheels = 2');
    await byTestId(ada.page, 'dv-draft-properties').fill('Wet');
    await press(ada.page, 'dv-draft-save');
    await until(ada.page, 'the saved draft', (s) => s.draftName === 'Tide Mill');
    // The draft is Ada's alone: neither Bo nor the spectator has it.
    for (const page of [bo.page, eve.page]) expect((await seen(page)).json).not.toContain('Tide Mill');
    await press(ada.page, 'dv-draft-submit');
    const proposed = await until(eve.page, 'the public proposal', (s) =>
      s.proposals.some((p) => p.name === 'Tide Mill'),
    );
    expect(proposed.json).toContain('"attributes":{"colour":"blue","wheels":2},"properties":["Wet"]');

    // Ada starts the Clock; Powers come alive.
    await press(ada.page, 'dv-start-clock');
    await until(ada.page, 'the Clock on', (s) => s.phase === 'running');
    // (AI players act too now, and may take money or tap Devices: the log says what happened.)
    await press(ada.page, `dv-power-${mintId}-coin`);
    await until(ada.page, 'the Coin', (s) => s.log.includes(`Ada activates Mint #${mintId}: Coin`));
    await expect(byTestId(ada.page, `dv-device-${mintId}`).textContent()).resolves.toMatch(/Tapped/);
    // Bo jams a Device: the target dialog.
    const wrench = (await seen(bo.page)).devices.find((d) => d.owner === 1 && d.name === 'Wrench')!;
    await press(bo.page, `dv-power-${wrench.id}-jam`);
    await byTestId(bo.page, 'dv-activate-dialog').waitFor();
    await byTestId(bo.page, 'dv-activate-target').selectOption(String(mintId));
    await shoot(bo.page, 'devices-target-dialog');
    await press(bo.page, 'dv-activate-go');
    await until(bo.page, 'the Jam', (s) =>
      s.log.includes(
        `Bo activates Wrench #${wrench.id}: Jam (Tap, Spend m2): Tap target Device (target Device #${mintId})`,
      ),
    );
    await shoot(ada.page, 'devices-desktop');
    await shoot(bo.page, 'devices-player-phone');
    await shoot(eve.page, 'devices-spectator-phone');

    // Panic: with two of three buttons On time stops; the vote to resume starts it again.
    await emergency(ada.page, bo.page, eve.page, 'resume');
    const resumed = await until(ada.page, 'play resumed', (s) => s.phase === 'running');
    expect(resumed.log).toContain('play resumes');
    expect(resumed.devices.some((d) => d.id === mintId && d.owner === 0)).toBe(true);

    // A trade with a price: Ada offers her Mint to Bo for m5; Bo sees the price and accepts it.
    const moneyBefore = [(await seen(ada.page)).money, (await seen(bo.page)).money];
    await press(ada.page, `dv-trade-${mintId}`);
    await byTestId(ada.page, 'dv-trade-dialog').waitFor();
    await byTestId(ada.page, 'dv-trade-to').selectOption('1');
    await byTestId(ada.page, 'dv-trade-money').fill('5');
    await expect(byTestId(ada.page, 'dv-trade-summary').textContent()).resolves.toMatch(/pays you m5/);
    await shoot(ada.page, 'devices-trade-dialog');
    await press(ada.page, 'dv-trade-offer');
    const offered = await until(bo.page, 'the offer', (s) =>
      s.log.includes(`Ada offers Mint #${mintId} to Bo for m5`),
    );
    const offerId = (JSON.parse(offered.json).public.offers as { id: number; device: number }[]).find(
      (o) => o.device === mintId,
    )!.id;
    await expect(byTestId(bo.page, `dv-offer-price-${offerId}`).textContent()).resolves.toMatch(/for m5/);
    await byTestId(bo.page, `dv-offer-${offerId}`).scrollIntoViewIfNeeded();
    await shoot(bo.page, 'devices-offer-phone');
    await press(bo.page, `dv-offer-accept-${offerId}`);
    const traded = await until(bo.page, 'the trade', (s) =>
      s.devices.some((d) => d.id === mintId && d.owner === 1),
    );
    expect(traded.log).toContain(`Bo accepts Mint #${mintId} from Ada and pays m5`);
    // (The AI may take or pay money meanwhile: the log line above is the proof of the price paid.)
    expect(traded.money).toBeLessThanOrEqual(moneyBefore[1]! - 5 + 10);

    // Destroying a Device asks first; "Keep it" keeps it.
    await press(bo.page, `dv-trade-${wrench.id}`);
    await press(bo.page, 'dv-trade-destroy');
    await byTestId(bo.page, 'dv-destroy-dialog').waitFor();
    await expect(byTestId(bo.page, 'dv-destroy-dialog').textContent()).resolves.toMatch(/cannot be undone/);
    await press(bo.page, 'dv-destroy-cancel');
    expect((await seen(bo.page)).devices.some((d) => d.id === wrench.id)).toBe(true);

    // Both pass their ndays until Ballotday, then vote on Ada's proposal.
    const proposal = (await seen(ada.page)).proposals.find((p) => p.name === 'Tide Mill')!;
    const end = Date.now() + 150_000;
    while ((await seen(ada.page)).nday < 9) {
      if (Date.now() > end) throw new Error('Ballotday never came');
      for (const page of [ada.page, bo.page]) {
        // Only before Ballotday as this page last heard it, and each pass waits for its answer: a
        // pass sent on a stale screen would pass Ballotday itself and end the vote.
        const before = await seen(page);
        if (before.nday >= 9) continue;
        // On the eve of Ballotday Ada passes last, once Bo and the AI have: her pass then ends the
        // nday itself, so it can never land on Ballotday (where it would be a pass without voting).
        if (page === ada.page && before.nday === 8) {
          const others = (JSON.parse(before.json).public.players as { passed: boolean }[]).slice(1);
          if (!others.every((p) => p.passed)) continue;
        }
        // Checked and pressed in one step in the page: a patch landing between a check here and a
        // click (Ballotday starting once Ada passed) made Bo's Pass a Ballotday pass, whose warning
        // dialog then took his vote and his Panic ("timed out waiting for the emergency").
        const pressed = await page.evaluate(() => {
          const nday = (window as any).__parlor?.table?.snapshot()?.view?.public?.nday ?? 0; // eslint-disable-line @typescript-eslint/no-explicit-any
          const pass = document.querySelector<HTMLButtonElement>('[data-testid="dv-pass"]');
          if (nday >= 9 || !pass || pass.hidden || pass.disabled || pass.getClientRects().length === 0)
            return false;
          pass.click();
          return true;
        });
        if (!pressed) continue;
        await page
          .waitForFunction(
            (json) => JSON.stringify((window as any).__parlor?.table?.snapshot()?.view ?? null) !== json, // eslint-disable-line @typescript-eslint/no-explicit-any
            before.json,
            { timeout: 10_000, polling: 50 },
          )
          .catch(() => undefined);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    // Passing with a vote not cast warns first; going back to vote keeps the nday open.
    await press(ada.page, 'dv-pass');
    await byTestId(ada.page, 'dv-pass-warning').waitFor();
    await expect(byTestId(ada.page, 'dv-pass-warning').textContent()).resolves.toMatch(
      /You have not voted on (proposal|\d+ proposals:) .*#\d+ Tide Mill/,
    );
    await shoot(ada.page, 'devices-ballotday-warning');
    // A table screen at 1280x720 on Ballotday: the proposals come before the Blueprints, in view.
    const tv = await openScreen(env.browser, env.server.url, roomId, TV_SMALL);
    const onTv = byTestId(tv.page, 'dv-proposals');
    await onTv.waitFor();
    const box = (await onTv.boundingBox())!;
    expect({ top: box.y >= 0, bottom: box.y + Math.min(box.height, 200) <= TV_SMALL.height }).toEqual({
      top: true,
      bottom: true,
    });
    await shoot(tv.page, 'devices-ballotday-screen-1280');
    await tv.context.close();
    await press(ada.page, 'dv-pass-warning-vote');
    expect((await seen(ada.page)).log).not.toMatch(/Ada passes\n?$/);
    await press(ada.page, `dv-vote-yes-${proposal.id}`);
    await press(bo.page, `dv-vote-yes-${proposal.id}`);
    // Both votes counted (a dialog left open over Bo's screen took his once).
    await until(eve.page, 'both votes', (s) =>
      ['Ada', 'Bo'].every((who) => s.log.includes(`${who} votes for proposal #${proposal.id} (Tide Mill)`)),
    );
    // The spectator's screen shows Ada's vote once the server's answer reaches it.
    await byTestId(eve.page, `dv-proposal-${proposal.id}`)
      .filter({ hasText: /✓ Ada/ })
      .waitFor({ timeout: 10_000 });
    await shoot(ada.page, 'devices-ballotday');
    await byTestId(eve.page, `dv-proposal-${proposal.id}`).scrollIntoViewIfNeeded();
    await shoot(eve.page, 'devices-ballotday-phone');

    // After Ballotday both hit Panic: an emergency rolls the nweek back to its start.
    const before = await seen(ada.page);
    await emergency(ada.page, bo.page, eve.page, 'rollback');
    const back = await until(
      ada.page,
      'the rolled-back nweek',
      (s) => s.nday === 1 && s.phase !== 'emergency',
    );
    expect(back.log).toContain('the nweek rolls back to its start');
    // Everything bought, produced and proposed this nweek is undone: no Mint, no Tide Mill, money back.
    expect(back.devices.some((d) => d.id === mintId)).toBe(false);
    expect(back.proposals.some((p) => p.name === 'Tide Mill')).toBe(false);
    expect(back.money).toBe(opening.money);
    expect(before.money).not.toBe(opening.money);
    await shoot(ada.page, 'devices-rolled-back');

    // The Clock again, and a second emergency: this time the players end the game and score it.
    if (back.phase === 'clockOff') await press(ada.page, 'dv-start-clock');
    await until(ada.page, 'the Clock on again', (s) => s.phase === 'running');
    await emergency(ada.page, bo.page, eve.page, 'end');
    await until(eve.page, 'the end', (s) => s.phase === 'finished');
    expect((await seen(ada.page)).log).toContain('the game ends and Devices score now');
    for (const page of [ada.page, bo.page, eve.page]) {
      await byTestId(page, 'results').waitFor({ timeout: 15_000 });
      await expect(byTestId(page, 'results-winner').textContent()).resolves.toMatch(/\S/);
    }
    await shoot(ada.page, 'devices-results');
    await shoot(eve.page, 'devices-results-phone');

    const spect = await seen(eve.page);
    expect(spect.mySeat).toBe(-1);
    expect(spect.hasPrivate).toBe(false);
    await expect(byTestId(eve.page, 'dv-editor').isVisible()).resolves.toBe(false);
    for (const p of [ada, bo, eve]) await p.context.close();
  }, 300_000);
});
