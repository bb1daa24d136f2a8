import { FACE_PROMPTS, STEPS, type FacePrompt } from '@join/shared/contract';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Database } from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { DEFAULT_NUMBER_HOLD_SECONDS } from '@join/shared/contract';
import type { AppContext } from './app-context';
import type { RateLimitOptions } from './platform/http/rate-limits';
import type { AccountRules } from './modules/account';
import type { OverlayFlags } from './modules/flow';
import type { SocialProviderConfig } from './modules/account';
import { ADDRESS_THROTTLE, EMAIL_THROTTLE } from './modules/account';
import { CODE_RULES } from './modules/account';
import { logRedaction } from './platform/http/log-redaction';
import { lazyRequestLogger } from './platform/http/request-logger';
import { unconfiguredMailer } from './platform/mail/unconfigured-mailer';
import type { Mailer } from './platform/mail/mailer';
import { unconfiguredAuthority, type IdentityAuthority } from './modules/identity';
import { PENDING_CHECK_TTL_MS } from './modules/identity';
import { IDENTITY_REDACT_PATHS } from './modules/identity';
import type { BnplProvider, CardProvider, RetailSessions, TerminalProvider } from './modules/payment';
import type { CourierProvider, EsimProvider } from './modules/fulfilment';
import { CaptchaGate, generatedCaptchaKey, type PortabilityLookup } from './modules/numbers';
import { HOLD_LIMITS, type HoldLimits } from './modules/numbers';
import { RETENTION_SWEEP_MS, retentionCutoffs, type RetentionReport } from './modules/flow';
import { TRANSFER_CHECK_LIMITS, TransferCheckBudget, type TransferCheckLimits } from './modules/numbers';
import { openSqliteRepositories } from './database';
import { MAX_SIMS_PER_DOCUMENT } from './modules/identity';
import type { Repositories } from './repositories';
import { frameworkErrors, installErrorHandler, installNotFoundHandler } from './platform/http/error-handling';
import { contentSecurityPolicy, edgeHeaders, registerSecurityHeaders, securityHeaders } from './platform/http/security-headers';
import { clientErrorHandler, SERVER_LIMITS, serverOptions, type ServerLimits } from './platform/http/server-limits';
import { API_ERROR_STATUSES, apiRoutes } from './api-routes';
import { installSchemaCompilers } from './platform/http/validate';
import { healthRoutes, healthState, type HealthState } from './platform/http/health';
import { registerOpenApi } from './platform/http/openapi';
import { retryPendingRefunds, walkedAwayPayments } from './modules/payment';
import { RETAIL_RULES, retailPorts, type RetailRules } from './modules/retail';
import type { Outbox } from './platform/dev/outbox';
import { outboxRoutes } from './platform/dev/outbox-routes';
import { testClockRoutes, type TestClock } from './platform/dev/test-clock';
import { remoteManifests, remoteOrigins, type RemoteManifests } from './platform/static/remotes';
import { registerStaticFiles, type StaticConfig } from './platform/static/static-files';
import { contentPageAnswers } from './modules/content';
import { productPageAnswers } from './modules/catalogue';
import { analyticsConsented } from './modules/consent';
import { DailyVisitorKeys, OPS_FAILURES, type OpsFailureRules } from './modules/measurement';
import type { LimitStore } from './platform/limits/limit-store';
import { MemoryLimitStore } from './platform/limits/memory-limit-store';
import { PgLimitStore } from './platform/limits/postgres/pg-limit-store';
import { rateLimitStore } from './platform/limits/rate-limit-store';
import { PgDatabase } from './platform/db/postgres/pg-database';

/**
 * Builds the whole server: the operator API under /api and, when configured, the built host
 * and remotes. Everything time- or environment-dependent is an option so tests can drive it.
 */
