/** The routers whose other branch the booted server does not show: monitor off, client not built. */
import express from 'express';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { clientRouter } from '../../src/http/staticClient';
import { monitorRouter } from '../../src/http/monitor';

let httpServer: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(monitorRouter(undefined));
  app.use(clientRouter('/nonexistent/parlor-client-dist'));
  await new Promise<void>((resolve) => {
    httpServer = app.listen(2652, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => httpServer.close(resolve));
});

test('without MONITOR_PASSWORD the monitor does not exist', async () => {
  const res = await fetch(`${base}/admin/`);
  expect(res.status).toBe(404);
  expect(await res.text()).toContain('MONITOR_PASSWORD');
});

test('without a built client, / explains how to build it', async () => {
  const res = await fetch(`${base}/`);
  expect(res.status).toBe(503);
  expect(await res.text()).toContain('npm run build');
});
