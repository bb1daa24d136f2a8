import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { parseClientHeaders, sessionGuard } from './platform/http/session-auth';
import { stepGuard } from './platform/http/step-guard';
import { prependRouteHook } from './platform/http/validate';
import { boosterRoutes } from './modules/catalogue';
import { contentRoutes } from './modules/content';
import { FULFILMENT_ERROR_STATUSES, deliveryGeoRoutes, orderRoutes } from './modules/fulfilment';
import { feedbackRoutes } from './modules/content';
import { consentRoutes } from './modules/consent';
import { MEASUREMENT_ERROR_STATUSES, collectRoutes, opsRoutes } from './modules/measurement';
import { geoRoutes, mapFileRoutes } from './modules/fulfilment';
import { IDENTITY_ERROR_STATUSES, identityRoutes, locationRoutes } from './modules/identity';
import { flowStatusRoute, meRoutes } from './modules/flow';
import { loadFlowStatus, serverFlowContext } from './modules/flow';
import { numberRoutes } from './modules/numbers';
import { DEFAULT_PRODUCT_CODE } from './modules/catalogue';
import { paymentRoutes } from './modules/payment';
import { PAYMENT_ERROR_STATUSES, orderLock } from './modules/payment';
import { planRoutes } from './modules/catalogue';
import { productRoutes } from './modules/catalogue';
import { promotionRoutes } from './modules/catalogue';
import { rateLimitHook } from './platform/http/rate-limits';
import { loginRoutes, sessionRoutes } from './modules/account';
import { transferRoutes } from './modules/numbers';
import { ACCOUNT_ERROR_STATUSES } from './modules/account';
import { CATALOGUE_ERROR_STATUSES } from './modules/catalogue';
import { NUMBERS_ERROR_STATUSES } from './modules/numbers';
import { joinErrorStatuses } from './platform/domain-error';
import { PLATFORM_ERROR_STATUSES } from './platform/refusals';
import { ORDER_LOCK_ERROR_STATUSES } from './platform/order-lock';
import { RETAIL_ERROR_STATUSES, customerSessionRoutes, endCustomerSessionRoutes, retailLogin, retailOffGuard, retailRoutes } from './modules/retail';

/** The HTTP status of every code a refusal (DomainError) may carry: the platform's and each module's table. */
export const API_ERROR_STATUSES = joinErrorStatuses(
  PLATFORM_ERROR_STATUSES,
  ORDER_LOCK_ERROR_STATUSES,
  ACCOUNT_ERROR_STATUSES,
  CATALOGUE_ERROR_STATUSES,
  FULFILMENT_ERROR_STATUSES,
  IDENTITY_ERROR_STATUSES,
  NUMBERS_ERROR_STATUSES,
  PAYMENT_ERROR_STATUSES,
  RETAIL_ERROR_STATUSES,
  MEASUREMENT_ERROR_STATUSES,
);

/**
 * The operator API of SPEC 7, mounted under /api in three rings: open (config and
 * translations), headers required (device-id login), and session required (everything else).
 */
export async function apiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.decorateRequest('client', null);
  api.decorateRequest('auth', null);
  const sessionRules = { sessions: ctx.repos, now: () => ctx.now(), lifetime: ctx.session };
  const sessionCheck = () => sessionGuard(sessionRules);

  await api.register(async (open) => contentRoutes(open, ctx));
  // The map's data files: public, drawn before anything else.
  await api.register(async (open) => mapFileRoutes(open));
  // The delivery's public reads (coverage, zones, stores): reference data, no session.
  await api.register(async (open) => deliveryGeoRoutes(open, ctx));
  // The operations summary: the operator's credential, not a visitor's session.
  await api.register(async (operator) => opsRoutes(operator, ctx));

  await api.register(async (identified) => {
    identified.addHook('onRequest', parseClientHeaders);
    // The device-id login reads the shop device's cookies for a retail start (is_retail).
    await identified.register(async (login) => {
      await login.register(cookie);
      await loginRoutes(login, ctx, retailLogin(ctx));
    });
    // GET /me/flow_status checks its session itself, with the same rules, in the statement that
    // reads its answer (the hottest call: one SQLite read, not two); every other route of a
    // session is behind the guard below.
    await identified.register(async (own) => flowStatusRoute(own, ctx, sessionRules));

    await identified.register(async (authed) => {
      authed.addHook('onRequest', sessionCheck());
      // The SPEC 2 access rules, for every route that declares its flow step.
      // On the routes that declare one only (first of their preHandlers, as a hook of this scope
      // ran): a route without a step is not handed a hook that has nothing to do.
      const guard = stepGuard(async (caller) => serverFlowContext(await loadFlowStatus(ctx, caller)));
      authed.addHook('onRoute', (route) => {
        if (route.config?.flowStep !== undefined) prependRouteHook(route, 'preHandler', guard);
      });
      // The payment's order lock, for the routes that change what a payment buys.
      const lock = orderLock(ctx);
      await sessionRoutes(authed, ctx);
      await meRoutes(authed, ctx, lock);
      await feedbackRoutes(authed, ctx);
      // Its own context: the consent budgets' hooks are this plugin's alone.
      await authed.register(async (consent) => consentRoutes(consent, ctx));
      // Its own context too: the collector's budgets.
      await authed.register(async (collect) => collectRoutes(collect, ctx));
      await locationRoutes(authed, ctx);
      // The places search and the pin's area, with their one budget.
      await authed.register(async (geo) => geoRoutes(geo, ctx));
      await authed.register(async (identity) => identityRoutes(identity, ctx));
      // One budget for every answer that tells whether a promo code exists.
      const promoLimit = rateLimitHook(authed, 'promo', ctx.rateLimit.promoMax, ctx.rateLimit.windowMs);
      await productRoutes(authed, ctx, lock);
      await planRoutes(authed, ctx, promoLimit, lock);
      await boosterRoutes(authed, ctx);
      await promotionRoutes(authed, ctx, promoLimit, lock);
      await numberRoutes(authed, ctx, { lock, defaultProductCode: DEFAULT_PRODUCT_CODE });
      await transferRoutes(authed, ctx, lock);
      // Its own context: the payment budget's hook is this plugin's alone.
      await authed.register(async (payment) => paymentRoutes(payment, ctx));
      await orderRoutes(authed, ctx);
    });
  });

  // Retail (api/README.md "Retail"): 404 retail_off first, whatever else the request lacks.
  await api.register(async (retail) => {
    // The retail credentials are cookies (HttpOnly, SameSite=Strict, Path=/api); only the retail
    // routes and the device-id login read any, so the cookie plugin's hooks (a parse of every
    // request, a pass over every answer) run there only, not on every API call.
    await retail.register(cookie);
    retail.addHook('onRequest', retailOffGuard(ctx));
    // The shop device, its staff and managers: cookies, no customer session.
    await retailRoutes(retail, ctx, ctx.payment.publicOrigin);
    await retail.register(async (customer) => {
      customer.addHook('onRequest', parseClientHeaders);
      await customerSessionRoutes(customer, ctx);
      await customer.register(async (session) => {
        session.addHook('onRequest', sessionCheck());
        await endCustomerSessionRoutes(session, ctx);
      });
    });
  });
}