export interface AppOptions {
  /** Repositories, an open better-sqlite3 database, or a file path (created, migrated and seeded). */
  db: Repositories | Database | string;
  /** Numbers seeded into an empty pool (tests use fewer). */
  poolSize?: number;
  now?: () => number;
  random?: () => number;
  holdSeconds?: number;
  sessionIdleMs?: number;
  sessionAbsoluteMs?: number;
  rateLimit?: Partial<RateLimitOptions>;
  /** undefined: use the stored value; a string or null overrides maintenance_mode. */
  maintenanceMode?: string | null;
  failBizConfig?: boolean;
  /** Promo codes are off unless turned on (SPEC 9; JOIN_PROMO_CODES). */
  promoCodesEnabled?: boolean;
  /**
   * The tag manager's script (issue 28; JOIN_TAG_MANAGER_URL, https): the business config names
   * it to the page, and the CSP lets its origin load scripts and be fetched from. Unset: neither.
   */
  tagManagerUrl?: string | null;
  /** SPEC 4's experiment that skips /number/confirmation for a non-VIP choice: off unless turned on (JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION). */
  skipNumberConfirmation?: boolean;
  static?: StaticConfig;
  /** Extra or replacing entries of /remotes.json (JOIN_REMOTES). */
  remoteOverrides?: RemoteManifests;
  /** Pino options (or true); the secrets of log-redaction.ts are always redacted. */
  logger?: FastifyServerOptions['logger'];
  /** How often expired holds and sessions are swept away. */
  sweepIntervalMs?: number;
  /**
   * Flags laid over the derived ones. Payment (the payments table) and delivery and
   * activation (the orders table) are stored, but a test may still overlay them, so the
   * step guard's refusals can be exercised. The login flags are the session's and cannot be
   * overlaid: a test logs in for real. Never set by main.ts.
   */
  flowFlagsOverlay?: (uid: string) => OverlayFlags;
  /**
   * Sends the account e-mails (verification codes): SMTP to JOIN_SMTP_URL or to the sandbox sink.
   * Without one, asking for a code answers 503 (nothing is sent).
   */
  mailer?: Mailer;
  /** The sign-in provider (Google, or its sandbox: JOIN_OIDC_ISSUER, JOIN_OIDC_CLIENT_ID) and its token verifier; null or unset: off. */
  social?: SocialProviderConfig | null;
  /** Verification code and login throttle rules (CODE_RULES, EMAIL_THROTTLE, ADDRESS_THROTTLE by default). */
  accountRules?: Partial<AccountRules>;
  /** Called for every route as it is registered (tests list what each route declares). */
  onRoute?: (route: RouteOptions) => void;
  /** Anti-hoarding limits on new holds (HOLD_LIMITS by default; tests lift them where a test needs many holds). */
  holdLimits?: Partial<HoldLimits>;
  /** The HMAC key of the address challenge (JOIN_CAPTCHA_KEY). Unset: a key generated for this process. */
  captchaKey?: string;
  /** The transfer check's budgets (TRANSFER_CHECK_LIMITS by default). */
  transferCheckLimits?: Partial<TransferCheckLimits>;
  /** Request and connection timeouts and the connection cap (SERVER_LIMITS by default). */
  serverLimits?: Partial<ServerLimits>;
  /**
   * The proxies whose X-Forwarded-For is believed (JOIN_TRUST_PROXY): addresses, CIDR ranges or
   * proxy-addr's names (loopback, linklocal, uniquelocal). Empty or unset: none, so every rate
   * limit counts the socket's own address and a forged header counts for nothing.
   */
  trustProxy?: readonly string[];
  /** Send Strict-Transport-Security (JOIN_HSTS; also sent on any request that arrived over HTTPS). */
  hsts?: boolean;
  /**
   * Whether this instance is shutting down (main.ts's shutdown turns it on): GET /health/ready
   * answers 503 draining from then on. Absent: a state of the app's own, never draining.
   */
  health?: HealthState;
  /**
   * This instance's name behind a load balancer (JOIN_INSTANCE): every answer carries it as
   * x-join-instance, so a test or an operator can see which instance answered. Unset: no header.
   */
  instanceName?: string;
  /**
   * The mail sandbox's messages, served at /dev/outbox and /dev/outbox.json (JOIN_DEV_OUTBOX=1,
   * never in production). Absent: those paths answer 404.
   */
  outbox?: Outbox;
  /**
   * The API's clock as the e2e suite moves it (JOIN_TEST_HOOKS=1, never in production): its `now`
   * replaces `now`, and POST /dev/clock moves it on. Absent: /dev/clock answers 404.
   */
  testClock?: TestClock;
  /**
   * The identity authority (createHttpAuthority: JOIN_AUTHORITY_URL and its key, or the sandbox).
   * Absent: every identity call answers SPEC 8 -607 "identity API failure".
   */
  authority?: IdentityAuthority;
  /** How long a pending identity check keeps its images (30 minutes by default). */
  identityPendingTtlMs?: number;
  /** SIMs sold to one identity document (MAX_SIMS_PER_DOCUMENT by default: domain/sim-limit.ts). */
  maxSimsPerDocument?: number;
  /** Tests only: the face challenge's prompts to pick from (all four by default; JOIN_TEST_FACE_PROMPTS). */
  facePrompts?: readonly FacePrompt[];
  /**
   * The card payment provider (its HTTP client: JOIN_CARD_URL and its key, or the sandbox).
   * Absent: the card routes answer 503. Present: the CSP's frame-src allows exactly its origin.
   */
  cardProvider?: CardProvider;
  /** The buy-now-pay-later provider (JOIN_BNPL_URL and its key, or the sandbox). Absent: no BNPL is offered and its routes answer 503. */
  bnplProvider?: BnplProvider;
  /** The shops' payment terminals (JOIN_TERMINAL_URL and its key, or the sandbox). Absent: pay at the counter answers 503. */
  terminalProvider?: TerminalProvider;
  /** Which sessions are retail customer sessions. Absent: the retail module's (a shop device's customer sessions). */
  retailSessions?: RetailSessions;
  /**
   * The courier and the eSIM provisioning service (their HTTP clients, or the
   * sandboxes). Required: buildApp throws without them, so a server never starts with orders it
   * cannot fulfil. The tests pass the in-process fakes of api/src/testing/.
   */
  courier?: CourierProvider;
  esim?: EsimProvider;
  /** The retail rules (RETAIL_RULES by default: a shift's sign-in, PIN locks, pairing codes). */
  retailRules?: Partial<RetailRules>;
  /** The number-portability lookup (its HTTP client, or the sandbox's); required likewise: a transfer is checked by it. */
  portability?: PortabilityLookup;
  /**
   * The page's public origin (JOIN_PUBLIC_URL, e.g. https://join.example.ae): where the
   * providers send the browser back. Unset: the request's Origin header, only when it is this
   * server's own origin (never an arbitrary Host).
   */
  publicUrl?: string;
  /**
   * The operator credential of GET /ops/summary.json (JOIN_OPS_TOKEN, at least 32 characters).
   * Unset: the summary answers 404 ops_not_configured.
   */
  opsToken?: string | null;
  /** Failed operator credentials per address before the summary answers 429 (OPS_FAILURES by default). */
  opsFailures?: Partial<OpsFailureRules>;
  /**
   * Where every rate limit, budget and throttle counts (platform/limits). Unset: in PostgreSQL
   * when the repositories are PostgreSQL's (every instance on that database counts together),
   * else in this process's memory (the embedded SQLite database is one process).
   */
  limits?: LimitStore;
}

