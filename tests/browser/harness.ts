/// <reference lib="dom" />
/**
 * Browser test harness: a real, built server process on loopback and Debian's chromium driven by
 * playwright-core (never a downloaded browser). Screenshots go to test-artifacts/screenshots/.
 *
 * Ports: a test file names its server by a number of its own (`const PORT = 27xx`), but the server
 * listens on a free port the system picks (`server.url`, `server.ws`): browser test files run side
 * by side, and beside the room tests' fixed ports, without clashing. Reach the server through
 * `server.url`/`server.ws`, never `127.0.0.1:${PORT}`.
 *
 * Bots: `useServerAndBrowser(PORT, { env: QUICK_BOTS })` runs paced bots (a market's clock, a planning game's
 * Adaptation) ten times faster: think times, gaps and reading windows shrink (TEST_PACE_SCALE, see
 * docs/operations.md), and other bots move after 40 ms instead of the harness's 150 (BOT_DELAY_MS);
 * rules and turn deadlines do not change. Use it when the test waits for bots and not on their
 * pace; server/test/rooms/*Pace.test.ts prove the real windows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = path.resolve(__dirname, '..', '..');
export const screenshotDir = path.join(root, 'test-artifacts', 'screenshots');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Without the browser every browser test fails here, saying how to install it: a machine that
 * lacks it must not pass `npm test` by skipping them (the `existsSync(CHROMIUM)` guards in the
 * test files never get to skip).
 */
export const MISSING_CHROMIUM =
  `Chromium is not installed at ${CHROMIUM}; the browser tests drive it. Install it with ` +
  '`sudo apt-get install chromium` (Debian, Ubuntu), or set CHROMIUM_PATH to a Chromium binary.';
if (!existsSync(CHROMIUM)) throw new Error(MISSING_CHROMIUM);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Which renderer Phaser gets. Without a GPU, Chromium's WebGL is SwiftShader, which renders on the
 * CPU: three pages of software WebGL on two cores made a whole Bankout match through the UI take
 * almost 3 minutes, against 25 s with the canvas renderer (the same scenes; Phaser.AUTO falls back
 * to it when WebGL is unavailable, as on some old phones). So the browser tests draw with canvas,
 * renderers.test.ts proves both renderers draw a table, and BROWSER_WEBGL=1 runs every browser
 * test on WebGL.
 */
export type Renderer = 'canvas' | 'webgl';
const defaultRenderer: Renderer = process.env.BROWSER_WEBGL === '1' ? 'webgl' : 'canvas';

/**
 * The test pages get at most BROWSER_FRAME_RATE animation frames a second: 10 unless set (0: the
 * browser's own rate). Chromium spends most of a browser test's CPU time (bankout.test: 89%, the
 * server 3%). A still table draws nothing since client/src/app/drawGate.ts, but a table where bots
 * move draws on; at 10 frames bankout.test used 29% less CPU (98 s vs 138, whole process tree), and
 * every file tried passed at 10 as at full rate. The same scenes, tweens and layouts, reached in
 * fewer frames (Phaser steps by elapsed time). A test about frames (a board keeping up, a click's
 * latency) keeps the browser's own rate: `fullFrameRate`.
 */
const FRAME_RATE = Number(process.env.BROWSER_FRAME_RATE ?? 10);
/** Browsers launched for a test about frames (see FRAME_RATE). */
const fullRateBrowsers = new WeakSet<Browser>();

/**
 * Runs the page's requestAnimationFrame callbacks at most `hz` times a second (an init script: it
 * replaces the page's own before any of its code runs). Callbacks keep their order and
 * cancelAnimationFrame still works; one that throws is reported as the page's error.
 */
