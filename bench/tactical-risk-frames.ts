/**
 * Frame times of the Tactical Risk map in headless Chromium (software WebGL, so far slower than a
 * laptop's GPU): a five-faction match against bots is started, then the camera pans across the
 * whole world (wrapping) zoomed right out (`pan-far`), at zoom 0.5 (`pan`) and 1.2 (`pan-close`), and
 * zooms in and out, one camera step per animation frame; then the same with full unit stacks (a
 * late-game board drawn in: two factions with seven unit types on every land territory, six ship and
 * air types in every sea zone: about 8,400 units in 1,700 chips). Needs `npm run build`.
 *
 * Each run prints the wall frame time (between animation frames: median, 95th percentile, fps) and
 * the JavaScript time (Phaser's step from its pre-step to its post-render event: the scene's update,
 * the display-list walk and the WebGL calls; per step and per wall frame). The rest of a frame is the
 * GPU process rasterising in software and the compositor. Each mode runs the legacy drawing of the
 * baked map (full / half-size bake, blended) and the current one (full / half / quarter-size levels,
 * drawn opaque) in turn, REPEAT times, and prints their mean frame times and ratio.
 * PORT (default 2719), SECONDS per run (default 4), VIEWPORT (default 1280x800), MODES (comma list),
 * REPEAT (default 1), NEAREST=1 (the current path samples the smaller levels nearest-texel).
 * Not a test: the numbers depend on the machine and its load (printed with them).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { launchBrowser, person, startServer } from '../tests/browser/harness';

const port = Number(process.env.PORT ?? 2719);
const seconds = Number(process.env.SECONDS ?? 4);
/** The window, e.g. VIEWPORT=1920x1080 (default 1280x800). */
const [vw, vh] = (process.env.VIEWPORT ?? '1280x800').split('x').map(Number) as [number, number];
/** Camera runs (default all four) and how many times each pair runs. */
const modes = (process.env.MODES ?? 'pan-far,pan,pan-close,zoom').split(',');
const repeat = Number(process.env.REPEAT ?? 1);
/** NEAREST=1: the current path samples the smaller levels nearest-texel (an experiment, off by default). */
const nearest = process.env.NEAREST === '1';

