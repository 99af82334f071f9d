/** The README's configuration table and the compose file must name exactly what config.ts reads. */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function configKeys(): string[] {
  const body =
    /const EnvSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(read('server/src/config.ts'))?.[1] ?? '';
  return [...body.matchAll(/^\s{2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

test('config.ts is parsed as expected', () => {
  expect(configKeys()).toEqual(expect.arrayContaining(['PORT', 'HOST', 'DISCOVERY', 'MONITOR_PASSWORD']));
});

test('the README documents every setting, and only those', () => {
  const rows = [...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
  expect(rows.sort()).toEqual(configKeys().sort());
});

test('the README states the defaults config.ts applies', () => {
  const cfg = loadConfig({});
  const readme = read('README.md');
  const row = (key: string) => new RegExp(`^\\| \`${key}\` \\| ([^|]*) \\|`, 'm').exec(readme)?.[1] ?? '';
  expect(row('PORT')).toContain(String(cfg.port));
  expect(row('HOST')).toContain(cfg.host);
  expect(row('DISCOVERY')).toContain(cfg.discovery);
  expect(row('RECONNECT_SECONDS')).toContain(String(cfg.reconnectSeconds));
  expect(row('SPECTATOR_CAP')).toContain(String(cfg.spectatorCap));
  expect(row('BOT_DELAY_MS')).toContain(String(cfg.botDelayMs));
});

test('empty variables mean the default (compose passes ${VAR:-})', () => {
  const cfg = loadConfig({ PORT: '', SERVER_NAME: '', DISCOVERY: ' ', ADVERTISE_HOST: '' });
  expect(cfg.port).toBe(2567);
  expect(cfg.serverName).toMatch(/^Parlor on /);
  expect(cfg.discovery).toBe('mdns');
  expect(cfg.advertiseHost).toBeUndefined();
  expect(loadConfig({ DISCOVERY: 'false' }).discovery).toBe('off');
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
});
