import { DEFAULT_NUMBER_HOLD_SECONDS } from '@join/shared/contract';
import { readEnv } from '../env';

/** Every provider configured for real, as a deployment is. */
const REAL = {
  JOIN_SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  JOIN_OIDC_ISSUER: 'https://accounts.google.com',
  JOIN_AUTHORITY_URL: 'https://identity.example.gov',
  JOIN_AUTHORITY_KEY: 'a-long-enough-secret-key',
  JOIN_BNPL_URL: 'https://api.bnpl.example',
  JOIN_BNPL_KEY: 'a-long-enough-bnpl-key',
  JOIN_CARD_URL: 'https://api.cards.example',
  JOIN_CARD_SECRET_KEY: 'sk_live_long_enough_secret',
  JOIN_CARD_MERCHANT_ID: 'join-shop',
  JOIN_COURIER_URL: 'https://api.courier.example',
  JOIN_COURIER_KEY: 'a-long-enough-courier-key',
  JOIN_ESIM_URL: 'https://smdp.esim.example',
  JOIN_ESIM_KEY: 'a-long-enough-esim-key',
  JOIN_PORTABILITY_URL: 'https://mnp.example.ae',
  JOIN_PORTABILITY_KEY: 'a-long-enough-portability-key',
  JOIN_TERMINAL_URL: 'https://terminals.example.ae',
  JOIN_TERMINAL_KEY: 'a-long-enough-terminal-key',
};

/** A development server: every provider not configured runs as a sandbox (npm start, the tests). */
const dev = (env: NodeJS.ProcessEnv = {}) => readEnv({ JOIN_SANDBOXES: '1', ...env });
/** A deployment: every provider real. */
const deployed = (env: NodeJS.ProcessEnv = {}) => readEnv({ ...REAL, ...env });

