/**
 * Frame times of the Tactical Risk map in headless Chromium (software WebGL, so far slower than a
 * laptop's GPU): a five-faction match against bots is started, then the camera pans across the
 * whole world (wrapping) and zooms in and out, one camera step per animation frame; then the same
 * with full unit stacks (a late-game board drawn in: two factions with seven unit types on every land
 * territory, six ship and air types in every sea zone: about 8,400 units in 1,700 chips). Prints the
 * median / 95th percentile frame time and frames per second of each run. Needs `npm run build`.
 * PORT (default 2719), SECONDS per run (default 4).
 *
 * Headless Chromium draws WebGL in software (SwiftShader): there the time goes to sampling the map
 * texture for every screen pixel and to the unit sprites (measured on a loaded 2-core machine: about
 * 80 ms a frame at 1280×800, 17 ms with the map image and stacks hidden). A laptop GPU does the
 * same work in well under a millisecond; the numbers here compare versions, not devices.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { launchBrowser, person, startServer } from '../tests/browser/harness';

const port = Number(process.env.PORT ?? 2719);
const seconds = Number(process.env.SECONDS ?? 4);

/* eslint-disable @typescript-eslint/no-explicit-any */
async function main(): Promise<void> {
  if (!existsSync(path.resolve(__dirname, '..', 'client', 'dist', 'index.html'))) {
    console.log('client/dist is missing: run `npm run build` first');
    return;
  }
  const server = await startServer(port);
  const browser = await launchBrowser();
  try {
    const { page } = await person(browser, 'Bench', { width: 1280, height: 800 });
    await page.goto(`${server.url}/`);
    await page.locator('[data-testid="create-tactical_risk"]').click();
    await page.locator('[data-testid="create-seats"]').selectOption('5');
    await page.locator('[data-testid="create-submit"]').click();
    await page.locator('[data-testid="waiting-room"]').waitFor();
    for (let i = 1; i <= 4; i++) await page.locator(`[data-testid="add-bot-${i}"]`).click();
    await page.locator('[data-testid="start-button"]').click();
    await page.locator('[data-testid="tr-hud"]').waitFor();
    await page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing');
    // Plain JavaScript text: tsx would wrap named functions in a helper the page does not have.
    const measure = `(m, secs) => new Promise((resolve) => {
      const tr = window.__parlor.tacticalRisk;
      const deltas = [];
      const start = performance.now();
      let last = start;
      let i = 0;
      tr.centerOn(1800, 860, m === 'pan-close' ? 1.2 : 0.5);
      function step(now) {
        deltas.push(now - last);
        last = now;
        i++;
        if (m === 'pan' || m === 'pan-close') tr.centerOn(1800 + i * 25, 860 + Math.sin(i / 20) * 200);
        if (m === 'zoom') tr.zoomBy(Math.sin(i / 15) > 0 ? 1.04 : 1 / 1.04);
        if (now - start < secs * 1000) return requestAnimationFrame(step);
        deltas.shift();
        deltas.sort((a, b) => a - b);
        const at = (q) => Math.round(deltas[Math.floor(q * (deltas.length - 1))] * 10) / 10;
        resolve({ frames: deltas.length, median: at(0.5), p95: at(0.95), fps: Math.round((deltas.length * 1000) / (now - start)) });
      }
      requestAnimationFrame(step);
    })`;
    const run = (mode: string) =>
      page.evaluate(`(${measure})(${JSON.stringify(mode)}, ${seconds})`) as Promise<{
        frames: number;
        median: number;
        p95: number;
        fps: number;
      }>;
    // No idle run: a still map sleeps (no frames at all).
    const runs = async (suffix: string) => {
      for (const mode of ['pan', 'pan-close', 'zoom']) {
        const r = await run(mode);
        console.log(
          `${(mode + suffix).padEnd(16)} ${String(r.frames).padStart(4)} frames  median ${r.median} ms  p95 ${r.p95} ms  ${r.fps} fps`,
        );
      }
    };
    // The machine's load goes with the numbers (software WebGL shares the CPU with everything else).
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    await runs('');
    // Late game: the map's stacks as a long game leaves them (the room waits for the bench's move, so
    // no patch redraws the real ones meanwhile).
    const stacks = await page.evaluate(`(() => {
      const mv = window.__parlor.tacticalRisk.scene.mapView;
      const F = ['Russians', 'Germans', 'British', 'Japanese', 'Americans'];
      const LAND = ['infantry', 'artillery', 'armour', 'fighter', 'bomber', 'aaGun', 'factory'];
      const SEA = ['fighter', 'transport', 'submarine', 'destroyer', 'carrier', 'battleship'];
      const territories = {};
      let i = 0;
      let units = 0;
      for (const name of Object.keys(mv.map.territories)) {
        const water = name.endsWith('Sea Zone');
        const stacks = {};
        for (let k = 0; k < 2; k++) {
          const counts = {};
          (water ? SEA : LAND).forEach((t, j) => { counts[t] = 1 + ((i + j + k) % 9); units += counts[t]; });
          stacks[F[(i + k) % 5]] = { counts, ids: [], spent: [] };
        }
        territories[name] = { owner: '', startOwner: '', units: stacks };
        i++;
      }
      mv.setUnits(territories);
      return units;
    })()`);
    console.log(`full stacks: ${String(stacks)} units`);
    await runs(' full');
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

void main();
