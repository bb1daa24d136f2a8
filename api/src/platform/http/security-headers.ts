import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response the server writes: API, static files, errors and 404s
 * alike (an onSend hook runs for all of them). The CSP allows scripts, styles and fetches from
 * this origin and from the origins remotes are deployed to, and never 'unsafe-inline' or
 * 'unsafe-eval'. 'wasm-unsafe-eval' lets a page compile WebAssembly (the face scan's detector
 * runs on tfjs's WASM backend, served from this origin or a remote's) and nothing else: no eval,
 * no new Function, no inline script.
 */
export interface CspOptions {
  /**
   * Origins the page may frame: the card provider's hosted fields (issue 13), exactly its origin
   * and nothing more. None: frame-src is not set and default-src 'self' governs frames.
   */
  frameOrigins?: readonly string[];
}

export function contentSecurityPolicy(remoteOrigins: readonly string[], options: CspOptions = {}): string {
  const self = ["'self'", ...remoteOrigins].join(' ');
  // A remote served by its dev server reloads over a websocket on its own origin.
  const sockets = remoteOrigins.map((o) => o.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    `script-src ${self} 'wasm-unsafe-eval'`,
    `style-src ${self}`,
    `connect-src ${[self, ...sockets].join(' ')}`,
    // blob: for images only: the identity step shows the photo a visitor took or chose (an object
    // URL of the file, never sent anywhere) before it is sent (issue 24). Nothing else may load
    // from blob: (no script, worker, frame or fetch).
    "img-src 'self' data: blob:",
    ...(options.frameOrigins && options.frameOrigins.length > 0 ? [`frame-src ${options.frameOrigins.join(' ')}`] : []),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(remoteOrigins: readonly string[], options: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(remoteOrigins, options),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
    // Not 'same-origin': the Google sign-in popup (and its sandbox) answers through
    // window.opener, which 'same-origin' would cut. Google documents this value for its popup;
    // it still keeps other sites' popups and openers out of this page.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    // Nothing of ours is for other sites to embed, except the remotes' assets (below).
    'cross-origin-resource-policy': 'same-origin',
  };
}

const COOP = 'cross-origin-opener-policy';
/** Headers read from a document's response only (navigations and frames). */
const DOCUMENT_ONLY: readonly string[] = [COOP, 'x-frame-options', 'permissions-policy'];
const REMOTE_ASSETS = /^\/mfe\//;
const API = /^\/api(\/|$|\?)/;

/** One year, with subdomains: browsers then refuse plain HTTP for this site. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers of the answers written before routing, which the onSend hook never sees (a
 * request Node refuses, a URL Fastify cannot decode: server-limits.ts clientErrorHandler and
 * error-handling.ts frameworkErrors): the same headers, and HSTS when the deployment says it is
 * always HTTPS (JOIN_HSTS). A browser's first answer from the site may be one of them.
 */
export function edgeHeaders(headers: Readonly<Record<string, string>>, hsts: boolean): Readonly<Record<string, string>> {
  return hsts ? { ...headers, 'strict-transport-security': HSTS } : headers;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
  options: { hsts: boolean; documentCsp?: string } = { hsts: false },
): void {
  // The opener policy, the frame options and the permissions policy mean something only on a
  // document (they are read from the response of a navigation, or of a frame's); so does a
  // CSP's frame-src (documentCsp may add it). The other headers go on every answer. Scripts,
  // styles and API answers do not carry the document's bytes: the first download is ~22 of them.
  const documentOnly = Object.fromEntries(DOCUMENT_ONLY.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name] as string]));
  const everywhere = Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.includes(name)));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(everywhere);
    const isDocument = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (isDocument) reply.headers(documentOnly);
    if (options.documentCsp && isDocument) reply.header('content-security-policy', options.documentCsp);
    // HSTS only means something over HTTPS: sent when the request came over it (directly, or
    // through a trusted proxy that said so) or when the deployment says it always is (JOIN_HSTS).
    if (options.hsts || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Remote assets may be loaded by a host on another origin (ARCHITECTURE: a team deploys its step alone).
    if (REMOTE_ASSETS.test(request.url)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    // API answers carry session state: never cached unless a route says otherwise.
    if (API.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
