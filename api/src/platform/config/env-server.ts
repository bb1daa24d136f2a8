import { z } from 'zod';
import { DEFAULT_NUMBER_HOLD_SECONDS, FACE_PROMPTS } from '@join/shared/contract';
import { RemoteManifests } from '../static/remotes';
import { flag, onOff, port, positiveInt, providerUrl, tagManagerUrl, unsetIfEmpty } from './env-values';

/**
 * The server's own settings: where it listens, its database, its budgets and switches, its test
 * hooks. The providers' settings are env-provider-fields.ts; env.ts reads both.
 */
const JsonRemotes = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(RemoteManifests);

export const SERVER_FIELDS = {
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  JOIN_DB: z.string().min(1).optional(),
  /**
   * PostgreSQL instead of the embedded SQLite file (issue 29: several API instances on one
   * database): a postgres:// or postgresql:// URL as node-postgres reads it (a unix socket as
   * `?host=/its/folder`). Never repeated in a message or a log line: it may carry a password.
   */
  JOIN_DATABASE_URL: z.preprocess(unsetIfEmpty, z.string().max(2000).regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional()),
  /**
   * This instance's name behind a load balancer (npm run start:scaled: api-1, api-2...): in every
   * log line and in the x-join-instance header of every answer. Unset: neither.
   */
  JOIN_INSTANCE: z.preprocess(unsetIfEmpty, z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores').optional()),
  /**
   * On SIGTERM or SIGINT, how long readiness answers 503 while requests are still served, so the
   * balancer's health check sees it and sends no more, before the server closes (3,000 ms).
   */
  JOIN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(3000),
  NUMBER_HOLD_SECONDS: positiveInt.default(DEFAULT_NUMBER_HOLD_SECONDS),
  JOIN_MAINTENANCE: z.string().max(64).optional(),
  JOIN_FAIL_BIZ_CONFIG: flag,
  JOIN_REMOTES: JsonRemotes.optional(),
  /**
   * Another build of the host to serve at / (host/dist by default): the per-step benchmark serves
   * its single bundle (host/dist-single, e2e/perf/step-timings.mjs). The remotes such a build
   * carries itself (its bundled-steps.json) are not served.
   */
  JOIN_HOST_DIR: z.preprocess(unsetIfEmpty, z.string().min(1).optional()),
  JOIN_LOGIN_RATE_LIMIT: positiveInt.optional(),
  JOIN_RANDOM_RATE_LIMIT: positiveInt.optional(),
  JOIN_SEARCH_RATE_LIMIT: positiveInt.optional(),
  JOIN_TRANSFER_RATE_LIMIT: positiveInt.optional(),
  JOIN_PROMO_CODES: onOff,
  /**
   * The tag manager's script (issue 28), an https address with no credentials (e.g. a
   * server-side container on the operator's own domain). Unset (the default): no tag-manager
   * script, and the CSP allows none. Set: the page loads it after a visitor's yes to analytics.
   */
  JOIN_TAG_MANAGER_URL: tagManagerUrl,
  /** SPEC 4's experiment: a non-VIP number choice skips /number/confirmation (off by default; the business config's skip_number_confirmation). */
  JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION: onOff,
  JOIN_PROMO_RATE_LIMIT: positiveInt.optional(),
  JOIN_FEEDBACK_RATE_LIMIT: positiveInt.optional(),
  JOIN_FEEDBACK_DEVICE_RATE_LIMIT: positiveInt.optional(),
  JOIN_CONSENT_RATE_LIMIT: positiveInt.optional(),
  JOIN_CONSENT_DEVICE_RATE_LIMIT: positiveInt.optional(),
  /** POST /collect (the page's beacons) per address and per device and minute (300 and 30 by default). */
  JOIN_COLLECT_RATE_LIMIT: positiveInt.optional(),
  JOIN_COLLECT_DEVICE_RATE_LIMIT: positiveInt.optional(),
  /**
   * The operator credential of GET /ops/summary.json (the operations page): at least 32
   * characters, sent as a bearer token. Unset: the summary answers 404 (not configured). `npm
   * start` makes one for its run when none is set and prints it.
   */
  JOIN_OPS_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(32).max(500).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces').optional()),
  JOIN_TRUST_PROXY: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ?? '').split(',').map((x) => x.trim()).filter((x) => x.length > 0))
    .refine((list) => list.every((x) => /^[0-9a-fA-F:./]+$|^(loopback|linklocal|uniquelocal)$/.test(x)), {
      message: 'must be a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    }),
  JOIN_HSTS: onOff,
  JOIN_RESERVE_RATE_LIMIT: positiveInt.optional(),
  JOIN_RESERVE_DEVICE_RATE_LIMIT: positiveInt.optional(),
  /** Live holds from one address: "basic,vip" (e.g. 20,3). */
  JOIN_HOLDS_PER_ADDRESS: z
    .string()
    .regex(/^[0-9]{1,6},[0-9]{1,6}$/, 'must be two counts: basic,vip')
    .transform((v) => {
      const [basic, vip] = v.split(',').map(Number);
      return { basic: basic ?? 0, vip: vip ?? 0 };
    })
    .optional(),
  JOIN_TRANSFER_CHECKS_PER_ADDRESS: positiveInt.optional(),
  /**
   * The HMAC key that signs the address challenge (modules/numbers/captcha.ts): at least 32
   * characters. Unset: a key generated at start (development; challenges do not survive a restart).
   */
  JOIN_CAPTCHA_KEY: z.preprocess(unsetIfEmpty, z.string().min(32).max(500).optional()),
  /** Per address and minute, on each account call (e-mail check, code send and check, logins); see app.ts DEFAULTS. */
  JOIN_ACCOUNT_RATE_LIMIT: positiveInt.optional(),
  /** Seconds before another verification code may be asked for (30 by default; the e2e suite shortens it). */
  JOIN_CODE_RESEND_AFTER_S: positiveInt.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** /dev/outbox on the product server: the mail sandbox's outbox, every mailed code readable by anyone. Never in production. */
  JOIN_DEV_OUTBOX: onOff,
  /**
   * The test hooks (e2e only, never in production): POST /dev/clock moves the API's clock on, and
   * the courier sandbox's POST /test/jobs/step moves one job to its next status. They let a test
   * make time pass instead of waiting for it (e2e/README.md "Clocks the tests control").
   */
  JOIN_TEST_HOOKS: onOff,
  /**
   * Tests only (with JOIN_TEST_HOOKS): the face challenge's prompts to pick from, a comma list of
   * closer, farther, left, right (all four by default). The e2e suite's fake camera loops one
   * recorded movement: a prompt the test fixes is a clock the test controls, not a random draw.
   */
  JOIN_TEST_FACE_PROMPTS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((p) => p.trim()) : undefined),
    z.array(z.enum(FACE_PROMPTS)).min(1).optional(),
  ),
  /** SIMs sold to one identity document (5 by default: domain/sim-limit.ts). */
  JOIN_MAX_SIMS_PER_DOCUMENT: positiveInt.optional(),
  /** Per address and minute, one budget for the four identity calls (30 by default; the e2e suite raises it). */
  JOIN_IDENTITY_RATE_LIMIT: positiveInt.optional(),
  /**
   * The product's public address (https://join.example.ae), where the payment providers send the
   * browser back (3-D Secure, BNPL). Unset: the request's Origin, only when it is this server's own.
   */
  JOIN_PUBLIC_URL: providerUrl,
  /** Card and BNPL payment calls per address and minute (30 by default). */
  JOIN_PAYMENT_RATE_LIMIT: positiveInt.optional(),
  /**
   * Per address and minute, each of the retail budgets set to this one figure (pairing codes 10,
   * token polls 120, sign-ins and customer-session starts 30, approvals 10): the e2e suite enrols
   * a device per test from 127.0.0.1 and raises it. The PIN and pairing-code locks are not budgets
   * and stay as they are.
   */
  JOIN_RETAIL_RATE_LIMIT: positiveInt.optional(),
  NODE_ENV: z.string().optional(),
};
