import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomerSessionBody,
  CustomerSessionResponse,
  EndCustomerSessionBody,
  EndCustomerSessionResponse,
  type LoginByDeviceIdResponse,
} from '@join/shared/contract';
import { authOf, clientOf } from '../../platform/http/session-auth';
import { rateLimitConfig } from '../../platform/http/rate-limits';
import { isRefusal } from '../../platform/domain-error';
import { customerSessionService } from './customer-session-service';
import type { RetailDeps } from './deps';
import { retailCredentialRequired } from './errors';
import { shopCookies } from './retail-cookies-routes';
import { staffService } from './staff-service';

/**
 * POST /retail/customer-sessions, behind the SPEC 7 headers (the customer's fresh device id):
 * a shop device with its staff member signed in starts (or adopts) a customer's session.
 */
export async function customerSessionRoutes(base: FastifyInstance, ctx: RetailDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = staffService(ctx);
  const customers = customerSessionService(ctx);
  app.post(
    '/retail/customer-sessions',
    {
      schema: { body: CustomerSessionBody.optional(), response: { 200: CustomerSessionResponse } },
      config: rateLimitConfig(ctx.rateLimit.retailSignInMax, ctx.rateLimit.windowMs),
    },
    async (request) => customers.start(await staff.signedIn(shopCookies(request)), clientOf(request)['device-id'], request.body ?? {}),
  );
}

/**
 * POST /retail/customer-sessions/end, behind the session guard (the customer's session-id):
 * ends it on the server and tells the browser to clear the site's storage and cache. Not its
 * cookies: the device's enrolment and the staff sign-in stay for the next customer.
 */
export async function endCustomerSessionRoutes(base: FastifyInstance, ctx: RetailDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = staffService(ctx);
  const customers = customerSessionService(ctx);
  app.post(
    '/retail/customer-sessions/end',
    { schema: { body: EndCustomerSessionBody, response: { 200: EndCustomerSessionResponse } } },
    async (request, reply) => {
      const signed = await staff.signedIn(shopCookies(request));
      const ended = await customers.end(signed, authOf(request), request.body.reason, request.log);
      reply.header('clear-site-data', '"cache", "storage"');
      return { ended };
    },
  );
}

const refusedAsNull = (e: unknown): null => {
  if (isRefusal(e)) return null;
  throw e;
};

/**
 * login_by_device_id with SPEC 4's `is_retail`: a customer session like POST
 * /retail/customer-sessions when the request carries a shop device's cookies with its staff
 * member signed in (and retail is on); 403 retail_credential_required otherwise.
 */
export function retailLogin(ctx: RetailDeps) {
  const staff = staffService(ctx);
  const customers = customerSessionService(ctx);
  return async (request: FastifyRequest): Promise<LoginByDeviceIdResponse> => {
    const retailOn = (await ctx.repos.getBusinessConfig()).retail_flow;
    const signed = retailOn ? await staff.signedIn(shopCookies(request)).catch(refusedAsNull) : null;
    if (!signed) throw retailCredentialRequired();
    return customers.start(signed, clientOf(request)['device-id'], {});
  };
}
