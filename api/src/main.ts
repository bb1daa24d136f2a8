import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { signinProviderFrom } from './modules/account';
import { providerAddress, readEnv, sandboxNotAsked, type Env } from './platform/config/env';
import { SANDBOX_AUTHORITY_KEY, sandboxUrl } from './platform/config/sandbox-defaults';
import { openPostgresRepositories } from './database-postgres';
import { openSqliteRepositories } from './database';
import type { Repositories } from './repositories';
import type { SeedReport } from './seed-database';
import { healthState } from './platform/http/health';
import { gracefulShutdown } from './platform/http/shutdown';
import { createSmtpMailer } from './platform/mail/smtp-mailer';
import { CODE_RULES } from './modules/account';
import { createHttpOutbox } from './platform/dev/outbox';
import { REMOTE_FOLDERS, remotesBundledBy } from './platform/static/remotes';
import { createHttpAuthority, DEFAULT_AUTHORITY_TIMEOUT_MS } from './modules/identity';
import { cardProviderFrom } from './modules/payment';
import { bnplProviderFrom, terminalProviderFrom } from './modules/payment';
import { courierProviderFrom } from './modules/fulfilment';
import { esimProviderFrom } from './modules/fulfilment';
import { portabilityLookupFrom } from './modules/numbers';
import { TestClock } from './platform/dev/test-clock';

/**
 * The product server: one Node process serving the API, the host and every remote. The
 * database (the SQLite file, or PostgreSQL with JOIN_DATABASE_URL) is created, migrated and
 * seeded on first start; several instances may start on one database at once (npm run
 * start:scaled): each migration runs once.
 */
// This file runs from api/dist (built) or api/src (tsx): either way the package is one up.
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(apiDir, '..');

/**
 * The identity authority: JOIN_AUTHORITY_URL, or, when JOIN_SANDBOXES asks for it, the sandboxes
 * program's authority on 127.0.0.1:JOIN_AUTHORITY_PORT. `sandbox` is the sandbox's URL when it is one.
 */
function identityAuthority(env: Env): { url: string; key: string; sandbox: string | null } {
  const key = env.JOIN_AUTHORITY_KEY ?? SANDBOX_AUTHORITY_KEY;
  return { ...providerAddress(env.sandboxes, 'authority', env.JOIN_AUTHORITY_URL, env.JOIN_AUTHORITY_PORT), key };
}

/**
 * The host's build (host/dist, or the one JOIN_HOST_DIR names: the per-step benchmark's single
 * bundle) and every remote it does not carry itself.
 */
function staticConfig(env: Env) {
  const hostDir = env.JOIN_HOST_DIR ? resolve(env.JOIN_HOST_DIR) : join(repoRoot, 'host', 'dist');
  const bundled = new Set(remotesBundledBy(hostDir));
  return {
    hostDir,
    remoteDirs: Object.fromEntries(
      Object.entries(REMOTE_FOLDERS)
        .filter(([name]) => !bundled.has(name))
        .map(([name, folder]) => [name, join(repoRoot, folder, 'dist')]),
    ),
  };
}

/** One figure for every account call's per-address budget (JOIN_ACCOUNT_RATE_LIMIT). */
function accountRateLimits(max: number) {
  return { checkEmailMax: max, codeSendMax: max, codeCheckMax: max, passwordLoginMax: max, socialLoginMax: max };
}

function retailRateLimits(max: number) {
  return { retailCodeMax: max, retailTokenMax: max, retailSignInMax: max, retailApproveMax: max };
}

/** A database opened, migrated and seeded, whichever it is. */
interface OpenedDatabase {
  repos: Repositories;
  migrationsApplied: number[];
  seed: SeedReport;
  seedMs: number;
}

/**
 * JOIN_DATABASE_URL: PostgreSQL (several instances share it); otherwise the SQLite file of
 * JOIN_DB or api/data/join.sqlite. `where` names it for the log without the URL (it may carry a password).
 */
