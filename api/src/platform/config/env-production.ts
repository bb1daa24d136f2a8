import type { z } from 'zod';
import type { ParsedEnv } from './env-fields';

/**
 * The providers a production server must name for real, each with the variables that go with its
 * URL, and why its sandbox will not do.
 */
const REAL_PROVIDERS: ReadonlyArray<{ url: keyof ParsedEnv; with: readonly (keyof ParsedEnv)[]; sandbox: string }> = [
  // The authority sandbox verifies anyone its seeded registry lists.
  { url: 'JOIN_AUTHORITY_URL', with: ['JOIN_AUTHORITY_KEY'], sandbox: 'the identity authority sandbox' },
  // The BNPL sandbox approves any checkout its page is clicked through.
  { url: 'JOIN_BNPL_URL', with: ['JOIN_BNPL_KEY'], sandbox: 'the buy-now-pay-later sandbox' },
  // The card sandbox charges any test card and knows the 3-D Secure code.
  { url: 'JOIN_CARD_URL', with: ['JOIN_CARD_SECRET_KEY', 'JOIN_CARD_MERCHANT_ID'], sandbox: 'the card provider sandbox' },
  // The courier sandbox delivers nothing; the eSIM sandbox provisions nothing a phone can use.
  { url: 'JOIN_COURIER_URL', with: ['JOIN_COURIER_KEY'], sandbox: 'the courier sandbox' },
  { url: 'JOIN_ESIM_URL', with: ['JOIN_ESIM_KEY'], sandbox: 'the eSIM provisioning sandbox' },
  // The portability sandbox knows made-up subscribers: a real transfer would be refused or wrongly let through.
  { url: 'JOIN_PORTABILITY_URL', with: ['JOIN_PORTABILITY_KEY'], sandbox: 'the number-portability sandbox' },
  // The terminal sandbox's page approves any payment whoever taps it, with a key pair made at its start.
  { url: 'JOIN_TERMINAL_URL', with: ['JOIN_TERMINAL_KEY'], sandbox: 'the payment terminal sandbox' },
];

/** The test hooks and switches no production server may have on. */
const OFF_IN_PRODUCTION = [
  // The outbox shows every verification code.
  ['JOIN_DEV_OUTBOX', 'must be off in production'],
  // Anyone could move the API's clock (expiring every hold) or deliver an order that never left.
  ['JOIN_TEST_HOOKS', 'must be off in production'],
  ['JOIN_TEST_FACE_PROMPTS', 'must be unset in production'],
] as const;

/**
 * The sandboxes are for this machine and for tests. A production server that forgot its
 * configuration must not start with them: the sign-in sandbox signs a verified token for any
 * e-mail typed into it, and the outbox shows every verification code.
 */
export function productionChecks(env: ParsedEnv, ctx: z.RefinementCtx): void {
  const issue = (name: keyof ParsedEnv, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (env.JOIN_SANDBOXES.all || env.JOIN_SANDBOXES.named.length > 0) issue('JOIN_SANDBOXES', 'must be off in production');
  if (!env.JOIN_SMTP_URL) issue('JOIN_SMTP_URL', 'is required in production (the mail sandbox is for development)');
  if (env.JOIN_GOOGLE_LOGIN && !env.JOIN_OIDC_ISSUER) issue('JOIN_OIDC_ISSUER', 'is required in production with Google login on (or set JOIN_GOOGLE_LOGIN=off)');
  for (const [name, message] of OFF_IN_PRODUCTION) if (env[name]) issue(name, message);
  for (const provider of REAL_PROVIDERS) {
    if (!env[provider.url]) issue(provider.url, `is required in production (${provider.sandbox} is for development)`);
    for (const name of provider.with) if (!env[name]) issue(name, 'is required in production');
  }
  // A generated key differs per process: behind a load balancer a challenge from one would fail on another.
  if (!env.JOIN_CAPTCHA_KEY) issue('JOIN_CAPTCHA_KEY', 'is required in production');
}
