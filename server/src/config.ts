/**
 * Every setting the server reads from the environment, with its default, in one place.
 * README.md's configuration table mirrors this file.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default('0.0.0.0'),
  SERVER_NAME: z.string().min(1).max(60).default(`Parlor on ${os.hostname()}`),
  ADVERTISE_HOST: z.string().optional(),
  DISCOVERY: z
    .enum(['mdns', 'on', 'true', '1', 'yes', 'off', 'false', '0', 'no'])
    .transform((v): 'mdns' | 'off' => (['mdns', 'on', 'true', '1', 'yes'].includes(v) ? 'mdns' : 'off'))
    .default('mdns'),
  DATA_DIR: z.string().default('./data'),
  HISTORY_LIMIT: z.coerce.number().int().min(0).max(100000).default(200),
  IMPORTED_HISTORY_LIMIT: z.coerce.number().int().min(0).max(100000).default(50),
  TABLES_PER_CLIENT: z.coerce.number().int().min(0).max(100000).default(10),
  TABLES_TOTAL: z.coerce.number().int().min(0).max(100000).default(100),
  REQUEST_MB_PER_CLIENT: z.coerce.number().min(0).max(4096).default(5),
  REQUEST_MB_TOTAL: z.coerce.number().min(0).max(4096).default(32),
  SYNC_WRITES: bool.default(true),
  MONITOR_PASSWORD: z.string().optional(),
  RECONNECT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SPECTATOR_CAP: z.coerce.number().int().min(0).max(1000).default(50),
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(10000).default(900),
  CLIENT_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'a redis:// (or rediss://) URL, e.g. redis://127.0.0.1:6379')
    .optional(),
  PUBLIC_ADDRESS: z
    .string()
    .regex(
      /^(\[[0-9A-Fa-f:.]+\]|[^\s/:[\]]+)(:\d{1,5})?(\/\S*)?$/,
      'host:port as browsers reach this process, without http:// or ws://',
    )
    .optional(),
  QR: bool.default(true),
  START_RETRY_SECONDS: z.coerce.number().int().min(0).max(86400).default(0),
  MEMORY_RELEASE_SECONDS: z.coerce.number().int().min(0).max(86400).default(30),
});

/**
 * Settings for the tests alone (docs/operations.md, "Test-only settings"), apart from EnvSchema: no
 * operator sets them, so the compose file does not pass them (scripts/check-docker.mjs).
 */
const TestEnvSchema = z.object({
  TEST_PACE_SCALE: z.coerce.number().min(0.01).max(1).default(1),
});

export interface ServerConfig {
  port: number;
  host: string;
  serverName: string;
  advertiseHost?: string;
  discovery: 'mdns' | 'off';
  dataDir: string;
  /** Finished matches kept in DATA_DIR/finished (the oldest go first); 0 keeps none. */
  historyLimit: number;
  /**
   * Imported matches kept, apart from historyLimit: imports never push out a match played here.
   * 0 refuses imports.
   */
  importedHistoryLimit: number;
  /**
   * Match files one client may import: a burst of 5, then this many a minute (not an environment
   * setting: a test sets it low so its refusal does not hang on how long five imports take).
   */
  importsPerMinute: number;
  /** Live tables one client (IP address) may have created; 0: no limit. */
  tablesPerClient: number;
  /** Live tables on the server, whoever created them; 0: no limit. */
  tablesTotal: number;
  /** Bytes of request bodies in flight per client (clientKey), and in total; 0: no limit. */
  requestBytesPerClient: number;
  requestBytesTotal: number;
  /**
   * fdatasync each table file before its changes are sent (crash- and power-cut-safe). Off:
   * table files are still written at once (they survive the process being killed), but a power cut may
   * lose the last moves; for slow storage such as SD cards.
   */
  syncWrites: boolean;
  monitorPassword?: string;
  /** Seconds a disconnected player keeps their seat before a bot takes over. */
  reconnectSeconds: number;
  spectatorCap: number;
  /** Think time before a bot acts, so people can follow. */
  botDelayMs: number;
  /** Where the built client lives (served at /). */
  clientDir: string;
  /** Several processes share rooms through this Redis (RedisPresence + RedisDriver). */
  redisUrl?: string;
  /** host:port where browsers reach this process's rooms (scale/cluster.ts supplies the default). */
  publicAddress?: string;
  /** Print a QR code of the address in the terminal at start. */
  printQr: boolean;
  /**
   * DATA_DIR unwritable or PORT taken at start: 0 exits (status 78), N says why once and checks
   * again every N seconds, starting once it is fixed (see startPreflight.ts).
   */
  startRetrySeconds: number;
  /**
   * Seconds the load must stay below its high mark before the heap is compacted and its empty
   * pages given back (see memoryRelease.ts); 0: never.
   */
  memoryReleaseSeconds: number;
  /**
   * Test-only: paced bots' think times, gaps and reading windows (the games' BotPace, and the
   * scheduler's reaction time) are multiplied by this (1: as the games say). Browser tests set it
   * so that bot-paced matches do not wait out windows made for people; it changes no rule, no turn
   * deadline and nothing a client can send.
   */
  paceScale: number;
}

/** An empty variable means "use the default": compose files pass `${VAR:-}` for unset ones. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((kv): kv is [string, string] => kv[1] !== undefined && kv[1].trim() !== ''),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.extend(TestEnvSchema.shape).safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Bad configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    serverName: e.SERVER_NAME,
    advertiseHost: e.ADVERTISE_HOST || undefined,
    discovery: e.DISCOVERY,
    dataDir: path.resolve(e.DATA_DIR),
    historyLimit: e.HISTORY_LIMIT,
    importedHistoryLimit: e.IMPORTED_HISTORY_LIMIT,
    importsPerMinute: 10,
    tablesPerClient: e.TABLES_PER_CLIENT,
    tablesTotal: e.TABLES_TOTAL,
    requestBytesPerClient: Math.round(e.REQUEST_MB_PER_CLIENT * 1024 * 1024),
    requestBytesTotal: Math.round(e.REQUEST_MB_TOTAL * 1024 * 1024),
    syncWrites: e.SYNC_WRITES,
    monitorPassword: e.MONITOR_PASSWORD || undefined,
    reconnectSeconds: e.RECONNECT_SECONDS,
    spectatorCap: e.SPECTATOR_CAP,
    botDelayMs: e.BOT_DELAY_MS,
    clientDir: path.resolve(e.CLIENT_DIR ?? path.join(__dirname, '..', '..', 'client', 'dist')),
    redisUrl: e.REDIS_URL || undefined,
    publicAddress: e.PUBLIC_ADDRESS || undefined,
    printQr: e.QR,
    startRetrySeconds: e.START_RETRY_SECONDS,
    memoryReleaseSeconds: e.MEMORY_RELEASE_SECONDS,
    paceScale: e.TEST_PACE_SCALE,
  };
}

let testDirs = 0;

/**
 * A config for tests: no discovery, no QR, fast bots, no cap on tables per client or in total (a
 * test file's clients are all 127.0.0.1, and create many), a fresh temporary DATA_DIR; override what a test needs.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  // Not created until a table is recorded there.
  const dataDir = overrides.dataDir ?? path.join(os.tmpdir(), `parlor-test-${process.pid}-${++testDirs}`);
  return {
    ...loadConfig({}),
    discovery: 'off',
    printQr: false,
    botDelayMs: 0,
    tablesPerClient: 0,
    tablesTotal: 0,
    ...overrides,
    dataDir,
  };
}