async function openDatabase(env: Env): Promise<{ opened: OpenedDatabase; where: string }> {
  if (env.JOIN_DATABASE_URL) return { opened: await openPostgresRepositories(env.JOIN_DATABASE_URL), where: 'PostgreSQL (JOIN_DATABASE_URL)' };
  const dbFile = env.JOIN_DB ? resolve(env.JOIN_DB) : join(apiDir, 'data', 'join.sqlite');
  return { opened: openSqliteRepositories(dbFile), where: dbFile };
}

async function main(): Promise<void> {
  const env = readEnv(process.env);
  const { opened, where } = await openDatabase(env);
  const health = healthState();

  // Mail goes to JOIN_SMTP_URL, or (JOIN_SANDBOXES) to the sandboxes program's mail sink, whose
  // outbox /dev/outbox reads over HTTP (JOIN_DEV_OUTBOX).
  let smtpUrl = env.JOIN_SMTP_URL;
  const mailSandbox = !smtpUrl;
  if (!smtpUrl) {
    if (!env.sandboxes.has('mail')) throw new Error(sandboxNotAsked('mail'));
    smtpUrl = sandboxUrl(env.JOIN_MAIL_SINK_PORT, 'smtp');
  }
  const outbox = env.JOIN_DEV_OUTBOX && mailSandbox ? createHttpOutbox(sandboxUrl(env.JOIN_MAIL_OUTBOX_PORT)) : null;
  const mailer = createSmtpMailer({ url: smtpUrl, from: env.JOIN_MAIL_FROM });
  // Each provider by its URL and key: a real one, or a sandbox of the sandboxes program (started
  // beside this server: npm start's launcher, the test set-ups), on 127.0.0.1.
  const { social, sandbox: signinSandbox } = await signinProviderFrom(env);
  const authority = identityAuthority(env);
  const card = cardProviderFrom(env);
  const bnpl = bnplProviderFrom(env);
  const courier = courierProviderFrom(env);
  const esim = esimProviderFrom(env);
  const portability = portabilityLookupFrom(env);
  const terminal = terminalProviderFrom(env);

  // The e2e suite's clock (JOIN_TEST_HOOKS=1; readEnv refuses it in production).
  const testClock = env.JOIN_TEST_HOOKS ? new TestClock() : null;
  const app = await buildApp({
    db: opened.repos,
    ...(testClock ? { testClock } : {}),
    holdSeconds: env.NUMBER_HOLD_SECONDS,
    ...(env.JOIN_MAINTENANCE ? { maintenanceMode: env.JOIN_MAINTENANCE } : {}),
    failBizConfig: env.JOIN_FAIL_BIZ_CONFIG,
    promoCodesEnabled: env.JOIN_PROMO_CODES,
    ...(env.JOIN_TAG_MANAGER_URL ? { tagManagerUrl: env.JOIN_TAG_MANAGER_URL } : {}),
    skipNumberConfirmation: env.JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION,
    rateLimit: {
      ...(env.JOIN_LOGIN_RATE_LIMIT ? { loginMax: env.JOIN_LOGIN_RATE_LIMIT } : {}),
      ...(env.JOIN_RANDOM_RATE_LIMIT ? { randomNumbersMax: env.JOIN_RANDOM_RATE_LIMIT } : {}),
      ...(env.JOIN_SEARCH_RATE_LIMIT ? { searchMax: env.JOIN_SEARCH_RATE_LIMIT } : {}),
      ...(env.JOIN_TRANSFER_RATE_LIMIT ? { transferMax: env.JOIN_TRANSFER_RATE_LIMIT } : {}),
      ...(env.JOIN_PROMO_RATE_LIMIT ? { promoMax: env.JOIN_PROMO_RATE_LIMIT } : {}),
      ...(env.JOIN_FEEDBACK_RATE_LIMIT ? { feedbackMax: env.JOIN_FEEDBACK_RATE_LIMIT } : {}),
      ...(env.JOIN_FEEDBACK_DEVICE_RATE_LIMIT ? { feedbackPerDeviceMax: env.JOIN_FEEDBACK_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_CONSENT_RATE_LIMIT ? { consentMax: env.JOIN_CONSENT_RATE_LIMIT } : {}),
      ...(env.JOIN_CONSENT_DEVICE_RATE_LIMIT ? { consentPerDeviceMax: env.JOIN_CONSENT_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_COLLECT_RATE_LIMIT ? { collectMax: env.JOIN_COLLECT_RATE_LIMIT } : {}),
      ...(env.JOIN_COLLECT_DEVICE_RATE_LIMIT ? { collectPerDeviceMax: env.JOIN_COLLECT_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_RESERVE_RATE_LIMIT ? { reserveMax: env.JOIN_RESERVE_RATE_LIMIT } : {}),
      ...(env.JOIN_RESERVE_DEVICE_RATE_LIMIT ? { reserveDeviceMax: env.JOIN_RESERVE_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_ACCOUNT_RATE_LIMIT ? accountRateLimits(env.JOIN_ACCOUNT_RATE_LIMIT) : {}),
      ...(env.JOIN_IDENTITY_RATE_LIMIT ? { identityMax: env.JOIN_IDENTITY_RATE_LIMIT } : {}),
      ...(env.JOIN_PAYMENT_RATE_LIMIT ? { paymentMax: env.JOIN_PAYMENT_RATE_LIMIT } : {}),
      ...(env.JOIN_RETAIL_RATE_LIMIT ? retailRateLimits(env.JOIN_RETAIL_RATE_LIMIT) : {}),
    },
    authority: createHttpAuthority({
      url: authority.url,
      key: authority.key,
      timeoutMs: env.JOIN_AUTHORITY_TIMEOUT_MS ?? DEFAULT_AUTHORITY_TIMEOUT_MS,
    }),
    ...(env.JOIN_MAX_SIMS_PER_DOCUMENT ? { maxSimsPerDocument: env.JOIN_MAX_SIMS_PER_DOCUMENT } : {}),
    ...(env.JOIN_TEST_HOOKS && env.JOIN_TEST_FACE_PROMPTS ? { facePrompts: env.JOIN_TEST_FACE_PROMPTS } : {}),
    cardProvider: card.provider,
    bnplProvider: bnpl.provider,
    terminalProvider: terminal.provider,
    courier: courier.provider,
    esim: esim.provider,
    portability: portability.lookup,
    ...(env.JOIN_PUBLIC_URL ? { publicUrl: env.JOIN_PUBLIC_URL } : {}),
    ...(env.JOIN_HOLDS_PER_ADDRESS ? { holdLimits: { liveHoldsPerAddress: env.JOIN_HOLDS_PER_ADDRESS } } : {}),
    ...(env.JOIN_CAPTCHA_KEY ? { captchaKey: env.JOIN_CAPTCHA_KEY } : {}),
    opsToken: env.JOIN_OPS_TOKEN ?? null,
    ...(env.JOIN_TRANSFER_CHECKS_PER_ADDRESS ? { transferCheckLimits: { numbersPerAddress: env.JOIN_TRANSFER_CHECKS_PER_ADDRESS } } : {}),
    ...(env.JOIN_CODE_RESEND_AFTER_S ? { accountRules: { codes: { ...CODE_RULES, resendAfterS: env.JOIN_CODE_RESEND_AFTER_S } } } : {}),
    static: staticConfig(env),
    ...(env.JOIN_REMOTES ? { remoteOverrides: env.JOIN_REMOTES } : {}),
    trustProxy: env.JOIN_TRUST_PROXY,
    hsts: env.JOIN_HSTS,
    health,
    ...(env.JOIN_INSTANCE ? { instanceName: env.JOIN_INSTANCE } : {}),
    // Behind a balancer, every line names the instance that wrote it.
    logger: { level: env.LOG_LEVEL, ...(env.JOIN_INSTANCE ? { base: { pid: process.pid, instance: env.JOIN_INSTANCE } } : {}) },
    mailer,
    ...(social ? { social } : {}),
    ...(outbox ? { outbox } : {}),
  });
  if (env.JOIN_DEV_OUTBOX && !outbox) app.log.warn('JOIN_DEV_OUTBOX is on but mail goes to JOIN_SMTP_URL: there is no outbox to show');

  if (testClock) app.log.warn('JOIN_TEST_HOOKS is on: POST /dev/clock moves this server\'s clock, (tests only)');
  if (opened.migrationsApplied.length > 0) app.log.info(`database ${where}: applied migrations ${opened.migrationsApplied.join(', ')}`);
  if (opened.seed.numbersInserted > 0) app.log.info(`database seeded: ${opened.seed.numbersInserted} numbers in ${opened.seedMs} ms`);

  // Readiness 503 at once, JOIN_DRAIN_MS for the balancer to see it, then the server closes
  // (requests in flight finish), then the mailer and the database. A second signal ends it at once.
  const shutdown = gracefulShutdown({
    health,
    drainMs: env.JOIN_DRAIN_MS,
    closeServer: () => app.close(),
    closeResources: async () => {
      mailer.close();
      await opened.repos.close();
    },
    log: app.log,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal).then((code) => process.exit(code)));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // Where each provider is (the sandboxes' own lines come from the sandboxes program), then the
  // product's address last: the line a developer looks for.
  if (mailSandbox) console.log(`Mail: the mail sandbox at ${smtpUrl}, ${outbox ? `outbox at http://localhost:${port}/dev/outbox` : 'outbox off (JOIN_DEV_OUTBOX=1 shows it)'}`);
  console.log(`Identity authority${authority.sandbox ? ' sandbox' : ''}: ${authority.url}`);
  console.log(`${card.sandbox ? 'Card provider sandbox' : 'Card provider'}: ${card.provider.origin} (test cards: sandboxes/README.md)`);
  console.log(`${bnpl.sandbox ? 'BNPL sandbox' : 'BNPL provider'}: ${bnpl.provider.name}${bnpl.sandbox ? ` at ${bnpl.sandbox}` : ''}`);
  if (courier.sandbox) console.log(`Courier sandbox: ${courier.sandbox}/ (failure markers: sandboxes/README.md)`);
  else if (env.JOIN_COURIER_URL) console.log(`Courier: ${new URL(env.JOIN_COURIER_URL).origin}`);
  if (esim.sandbox) console.log(`eSIM provisioning sandbox: ${esim.sandbox}/install`);
  else if (env.JOIN_ESIM_URL) console.log(`eSIM provisioning: ${new URL(env.JOIN_ESIM_URL).origin}`);
  if (portability.sandbox) console.log(`Number-portability sandbox: ${portability.sandbox} (its subscribers: sandboxes/README.md)`);
  else if (env.JOIN_PORTABILITY_URL) console.log(`Number-portability lookup: ${new URL(env.JOIN_PORTABILITY_URL).origin}`);
  if (terminal.sandbox) console.log(`Payment terminal sandbox: ${terminal.sandbox} (its terminals' screens: ${terminal.sandbox}/terminals/term-dxb-mall)`);
  else if (env.JOIN_TERMINAL_URL) console.log(`Payment terminals: ${new URL(env.JOIN_TERMINAL_URL).origin}`);
  if (signinSandbox) console.log(`Sign-in sandbox: ${signinSandbox}/authorize (issuer ${signinSandbox}, client ${env.JOIN_OIDC_CLIENT_ID})`);
  else if (social) console.log(`Sign-in provider: ${social.issuer} (client ${social.clientId})`);
  else console.log('Google login off (JOIN_GOOGLE_LOGIN)');
  // The token itself is never printed here (a server's log is kept): npm start prints the one it made.
  console.log(env.JOIN_OPS_TOKEN ? `Operations summary: on (JOIN_OPS_TOKEN), GET /api/ops/summary.json` : 'Operations summary: off (set JOIN_OPS_TOKEN, at least 32 characters)');
  console.log(`Join sign-up flow ready at http://localhost:${port}/`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