function throttleFrames(hz: number): void {
  const native = window.requestAnimationFrame.bind(window);
  const waiting = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  let last = -Infinity;
  let armed = false;
  const flush = (t: number): void => {
    const wait = last + 1000 / hz - 2 - t;
    if (wait > 0) {
      // Not yet: sleep most of the wait (asking for every native frame meanwhile kept the page's
      // compositor ticking at full rate), then take the next native frame.
      if (wait > 20) setTimeout(() => native(flush), wait - 18);
      else native(flush);
      return;
    }
    armed = false;
    last = t;
    const due = [...waiting.values()];
    waiting.clear();
    for (const cb of due)
      try {
        cb(t);
      } catch (e) {
        setTimeout(() => {
          throw e;
        });
      }
  };
  window.requestAnimationFrame = (cb) => {
    const id = nextId++;
    waiting.set(id, cb);
    if (!armed) {
      armed = true;
      native(flush);
    }
    return id;
  };
  window.cancelAnimationFrame = (id) => void waiting.delete(id);
}

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>, for colyseus clients of the test's own. */
  ws: string;
  stop(): Promise<void>;
}

/**
 * BROWSER_PHASES=1 prints each step's time since the file began (server start, browser launch, page
 * loads, each test's start and end, and any `phase(...)` a test adds): to find where a slow file waits.
 */
const PHASES = process.env.BROWSER_PHASES === '1';
const fileStart = Date.now();
export function phase(what: string): void {
  if (PHASES) process.stderr.write(`[${((Date.now() - fileStart) / 1000).toFixed(1)} s] ${what}\n`);
}
// (Jest's hooks: the harness also serves scripts run outside jest, tests/browser/tools/.)
if (PHASES && typeof beforeEach === 'function') {
  beforeEach(() => phase(`test: ${expect.getState().currentTestName}`));
  afterEach(() => phase('test ends'));
}

/** Bots that get on with it (see the header): pass as `env` to useServerAndBrowser or startServer. */
export const QUICK_BOTS: Readonly<Record<string, string>> = { TEST_PACE_SCALE: '0.1', BOT_DELAY_MS: '40' };

/** A port nothing listens on now, from the system's ephemeral range (never the room tests' fixed ones). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real port behind each file's named one: the same for a restart on the same name. */
const ports = new Map<number, number>();

/**
 * Starts server/dist/index.js (built by `npm run build`) with discovery off, on a free port behind
 * the named one (see the header). Its DATA_DIR is a new temporary folder, removed on stop, unless
 * `env.DATA_DIR` names one (kept: a restart test starts a second server on the first one's data,
 * under the same name, so on the same port).
 */