/* eslint-disable @typescript-eslint/no-explicit-any */
async function main(): Promise<void> {
  if (!existsSync(path.resolve(__dirname, '..', 'client', 'dist', 'index.html'))) {
    console.log('client/dist is missing: run `npm run build` first');
    return;
  }
  const server = await startServer(port);
  const browser = await launchBrowser();
  try {
    const { page } = await person(browser, 'Bench', { width: vw, height: vh });
    await page.goto(`${server.url}/`);
    await page.locator('[data-testid="create-tactical-risk"]').click();
    await page.locator('[data-testid="create-seats"]').selectOption('5');
    await page.locator('[data-testid="create-submit"]').click();
    await page.locator('[data-testid="waiting-room"]').waitFor();
    for (let i = 1; i <= 4; i++) await page.locator(`[data-testid="add-bot-${i}"]`).click();
    await page.locator('[data-testid="start-button"]').click();
    await page.locator('[data-testid="tr-hud"]').waitFor();
    await page.waitForFunction(() => (window as any).__parlor?.table?.snapshot()?.status === 'playing');
    // Plain JavaScript text: tsx would wrap named functions in a helper the page does not have.
    // Wall time: between animation frames. JavaScript time: Phaser's step from its pre-step to its
    // post-render event (the scene's update, the display list walk, the WebGL calls issued); the rest
    // of a frame goes to the GPU process (SwiftShader rasterising) and the compositor.
    const measure = `(m, secs, drawing) => new Promise((resolve) => {
      const tr = window.__parlor.tacticalRisk;
      tr.drawing(drawing);
      const game = tr.game;
      const deltas = [];
      const js = [];
      let t0 = 0;
      const pre = () => { t0 = performance.now(); };
      const post = () => { if (t0) js.push(performance.now() - t0); t0 = 0; };
      game.events.on('prestep', pre);
      game.events.on('postrender', post);
      const start = performance.now();
      let last = start;
      let i = 0;
      tr.centerOn(1800, 860, m === 'pan-close' ? 1.2 : m === 'pan-far' ? 0.01 : 0.5);
      function step(now) {
        deltas.push(now - last);
        last = now;
        i++;
        if (m === 'pan' || m === 'pan-close' || m === 'pan-far') tr.centerOn(1800 + i * 25, 860 + Math.sin(i / 20) * 200);
        if (m === 'zoom') tr.zoomBy(Math.sin(i / 15) > 0 ? 1.04 : 1 / 1.04);
        if (now - start < secs * 1000) return requestAnimationFrame(step);
        game.events.off('prestep', pre);
        game.events.off('postrender', post);
        deltas.shift();
        const q = (xs, p) => { const s = xs.slice().sort((a, b) => a - b); return Math.round(s[Math.floor(p * (s.length - 1))] * 10) / 10; };
        const sum = (xs) => xs.reduce((a, b) => a + b, 0);
        resolve({
          frames: deltas.length,
          median: q(deltas, 0.5),
          p95: q(deltas, 0.95),
          fps: Math.round((deltas.length * 1000) / (now - start)),
          steps: js.length,
          jsMedian: q(js, 0.5),
          // JavaScript time per wall frame: all the steps' time over the frames.
          jsPerFrame: Math.round((sum(js) / Math.max(1, deltas.length)) * 10) / 10,
          zoom: Math.round(tr.zoom() * 100) / 100,
        });
      }
      requestAnimationFrame(step);
    })`;
    interface Result {
      frames: number;
      median: number;
      p95: number;
      fps: number;
      steps: number;
      jsMedian: number;
      jsPerFrame: number;
      zoom: number;
    }
    const run = (mode: string, drawing: Record<string, boolean>) =>
      page.evaluate(
        `(${measure})(${JSON.stringify(mode)}, ${seconds}, ${JSON.stringify(drawing)})`,
      ) as Promise<Result>;
    // Each mode runs the legacy drawing (full / half-size bake, blended) and the current one in
    // turn, so both see the same machine load; the ratio is legacy over current median frame time.
    const paths: [string, Record<string, boolean>][] = [
      ['legacy', { legacy: true }],
      ['current', { legacy: false, nearest }],
    ];
    const line = (label: string, r: Result) =>
      `${label.padEnd(28)} ${String(r.frames).padStart(4)} frames  wall median ${String(r.median).padStart(5)} ms  p95 ${String(r.p95).padStart(5)} ms  ${String(r.fps).padStart(3)} fps   js/step median ${String(r.jsMedian).padStart(4)} ms  js/frame ${String(r.jsPerFrame).padStart(4)} ms  (zoom ${r.zoom})`;
    // No idle run: a still map sleeps (no frames at all).
    const runs = async (suffix: string) => {
      for (const mode of modes) {
        const got: Result[][] = [[], []];
        for (let k = 0; k < repeat; k++)
          for (const [i, [name, drawing]] of paths.entries()) {
            const r = await run(mode, drawing);
            got[i]!.push(r);
            console.log(line(`${mode}${suffix} ${name}`, r));
          }
        // Mean frame time over the repeats (frame times are whole vsync intervals: medians are coarse).
        const mean = (rs: Result[]) => rs.reduce((n, r) => n + 1000 / r.fps, 0) / rs.length;
        const js = (rs: Result[]) => rs.reduce((n, r) => n + r.jsPerFrame, 0) / rs.length;
        const [a, b] = got as [Result[], Result[]];
        console.log(
          `${`${mode}${suffix}`.padEnd(28)} mean frame legacy ${mean(a).toFixed(1)} ms, current ${mean(b).toFixed(1)} ms: legacy/current ${(mean(a) / mean(b)).toFixed(2)};  js/frame ${js(a).toFixed(1)} / ${js(b).toFixed(1)} ms`,
        );
      }
    };
    // The machine's load goes with the numbers (software WebGL shares the CPU with everything else).
    console.log(
      `${vw}x${vh}, load average ${loadavg()
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
