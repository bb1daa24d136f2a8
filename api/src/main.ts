import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { signinProviderFrom } from './auth/signin-setup';
import { readEnv, sandboxNotAsked, type Env } from './config/env';
import { SANDBOX_AUTHORITY_KEY } from './config/sandbox-defaults';
import { openSqliteStore } from './data/sqlite/open-store';
import { createSmtpMailer } from './mail/smtp-mailer';
import { CODE_RULES } from './domain/verification-codes';
import { startAuthoritySandbox, type RunningAuthoritySandbox } from '../../sandboxes/src/authority/start';
import { MailSink } from '../../sandboxes/src/mail-sink/mail-sink';
import { REMOTE_FOLDERS } from './static/remotes';
import { createHttpAuthority, DEFAULT_AUTHORITY_TIMEOUT_MS } from './identity/authority-client';
import { cardProviderFrom } from './payment/card-setup';
import { bnplProviderFrom } from './payment/bnpl-setup';
import { courierProviderFrom } from './delivery/courier-setup';
import { esimProviderFrom } from './delivery/esim-setup';
import { TestClock } from './dev/test-clock';

/**
 * The product server: one Node process serving the API, the host and every remote. The
 * database file is created, migrated and seeded on first start.
 */
// This file runs from api/dist (built) or api/src (tsx): either way the package is one up.
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(apiDir, '..');

/**
 * The identity authority: JOIN_AUTHORITY_URL, or, when JOIN_SANDBOXES asks for it, the sandbox
 * started here on 127.0.0.1:JOIN_AUTHORITY_PORT (in a worker thread: OCR and face models never
 * block this event loop).
 */
