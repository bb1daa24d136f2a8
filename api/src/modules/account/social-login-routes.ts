import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SocialLoginBody, SocialNonceBody, LoginResponse, SocialNonceResponse, SocialProvidersResponse } from '@join/shared/contract';
import type { AccountDeps } from './deps';
import { accountService } from './account-service';
import { socialLoginService } from './social-login-service';
import { IdTokenError } from './signin/id-token-verifier';
import { sessionExpired } from '../../platform/http/http-error';
import { unavailable } from '../../platform/refusals';
import { authOf } from '../../platform/http/session-auth';
import { rateLimitConfig } from '../../platform/http/rate-limits';

/** "Continue with Google" (social-login-service.ts): the providers offered, a nonce, the login. */
export async function socialLoginRoutes(base: FastifyInstance, ctx: AccountDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = socialLoginService(ctx, accountService(ctx));
  const budget = { config: rateLimitConfig(ctx.rateLimit.socialLoginMax, ctx.rateLimit.windowMs) };

  /** Our addition: what the page needs to open the provider's sign-in; empty when it is off. */
  app.get('/securitymanagement/social_providers', { schema: { response: { 200: SocialProvidersResponse } } }, async () => ({
    providers: service.providers(),
  }));

  /** Our addition: a fresh nonce for this session (replacing any earlier one) and a state for the popup. */
  app.post('/securitymanagement/social_nonce', { ...budget, schema: { body: SocialNonceBody, response: { 200: SocialNonceResponse } } }, async (request) =>
    service.newNonce(authOf(request).tokenHash, request.body.provider),
  );

  /** SPEC 7: the social login. */
  app.post('/securitymanagement/social_login', { ...budget, schema: { body: SocialLoginBody, response: { 200: LoginResponse } } }, async (request) => {
    const { provider, id_token } = request.body;
    let answer: LoginResponse | null;
    try {
      answer = await service.login(authOf(request), provider, id_token, request.log);
    } catch (err) {
      if (err instanceof IdTokenError) throw unavailable('The sign-in provider cannot be reached: please try again');
      throw err;
    }
    // The session ended meanwhile (a parallel login with the same session won): start over.
    if (!answer) throw sessionExpired();
    return answer;
  });
}
