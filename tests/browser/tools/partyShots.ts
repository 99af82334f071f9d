/// <reference lib="dom" />
/**
 * Screenshots of one game in party mode (not a test: a tool to look at the TV and the hand views).
 * Run after `npm run build`:
 *
 *   npx tsx tests/browser/tools/partyShots.ts <game> [seconds]
 *
 * Opens the game's party table (the people of its partyScreen test, bots in the other seats), a TV
 * at 1920x1080 and one at 1280x720, and phones at 360x740 in their hand views; the phones play from
 * their legal lists, and every few seconds the screens and phone 0 are shot to
 * test-artifacts/screenshots/shots-<game>-<n>-<size>.png.
 */
import { QUICK_BOTS, byTestId, launchBrowser, person, shoot, startServer } from '../harness';
import { TV, TV_SMALL, openPhone, openTable, playPhones, preferring } from '../partyScreen';

const game = process.argv[2] ?? 'bankout';
const seconds = Number(process.argv[3] ?? 40);

const setups: Record<
  string,
  { options: Record<string, unknown>; seats: number; people: number; hand: boolean; prefer: string[] }
> = {
  bankout: {
    options: { mode: 'blitz', turnSeconds: 30 },
    seats: 2,
    people: 2,
    hand: true,
    prefer: ['discard', 'draw', 'bank'],
  },
  kingpin: {
    options: { turnSeconds: 30 },
    seats: 3,
    people: 3,
    hand: true,
    prefer: ['place', 'ammo', 'pick', 'emergencyDone', 'attack', 'deploy', 'pass'],
  },
  devices: {
    options: { botPace: 'quick', ndaySeconds: 10, nweeks: 1 },
    seats: 3,
    people: 3,
    hand: true,
    prefer: ['startClock', 'vote', 'purchase', 'pass'],
  },
  'james-bland': {
    options: { roundLimit: 3 },
    seats: 4,
    people: 3,
    hand: true,
    prefer: ['banner', 'showdown', 'plan', 'ready', 'escape'],
  },
  'tactical-risk': {
    options: { botPace: 'quick', roundLimit: 2 },
    seats: 3,
    people: 3,
    hand: false,
    prefer: ['draft', 'casualties', 'press', 'fight', 'retreat', 'endPhase'],
  },
};

async function main(): Promise<void> {
  const setup = setups[game]!;
  const server = await startServer(2990, QUICK_BOTS);
  const browser = await launchBrowser();
  try {
    const { roomId, tokens } = await openTable(server.url, game, setup.options, setup.seats, setup.people);
    const tv = await person(browser, 'TV', TV);
    await tv.page.goto(`${server.url}/#/screen/${encodeURIComponent(roomId)}`);
    const small = await tv.context.newPage();
    await small.setViewportSize(TV_SMALL);
    await small.goto(`${server.url}/#/screen/${encodeURIComponent(roomId)}`);
    const phones = await Promise.all(tokens.map((t, i) => openPhone(browser, server.url, roomId, t, i)));
    const pages = phones.map((p) => p.page);
    if (setup.hand)
      for (const p of pages) {
        await byTestId(p, 'hand-toggle').click();
        await byTestId(p, 'hand-view').waitFor();
      }
    let n = 0;
    let last = 0;
    await playPhones(
      pages,
      preferring(setup.prefer),
      seconds * 1000,
      async () => {
        if (Date.now() - last < 6000) return;
        last = Date.now();
        n++;
        await shoot(tv.page, `shots-${game}-${n}-1920`);
        await shoot(small, `shots-${game}-${n}-1280`);
        await shoot(pages[0]!, `shots-${game}-${n}-360`);
        console.log(`shot ${n}: ${await tv.page.locator('[data-testid="screen-turn"]').textContent()}`);
      },
      undefined,
      game === 'devices',
    );
    await shoot(tv.page, `shots-${game}-end-1920`);
    await shoot(small, `shots-${game}-end-1280`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