async function identityAuthority(env: Env): Promise<{ url: string; key: string; sandbox: RunningAuthoritySandbox | null }> {
  const key = env.JOIN_AUTHORITY_KEY ?? SANDBOX_AUTHORITY_KEY;
  if (env.JOIN_AUTHORITY_URL) return { url: env.JOIN_AUTHORITY_URL, key, sandbox: null };
  if (!env.sandboxes.has('authority')) throw new Error(sandboxNotAsked('authority'));
  const sandbox = await startAuthoritySandbox({ port: env.JOIN_AUTHORITY_PORT, apiKey: key }).catch((err: unknown) => {
    throw new Error(`identity authority sandbox on JOIN_AUTHORITY_PORT ${env.JOIN_AUTHORITY_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  return { url: sandbox.url, key, sandbox };
}

/** One figure for every account call's per-address budget (JOIN_ACCOUNT_RATE_LIMIT). */
function accountRateLimits(max: number) {
  return { checkEmailMax: max, codeSendMax: max, codeCheckMax: max, passwordLoginMax: max, socialLoginMax: max };
}

async function main(): Promise<void> {
  const env = readEnv(process.env);
  const dbFile = env.JOIN_DB ? resolve(env.JOIN_DB) : join(apiDir, 'data', 'join.sqlite');
  const opened = openSqliteStore(dbFile);

  // Mail goes to JOIN_SMTP_URL, or (JOIN_SANDBOXES) to the sandbox sink in this process, on 127.0.0.1.
  let sink: MailSink | null = null;
  let smtpUrl = env.JOIN_SMTP_URL;
  if (!smtpUrl) {
    if (!env.sandboxes.has('mail')) throw new Error(sandboxNotAsked('mail'));
    sink = await MailSink.start({ port: env.JOIN_MAIL_SINK_PORT }).catch((err: unknown) => {
      throw new Error(`mail sandbox on JOIN_MAIL_SINK_PORT ${env.JOIN_MAIL_SINK_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
    });
    smtpUrl = sink.url;
  }
  const mailer = createSmtpMailer({ url: smtpUrl, from: env.JOIN_MAIL_FROM });
  const { social, sandbox } = await signinProviderFrom(env);
  // The operator API's identity client speaks HTTP to the authority: the sandbox or the real one.
  const authority = await identityAuthority(env);
  // The payment providers: the real ones by JOIN_CARD_URL / JOIN_BNPL_URL, else their sandboxes
  // on their own origins; the card fields may be framed by this server's own origins.
  const card = await cardProviderFrom(env, [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`]).catch((err: unknown) => {
    throw new Error(`card provider on JOIN_CARD_PORT ${env.JOIN_CARD_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  const bnpl = await bnplProviderFrom(env).catch((err: unknown) => {
    throw new Error(`BNPL provider on JOIN_BNPL_PORT ${env.JOIN_BNPL_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  // The fulfilment services (issue 14): the real courier and SM-DP+ by JOIN_COURIER_URL /
  // JOIN_ESIM_URL, else their sandboxes on their own origins (each names its port if it fails).
  const courier = await courierProviderFrom(env);
  const esim = await esimProviderFrom(env);

  // The e2e suite's clock (JOIN_TEST_HOOKS=1; readEnv refuses it in production).
  const testClock = env.JOIN_TEST_HOOKS ? new TestClock() : null;
  const app = await buildApp({
    db: opened.store,
    ...(testClock ? { testClock } : {}),
    holdSeconds: env.NUMBER_HOLD_SECONDS,
    ...(env.JOIN_MAINTENANCE ? { maintenanceMode: env.JOIN_MAINTENANCE } : {}),
    failBizConfig: env.JOIN_FAIL_BIZ_CONFIG,
    promoCodesEnabled: env.JOIN_PROMO_CODES,
    rateLimit: {
      ...(env.JOIN_LOGIN_RATE_LIMIT ? { loginMax: env.JOIN_LOGIN_RATE_LIMIT } : {}),
      ...(env.JOIN_RANDOM_RATE_LIMIT ? { randomNumbersMax: env.JOIN_RANDOM_RATE_LIMIT } : {}),
      ...(env.JOIN_SEARCH_RATE_LIMIT ? { searchMax: env.JOIN_SEARCH_RATE_LIMIT } : {}),
      ...(env.JOIN_TRANSFER_RATE_LIMIT ? { transferMax: env.JOIN_TRANSFER_RATE_LIMIT } : {}),
      ...(env.JOIN_PROMO_RATE_LIMIT ? { promoMax: env.JOIN_PROMO_RATE_LIMIT } : {}),
      ...(env.JOIN_FEEDBACK_RATE_LIMIT ? { feedbackMax: env.JOIN_FEEDBACK_RATE_LIMIT } : {}),
      ...(env.JOIN_FEEDBACK_DEVICE_RATE_LIMIT ? { feedbackPerDeviceMax: env.JOIN_FEEDBACK_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_RESERVE_RATE_LIMIT ? { reserveMax: env.JOIN_RESERVE_RATE_LIMIT } : {}),
      ...(env.JOIN_RESERVE_DEVICE_RATE_LIMIT ? { reserveDeviceMax: env.JOIN_RESERVE_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_ACCOUNT_RATE_LIMIT ? accountRateLimits(env.JOIN_ACCOUNT_RATE_LIMIT) : {}),
      ...(env.JOIN_IDENTITY_RATE_LIMIT ? { identityMax: env.JOIN_IDENTITY_RATE_LIMIT } : {}),
      ...(env.JOIN_PAYMENT_RATE_LIMIT ? { paymentMax: env.JOIN_PAYMENT_RATE_LIMIT } : {}),
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
    courier: courier.provider,
    esim: esim.provider,
    ...(env.JOIN_PUBLIC_URL ? { publicUrl: env.JOIN_PUBLIC_URL } : {}),
    ...(env.JOIN_HOLDS_PER_ADDRESS ? { holdLimits: { liveHoldsPerAddress: env.JOIN_HOLDS_PER_ADDRESS } } : {}),
    ...(env.JOIN_CAPTCHA_KEY ? { captchaKey: env.JOIN_CAPTCHA_KEY } : {}),
    ...(env.JOIN_TRANSFER_CHECKS_PER_ADDRESS ? { transferCheckLimits: { numbersPerAddress: env.JOIN_TRANSFER_CHECKS_PER_ADDRESS } } : {}),
    ...(env.JOIN_CODE_RESEND_AFTER_S ? { accountRules: { codes: { ...CODE_RULES, resendAfterS: env.JOIN_CODE_RESEND_AFTER_S } } } : {}),
    static: {
      hostDir: join(repoRoot, 'host', 'dist'),
      remoteDirs: Object.fromEntries(Object.entries(REMOTE_FOLDERS).map(([name, folder]) => [name, join(repoRoot, folder, 'dist')])),
    },
    ...(env.JOIN_REMOTES ? { remoteOverrides: env.JOIN_REMOTES } : {}),
    trustProxy: env.JOIN_TRUST_PROXY,
    hsts: env.JOIN_HSTS,
    logger: { level: env.LOG_LEVEL },
    mailer,
    ...(social ? { social } : {}),
    ...(env.JOIN_DEV_OUTBOX && sink ? { outbox: sink } : {}),
  });
  if (env.JOIN_DEV_OUTBOX && !sink) app.log.warn('JOIN_DEV_OUTBOX is on but mail goes to JOIN_SMTP_URL: there is no outbox to show');

  if (testClock) app.log.warn('JOIN_TEST_HOOKS is on: POST /dev/clock moves this server\'s clock, and the courier sandbox\'s jobs step on request (tests only)');
  if (opened.migrationsApplied.length > 0) app.log.info(`database ${dbFile}: applied migrations ${opened.migrationsApplied.join(', ')}`);
  if (opened.seed.numbersInserted > 0) app.log.info(`database seeded: ${opened.seed.numbersInserted} numbers in ${opened.seedMs} ms`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    mailer.close();
    void app
      .close()
      .then(() => Promise.all([opened.store.close(), sandbox?.close(), sink?.close(), authority.sandbox?.close(), card.sandbox?.close(), bnpl.sandbox?.close(), courier.sandbox?.close(), esim.sandbox?.close()]))
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`Join sign-up flow ready at http://localhost:${port}/`);
  if (sink) {
    const outbox = env.JOIN_DEV_OUTBOX ? `outbox at http://localhost:${port}/dev/outbox` : 'outbox off (JOIN_DEV_OUTBOX=1 shows it)';
    console.log(`Mail sandbox: SMTP sink on ${sink.url}, ${outbox}`);
  }
  if (authority.sandbox) console.log(`Identity authority sandbox: ${authority.url} (its registry and fixtures: api/README.md)`);
  else console.log(`Identity authority: ${authority.url}`);
  console.log(`${card.sandbox ? 'Card provider sandbox' : 'Card provider'}: ${card.provider.origin} (test cards: api/README.md)`);
  console.log(`${bnpl.sandbox ? 'BNPL sandbox' : 'BNPL provider'}: ${bnpl.provider.name}${bnpl.sandbox ? ` at ${bnpl.sandbox.url}` : ''}`);
  if (courier.sandbox) console.log(`Courier sandbox: ${courier.sandbox.url}/ (jobs step every ${env.JOIN_COURIER_STEP_MS} ms; failure markers: api/README.md)`);
  else if (env.JOIN_COURIER_URL) console.log(`Courier: ${new URL(env.JOIN_COURIER_URL).origin}`);
  if (esim.sandbox) console.log(`eSIM provisioning sandbox: ${esim.sandbox.url}/install (SM-DP+ ${esim.sandbox.smdpAddress})`);
  else if (env.JOIN_ESIM_URL) console.log(`eSIM provisioning: ${new URL(env.JOIN_ESIM_URL).origin}`);
  if (sandbox) console.log(`Sign-in sandbox: ${sandbox.url}/authorize (issuer ${sandbox.url}, client ${env.JOIN_OIDC_CLIENT_ID})`);
  else if (social) console.log(`Sign-in provider: ${social.issuer} (client ${social.clientId})`);
  else console.log('Google login off (JOIN_GOOGLE_LOGIN)');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
