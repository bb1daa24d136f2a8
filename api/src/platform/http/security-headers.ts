import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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
   * Origins the page may frame: the card provider's hosted fields, exactly its origin
   * and nothing more. None: frame-src is not set and default-src 'self' governs frames.
   */
  frameOrigins?: readonly string[];
  /**
   * The tag manager's origin (issue 28: JOIN_TAG_MANAGER_URL), when the deployment configures one:
   * its script may load (script-src) and it may send what it measures (connect-src). None: the
   * policy is as without a tag manager, and the page loads none.
   */
  tagManagerOrigins?: readonly string[];
}

export function contentSecurityPolicy(remoteOrigins: readonly string[], options: CspOptions = {}): string {
  const self = ["'self'", ...remoteOrigins].join(' ');
  // A remote served by its dev server reloads over a websocket on its own origin.
  const sockets = remoteOrigins.map((o) => o.replace(/^http/, 'ws'));
  const tagManager = options.tagManagerOrigins ?? [];
  return [
    "default-src 'self'",
    `script-src ${[self, ...tagManager].join(' ')} 'wasm-unsafe-eval'`,
    `style-src ${self}`,
    `connect-src ${[self, ...sockets, ...tagManager].join(' ')}`,
    // blob: for images only: the identity step shows the photo a visitor took or chose (an object
    // URL of the file, never sent anywhere) before it is sent. Nothing else may load
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

/**
 * The headers helmet writes, in the one place they are configured. Off: what helmet adds
 * beyond the headers this server has always sent (COEP would block the remotes' cross-origin
 * assets; Origin-Agent-Cluster, X-XSS-Protection, X-DNS-Prefetch-Control, X-Download-Options
 * and X-Permitted-Cross-Domain-Policies are legacy or covered by the CSP), HSTS (sent per
 * request below: only over HTTPS or when the deployment says so) and helmet's CSP (ours is
 * built above: helmet joins directives with ";" where this server's CSP, which tests and the
 * e2e CSP checks read, has always used "; ").
 */
const HELMET: Readonly<HelmetOptions> = {
  contentSecurityPolicy: false,
  xContentTypeOptions: true,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  // Not 'same-origin': the Google sign-in popup (and its sandbox) answers through
  // window.opener, which 'same-origin' would cut. Google documents this value for its popup;
  // it still keeps other sites' popups and openers out of this page.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Nothing of ours is for other sites to embed, except the remotes' assets (below).
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
};

/**
 * What helmet's middleware sets for a configuration, as a header record: the server applies the
 * record itself (an onSend hook, the answers written before routing), because it sends some of
 * these headers on documents only, which a per-request middleware cannot know before the reply.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return headers;
}

const HELMET_HEADERS = helmetHeaders(HELMET);

export function securityHeaders(remoteOrigins: readonly string[], options: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(remoteOrigins, options),
    ...HELMET_HEADERS,
    // Helmet has no Permissions-Policy.
    'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
  };
}

const COOP = 'cross-origin-opener-policy';
/** Headers read from a document's response only (navigations and frames). */
const DOCUMENT_ONLY: readonly string[] = [COOP, 'x-frame-options', 'permissions-policy'];
const REMOTE_ASSETS = /^\/mfe\//;
const API = /^\/api(\/|$|\?)/;

/** One year, with subdomains: browsers then refuse plain HTTP for this site (helmet's own value). */
export const HSTS = helmetHeaders({ ...HELMET, strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true } })['strict-transport-security'] as string;

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
  // A callback hook, not an async one: it runs on every answer, and a promise per answer is
  // work for nothing here.
  app.addHook('onSend', (request, reply, payload, done) => {
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
    done(null, payload);
  });
}
