import path from 'node:path';
import express from 'express';
import helmet from 'helmet';

// The API reference at /api/docs: Swagger UI (swagger-ui-dist, installed with the server)
// rendering the document of /api/v1/openapi.json. Everything the page loads is served
// from here, and its Content-Security-Policy allows nothing else: helmet's default one
// also lets styles and fonts come from any https origin, which this page never needs.

export const API_DOCS_PATH = '/api/docs';

const swaggerUi = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page uses, by the name it asks for them. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'];

const page = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Casebook API reference</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the policy allows scripts from this server only. No
// validator badge (Swagger UI would send the document's address to its online validator).
const init = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export function apiDocs(): express.Router {
  const router = express.Router();
  router.use(
    helmet.contentSecurityPolicy({
      directives: { styleSrc: ["'self'", "'unsafe-inline'"], fontSrc: ["'self'", 'data:'], connectSrc: ["'self'"] },
    }),
  );
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.type('html').send(page);
  });
  router.get('/init.js', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.type('js').send(init);
  });
  for (const name of ASSETS) {
    // Not content-hashed names: kept a day, revalidated by the ETag the static server gives them.
    router.get(`/${name}`, (_req, res) => res.sendFile(path.join(swaggerUi, name), { maxAge: '1d' }));
  }
  return router;
}
