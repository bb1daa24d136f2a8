import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { emailField, type LoginResponse } from '@join/shared/contract';
import type { Log } from '../../platform/log';
import { badRequest } from '../../platform/refusals';
import type { AccountService, Session } from './account-service';
import type { AccountDeps } from './deps';
import { emailNotVerified, nonceError, socialTokenInvalid } from './errors';
import { IdTokenError, type SocialProviderConfig, type VerifiedIdToken } from './signin/id-token-verifier';
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

export function socialLoginService(ctx: AccountDeps, accounts: AccountService) {
  /** The provider asked for, if it is the one configured. */
  const providerOf = (provider: string): SocialProviderConfig => {
    if (!ctx.social || ctx.social.id !== provider) throw badRequest('body.provider', `sign-in with ${provider} is not offered here`);
    return ctx.social;
  };
  const refused = (log: Log, reason: string) => log.info({ event: 'social_login_refused', reason }, 'ID token refused');

  return {
    /** What the page needs to open the provider's sign-in; empty when it is off. */
    providers() {
      return ctx.social ? [{ id: ctx.social.id, authorization_endpoint: ctx.social.authorizationEndpoint, client_id: ctx.social.clientId }] : [];
    },

    /** A fresh nonce for this session (replacing any earlier one) and a state for the popup. */
    async newNonce(tokenHash: string, provider: string) {
      providerOf(provider);
      const nonce = randomToken(32);
      await ctx.repos.setSocialNonce(tokenHash, sha256(nonce).toString('hex'), ctx.now() + ctx.accounts.nonceTtlMs);
      // The state is the page's to check (the popup's message must echo it); the server keeps none.
      return { nonce, state: randomToken(24) };
    },

    /**
     * SPEC 7: the social login. Throws the IdTokenError keys_unavailable when the provider's keys
     * cannot be fetched (the route answers 503); every other refusal is the module's DomainError.
     */
    async login(session: Session, provider: string, idToken: string, log: Log): Promise<LoginResponse | null> {
      const social = providerOf(provider);
      // Taken first, whatever happens next: a nonce serves one attempt.
      const storedNonce = await ctx.repos.takeSocialNonce(session.tokenHash, ctx.now());
      let token: VerifiedIdToken;
      try {
        token = await social.verifier.verify(idToken);
      } catch (err) {
        if (!(err instanceof IdTokenError)) throw err;
        // Which check failed is for the log (never the token itself); the answer does not say.
        refused(log, err.reason);
        if (err.reason === 'keys_unavailable') throw err;
        throw socialTokenInvalid();
      }
      if (!sameNonce(token, storedNonce)) {
        refused(log, storedNonce === null ? 'no_nonce' : 'nonce_mismatch');
        throw nonceError();
      }
      if (!token.emailVerified) {
        refused(log, 'email_not_verified');
        throw emailNotVerified();
      }
      const checked = emailField().safeParse(token.email);
      if (!checked.success) {
        refused(log, 'email_claim');
        throw socialTokenInvalid();
      }
      const email = checked.data.toLowerCase();
      // A terminated e-mail cannot start a new account this way either (SPEC 2 /login/terminated).
      await accounts.refuseIfTerminated(session.uid, email);
      const linked = await ctx.repos.findOrLinkSocialAccount({ issuer: token.issuer, subject: token.subject, email }, randomUUID(), ctx.now());
      log.info({ event: 'social_identity', outcome: linked.kind, account: linked.account.id }, 'social identity resolved');
      return accounts.completeLogin(session, linked.account, 'google', log);
    },
  };
}
