/**
 * @colyseus/monitor at /admin, behind basic auth (user `admin`, MONITOR_PASSWORD). Without a
 * password the path does not exist (404): an open monitor would let anyone on the Wi-Fi dispose
 * of rooms.
 */
import { monitor } from '@colyseus/monitor';
import { Router } from 'express';
import { basicAuth } from './basicAuth';

export const MONITOR_PATH = '/admin';
export const MONITOR_USER = 'admin';

export function monitorRouter(password: string | undefined): Router {
  const router = Router();
  if (!password) {
    router.use(MONITOR_PATH, (_req, res) => {
      res.status(404).type('text/plain').send('The monitor is off. Set MONITOR_PASSWORD to enable it.');
    });
    return router;
  }
  router.use(
    MONITOR_PATH,
    (_req, res, next) => {
      // @colyseus/tools allows every origin with credentials; the monitor must not be readable
      // from other sites a logged-in admin happens to visit.
      res.removeHeader('Access-Control-Allow-Origin');
      res.removeHeader('Access-Control-Allow-Credentials');
      next();
    },
    basicAuth(MONITOR_USER, password, 'Parlor monitor'),
    monitor(),
  );
  return router;
}
