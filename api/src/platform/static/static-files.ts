import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteManifests } from './remotes';
import { bootPage, type BootContent } from './boot-page';
import { loadFirstScreen } from './first-screen';
import { isCurrentEntry } from './entry-version';

/**
 * Serves the built host at / and each remote at /mfe/<name>/, plus /remotes.json. Hashed
 * assets are cached for a year; everything unhashed (index.html, mf-manifest.json,
 * remoteEntry.js) is revalidated on every load, so a redeploy shows at once. A missing dist
 * folder is logged and skipped: the API still starts.
 */
export interface StaticConfig {
  /** The host's build output, served at /. */
  hostDir: string;
  /** Remote name -> its build output, served at /mfe/<name>/. */
  remoteDirs: Readonly<Record<string, string>>;
}

export interface HtmlFallback {
  /** Answers with the host's index.html when the request is a page navigation; false otherwise. */
  handle(request: FastifyRequest, reply: FastifyReply): boolean;
}

// A content hash of 8+ hex digits as a name segment: main.371a70a7.js, 160.01153bf4.js.map.
const HASHED = /[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$/i;
const NOT_A_PAGE = /^\/(api|mfe)(\/|$)/;
const YEAR_S = 365 * 24 * 3600;
const IMMUTABLE = `public, max-age=${YEAR_S}, immutable`;

/** A source map (.map, or its precompressed .map.gz / .map.br). */
export function isSourceMap(path: string): boolean {
  return /\.map(\.(gz|br))?$/i.test(path.split('?')[0] ?? '');
}

/**
 * The page (index.html) is never stored: neither in the HTTP cache nor in the back/forward cache,
 * so a shop device's Back after a wipe cannot show the last customer's screen (browsers keep no
 * page answered `no-store` in the back/forward cache). Hashed assets are immutable for a year; the
 * rest is revalidated.
 */
export const PAGE_CACHE_CONTROL = 'no-store';

export function cacheControlFor(file: string): string {
  const name = basename(file);
  if (name.endsWith('.html')) return PAGE_CACHE_CONTROL;
  return HASHED.test(name) ? IMMUTABLE : 'no-cache';
}

const setHeaders = (res: { setHeader(name: string, value: string): unknown; req?: { url?: string } }, file: string): void => {
  // A remoteEntry asked for by its version (entry-version.ts) is as immutable as a hashed file.
  res.setHeader('cache-control', isCurrentEntry(res.req?.url, file) ? IMMUTABLE : cacheControlFor(file));
};

/** An immutable answer's validators and range hint, removed (registerStaticFiles: the static routes' onSend). */
export function dropImmutableValidators(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  if (reply.getHeader('cache-control') === IMMUTABLE) {
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    reply.removeHeader('accept-ranges');
  }
  done(null, payload);
}

/** A navigation: an HTML GET that is not the API, a remote asset or a file name. */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  const last = path.split('/').pop() ?? '';
  return !NOT_A_PAGE.test(path) && !last.includes('.') && (request.headers.accept ?? '').includes('text/html');
}

/** What the page carries for its first screen (boot-page.ts); without it index.html is served as built. */
export interface PageBoot {
  content: BootContent;
  /** The remote of the flow's first step, whose first download the page preloads. */
  firstRemote: string | null;
}

export async function registerStaticFiles(
  app: FastifyInstance,
  config: StaticConfig,
  manifests: RemoteManifests,
  log: FastifyBaseLogger,
  boot?: PageBoot,
): Promise<HtmlFallback | null> {
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return manifests;
  });

  // The static files' routes (added below by @fastify/static) drop what an immutable answer never
  // uses: its validators (ETag, Last-Modified: it is never asked again) and the Accept-Ranges hint.
  // About 0.1 KiB of headers a file, on every file of a first visit's download (issue 28: what the
  // consent panel's chunk costs the first download is paid for here). The API's routes are left alone.
  app.addHook('onRoute', (route) => {
    if (route.url !== '/*' && !/^\/mfe\/[^/]+\/\*$/.test(route.url)) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, dropImmutableValidators];
  });

  let decorated = false;
  const serve = async (root: string, prefix: string, what: string): Promise<boolean> => {
    if (!existsSync(root)) {
      log.warn(`${what}: ${root} does not exist (not built yet?); ${prefix} is not served`);
      return false;
    }
    await app.register(fastifyStatic, {
      root,
      prefix,
      cacheControl: false,
      setHeaders,
      // Only the first registration may add reply.sendFile (the fallback below uses it).
      decorateReply: !decorated,
      // The page itself is rendered (below) when it carries its first screen's payload.
      index: prefix === '/' && !boot ? ['index.html'] : false,
      // The front-end builds write .br and .gz next to each asset (tools/precompress.mjs):
      // served as-is to browsers that accept them, with no compression work per request.
      preCompressed: true,
      // Source maps stay build artefacts: they carry the original source, which is nobody's business.
      allowedPath: (pathName: string) => !isSourceMap(pathName),
    });
    decorated = true;
    return true;
  };

  const firstScreen = boot?.firstRemote
    ? loadFirstScreen(config.hostDir, config.remoteDirs[boot.firstRemote], (err) => log.error({ err }, 'the first screen could not be rendered: pages go without it'))
    : null;
  const page = boot ? bootPage({ hostDir: config.hostDir, remoteDirs: config.remoteDirs, manifests, ...boot, firstScreen }) : null;
  if (page) {
    // Before the static files' wildcard: the router prefers these exact paths.
    for (const url of ['/', '/index.html']) app.get(url, (request, reply) => page.send(request, reply, PAGE_CACHE_CONTROL));
  }
  const hostServed = await serve(config.hostDir, '/', 'host');
  for (const [name, dir] of Object.entries(config.remoteDirs)) await serve(dir, `/mfe/${name}/`, `remote ${name}`);

  if (!hostServed) return null;
  return {
    handle(request, reply) {
      if (!isPageNavigation(request)) return false;
      // The client turns deep paths such as /join/spotii-success into hash routes itself.
      if (page) {
        void page.send(request, reply, PAGE_CACHE_CONTROL);
        return true;
      }
      reply.header('cache-control', PAGE_CACHE_CONTROL);
      void reply.sendFile('index.html', config.hostDir, { cacheControl: false });
      return true;
    },
  };
}
