import fs from 'node:fs';
import path from 'node:path';
import express, { type Request } from 'express';
import type { Db } from '../db/client';
import { authenticate } from '../auth/authenticate';
import { loginUrl } from '../auth/return-path';
import { sendError } from './envelope';

/** Where `npm run web:build` (run at npm install) writes the web app. */
export const WEB_DIST = path.resolve(__dirname, '../../web/dist');

// Paths the server answers itself; every other HTML GET is a client-side route of the app.
const SERVER_PATHS = /^\/(?:(?:api|auth)(?:\/|$)|(?:login|logout|healthz|readyz)\/?$)/;

/** A browser navigation: it asks for HTML by name (fetch and API clients don't). */
const isAppNavigation = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && !SERVER_PATHS.test(req.path) && (req.headers.accept ?? '').includes('text/html');

/**
 * The built web app: hashed assets cached for a year, index.html never without revalidation,
 * and index.html for every client-side route (deep links survive a reload). Without a session
 * the app's routes redirect to /login before any script loads.
 */
export function webApp(db: Db, dist = WEB_DIST): express.Router {
  const router = express.Router();
  const index = path.join(dist, 'index.html');
  // Vite names assets by content hash: a changed file is a new URL.
  router.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  router.use('/assets', (_req, res) => sendError(res, 'not_found', 'Asset not found'));
  // The app's icon (web/public), cached for a day: browsers ask for /favicon.ico on any page,
  // the login pages included, whether or not the page names an icon.
  for (const icon of ['favicon.ico', 'favicon.svg']) {
    router.get(`/${icon}`, (_req, res) =>
      res.sendFile(path.join(dist, icon), { maxAge: '1d' }, (err) => {
        if (err && !res.headersSent) sendError(res, 'not_found', 'Icon not found');
      }),
    );
  }
  router.use(async (req, res, next) => {
    if (!isAppNavigation(req)) return next();
    const principal = await authenticate(db, req);
    // Back to this page once signed in (a reload after the session ended keeps its place).
    if (principal?.via !== 'session') return res.redirect(loginUrl(req.originalUrl));
    if (!fs.existsSync(index)) {
      return res.status(503).type('text').send('The web app is not built: run `npm run web:build` (npm install does it).');
    }
    res.set('Cache-Control', 'no-cache');
    res.sendFile(index, { cacheControl: false });
  });
  return router;
}
