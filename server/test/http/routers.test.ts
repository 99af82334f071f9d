/** The routers whose other branch the booted server does not show: monitor off, client not built. */
import express from 'express';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { get as httpGet } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compressAnswers } from '../../src/http/compress';
import { clientRouter } from '../../src/http/staticClient';
import { monitorRouter } from '../../src/http/monitor';

let httpServer: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(monitorRouter(undefined));
  app.use(clientRouter('/nonexistent/parlor-client-dist'));
  await new Promise<void>((resolve) => {
    httpServer = app.listen(0, '127.0.0.1', resolve);
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

test('the built client is served gzipped to browsers that take it, cached for good when hashed', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Parlor</title>');
  const script = `console.log(${JSON.stringify('phaser '.repeat(20_000))});`;
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  const app = express();
  app.use(compressAnswers()); // as app.ts mounts it
  app.use(clientRouter(dir));
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets/index-abc123.js`;
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['cache-control']).toContain('immutable');
    expect(raw.body.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(raw.body).toString()).toBe(script);
    // Without Accept-Encoding: the plain file.
    const plain = await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        httpGet(url, { headers: { 'accept-encoding': 'identity' } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ headers: res.headers, body }));
        }).on('error', reject);
      },
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
