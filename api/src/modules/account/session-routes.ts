import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginByDeviceIdBody, LoginByDeviceIdResponse } from '@join/shared/contract';
import type { AccountDeps } from './deps';
import { authOf, clientOf } from '../../platform/http/session-auth';
import { openDeviceSession } from './device-session';
import { accountRoutes } from './account-routes';
import { rateLimitConfig } from '../../platform/http/rate-limits';
import { socialLoginRoutes } from './social-login-routes';

/**
 * SPEC 4's retail start (`is_retail`) on the device-id login: only a shop device with a staff
 * sign-in may make it (the retail module's answer, given by the composition root); anyone else
 * is refused. Absent: every retail start is refused.
 */
export type RetailLogin = (request: FastifyRequest) => Promise<LoginByDeviceIdResponse>;

const asksRetail = (body: LoginByDeviceIdBody | undefined): boolean => body?.is_retail === 'true' || body?.is_retail === '1';

/** Routes that need the SPEC 7 headers but no session yet. */
export async function loginRoutes(base: FastifyInstance, ctx: AccountDeps, retailLogin: RetailLogin): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/securitymanagement/login_by_device_id',
    { schema: { body: LoginByDeviceIdBody, response: { 200: LoginByDeviceIdResponse } }, config: rateLimitConfig(ctx.rateLimit.loginMax, ctx.rateLimit.windowMs) },
    async (request) => {
      // The device id is the identity of an anonymous visitor. A retail start (`is_retail`, SPEC 4)
      // skips the location check, so it is no client's word: the retail module makes it from a
      // shop device's staff sign-in, or refuses it (api/README.md "Retail").
      if (asksRetail(request.body)) return retailLogin(request);
      const { token, user } = await openDeviceSession(ctx, clientOf(request)['device-id']);
      return { session_id: token, profile: { uid: user.uid } };
    },
  );
}

/** Routes behind a valid session. */
export async function sessionRoutes(app: FastifyInstance, ctx: AccountDeps): Promise<void> {
  // Revokes the session; an account session also unlinks the device user from the account, so
  // the next visitor on a shared device finds no trace of the login (the device's flow state stays).
  app.post('/securitymanagement/logout', async (request) => {
    await ctx.repos.endSession(authOf(request).tokenHash);
    return {};
  });
  // The account step: e-mail check, codes, password and social logins, profile (api/README.md "Accounts").
  await accountRoutes(app, ctx);
  await socialLoginRoutes(app, ctx);
}
