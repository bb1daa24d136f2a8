import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SocialLoginBody,
  SocialNonceBody,
  emailField,
  LoginResponse,
  SocialNonceResponse,
  SocialProvidersResponse,
} from '@join/shared/contract';
import type { AccountDeps } from './deps';
import { IdTokenError, type SocialProviderConfig, type VerifiedIdToken } from './signin/id-token-verifier';
import { badRequest, emailNotVerified, nonceError, socialTokenInvalid, terminatedAccount, unavailable } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { completeLogin, emailStanding } from './account-routes';
import { rateLimitConfig } from '../../platform/http/rate-limits';

/**
 * "Continue with Google" (OpenID Connect, implicit id_token in a popup, as Google's own
 * sign-in does): the page asks for a nonce bound to its session, the provider signs it into
 * the ID token, and social_login verifies the token (signature by the issuer's keys, RS256,
 * iss, aud, exp/iat: the IdTokenVerifier) and then the nonce (stored hashed on the session,
 * single use, 10 min), so a token taken from elsewhere cannot be replayed into this session.
 */
const sha256 = (s: string): Buffer => createHash('sha256').update(s).digest();
const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url');

function sameNonce(token: VerifiedIdToken, storedHash: string | null): boolean {
  if (storedHash === null || token.nonce === null) return false;
  const stored = Buffer.from(storedHash, 'hex');
  const given = sha256(token.nonce);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export async function socialLoginRoutes(base: FastifyInstance, ctx: AccountDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const budget = { config: rateLimitConfig(ctx.rateLimit.socialLoginMax, ctx.rateLimit.windowMs) };

  /** The provider asked for, if it is the one configured. */
  const providerOf = (provider: string): SocialProviderConfig => {
    if (!ctx.social || ctx.social.id !== provider) throw badRequest('body.provider', `sign-in with ${provider} is not offered here`);
    return ctx.social;
  };

  /** Our addition: what the page needs to open the provider's sign-in; empty when it is off. */
  app.get('/securitymanagement/social_providers', { schema: { response: { 200: SocialProvidersResponse } } }, async () => ({
    providers: ctx.social
      ? [{ id: ctx.social.id, authorization_endpoint: ctx.social.authorizationEndpoint, client_id: ctx.social.clientId }]
      : [],
  }));

  /** Our addition: a fresh nonce for this session (replacing any earlier one) and a state for the popup. */
  app.post('/securitymanagement/social_nonce', { ...budget, schema: { body: SocialNonceBody, response: { 200: SocialNonceResponse } } }, async (request) => {
    providerOf(request.body.provider);
    const nonce = randomToken(32);
    await ctx.store.setSocialNonce(authOf(request).tokenHash, sha256(nonce).toString('hex'), ctx.now() + ctx.accounts.nonceTtlMs);
    // The state is the page's to check (the popup's message must echo it); the server keeps none.
    return { nonce, state: randomToken(24) };
  });

  /** SPEC 7: the social login. */
  app.post('/securitymanagement/social_login', { ...budget, schema: { body: SocialLoginBody, response: { 200: LoginResponse } } }, async (request) => {
    const { body } = request;
    const social = providerOf(body.provider);
    const { tokenHash } = authOf(request);
    // Taken first, whatever happens next: a nonce serves one attempt.
    const storedNonce = await ctx.store.takeSocialNonce(tokenHash, ctx.now());
    let token: VerifiedIdToken;
    try {
      token = await social.verifier.verify(body.id_token);
    } catch (err) {
      if (!(err instanceof IdTokenError)) throw err;
      // Which check failed is for the log (never the token itself); the answer does not say.
      request.log.info({ event: 'social_login_refused', reason: err.reason }, 'ID token refused');
      if (err.reason === 'keys_unavailable') throw unavailable('The sign-in provider cannot be reached: please try again');
      throw socialTokenInvalid();
    }
    if (!sameNonce(token, storedNonce)) {
      request.log.info({ event: 'social_login_refused', reason: storedNonce === null ? 'no_nonce' : 'nonce_mismatch' }, 'ID token refused');
      throw nonceError();
    }
    if (!token.emailVerified) {
      request.log.info({ event: 'social_login_refused', reason: 'email_not_verified' }, 'ID token refused');
      throw emailNotVerified();
    }
    const checked = emailField().safeParse(token.email);
    if (!checked.success) {
      request.log.info({ event: 'social_login_refused', reason: 'email_claim' }, 'ID token refused');
      throw socialTokenInvalid();
    }
    const email = checked.data.toLowerCase();
    // A terminated e-mail cannot start a new account this way either (SPEC 2 /login/terminated).
    if ((await emailStanding(ctx, email)).terminated) {
      await ctx.store.setTerminatedEmail(authOf(request).uid, email);
      throw terminatedAccount();
    }
    const linked = await ctx.store.findOrLinkSocialAccount({ issuer: token.issuer, subject: token.subject, email }, randomUUID(), ctx.now());
    request.log.info({ event: 'social_identity', outcome: linked.kind, account: linked.account.id }, 'social identity resolved');
    return completeLogin(ctx, request, linked.account, 'google');
  });
}
