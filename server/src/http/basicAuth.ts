/**
 * HTTP basic auth for one user, compared in constant time. Wrong credentials cost the client (its
 * IP address) a token: past a few, every attempt is refused with 429 TOO_MANY_ATTEMPTS before the
 * password is even looked at, so guessing goes at a few tries a minute, not thousands a second.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ClientRate, clientKey, sendRefusal } from './clientLimits';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export interface AuthLimits {
  /** Wrong attempts a client may make at once, then `perMinute`. */
  burst: number;
  perMinute: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { burst: 5, perMinute: 5 };

export function basicAuth(
  user: string,
  password: string,
  realm: string,
  limits: AuthLimits = DEFAULT_AUTH_LIMITS,
): RequestHandler {
  const expected = digest(`${user}:${password}`);
  const failures = new ClientRate(limits.burst, limits.perMinute);
  return (req, res, next) => {
    const ip = clientKey(req);
    if (failures.exhausted(ip)) {
      sendRefusal(res, {
        status: 429,
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Too many wrong passwords: wait a minute before trying again.',
        retryAfter: failures.secondsPerToken,
      });
      return;
    }
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    const given = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    if (match && timingSafeEqual(digest(given), expected)) {
      next();
      return;
    }
    // Asking without credentials (a browser's first request, to get the prompt) costs nothing.
    if (header) failures.take(ip);
    res.set('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
    res.status(401).type('text/plain').send('Authentication required.');
  };
}