describe('environment', () => {
  it('has defaults for everything (the sandboxes asked for)', () => {
    expect(dev()).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      NUMBER_HOLD_SECONDS: DEFAULT_NUMBER_HOLD_SECONDS,
      JOIN_FAIL_BIZ_CONFIG: false,
      JOIN_PROMO_CODES: false,
      JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION: false,
      JOIN_TRUST_PROXY: [],
      JOIN_HSTS: false,
      JOIN_DRAIN_MS: 3000,
      LOG_LEVEL: 'info',
      JOIN_MAIL_FROM: '"Tourist SIM" <no-reply@tourist-sim.example>',
      JOIN_MAIL_SINK_PORT: 2525,
      JOIN_MAIL_OUTBOX_PORT: 8096,
      JOIN_DEV_OUTBOX: false,
      JOIN_TEST_HOOKS: false,
      JOIN_GOOGLE_LOGIN: true,
      JOIN_OIDC_CLIENT_ID: 'join-web',
      JOIN_SIGNIN_PORT: 8090,
      JOIN_AUTHORITY_PORT: 8091,
      JOIN_BNPL_PORT: 8093,
      JOIN_BNPL_MIN_AED: 50,
      JOIN_BNPL_MAX_AED: 5000,
      JOIN_CARD_PORT: 8092,
      JOIN_COURIER_PORT: 8094,
      JOIN_ESIM_PORT: 8095,
      JOIN_PORTABILITY_PORT: 8097,
      JOIN_TERMINAL_PORT: 8098,
      JOIN_SANDBOXES: { all: true, named: [] },
      sandboxes: new Set(['mail', 'signin', 'authority', 'card', 'bnpl', 'courier', 'esim', 'portability', 'terminal']),
    });
  });

  it('reads the mail settings and never repeats the SMTP URL in an error (it holds the password)', () => {
    expect(deployed({ JOIN_SMTP_URL: 'smtp://user:pw@smtp.example.com:587', JOIN_MAIL_SINK_PORT: '2525' })).toMatchObject({
      JOIN_SMTP_URL: 'smtp://user:pw@smtp.example.com:587',
      JOIN_MAIL_SINK_PORT: 2525,
    });
    expect(dev({ JOIN_SMTP_URL: '' }).JOIN_SMTP_URL).toBeUndefined();
    expect(() => readEnv({ JOIN_SMTP_URL: 'https://user:hunter2@smtp.example.com' })).toThrow(/JOIN_SMTP_URL must start with smtp:\/\//);
    expect(() => readEnv({ JOIN_SMTP_URL: 'https://user:hunter2@smtp.example.com' })).not.toThrow(/hunter2/);
    expect(() => readEnv({ JOIN_MAIL_FROM: 'nobody' })).toThrow(/JOIN_MAIL_FROM/);
    expect(() => readEnv({ JOIN_MAIL_FROM: 'a@b.example\r\nBcc: x@y.example' })).toThrow(/JOIN_MAIL_FROM/);
    expect(dev({ JOIN_DEV_OUTBOX: '1' }).JOIN_DEV_OUTBOX).toBe(true);
  });

  it('reads the sign-in settings: Google login on unless turned off, an https issuer', () => {
    for (const off of ['0', 'false', 'off']) expect(dev({ JOIN_GOOGLE_LOGIN: off }).JOIN_GOOGLE_LOGIN).toBe(false);
    for (const on of ['1', 'true', 'on', '']) expect(dev({ JOIN_GOOGLE_LOGIN: on }).JOIN_GOOGLE_LOGIN).toBe(true);
    expect(deployed({ JOIN_OIDC_ISSUER: 'https://accounts.google.com', JOIN_OIDC_CLIENT_ID: '123-abc.apps.googleusercontent.com' })).toMatchObject({
      JOIN_OIDC_ISSUER: 'https://accounts.google.com',
      JOIN_OIDC_CLIENT_ID: '123-abc.apps.googleusercontent.com',
    });
    expect(dev({ JOIN_OIDC_ISSUER: 'http://127.0.0.1:8090' }).JOIN_OIDC_ISSUER).toBe('http://127.0.0.1:8090');
    for (const bad of ['http://accounts.google.com', 'https://accounts.google.com/', 'accounts.google.com']) {
      expect(() => readEnv({ JOIN_OIDC_ISSUER: bad })).toThrow(/JOIN_OIDC_ISSUER/);
    }
    expect(() => readEnv({ JOIN_SIGNIN_PORT: '70000' })).toThrow(/JOIN_SIGNIN_PORT/);
  });

  it('refuses to start a production server on the sandboxes', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/JOIN_SMTP_URL is required in production/);
    const authorityOk = { JOIN_AUTHORITY_URL: 'https://identity.example.gov', JOIN_AUTHORITY_KEY: 'a-long-enough-secret-key' };
    const bnplOk = { JOIN_BNPL_URL: 'https://api.bnpl.example', JOIN_BNPL_KEY: 'a-long-enough-bnpl-key' };
    const cardOk = { JOIN_CARD_URL: 'https://api.cards.example', JOIN_CARD_SECRET_KEY: 'sk_live_long_enough_secret', JOIN_CARD_MERCHANT_ID: 'join-shop' };
    const fulfilmentOk = {
      JOIN_COURIER_URL: 'https://api.courier.example',
      JOIN_COURIER_KEY: 'a-long-enough-courier-key',
      JOIN_ESIM_URL: 'https://smdp.esim.example',
      JOIN_ESIM_KEY: 'a-long-enough-esim-key',
    };
    const portabilityOk = { JOIN_PORTABILITY_URL: 'https://mnp.example.ae', JOIN_PORTABILITY_KEY: 'a-long-enough-portability-key' };
    const terminalOk = { JOIN_TERMINAL_URL: 'https://terminals.example.ae', JOIN_TERMINAL_KEY: 'a-long-enough-terminal-key' };
    const captchaOk = { JOIN_CAPTCHA_KEY: 'k'.repeat(32) };
    const mailOk = { NODE_ENV: 'production', JOIN_SMTP_URL: 'smtps://u:p@smtp.example.com:465', ...authorityOk, ...bnplOk, ...cardOk, ...fulfilmentOk, ...portabilityOk, ...terminalOk, ...captchaOk };
    expect(() => readEnv(mailOk)).toThrow(/JOIN_OIDC_ISSUER is required in production/);
    expect(() => readEnv({ ...mailOk, JOIN_GOOGLE_LOGIN: 'off' })).not.toThrow();
    expect(() => readEnv({ ...mailOk, JOIN_OIDC_ISSUER: 'https://accounts.google.com', JOIN_DEV_OUTBOX: '1' })).toThrow(/JOIN_DEV_OUTBOX must be off/);
    expect(() => readEnv({ ...mailOk, JOIN_OIDC_ISSUER: 'https://accounts.google.com' })).not.toThrow();
    // The test hooks move the API's clock and deliver orders that never left: tests only.
    expect(() => readEnv({ ...mailOk, JOIN_OIDC_ISSUER: 'https://accounts.google.com', JOIN_TEST_HOOKS: '1' })).toThrow(/JOIN_TEST_HOOKS must be off/);
    expect(dev({ JOIN_TEST_HOOKS: 'on' }).JOIN_TEST_HOOKS).toBe(true);
    // The e2e suite fixes the face challenge's prompt for its looping fake camera: tests only.
    expect(() => readEnv({ ...mailOk, JOIN_OIDC_ISSUER: 'https://accounts.google.com', JOIN_TEST_FACE_PROMPTS: 'farther' })).toThrow(/JOIN_TEST_FACE_PROMPTS must be unset/);
    expect(dev({ JOIN_TEST_FACE_PROMPTS: 'farther, left' }).JOIN_TEST_FACE_PROMPTS).toEqual(['farther', 'left']);
    expect(() => dev({ JOIN_TEST_FACE_PROMPTS: 'sideways' })).toThrow();
    const allOk = { ...mailOk, JOIN_GOOGLE_LOGIN: 'off' };
    // Each sandbox is for development only: production names the real service and what goes with it.
    const realOnly = [
      // The identity authority sandbox verifies anyone its registry lists.
      'JOIN_AUTHORITY_URL',
      'JOIN_AUTHORITY_KEY',
      // The BNPL sandbox approves whatever its page is clicked through: production names Spotii and its key.
      'JOIN_BNPL_URL',
      'JOIN_BNPL_KEY',
      // The card sandbox charges any test card and prints its 3-D Secure code.
      'JOIN_CARD_URL',
      'JOIN_CARD_SECRET_KEY',
      'JOIN_CARD_MERCHANT_ID',
      // The courier and eSIM sandboxes deliver and provision nothing.
      'JOIN_COURIER_URL',
      'JOIN_COURIER_KEY',
      'JOIN_ESIM_URL',
      'JOIN_ESIM_KEY',
      // The portability sandbox knows made-up subscribers: production names the national lookup.
      'JOIN_PORTABILITY_URL',
      'JOIN_PORTABILITY_KEY',
      // The terminal sandbox's page approves any payment: production names the terminals' cloud API.
      'JOIN_TERMINAL_URL',
      'JOIN_TERMINAL_KEY',
    ];
    for (const name of realOnly) {
      expect(() => readEnv({ ...allOk, [name]: '' })).toThrow(new RegExp(`${name} is required in production`));
    }
    expect(() => readEnv({ JOIN_AUTHORITY_URL: 'ftp://identity.example.gov' })).toThrow(/JOIN_AUTHORITY_URL/);
    expect(() => readEnv({ JOIN_AUTHORITY_KEY: 'short' })).toThrow(/JOIN_AUTHORITY_KEY/);
    // The address challenge's HMAC key; a generated one would differ per process.
    expect(() => readEnv({ ...allOk, JOIN_CAPTCHA_KEY: '' })).toThrow(/JOIN_CAPTCHA_KEY is required in production/);
    expect(() => readEnv({ JOIN_CAPTCHA_KEY: 'short' })).toThrow(/JOIN_CAPTCHA_KEY/);
  });

  it('reads the courier and eSIM settings: http(s) URLs, long keys (the sandboxes\' clocks are the sandboxes program\'s)', () => {
    expect(
      deployed({
        JOIN_COURIER_URL: 'https://api.courier.example',
        JOIN_COURIER_KEY: 'c'.repeat(16),
        JOIN_COURIER_PORT: '9160',
        JOIN_COURIER_TIMEOUT_MS: '3000',
        JOIN_ESIM_URL: 'https://smdp.esim.example',
        JOIN_ESIM_KEY: 'e'.repeat(16),
        JOIN_ESIM_PORT: '9170',
        JOIN_ESIM_TIMEOUT_MS: '4000',
      }),
    ).toMatchObject({
      JOIN_COURIER_URL: 'https://api.courier.example',
      JOIN_COURIER_PORT: 9160,
      JOIN_COURIER_TIMEOUT_MS: 3000,
      JOIN_ESIM_URL: 'https://smdp.esim.example',
      JOIN_ESIM_PORT: 9170,
      JOIN_ESIM_TIMEOUT_MS: 4000,
    });
    expect(dev({ JOIN_COURIER_URL: '', JOIN_ESIM_URL: '' }).sandboxes).toEqual(new Set(['mail', 'signin', 'authority', 'card', 'bnpl', 'courier', 'esim', 'portability', 'terminal']));
    expect(() => readEnv({ JOIN_COURIER_URL: 'ftp://courier.example' })).toThrow(/JOIN_COURIER_URL/);
    expect(() => readEnv({ JOIN_COURIER_KEY: 'short' })).toThrow(/JOIN_COURIER_KEY/);
    expect(() => readEnv({ JOIN_COURIER_PORT: '70000' })).toThrow(/JOIN_COURIER_PORT/);
    expect(() => readEnv({ JOIN_ESIM_URL: 'smdp.esim.example' })).toThrow(/JOIN_ESIM_URL/);
    expect(() => readEnv({ JOIN_ESIM_KEY: 'short' })).toThrow(/JOIN_ESIM_KEY/);
    expect(() => readEnv({ JOIN_ESIM_TIMEOUT_MS: '0' })).toThrow(/JOIN_ESIM_TIMEOUT_MS/);
  });

  it('reads the number-portability lookup: an http(s) URL, a long key, its timeout, the sandbox\'s port', () => {
    expect(deployed({ JOIN_PORTABILITY_PORT: '9180', JOIN_PORTABILITY_TIMEOUT_MS: '2500' })).toMatchObject({
      JOIN_PORTABILITY_URL: 'https://mnp.example.ae',
      JOIN_PORTABILITY_KEY: 'a-long-enough-portability-key',
      JOIN_PORTABILITY_PORT: 9180,
      JOIN_PORTABILITY_TIMEOUT_MS: 2500,
    });
    expect(dev().JOIN_PORTABILITY_PORT).toBe(8097);
    expect(() => readEnv({ JOIN_PORTABILITY_URL: 'mnp.example.ae' })).toThrow(/JOIN_PORTABILITY_URL/);
    expect(() => readEnv({ JOIN_PORTABILITY_KEY: 'short' })).toThrow(/JOIN_PORTABILITY_KEY/);
    expect(() => readEnv({ JOIN_PORTABILITY_TIMEOUT_MS: '0' })).toThrow(/JOIN_PORTABILITY_TIMEOUT_MS/);
    expect(() => dev({ JOIN_PORTABILITY_PORT: '0' })).toThrow(/JOIN_PORTABILITY_PORT must name the portability sandbox's port/);
  });

  it('reads the BNPL provider settings: an http(s) URL, a long key, the limits in AED', () => {
    expect(deployed({ JOIN_BNPL_URL: 'https://api.bnpl.example', JOIN_BNPL_KEY: 'k'.repeat(16), JOIN_BNPL_PORT: '9150', JOIN_BNPL_TIMEOUT_MS: '5000', JOIN_BNPL_MIN_AED: '100', JOIN_BNPL_MAX_AED: '2500.50' })).toMatchObject({
      JOIN_BNPL_URL: 'https://api.bnpl.example',
      JOIN_BNPL_PORT: 9150,
      JOIN_BNPL_TIMEOUT_MS: 5000,
      JOIN_BNPL_MIN_AED: 100,
      JOIN_BNPL_MAX_AED: 2500.5,
    });
    expect(dev({ JOIN_BNPL_URL: '', JOIN_BNPL_MIN_AED: '' })).toMatchObject({ JOIN_BNPL_MIN_AED: 50 });
    expect(() => readEnv({ JOIN_BNPL_URL: 'ftp://bnpl.example' })).toThrow(/JOIN_BNPL_URL/);
    expect(() => readEnv({ JOIN_BNPL_KEY: 'short' })).toThrow(/JOIN_BNPL_KEY/);
    expect(() => readEnv({ JOIN_BNPL_TIMEOUT_MS: '0' })).toThrow(/JOIN_BNPL_TIMEOUT_MS/);
    expect(() => readEnv({ JOIN_BNPL_MIN_AED: '10.005' })).toThrow(/JOIN_BNPL_MIN_AED must have at most two decimals/);
    expect(() => readEnv({ JOIN_BNPL_MIN_AED: '-1' })).toThrow(/JOIN_BNPL_MIN_AED/);
    expect(() => readEnv({ JOIN_BNPL_MAX_AED: 'lots' })).toThrow(/JOIN_BNPL_MAX_AED/);
    expect(() => readEnv({ JOIN_BNPL_MIN_AED: '600', JOIN_BNPL_MAX_AED: '500' })).toThrow(/JOIN_BNPL_MIN_AED must not be above JOIN_BNPL_MAX_AED/);
  });

  it('reads the card provider variables', () => {
    const env = dev({ JOIN_CARD_PORT: '9192', JOIN_CARD_TIMEOUT_MS: '2000' });
    expect(env.JOIN_CARD_PORT).toBe(9192);
    expect(env.JOIN_CARD_TIMEOUT_MS).toBe(2000);
    expect(dev().JOIN_CARD_PORT).toBe(8092);
    expect(() => readEnv({ JOIN_CARD_URL: 'ftp://cards.example' })).toThrow(/JOIN_CARD_URL/);
    expect(() => readEnv({ JOIN_CARD_SECRET_KEY: 'short' })).toThrow(/JOIN_CARD_SECRET_KEY/);
    expect(() => readEnv({ JOIN_CARD_MERCHANT_ID: 'has space' })).toThrow(/JOIN_CARD_MERCHANT_ID/);
  });

  it('reads the proxies to trust by name and refuses anything else', () => {
    expect(dev({ JOIN_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).JOIN_TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => readEnv({ JOIN_TRUST_PROXY: 'true' })).toThrow(/JOIN_TRUST_PROXY/);
    expect(() => readEnv({ JOIN_TRUST_PROXY: '*' })).toThrow(/JOIN_TRUST_PROXY/);
    expect(dev({ JOIN_HSTS: 'on' }).JOIN_HSTS).toBe(true);
  });

  it('reads the scaled-out settings: a PostgreSQL URL never repeated, the instance name, the drain', () => {
    const url = 'postgres://join:hunter2@db.example:5432/join';
    expect(dev({ JOIN_DATABASE_URL: url, JOIN_INSTANCE: 'api-2', JOIN_DRAIN_MS: '500' })).toMatchObject({ JOIN_DATABASE_URL: url, JOIN_INSTANCE: 'api-2', JOIN_DRAIN_MS: 500 });
    expect(dev({ JOIN_DATABASE_URL: 'postgresql://join@/join?host=/tmp/pg' }).JOIN_DATABASE_URL).toBe('postgresql://join@/join?host=/tmp/pg');
    expect(dev({ JOIN_DATABASE_URL: '', JOIN_INSTANCE: '' })).toMatchObject({ JOIN_DATABASE_URL: undefined, JOIN_INSTANCE: undefined });
    expect(() => readEnv({ JOIN_DATABASE_URL: 'mysql://join:hunter2@db.example/join' })).toThrow(/JOIN_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(() => readEnv({ JOIN_DATABASE_URL: 'mysql://join:hunter2@db.example/join' })).not.toThrow(/hunter2/);
    expect(() => readEnv({ JOIN_DATABASE_URL: url, JOIN_DB: '/tmp/join.sqlite' })).toThrow(/JOIN_DATABASE_URL and JOIN_DB name two databases/);
    // The name goes into a response header and every log line.
    expect(() => readEnv({ JOIN_INSTANCE: 'api 1' })).toThrow(/JOIN_INSTANCE/);
    expect(() => readEnv({ JOIN_INSTANCE: 'api-1\r\nx: y' })).toThrow(/JOIN_INSTANCE/);
    expect(() => readEnv({ JOIN_DRAIN_MS: '-1' })).toThrow(/JOIN_DRAIN_MS/);
    expect(dev({ JOIN_DRAIN_MS: '0' }).JOIN_DRAIN_MS).toBe(0);
  });

  it('reads the test switches and the remotes JSON', () => {
    const env = dev({
      PORT: '3000',
      NUMBER_HOLD_SECONDS: '30',
      JOIN_MAINTENANCE: 'maintenance_blocking',
      JOIN_FAIL_BIZ_CONFIG: '1',
      JOIN_REMOTES: '{"plan":"https://plan.example.com/mf-manifest.json"}',
    });
    expect(env).toMatchObject({
      PORT: 3000,
      NUMBER_HOLD_SECONDS: 30,
      JOIN_MAINTENANCE: 'maintenance_blocking',
      JOIN_FAIL_BIZ_CONFIG: true,
      JOIN_REMOTES: { plan: 'https://plan.example.com/mf-manifest.json' },
    });
  });

  it('turns promo codes on with 1, true or on, and reads their rate limit', () => {
    for (const on of ['1', 'true', 'on']) expect(dev({ JOIN_PROMO_CODES: on }).JOIN_PROMO_CODES).toBe(true);
    for (const off of ['0', 'false', 'off', '']) expect(dev({ JOIN_PROMO_CODES: off }).JOIN_PROMO_CODES).toBe(false);
    expect(dev({ JOIN_PROMO_RATE_LIMIT: '5' }).JOIN_PROMO_RATE_LIMIT).toBe(5);
    expect(() => readEnv({ JOIN_PROMO_CODES: 'yes please' })).toThrow(/JOIN_PROMO_CODES/);
    expect(() => readEnv({ JOIN_PROMO_RATE_LIMIT: '0' })).toThrow(/JOIN_PROMO_RATE_LIMIT/);
  });

  it('reads the tag manager script as an https address, unset by default (issue 28)', () => {
    expect(dev().JOIN_TAG_MANAGER_URL).toBeUndefined();
    expect(dev({ JOIN_TAG_MANAGER_URL: '' }).JOIN_TAG_MANAGER_URL).toBeUndefined();
    const url = 'https://tags.example.ae/gtm.js?id=GTM-ABC123';
    expect(dev({ JOIN_TAG_MANAGER_URL: url }).JOIN_TAG_MANAGER_URL).toBe(url);
    expect(deployed({ JOIN_TAG_MANAGER_URL: url }).JOIN_TAG_MANAGER_URL).toBe(url);
    // Plain http (even on this machine), another scheme, credentials, a quote, a non-address: refused.
    for (const bad of [
      'http://tags.example.ae/gtm.js',
      'javascript:alert(1)',
      'data:text/javascript,alert(1)',
      'https://user:secret@tags.example.ae/gtm.js',
      'https://tags.example.ae/gtm.js?id="x"',
      'tags.example.ae/gtm.js',
      `https://tags.example.ae/${'a'.repeat(500)}`,
    ]) {
      expect(() => dev({ JOIN_TAG_MANAGER_URL: bad })).toThrow(/JOIN_TAG_MANAGER_URL/);
    }
    expect(() => dev({ JOIN_TAG_MANAGER_URL: 'https://user:secret@tags.example.ae/gtm.js' })).not.toThrow(/secret/);
  });

  it('turns the number-confirmation experiment on with 1, true or on (SPEC 4; off by default)', () => {
    for (const on of ['1', 'true', 'on']) expect(dev({ JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION: on }).JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION).toBe(true);
    for (const off of ['0', 'false', 'off', '']) expect(dev({ JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION: off }).JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION).toBe(false);
    expect(() => readEnv({ JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION: 'maybe' })).toThrow(/JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION/);
  });

  it('reads the retail budgets\' one figure, a positive whole number', () => {
    expect(dev({ JOIN_RETAIL_RATE_LIMIT: '100000' }).JOIN_RETAIL_RATE_LIMIT).toBe(100000);
    expect(dev({}).JOIN_RETAIL_RATE_LIMIT).toBeUndefined();
    expect(() => readEnv({ JOIN_RETAIL_RATE_LIMIT: '0' })).toThrow(/JOIN_RETAIL_RATE_LIMIT/);
  });

  it('names a bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ NUMBER_HOLD_SECONDS: '-5' })).toThrow(/NUMBER_HOLD_SECONDS/);
    expect(() => readEnv({ JOIN_REMOTES: '{nope' })).toThrow(/JOIN_REMOTES.*JSON/);
    expect(() => readEnv({ JOIN_REMOTES: '{"plan":"javascript:x"}' })).toThrow(/JOIN_REMOTES/);
  });
});