export const DEFAULTS = {
  sessionIdleMs: 30 * 60_000,
  sessionAbsoluteMs: 24 * 3600_000,
  rateLimit: {
    windowMs: 60_000,
    loginMax: 300,
    randomNumbersMax: 300,
    searchMax: 300,
    transferMax: 30,
    promoMax: 30,
    feedbackMax: 30,
    feedbackPerDeviceMax: 5,
    consentMax: 60,
    consentPerDeviceMax: 10,
    collectMax: 300,
    collectPerDeviceMax: 30,
    reserveMax: 60,
    reserveDeviceMax: 20,
    checkEmailMax: 30,
    codeSendMax: 10,
    codeCheckMax: 30,
    passwordLoginMax: 30,
    socialLoginMax: 30,
    locationMax: 30,
    identityMax: 30,
    paymentMax: 30,
    contractRequestMax: 5,
    geoMax: 120,
    retailCodeMax: 10,
    retailTokenMax: 120,
    retailSignInMax: 30,
    retailApproveMax: 10,
  },
  socialNonceTtlMs: 10 * 60_000,
  sweepIntervalMs: 60_000,
  /** An expired hold keeps its row this long, so its owner's late cancel still hears "expired" (410). */
  expiredHoldGraceMs: 3600_000,
  bodyLimit: 64 * 1024,
} as const;

