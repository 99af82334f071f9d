import { startBanner } from '../../src/http/startBanner';

const base = {
  serverName: 'Kitchen table',
  port: 2567,
  host: '0.0.0.0',
  advertisedUrl: 'http://192.168.1.20:2567',
  discovery: 'mdns' as const,
  printQr: true,
  monitor: false,
};

test('names the server, says how to reach it and draws a QR code of the advertised URL', async () => {
  const text = await startBanner(base);
  expect(text).toContain('Kitchen table is ready.');
  expect(text).toContain('http://localhost:2567');
  expect(text).toContain('Scan to join (http://192.168.1.20:2567)');
  expect(text).toMatch(/[▄▀█]/);
  expect(text).toContain('discovered automatically');
});

test('a single-address HOST, no QR, discovery off and the monitor are all said plainly', async () => {
  const text = await startBanner({
    ...base,
    host: '127.0.0.1',
    advertisedUrl: 'http://127.0.0.1:2567',
    discovery: 'off',
    printQr: false,
    monitor: true,
  });
  expect(text).toContain('Listening on http://127.0.0.1:2567 only (HOST=127.0.0.1).');
  expect(text).toContain('Monitor: http://127.0.0.1:2567/admin/');
  expect(text).toContain('LAN discovery is off');
  expect(text).not.toMatch(/[▄▀█]/);
});