/**
 * Every sandbox used to start unless its provider's URL was set, and the production
 * checks ran only when NODE_ENV was exactly `production`: a staging server signed a verified
 * token for any e-mail, verified anyone in the authority's registry and approved any BNPL.
 */
describe('sandboxes only when asked, real providers only with real keys over https', () => {
  const messageOf = (env: NodeJS.ProcessEnv): string => {
    try {
      readEnv(env);
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
    return 'no error';
  };
  const real = REAL;
  /** The same providers run by hand on this machine (plain http on loopback is fine). */
  const local = {
    JOIN_SMTP_URL: 'smtp://127.0.0.1:2525',
    JOIN_OIDC_ISSUER: 'http://127.0.0.1:8090',
    JOIN_AUTHORITY_URL: 'http://127.0.0.1:8091',
    JOIN_AUTHORITY_KEY: 'a-long-enough-secret-key',
    JOIN_BNPL_URL: 'http://localhost:8093',
    JOIN_BNPL_KEY: 'a-long-enough-bnpl-key',
    JOIN_CARD_URL: 'http://127.0.0.2:8092',
    JOIN_CARD_SECRET_KEY: 'sk_live_long_enough_secret',
    JOIN_CARD_MERCHANT_ID: 'join-shop',
    JOIN_COURIER_URL: 'http://[::1]:8094',
    JOIN_COURIER_KEY: 'a-long-enough-courier-key',
    JOIN_ESIM_URL: 'http://127.255.0.1:8095',
    JOIN_ESIM_KEY: 'a-long-enough-esim-key',
    JOIN_PORTABILITY_URL: 'http://127.0.0.1:8097',
    JOIN_PORTABILITY_KEY: 'a-long-enough-portability-key',
    JOIN_TERMINAL_URL: 'http://127.0.0.1:8098',
    JOIN_TERMINAL_KEY: 'a-long-enough-terminal-key',
  };
  const ALL = ['authority', 'bnpl', 'card', 'courier', 'esim', 'mail', 'portability', 'signin', 'terminal'];
  const sandboxes = (env: NodeJS.ProcessEnv): string[] => [...readEnv(env).sandboxes].sort();

  it('refuses to start with neither a provider nor JOIN_SANDBOXES, naming every provider missing and how to set it', () => {
    const message = messageOf({});
    expect(message).toMatch(/^Bad environment: JOIN_SANDBOXES /);
    for (const name of ['JOIN_SMTP_URL', 'JOIN_OIDC_ISSUER', 'JOIN_GOOGLE_LOGIN=off', 'JOIN_AUTHORITY_URL', 'JOIN_BNPL_URL', 'JOIN_CARD_URL', 'JOIN_COURIER_URL', 'JOIN_ESIM_URL', 'JOIN_PORTABILITY_URL', 'JOIN_TERMINAL_URL', 'JOIN_SANDBOXES=1']) {
      expect(message).toContain(name);
    }
    // Whatever the environment is called.
    for (const NODE_ENV of ['staging', 'development', 'test', 'Production']) expect(messageOf({ NODE_ENV })).toMatch(/JOIN_SANDBOXES/);
    // One provider configured: the message names only the others.
    const withMail = messageOf({ JOIN_SMTP_URL: 'smtps://u:p@smtp.example.com:465', JOIN_GOOGLE_LOGIN: 'off' });
    expect(withMail).not.toContain('JOIN_SMTP_URL');
    expect(withMail).not.toContain('JOIN_OIDC_ISSUER');
    expect(withMail).toContain('JOIN_CARD_URL');
  });

  it('starts the sandboxes of the providers not configured with JOIN_SANDBOXES=1 (npm start, npm run dev, the e2e and perf servers)', () => {
    for (const on of ['1', 'true', 'on', 'all', 'ALL']) expect(sandboxes({ JOIN_SANDBOXES: on })).toEqual(ALL);
    expect(sandboxes({ JOIN_SANDBOXES: '1', JOIN_GOOGLE_LOGIN: 'off' })).toEqual(ALL.filter((n) => n !== 'signin'));
    // A provider run by hand on this machine replaces its sandbox; the others still start.
    expect(sandboxes({ JOIN_SANDBOXES: '1', JOIN_CARD_URL: local.JOIN_CARD_URL, JOIN_CARD_SECRET_KEY: local.JOIN_CARD_SECRET_KEY, JOIN_CARD_MERCHANT_ID: 'join-shop' })).toEqual(
      ALL.filter((n) => n !== 'card'),
    );
    expect(sandboxes({ ...local, JOIN_SANDBOXES: '1' })).toEqual([]);
    for (const off of ['0', 'false', 'off', '']) expect(sandboxes({ ...real, JOIN_SANDBOXES: off })).toEqual([]);
  });

  it('reads a list of sandboxes, and refuses an unknown one, one whose provider is configured, and a provider left with neither', () => {
    expect(sandboxes({ ...local, JOIN_SMTP_URL: '', JOIN_OIDC_ISSUER: '', JOIN_SANDBOXES: 'mail, signin' })).toEqual(['mail', 'signin']);
    expect(messageOf({ ...local, JOIN_SMTP_URL: '', JOIN_SANDBOXES: 'mail,post' })).toMatch(/JOIN_SANDBOXES .*"post".*mail, signin, authority, card, bnpl, courier, esim, portability/);
    expect(messageOf({ ...local, JOIN_SANDBOXES: 'card' })).toMatch(/JOIN_SANDBOXES names card but JOIN_CARD_URL is set/);
    expect(messageOf({ ...local, JOIN_GOOGLE_LOGIN: 'off', JOIN_OIDC_ISSUER: '', JOIN_SANDBOXES: 'signin' })).toMatch(/JOIN_SANDBOXES names signin but JOIN_GOOGLE_LOGIN is off/);
    const missing = messageOf({ ...local, JOIN_SMTP_URL: '', JOIN_CARD_URL: '', JOIN_SANDBOXES: 'mail' });
    expect(missing).toMatch(/JOIN_SANDBOXES/);
    expect(missing).toContain('JOIN_CARD_URL');
    expect(missing).not.toContain('JOIN_SMTP_URL');
  });

  it('refuses a configured provider with no key or the sandbox\'s development key, whatever NODE_ENV says', () => {
    const keys = [
      ['JOIN_AUTHORITY_KEY', 'sandbox-authority-key-for-development'],
      ['JOIN_BNPL_KEY', 'sandbox-bnpl-key-for-development'],
      ['JOIN_CARD_SECRET_KEY', 'sk_sandbox_card_key_for_development'],
      ['JOIN_CARD_MERCHANT_ID', 'join-sandbox'],
      ['JOIN_COURIER_KEY', 'sandbox-courier-key-for-development'],
      ['JOIN_ESIM_KEY', 'sandbox-esim-key-for-development'],
      ['JOIN_PORTABILITY_KEY', 'sandbox-portability-key-for-development'],
    ] as const;
    for (const NODE_ENV of [undefined, 'staging', 'development']) {
      const base = NODE_ENV ? { ...real, NODE_ENV } : real;
      expect(messageOf(base)).toBe('no error');
      expect(messageOf({ ...local, ...(NODE_ENV ? { NODE_ENV } : {}) })).toBe('no error');
      for (const [name, development] of keys) {
        expect([name, messageOf({ ...base, [name]: '' })]).toEqual([name, expect.stringMatching(new RegExp(`^Bad environment: ${name} is required with JOIN_`))]);
        expect([name, messageOf({ ...base, [name]: development })]).toEqual([name, expect.stringMatching(new RegExp(`^Bad environment: ${name} must not be the sandbox's development`))]);
        // On this machine too: a provider run by hand is not the sandbox this server starts.
        expect([name, messageOf({ ...local, [name]: development })]).toEqual([name, expect.stringMatching(new RegExp(`^Bad environment: ${name} must not be`))]);
      }
    }
  });

  it('refuses a plain-http provider URL off this machine (loopback: 127.0.0.0/8, ::1, localhost)', () => {
    for (const name of ['JOIN_AUTHORITY_URL', 'JOIN_BNPL_URL', 'JOIN_CARD_URL', 'JOIN_CARD_PUBLIC_URL', 'JOIN_COURIER_URL', 'JOIN_ESIM_URL', 'JOIN_PORTABILITY_URL']) {
      for (const url of ['http://provider.example', 'HTTP://provider.example', 'http://10.0.0.5:8080', 'http://[2001:db8::1]/', 'http://localhost.evil.example', 'http://128.0.0.1']) {
        expect([name, url, messageOf({ ...real, [name]: url })]).toEqual([name, url, expect.stringMatching(new RegExp(`^Bad environment: ${name} must be https://`))]);
      }
      for (const url of ['http://127.0.0.1:9000', 'http://127.9.9.9', 'http://localhost:1', 'http://LOCALHOST:1', 'http://[::1]:1', 'http://[::ffff:127.0.0.1]:1']) {
        expect([name, url, messageOf({ ...local, [name]: url })]).toEqual([name, url, 'no error']);
      }
    }
  });

  it('runs no sandbox beside a provider off this machine: that server is a deployment', () => {
    expect(messageOf({ ...real, JOIN_SMTP_URL: '', JOIN_SANDBOXES: 'mail' })).toMatch(/JOIN_SANDBOXES must be off when a provider is off this machine/);
    expect(messageOf({ JOIN_SANDBOXES: '1', JOIN_CARD_URL: real.JOIN_CARD_URL, JOIN_CARD_SECRET_KEY: real.JOIN_CARD_SECRET_KEY, JOIN_CARD_MERCHANT_ID: 'join-shop' })).toMatch(
      /JOIN_SANDBOXES must be off when a provider is off this machine \(JOIN_CARD_URL\)/,
    );
    expect(messageOf({ JOIN_SANDBOXES: '1', JOIN_GOOGLE_LOGIN: 'off', JOIN_SMTP_URL: real.JOIN_SMTP_URL })).toMatch(/JOIN_SANDBOXES must be off .*\(JOIN_SMTP_URL\)/);
    // Everything real: JOIN_SANDBOXES=1 starts nothing, so it is harmless; production refuses the setting itself.
    expect(sandboxes({ ...real, JOIN_SANDBOXES: '1' })).toEqual([]);
    expect(messageOf({ ...real, NODE_ENV: 'production', JOIN_SANDBOXES: '1' })).toMatch(/JOIN_SANDBOXES must be off in production/);
  });
});