function isRepositories(db: AppOptions['db']): db is Repositories {
  return typeof db === 'object' && 'reserveNumber' in db;
}

/** The LimitStore of a deployment: shared in PostgreSQL when its repositories are there, else this process's memory. */
function resolveLimits(options: AppOptions, repos: Repositories): LimitStore {
  if (options.limits) return options.limits;
  const db: unknown = (repos as Partial<{ db: unknown }>).db;
  return db instanceof PgDatabase ? new PgLimitStore(db) : new MemoryLimitStore();
}

function resolveRepositories(options: AppOptions, now: () => number): { repos: Repositories; owned: boolean } {
  if (isRepositories(options.db)) return { repos: options.db, owned: false };
  const opened = openSqliteRepositories(options.db, { now: now(), ...(options.poolSize ? { poolSize: options.poolSize } : {}) });
  return { repos: opened.repos, owned: typeof options.db === 'string' };
}

/** Treats an empty JSON body as no body (a bodiless POST with a JSON content type is common). */
function lenientJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    strict(request, body as string, done);
  });
}

/** The identity check's fields join the redacted paths (log-redaction.ts keeps the others). */
function withIdentityRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const base = logger === true ? {} : logger;
  const own = base.redact;
  return { ...base, redact: [...IDENTITY_REDACT_PATHS, ...(Array.isArray(own) ? own : (own?.paths ?? []))] };
}

