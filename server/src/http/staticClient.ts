/**
 * The built client (Vite output) at /, with index.html for any other page path so deep links and
 * share links (/t/ABCDE) load the app. When the client is not built, a page says how to build it.
 * Mounted behind compressAnswers() (http/compress.ts), like the API.
 */
import express, { Router } from 'express';
import fs from 'node:fs';
import path from 'node:path';

/** Paths that belong to the server, never to the client app. */
const SERVER_PATHS = /^\/(api|admin|matchmake|__healthcheck)(\/|$)/;

const NOT_BUILT_PAGE = (clientDir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Parlor: client not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>Parlor is running, but the web client is not built</h1>
<p>No <code>index.html</code> was found in <code>${escapeHtml(clientDir)}</code>.</p>
<p>Build it with <code>npm run build</code> (or start with <code>npm start</code>, which builds first),
or point <code>CLIENT_DIR</code> at a built client. The API is up: <a href="/api/info">/api/info</a>.</p>
</body></html>`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function clientRouter(clientDir: string): Router {
  const router = Router();
  const indexFile = path.join(clientDir, 'index.html');

  // Compressed by the app's compressAnswers() (http/compress.ts), ahead of every router.
  router.use(
    express.static(clientDir, {
      index: false,
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: cache them for good.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  router.get(/.*/, (req, res, next) => {
    // A missing file (/assets/gone.js) is a 404, not the app page.
    if (SERVER_PATHS.test(req.path) || path.extname(req.path) !== '') {
      next();
      return;
    }
    // Checked per request, so a client built after the server started is picked up.
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('html').send(NOT_BUILT_PAGE(clientDir));
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
