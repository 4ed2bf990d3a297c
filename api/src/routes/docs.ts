/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the whole API (openapi/document.ts).
 * GET /api/docs/: a browsable reference (Swagger UI from the `swagger-ui-dist` package, served
 * from here: no CDN), and its files under /api/docs/{file}.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { notFound } from '../http/ids';
import { openApiDocument } from '../openapi/document';
import type { ToolRegistry } from '../tools/registry';

/** The files of swagger-ui-dist the page needs, and their types. */
export const DOCS_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Toolbox API reference</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on our document; no validator badge (it would call validator.swagger.io). */
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: true,
});
`;

const A_DAY = 'public, max-age=86400';

export function docsRoutes(registry: ToolRegistry) {
  const assets = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return new Hono<AppEnv>()
    .get('/openapi.json', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(openApiDocument(await registry.all()));
    })
    .get('/docs', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(PAGE);
    })
    .get('/docs/:file', async (c) => {
      const file = c.req.param('file');
      if (file === 'start.js') {
        c.header('Cache-Control', A_DAY);
        return c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      }
      const type = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file] : undefined;
      if (!type) return notFound(c);
      const bytes = await readFile(join(assets, file));
      c.header('Cache-Control', A_DAY);
      return c.body(bytes, 200, { 'Content-Type': type });
    });
}
