import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginByDeviceIdBody, LoginByDeviceIdResponse } from '@join/shared/contract';
import type { AccountDeps } from './deps';
import { authOf, clientOf } from '../../platform/http/session-auth';
import { hashToken, newSessionToken } from '../../platform/sessions/tokens';
import { accountRoutes } from './account-routes';
import { rateLimitConfig } from '../../platform/http/rate-limits';
import { socialLoginRoutes } from './social-login-routes';

/** Routes that need the SPEC 7 headers but no session yet. */
export async function loginRoutes(base: FastifyInstance, ctx: AccountDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/securitymanagement/login_by_device_id',
    { schema: { body: LoginByDeviceIdBody, response: { 200: LoginByDeviceIdResponse } }, config: rateLimitConfig(ctx.rateLimit.loginMax, ctx.rateLimit.windowMs) },
    async (request) => {
      // The device id is the identity of an anonymous visitor. The body may say a retail start
      // (`is_retail`, SPEC 4), which is checked for its shape and then ignored: anyone can send it, and
      // retail skips the location check. A shop device becomes retail through staff sign-in (the
      // retail mode's own issue), never by a client's word (api/README.md "Retail").
      const now = ctx.now();
      // State belongs to the user (the device), so a new session after expiry finds it again.
      const user = await ctx.repos.findOrCreateUser(clientOf(request)['device-id'], randomUUID(), now);
      const token = newSessionToken();
      await ctx.repos.createSession(hashToken(token), user, now);
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
