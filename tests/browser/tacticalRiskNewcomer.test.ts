/// <reference lib="dom" />
/**
 * Tactical Risk for a newcomer, on a desktop and on a phone (touch): two rounds on one screen (hot
 * seat started from the lobby: Ada the Russians, Bo the Germans, the AI the rest). In each of Ada's combat moves a tap on a
 * destination with units selected asks first (nothing moves until "Move"; "Cancel" keeps the units
 * where they are), the selection clears after the move and after an Undo (the next tap on the map
 * selects, it does not move), the status bar's End-phase button stays the same element across the
 * move's redraw, and the first tap on a battle's territory opens the battle dialog.
 * The confirm step is shot at 1280x800 and 360x740.
 */
import { existsSync } from 'node:fs';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';
import { seen, send, tapTerritory, tr, type TrSeen, waitFor } from './tacticalRiskPage';

const PORT = 2739;
const haveChromium = existsSync(CHROMIUM);
const maybe = haveChromium ? describe : describe.skip;

type Seen = TrSeen;

const russiansAt = (s: Seen, t: string): number => s.territories[t]?.units?.Russians?.ids?.length ?? 0;

const ORDER = ['infantry', 'artillery', 'armour', 'fighter', 'bomber', 'transport', 'submarine'];
/** The type of a unit in a stack (its ids are in ORDER's order). */
function typeOf(stack: { ids: number[]; counts: Record<string, number> }, id: number): string {
  let i = stack.ids.indexOf(id);
  for (const t of ORDER) {
    i -= stack.counts[t] ?? 0;
    if (i < 0) return t;
  }
  return '';
}

/** A Russian infantry move, an attack if there is one (the largest stack): source and destination. */
function pickMove(s: Seen): { src: string; dest: string } | null {
  let best: { src: string; dest: string; n: number } | null = null;
  for (const a of s.legal) {
    if (a.type !== 'move' || a.raid) continue;
    const src = a.path[0] as string;
    const dest = a.path.at(-1) as string;
    const stack = s.territories[src]?.units?.Russians;
    if (src === dest || !stack || typeOf(stack, a.units[0]) !== 'infantry') continue;
    const owner = s.territories[dest]?.owner;
    const n = russiansAt(s, src) + (owner === 'Germans' || owner === 'Japanese' ? 100 : 0);
    if (!best || n > best.n) best = { src, dest, n };
  }
  return best;
}

