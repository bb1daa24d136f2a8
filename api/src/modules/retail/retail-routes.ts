import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApproveDeviceBody,
  ApproveDeviceResponse,
  AuditQuery,
  AuditResponse,
  DeviceCodeResponse,
  DeviceTokenBody,
  DeviceTokenError,
  DeviceTokenResponse,
  ManagerSignInResponse,
  RETAIL_ROUTES,
  RetailDeviceResponse,
  StaffSignInBody,
  StaffSignInResponse,
} from '@join/shared/contract';
import { rateLimitConfig } from '../../platform/http/rate-limits';
import { retailAudit } from './audit';
import { customerSessionService } from './customer-session-service';
import type { RetailDeps } from './deps';
import { enrolmentService } from './enrolment-service';
import { clearRetailCookie, cookieOf, setRetailCookie, shopCookies } from './retail-cookies-routes';
import { shopView, staffService, staffView, type DeviceContext, type StaffContext } from './staff-service';

const EmptyBody = z.object({}).strict().optional();
const iso = (t: number) => new Date(t).toISOString();

function deviceAnswer(on: DeviceContext, signed: StaffContext | null): RetailDeviceResponse {
  return {
    device_id: on.device.id,
    shop: shopView(on.shop),
    staff: signed ? staffView(signed.staff) : null,
    staff_expires_at: signed ? iso(signed.expiresAt) : null,
  };
}

/** Where a manager types a device's code: the retail manager screen of this site (JOIN_PUBLIC_URL's origin, or the request's). */
const verificationUri = (request: FastifyRequest, publicOrigin: string | null) =>
  `${publicOrigin ?? `${request.protocol}://${request.host}`}/#${RETAIL_ROUTES.manager}`;

/**
 * The shop device's routes (api/README.md "Retail"): its enrolment (RFC 8628), the staff and
 * manager sign-ins, and the audit. No customer session is needed; the credentials are cookies.
 */
export async function retailRoutes(base: FastifyInstance, ctx: RetailDeps, publicOrigin: string | null): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = staffService(ctx);
  const enrolment = enrolmentService(ctx);
  const customers = customerSessionService(ctx);
  const audit = retailAudit(ctx);
  const { windowMs } = ctx.rateLimit;
  const signInLimit = rateLimitConfig(ctx.rateLimit.retailSignInMax, windowMs);

  app.post(
    '/retail/device/code',
    { schema: { body: EmptyBody, response: { 200: DeviceCodeResponse } }, config: rateLimitConfig(ctx.rateLimit.retailCodeMax, windowMs) },
    async (request) => enrolment.deviceCode(verificationUri(request, publicOrigin)),
  );

  app.post(
    '/retail/device/token',
    {
      schema: { body: DeviceTokenBody, response: { 200: DeviceTokenResponse, 400: DeviceTokenError } },
      config: rateLimitConfig(ctx.rateLimit.retailTokenMax, windowMs),
    },
    async (request, reply) => {
      const outcome = await enrolment.token(request.body.device_code);
      // RFC 8628 section 3.5: 400 with its own error shape while not enrolled; never cached.
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'error') return reply.code(400).send({ error: outcome.error });
      setRetailCookie(request, reply, 'device', outcome.secret, new Date(ctx.now() + ctx.retail.deviceCookieMaxAgeS * 1000));
      return { device_id: outcome.device.id, shop: shopView(outcome.shop) };
    },
  );

  app.post(
    '/retail/manager/sign-in',
    { schema: { body: StaffSignInBody, response: { 200: ManagerSignInResponse } }, config: signInLimit },
    async (request, reply) => {
      const signed = await staff.signInManager(request.body.staff_id, request.body.pin);
      setRetailCookie(request, reply, 'manager', signed.secret, new Date(signed.expiresAt));
      return { manager: staffView(signed.manager), shop: shopView(signed.shop), expires_at: iso(signed.expiresAt) };
    },
  );

  app.post(
    '/retail/device/approve',
    { schema: { body: ApproveDeviceBody, response: { 200: ApproveDeviceResponse } }, config: rateLimitConfig(ctx.rateLimit.retailApproveMax, windowMs) },
    async (request) => enrolment.decide(await staff.manager(cookieOf(request, 'manager')), request.body.user_code, request.body.decision),
  );

  app.get('/retail/device', { schema: { response: { 200: RetailDeviceResponse } } }, async (request) => {
    const on = await staff.device(cookieOf(request, 'device'));
    return deviceAnswer(on, await staff.staffOn(on, cookieOf(request, 'staff')));
  });

  app.post(
    '/retail/staff/sign-in',
    { schema: { body: StaffSignInBody, response: { 200: StaffSignInResponse } }, config: signInLimit },
    async (request, reply) => {
      const signed = await staff.signIn(await staff.device(cookieOf(request, 'device')), request.body.staff_id, request.body.pin);
      setRetailCookie(request, reply, 'staff', signed.secret, new Date(signed.expiresAt));
      return { staff: staffView(signed.staff), shop: shopView(signed.shop), expires_at: iso(signed.expiresAt) };
    },
  );

  app.post('/retail/staff/sign-out', { schema: { body: EmptyBody, response: { 200: RetailDeviceResponse } } }, async (request, reply) => {
    const on = await staff.device(cookieOf(request, 'device'));
    const signed = await staff.staffOn(on, shopCookies(request).staff);
    if (signed) await customers.signOut(signed, request.log);
    clearRetailCookie(request, reply, 'staff');
    return deviceAnswer(on, null);
  });

  app.get('/retail/audit', { schema: { querystring: AuditQuery, response: { 200: AuditResponse } } }, async (request) => {
    const manager = await staff.manager(cookieOf(request, 'manager'));
    return { shop: shopView(manager.shop), entries: await audit.list(manager.shop.id, request.query) };
  });
}
