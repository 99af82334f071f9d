/** HTTP basic auth for one user, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export function basicAuth(user: string, password: string, realm: string): RequestHandler {
  const expected = digest(`${user}:${password}`);
  return (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    const given = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    if (match && timingSafeEqual(digest(given), expected)) {
      next();
      return;
    }
    res.set('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
    res.status(401).type('text/plain').send('Authentication required.');
  };
}