maybe('Tactical Risk for a newcomer', () => {
  const env = useServerAndBrowser(PORT);

  test.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const)(
    '%s: taps never move without a confirm, Undo disarms, a tap opens a battle',
    async (kind, size) => {
      const touch = kind === 'phone';
      const { page } = await person(env.browser, 'Ada', size);
      // Hot seat from the lobby: "Play on this screen" on the game's card.
      await page.goto(`${env.server.url}/?botDelay=20`);
      await byTestId(page, 'hotseat-tactical-risk').click({ timeout: 30_000 });
      await byTestId(page, 'hotseat-setup').waitFor();
      await byTestId(page, 'hotseat-name-0').fill('Ada');
      await byTestId(page, 'hotseat-name-1').fill('Bo');
      await byTestId(page, 'hotseat-start').click();
      await waitFor(page, 'the first turn', (s) => s.phase === 'purchase' && s.legal.length > 0);
      // Find: part of a name and Enter go to the first match (past the hot seat's hand-over screen).
      await byTestId(page, 'tr-ready').click();
      // A phone's map tools fold behind one button.
      if (touch) await byTestId(page, 'tr-tools-toggle').click();
      await byTestId(page, 'tr-find-toggle').click();
      await byTestId(page, 'tr-find').fill('ukra');
      await byTestId(page, 'tr-find').press('Enter');
      // The scene's selection (a phone's one sheet shows the purchase, not the territory's card).
      await expect(
        page.evaluate(() => (window as any).__parlor.tacticalRisk.scene.selected), // eslint-disable-line @typescript-eslint/no-explicit-any
      ).resolves.toBe('Ukraine S.S.R.');
      expect(await tr(page, 'screenOf', 'Ukraine S.S.R.')).not.toBeNull();
      if (!touch)
        await expect(byTestId(page, 'tr-territory').textContent()).resolves.toMatch(/Ukraine S\.S\.R\./);
      const checked = new Set<number>();
      let battlesOpened = 0;
      const until = Date.now() + 200_000;
      for (;;) {
        if (Date.now() > until) throw new Error('two rounds did not end in time');
        const s = await seen(page);
        if (s.round >= 3) break;
        const ready = byTestId(page, 'tr-ready');
        if (await ready.isVisible()) {
          await ready.click();
          continue;
        }
        if (s.legal.length === 0) {
          await page.waitForTimeout(50);
          continue;
        }
        const move =
          s.faction === 'Russians' && s.phase === 'combatMove' && !checked.has(s.round) ? pickMove(s) : null;
        if (move) {
          checked.add(s.round);
          const { src, dest } = move;
          const atSrc = russiansAt(s, src);
          const atDest = russiansAt(s, dest);
          // One infantry selected with the move card's "+".
          const selectInfantry = async () => {
            await tapTerritory(page, src, touch);
            await byTestId(page, 'tr-sel-infantry').locator('button').nth(1).click({ force: true });
          };
          const armed = async () => {
            await selectInfantry();
            await byTestId(page, `tr-dest-${dest}`).waitFor({ state: 'attached' });
            await tapTerritory(page, dest, touch);
            await byTestId(page, 'tr-confirm').waitFor();
          };
          // A tap on the destination asks; nothing moves until "Move".
          await armed();
          await page.waitForTimeout(400);
          expect(russiansAt(await seen(page), dest)).toBe(atDest);
          await expect(byTestId(page, 'tr-confirm').textContent()).resolves.toContain(`Move to ${dest}?`);
          await expect(byTestId(page, 'tr-confirm-what').textContent()).resolves.toMatch(
            new RegExp(`^Infantry from ${src.replace(/\./g, '\\.')}`),
          );
          if (s.round === 1) await shoot(page, `tactical-risk-confirm-${kind}`);
          // One tap: the card drawn again on each render keeps its Cancel (ui/keyed.ts).
          await byTestId(page, 'tr-confirm-cancel').click({ force: true });
          await byTestId(page, 'tr-confirm').waitFor({ state: 'detached', timeout: 10_000 });
          expect(russiansAt(await seen(page), dest)).toBe(atDest);
          // Again, confirmed: the units go, and the selection is gone.
          await tapTerritory(page, dest, touch); // the selection is still armed after a cancel: this asks again
          await byTestId(page, 'tr-confirm').waitFor();
          const endPhase = await byTestId(page, 'tr-end-phase').elementHandle();
          await byTestId(page, 'tr-confirm-move').click({ force: true });
          await waitFor(page, 'the move', (x) => russiansAt(x, dest) > atDest);
          // The status bar drawn again for the move keeps its End-phase button (a press on it is never
          // lost to a redraw): the very same element.
          await byTestId(page, 'tr-undo').waitFor();
          expect(await endPhase!.evaluate((el) => el.isConnected)).toBe(true);
          await expect(byTestId(page, 'tr-move').count()).resolves.toBe(0);
          // Undo: the units come back, nothing stays armed; the next tap selects, it does not move.
          await byTestId(page, 'tr-undo').click({ force: true });
          await waitFor(
            page,
            'the undo',
            (x) => russiansAt(x, src) === atSrc && russiansAt(x, dest) === atDest,
          );
          await expect(byTestId(page, 'tr-move').count()).resolves.toBe(0);
          await tapTerritory(page, dest, touch);
          await page.waitForTimeout(400);
          await expect(byTestId(page, 'tr-confirm').count()).resolves.toBe(0);
          const after = await seen(page);
          expect([russiansAt(after, src), russiansAt(after, dest)]).toEqual([atSrc, atDest]);
          // The attack for real (from the list of destinations: a clear choice, no confirm needed).
          await selectInfantry();
          await byTestId(page, `tr-dest-${dest}`).click({ force: true });
          await waitFor(page, 'the attack', (x) => russiansAt(x, dest) > atDest);
          continue;
        }
        if (s.faction === 'Russians' && s.phase === 'battle' && !s.battle) {
          const fight = s.legal.find((a) => a.type === 'fight' && !String(a.territory).startsWith('raid:'));
          if (fight) {
            // The first tap on the battle's territory opens it.
            await tapTerritory(page, fight.territory, touch);
            // Fought at once (a battle with no defender to fight ends as it starts) or open in the dialog.
            const after = await waitFor(
              page,
              'the battle to start',
              (x) =>
                !!x.battle || !x.legal.some((a) => a.type === 'fight' && a.territory === fight.territory),
              3000,
            );
            if (after.battle) await byTestId(page, 'tr-battle-dialog').waitFor({ timeout: 3000 });
            battlesOpened++;
            continue;
          }
        }
        if (s.prompt || s.phase === 'battle') await send(page, s.legal[0]!);
        else await send(page, s.legal.find((a) => a.type === 'endPhase') ?? s.legal[0]!);
        await page.waitForTimeout(40);
      }
      expect([...checked]).toEqual([1, 2]);
      expect(battlesOpened).toBeGreaterThan(0);
    },
    260_000,
  );
});
