/// <reference lib="dom" />
/**
 * Tactical Risk: the move confirm warns a newcomer who is about to empty the capital. Hot seat from
 * the lobby (Ada the Russians); in the Russians' non-combat move Karelia is cleared, then "Select
 * all" in Russia (Moscow) and a tap on the Caucasus: the confirm card says Russia is left empty with
 * German armour able to reach it next turn, and "Keep 1 Infantry home" moves all but one infantry.
 * The card is shot at 1280x800 and 360x740.
 */
import { existsSync } from 'node:fs';
import { byTestId, CHROMIUM, person, shoot, useServerAndBrowser } from './harness';
import { seen, send, tapTerritory, type TrSeen, waitFor } from './tacticalRiskPage';

const PORT = 2951;
const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

type Seen = TrSeen;

const russian = (s: Seen, at: string, type: string): number =>
  s.territories[at]?.units?.Russians?.counts?.[type] ?? 0;
/** Ids of the Russians' units of these types at a place (a stack's ids are in unit-type order). */
function russianIds(s: Seen, at: string, types: string[]): number[] {
  const stack = s.territories[at]?.units?.Russians;
  const order = ['infantry', 'artillery', 'armour', 'fighter', 'bomber'];
  const out: number[] = [];
  let i = 0;
  for (const t of order) {
    const n = stack?.counts?.[t] ?? 0;
    if (types.includes(t)) out.push(...stack.ids.slice(i, i + n));
    i += n;
  }
  return out;
}

maybe('Tactical Risk: leaving the capital empty', () => {
  const env = useServerAndBrowser(PORT);

  test.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const)(
    '%s: the confirm card warns and offers to keep an infantry home',
    async (kind, size) => {
      const touch = kind === 'phone';
      const { page } = await person(env.browser, 'Ada', size);
      await page.goto(`${env.server.url}/?botDelay=20`);
      await byTestId(page, 'hotseat-tactical-risk').click({ timeout: 30_000 });
      await byTestId(page, 'hotseat-setup').waitFor();
      await byTestId(page, 'hotseat-name-0').fill('Ada');
      await byTestId(page, 'hotseat-name-1').fill('Bo');
      await byTestId(page, 'hotseat-start').click();
      await waitFor(page, 'the first turn', (s) => s.phase === 'purchase' && s.legal.length > 0);
      await byTestId(page, 'tr-ready').click();
      // On to the Russians' non-combat move (nothing bought, no attack).
      for (;;) {
        const s = await waitFor(
          page,
          'a Russian decision',
          (x) => x.faction === 'Russians' && x.legal.length > 0,
        );
        if (s.phase === 'nonCombatMove') break;
        await send(
          page,
          s.legal.find((a) => a.type === 'endPhase')!,
        );
        await waitFor(page, 'the next phase', (x) => x.phase !== s.phase);
      }
      // Karelia's army goes south: nothing stands between the German armour and Moscow.
      let s = await seen(page);
      const land = russianIds(s, 'Karelia S.S.R.', ['infantry', 'artillery', 'armour']);
      await send(page, { type: 'move', units: land, path: ['Karelia S.S.R.', 'Caucasus'] });
      s = await waitFor(page, 'Karelia emptied', (x) => russian(x, 'Karelia S.S.R.', 'infantry') === 0);
      await send(page, {
        type: 'move',
        units: russianIds(s, 'Karelia S.S.R.', ['fighter']),
        path: ['Karelia S.S.R.', 'Caucasus'],
      });
      s = await waitFor(page, 'the fighter gone', (x) => russian(x, 'Karelia S.S.R.', 'fighter') === 0);
      const caucasus = russian(s, 'Caucasus', 'infantry');
      expect(russian(s, 'Russia', 'infantry')).toBe(4);

      // Select all in Moscow, tap the Caucasus: the card warns before anything moves.
      await tapTerritory(page, 'Russia', touch);
      await byTestId(page, 'tr-sel-all').click({ force: true });
      await byTestId(page, 'tr-dest-Caucasus').waitFor({ state: 'attached' });
      await tapTerritory(page, 'Caucasus', touch);
      await byTestId(page, 'tr-confirm').waitFor();
      await expect(byTestId(page, 'tr-confirm-warning').textContent()).resolves.toBe(
        'Leaves Russia empty: German land units can reach it next turn.',
      );
      await expect(byTestId(page, 'tr-confirm-move').textContent()).resolves.toBe('Move anyway');
      await shoot(page, `tactical-risk-capital-warning-${kind}`);
      expect(russian(await seen(page), 'Russia', 'infantry')).toBe(4);

      // "Keep 1 Infantry home": the rest go, one infantry holds Moscow.
      await byTestId(page, 'tr-confirm-keep').click({ force: true });
      s = await waitFor(page, 'the move', (x) => russian(x, 'Caucasus', 'infantry') > caucasus);
      expect([russian(s, 'Russia', 'infantry'), russian(s, 'Russia', 'armour')]).toEqual([1, 0]);
      expect(russian(s, 'Caucasus', 'infantry')).toBe(caucasus + 3);
    },
    120_000,
  );
});