export async function startServer(
  name: number,
  env: Record<string, string> = {},
  /** Another built entry (a test's own server, see server/test/helpers/builtServer.ts). */
  entry = path.join(root, 'server', 'dist', 'index.js'),
): Promise<RunningServer> {
  const known = ports.get(name);
  if (known !== undefined) return startOn(known, env, entry);
  // Another process may take the free port before the server listens: then try another one.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    ports.set(name, port);
    try {
      return await startOn(port, env, entry);
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

async function startOn(port: number, env: Record<string, string>, entry: string): Promise<RunningServer> {
  if (!existsSync(entry)) throw new Error('server/dist/index.js is missing: run `npm run build` first');
  if (!existsSync(path.join(root, 'client', 'dist', 'index.html')))
    throw new Error('client/dist is missing: run `npm run build` first');
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'parlor-browser-'));
  const name = `Parlor test ${port}.${process.pid}`;
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DISCOVERY: 'off',
      QR: 'false',
      DATA_DIR: dataDir,
      BOT_DELAY_MS: '150',
      // A name of its own, so that the start-up check below tells this server from another one
      // already listening on the port (a stale server would otherwise be tested instead).
      SERVER_NAME: name,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // As long as the process lives: it starts in about a second of CPU, which a machine this busy can
  // stretch past half a minute (a server that cannot listen exits at once, and another port is tried).
  const until = Date.now() + 150_000;
  for (;;) {
    const ok = await fetch(`${url}/api/info`)
      .then(async (r) => r.ok && ((await r.json()) as { name?: string }).name === (env.SERVER_NAME ?? name))
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until || child.exitCode !== null) {
      child.kill('SIGKILL');
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    ws: url.replace(/^http/, 'ws'),
    stop: async () => {
      child.kill('SIGTERM');
      // A kept DATA_DIR gets a clean shutdown (tables saved, heartbeat stopped) within 10 s; a
      // temporary one 300 ms, as before.
      const waits = ownDataDir ? 3 : 100;
      for (let i = 0; i < waits && child.exitCode === null && child.signalCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(
  renderer: Renderer = defaultRenderer,
  /** The browser's own frame rate in its pages, whatever BROWSER_FRAME_RATE says (a test about frames). */
  fullFrameRate = false,
): Promise<Browser> {
  // playwright gives every launch a fresh temporary profile (the --user-data-dir of STACK.md).
  const args = renderer === 'canvas' ? [...CHROMIUM_ARGS, '--disable-webgl'] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args });
  if (fullFrameRate) fullRateBrowsers.add(browser);
  return browser;
}

/** A person at their own browser: a separate context (own localStorage) with a remembered name. */
export async function person(
  browser: Browser,
  name: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500 });
  // Tools run under tsx, whose compiler names inner functions through a `__name` helper the page
  // lacks ("__name is not defined" in throttleFrames): give the page a no-op one.
  await context.addInitScript({ content: 'window.__name = window.__name || ((f) => f);' });
  if (FRAME_RATE > 0 && !fullRateBrowsers.has(browser))
    await context.addInitScript(throttleFrames, FRAME_RATE);
  await context.addInitScript((n) => {
    if (!localStorage.getItem('parlor.name')) localStorage.setItem('parlor.name', n);
  }, name);
  const page = await context.newPage();
  if (PHASES) {
    page.on('domcontentloaded', () => phase(`[${name}] page loaded: ${page.url()}`));
    page.on('load', () => phase(`[${name}] page ready (load)`));
  }
  page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.message}`));
  return { context, page };
}

export async function shoot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/**
 * For a describe block: a server named `port` (see the header) and a browser, started before its
 * tests, stopped after. `options.env` adds to the server's environment (e.g. QUICK_BOTS).
 */
export function useServerAndBrowser(
  port: number,
  options:
    | Renderer
    | {
        renderer?: Renderer;
        env?: Record<string, string>;
        /**
         * A test run again (retry.ts) gets a new server on a new DATA_DIR: for a test that needs the
         * server as it started (an empty history), which its failed try has changed.
         */
        freshServerOnRetry?: boolean;
        /** The browser's own frame rate in its pages (a test about frames: see FRAME_RATE). */
        fullFrameRate?: boolean;
        /**
         * Another server entry, built in beforeAll (buildServerEntry: the real app with a test's
         * own room, e.g. a fixed deal); it serves the built client/dist.
         */
        entry?: () => string;
      } = {},
): { server: RunningServer; browser: Browser } {
  const {
    renderer = defaultRenderer,
    env: givenEnv = {},
    freshServerOnRetry = false,
    fullFrameRate = false,
    entry: buildEntry,
  } = typeof options === 'string' ? { renderer: options } : options;
  const serverEnv = buildEntry ? { CLIENT_DIR: path.join(root, 'client', 'dist'), ...givenEnv } : givenEnv;
  let entry: string | undefined;
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    // Side by side: the browser starts while the server does.
    phase('server and browser start');
    entry = buildEntry?.();
    const [server, browser] = await Promise.allSettled([
      startServer(port, serverEnv, entry).finally(() => phase('server ready')),
      launchBrowser(renderer, fullFrameRate).finally(() => phase('browser ready')),
    ]);
    // Whatever started is kept for afterAll to stop, even if the other failed.
    if (server.status === 'fulfilled') env.server = server.value;
    if (browser.status === 'fulfilled') env.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  }, 240_000);
  if (freshServerOnRetry) {
    const tried = new Set<string>();
    beforeEach(async () => {
      const test = expect.getState().currentTestName ?? '';
      if (tried.has(test)) {
        phase('a new server for the retry');
        await env.server?.stop();
        ports.delete(port); // a free port of its own: the old one may linger a moment
        env.server = await startServer(port, serverEnv, entry);
      }
      tried.add(test);
    }, 240_000);
  }
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Clicks a visible, enabled control (no frame-based "stable" wait: software rendering is slow here).
 * Waits up to 30 s for it to show (a first page's code on a busy machine), 10 s more to be enabled.
 */
export async function press(page: Page, testid: string): Promise<void> {
  const c = byTestId(page, testid).first();
  await c.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(
    (id) => !(document.querySelector(`[data-testid="${id}"]`) as HTMLButtonElement | null)?.disabled,
    testid,
    { timeout: 10_000, polling: 50 },
  );
  await c.click({ force: true });
}

/**
 * Waits for `n` animation frames of the page (the scene draws a step of any move in each), or 3 s
 * (a page that draws no frames).
 */
export async function frames(page: Page, n = 2): Promise<void> {
  await page.evaluate(
    (k) =>
      new Promise<void>((done) => {
        setTimeout(done, 3000);
        const step = (left: number) => (left > 0 ? requestAnimationFrame(() => step(left - 1)) : done());
        step(k);
      }),
    n,
  );
}

/**
 * `read` once two reads agree that are two animation frames and at least 100 ms apart: a scene laid
 * out again (a turn starting, a prompt, a scroll) moves things over several frames, and on a busy
 * machine a frame can take longer than any fixed pause. Up to `timeoutMs`, then the last read.
 */
export async function settled<T>(page: Page, read: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let at = JSON.stringify(await read());
  while (Date.now() < until) {
    await Promise.all([frames(page), new Promise((r) => setTimeout(r, 100))]);
    const again = JSON.stringify(await read());
    if (again === at) break;
    at = again;
  }
  return JSON.parse(at) as T;
}

/**
 * Opens the lobby's create dialog for `game`. The button fetches the game's code before the dialog
 * shows (`aria-busy` meanwhile): on a busy machine that can take far longer than a click's timeout,
 * so this waits for the dialog as long as the button says it is coming, and presses again only when
 * the click was lost (neither busy nor open a moment later).
 */
export async function openCreateDialog(page: Page, game: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await press(page, `create-${game}`);
    const state = (wait: 'started' | 'done') =>
      page.waitForFunction(
        ([id, until]) => {
          if (document.querySelector('[data-testid="create-dialog"]')) return 'open';
          const busy = document.querySelector(`[data-testid="create-${id}"]`)?.getAttribute('aria-busy');
          return until === 'started' ? (busy === 'true' ? 'busy' : false) : busy !== 'true' && 'idle';
        },
        [game, wait] as const,
        { timeout: wait === 'started' ? 3000 : 120_000, polling: 50 },
      );
    const started = await state('started').then(
      async (h) => (await h.jsonValue()) as string,
      () => 'lost',
    );
    if (started === 'open') return;
    if (started === 'busy' && (await (await state('done')).jsonValue()) === 'open') return;
    if (attempt === 3) throw new Error(`the create dialog for ${game} did not open`);
    console.log(`create-${game}: the dialog did not open (${started}); pressing again`);
  }
}

/**
 * From the lobby: a table of `game` for `seats` created (with `options` set in the dialog first, if
 * given), every other seat an AI of the default level, and the match started.
 */
export async function startAgainstBots(
  page: Page,
  game: string,
  seats: number,
  options?: (page: Page) => Promise<void>,
): Promise<void> {
  await openCreateDialog(page, game);
  await byTestId(page, 'create-seats').selectOption(String(seats));
  await options?.(page);
  await byTestId(page, 'create-submit').click();
  await byTestId(page, 'waiting-room').waitFor();
  for (let seat = 1; seat < seats; seat++) await byTestId(page, `add-bot-${seat}`).click();
  await byTestId(page, 'start-button').click();
}
