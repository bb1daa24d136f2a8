import type { FastifyInstance } from 'fastify';
import { publicFile } from './public-files';
import { serveFile } from './sandbox-app';

/** The courier's and the eSIM service's stylesheet (fulfilment/public/sandbox.css), served as /assets/sandbox.css. */
export const FULFILMENT_CSS = publicFile('fulfilment', 'sandbox.css');

/** Pages are never cached; their other headers (nothing inline, only their own stylesheet, forms to themselves, no framing) are every sandbox's (headers.ts). */
export const FULFILMENT_PAGE_HEADERS = { 'cache-control': 'no-store' } as const;

/** What the two fulfilment sandboxes (the courier, the eSIM service) both serve: GET /health and their stylesheet. */
export function fulfilmentCommonRoutes(app: FastifyInstance): void {
  app.get('/health', async () => ({ status: 'ok' }));
  serveFile(app, '/assets/sandbox.css', FULFILMENT_CSS, 'text/css', 'public, max-age=300');
}