/** What the retention schedule deleted, as counts (never whose). */
function logRetention(app: FastifyInstance, deleted: RetentionReport): void {
  if (deleted.sales + deleted.unsoldVisitors + deleted.uncapturedPayments + deleted.feedback + deleted.retailAudit + deleted.measurements > 0) app.log.info({ deleted }, 'retention: records past their time deleted');
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { courier, esim, portability } = options;
  if (!courier) throw new Error('buildApp: no courier provider (AppOptions.courier): delivery and store pickup orders need one (JOIN_COURIER_URL, or its sandbox)');
  if (!esim) throw new Error('buildApp: no eSIM provider (AppOptions.esim): eSIM orders need one (JOIN_ESIM_URL, or its sandbox)');
  if (!portability) throw new Error('buildApp: no number-portability lookup (AppOptions.portability): transfers are checked by it (JOIN_PORTABILITY_URL, or its sandbox)');
  const now = options.testClock?.now ?? options.now ?? Date.now;
  const manifests = options.static
    ? remoteManifests(Object.keys(options.static.remoteDirs), options.remoteOverrides)
    : (options.remoteOverrides ?? {});
  // A configured tag manager's origin only (issue 28): unset, the policy has nothing of it.
  const csp = options.tagManagerUrl ? { tagManagerOrigins: [new URL(options.tagManagerUrl).origin] } : {};
  const headers = securityHeaders(remoteOrigins(manifests), csp);
  // The card provider's hosted fields are framed by the payment page: frame-src on documents only.
  const documentCsp = options.cardProvider ? contentSecurityPolicy(remoteOrigins(manifests), { ...csp, frameOrigins: [options.cardProvider.origin] }) : undefined;
  const limits: ServerLimits = { ...SERVER_LIMITS, ...options.serverLimits };
  const app = Fastify({
    logger: logRedaction(withIdentityRedaction(options.logger ?? false)),
    bodyLimit: DEFAULTS.bodyLimit,
    ...serverOptions(limits),
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    // Answers written before routing skip the onSend hook: they carry the headers themselves, HSTS included.
    clientErrorHandler: clientErrorHandler(edgeHeaders(headers, options.hsts ?? false)),
    frameworkErrors: frameworkErrors(edgeHeaders(headers, options.hsts ?? false)),
    // Per-request lines would drown the e2e output; errors and warnings are still logged.
    logController: new Fastify.LogController({ disableRequestLogging: true }),
    // So a request's logger is made when it logs, not for every request (request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
  });
  const { repos, owned } = resolveRepositories(options, now);
  const limitStore = resolveLimits(options, repos);
  // A challenge signed by one instance must verify on the next: the instances share one key.
  if (limitStore.shared && !options.captchaKey) {
    if (owned) await repos.close();
    throw new Error('buildApp: several instances count their limits in one database, so they need one address-challenge key: set JOIN_CAPTCHA_KEY (at least 32 characters) on every instance');
  }
  // Before every other route and hook: the balancer's checks meet no session, budget or static file.
  if (options.instanceName) {
    const instance = options.instanceName;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-join-instance', instance);
      done();
    });
  }
  await app.register(async (health) => healthRoutes(health, { state: options.health ?? healthState(), ping: () => repos.ping() }));
  const ctx: AppContext = {
    repos,
    now,
    random: options.random ?? Math.random,
    holdMs: (options.holdSeconds ?? DEFAULT_NUMBER_HOLD_SECONDS) * 1000,
    session: {
      idleMs: options.sessionIdleMs ?? DEFAULTS.sessionIdleMs,
      absoluteMs: options.sessionAbsoluteMs ?? DEFAULTS.sessionAbsoluteMs,
    },
    bizConfig: {
      maintenanceMode: options.maintenanceMode,
      fail: options.failBizConfig ?? false,
      promoCodesEnabled: options.promoCodesEnabled ?? false,
      tagManagerUrl: options.tagManagerUrl ?? null,
      skipNumberConfirmation: options.skipNumberConfirmation ?? false,
    },
    rateLimit: { ...DEFAULTS.rateLimit, ...options.rateLimit },
    holdLimits: { ...HOLD_LIMITS, ...options.holdLimits },
    limits: limitStore,
    captcha: new CaptchaGate(options.captchaKey ?? generatedCaptchaKey(), now, limitStore),
    transferChecks: new TransferCheckBudget({ ...TRANSFER_CHECK_LIMITS, ...options.transferCheckLimits }, limitStore),
    ...(options.flowFlagsOverlay ? { flowFlagsOverlay: options.flowFlagsOverlay } : {}),
    mailer: options.mailer ?? unconfiguredMailer(),
    social: options.social ?? null,
    accounts: {
      codes: CODE_RULES,
      emailThrottle: EMAIL_THROTTLE,
      addressThrottle: ADDRESS_THROTTLE,
      nonceTtlMs: DEFAULTS.socialNonceTtlMs,
      ...options.accountRules,
    },
    authority: options.authority ?? unconfiguredAuthority(),
    identity: { pendingTtlMs: options.identityPendingTtlMs ?? PENDING_CHECK_TTL_MS, maxSimsPerDocument: options.maxSimsPerDocument ?? MAX_SIMS_PER_DOCUMENT,
      facePrompts: options.facePrompts ?? FACE_PROMPTS,
    },
    payment: {
      card: options.cardProvider ?? null,
      bnpl: options.bnplProvider ?? null,
      terminal: options.terminalProvider ?? null,
      publicOrigin: options.publicUrl ? new URL(options.publicUrl).origin : null,
    },
    courier,
    esim,
    portability,
    retail: { ...RETAIL_RULES, ...options.retailRules },
    ...retailPorts({ repos, now }),
    // A test may say which sessions are retail without going through a shop device.
    ...(options.retailSessions ? { retailSessions: options.retailSessions } : {}),
    measurement: {
      analyticsConsented: (uid) => analyticsConsented(repos, uid),
      visitorKeys: new DailyVisitorKeys(limitStore),
      opsToken: options.opsToken ?? null,
      opsFailures: { ...OPS_FAILURES, ...options.opsFailures },
    },
    // The payment module's, given the whole context once it exists (below).
    walkedAway: { withdraw: (caller) => walkedAway.withdraw(caller) },
  };
  const walkedAway = walkedAwayPayments(ctx);

  app.server.maxConnections = limits.maxConnections;
  registerSecurityHeaders(app, headers, { hsts: options.hsts ?? false, ...(documentCsp ? { documentCsp } : {}) });
  installErrorHandler(app, API_ERROR_STATUSES);
  installSchemaCompilers(app);
  lenientJsonParser(app);
  await app.register(formbody);
  // Every budget counts in the LimitStore, on the API's clock (platform/limits/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: rateLimitStore(limitStore, now) });
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  await registerOpenApi(app);
  await app.register(async (api) => apiRoutes(api, ctx), { prefix: '/api' });
  await app.register(async (dev) => outboxRoutes(dev, options.outbox ?? null));
  await app.register(async (dev) => testClockRoutes(dev, options.testClock ?? null));
  // The page carries its first screen's content and preloads the first step (issue 27).
  const pageBoot = { content: { answers: [contentPageAnswers(ctx), productPageAnswers(ctx)] }, firstRemote: STEPS[0]?.remote ?? null };
  const fallback = options.static ? await registerStaticFiles(app, options.static, manifests, app.log, pageBoot) : null;
  installNotFoundHandler(app, fallback);

  // The retention schedule's periods are days and years: applied at most once an hour.
  let retainedAt = Number.NEGATIVE_INFINITY;
  const sweep = setInterval(() => {
    const t = now();
    const retain = t - retainedAt >= RETENTION_SWEEP_MS;
    if (retain) retainedAt = t;
    void Promise.all([
      repos.releaseExpiredHolds(t - DEFAULTS.expiredHoldGraceMs),
      repos.deleteStaleSessions(t - ctx.session.idleMs, t - ctx.session.absoluteMs),
      // A code row serves its resend wait and hourly cap; a failure row its lock and quiet window.
      // A pending identity check's images live 30 minutes at most.
      repos.deleteExpiredIdentityChecks(t),
      repos.pruneAccountRecords(t - 3600_000, t - Math.max(ctx.accounts.emailThrottle.windowMs, ctx.accounts.addressThrottle.windowMs)),
      // Sales after five years, visitors who bought nothing after 90 days... (api/README.md "Data at rest and retention").
      retain ? repos.applyRetention(retentionCutoffs(t)).then((deleted) => logRetention(app, deleted)) : undefined,
      // Money of an attempt given up whose provider could not be reached: try again.
      retryPendingRefunds(ctx, app.log),
      // Ended windows, expired members, the salts of days over (every instance sweeps; a row goes once).
      limitStore.sweep(t).then(() => ctx.measurement.visitorKeys.forgetPast(t)),
    ]).catch((err: unknown) => app.log.error({ err }, 'sweep failed'));
  }, options.sweepIntervalMs ?? DEFAULTS.sweepIntervalMs);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    if (owned) await repos.close();
  });
  return app;
}
