import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { parseClientHeaders, sessionGuard } from './platform/http/session-auth';
import { stepGuard } from './platform/http/step-guard';
import { boosterRoutes } from './modules/catalogue/booster-routes';
import { contentRoutes } from './modules/content/content-routes';
import { deliveryGeoRoutes, orderRoutes } from './modules/fulfilment/delivery-routes';
import { feedbackRoutes } from './modules/content/feedback-routes';
import { geoRoutes, mapFileRoutes } from './modules/fulfilment/geo-routes';
import { identityRoutes } from './modules/identity/identity-routes';
import { locationRoutes } from './modules/identity/location-routes';
import { meRoutes } from './modules/flow/me-routes';
import { loadFlowStatus, serverFlowContext } from './modules/flow/flow-context';
import { numberRoutes } from './modules/numbers/number-routes';
import { paymentRoutes } from './modules/payment/payment-routes';
import { planRoutes } from './modules/catalogue/plan-routes';
import { productRoutes } from './modules/catalogue/product-routes';
import { promotionRoutes } from './modules/catalogue/promotion-routes';
import { rateLimitHook } from './platform/http/rate-limits';
import { loginRoutes, sessionRoutes } from './modules/account/session-routes';
import { transferRoutes } from './modules/numbers/transfer-routes';

/**
 * The operator API of SPEC 7, mounted under /api in three rings: open (config and
 * translations), headers required (device-id login), and session required (everything else).
 */
export async function apiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.decorateRequest('client', null);
  api.decorateRequest('auth', null);

  await api.register(async (open) => contentRoutes(open, ctx));
  // The map's data files: public, drawn before anything else (issue 14).
  await api.register(async (open) => mapFileRoutes(open));
  // The delivery's public reads (coverage, zones, stores): reference data, no session.
  await api.register(async (open) => deliveryGeoRoutes(open, ctx));

  await api.register(async (identified) => {
    identified.addHook('onRequest', parseClientHeaders);
    await loginRoutes(identified, ctx);

    await identified.register(async (authed) => {
      authed.addHook('onRequest', sessionGuard({ sessions: ctx.store, now: () => ctx.now(), lifetime: ctx.session }));
      // The SPEC 2 access rules, for every route that declares its flow step.
      authed.addHook('preHandler', stepGuard(async (caller) => serverFlowContext(await loadFlowStatus(ctx, caller))));
      await sessionRoutes(authed, ctx);
      await meRoutes(authed, ctx);
      await feedbackRoutes(authed, ctx);
      await locationRoutes(authed, ctx);
      // The places search and the pin's area, with their one budget (issue 14).
      await authed.register(async (geo) => geoRoutes(geo, ctx));
      await authed.register(async (identity) => identityRoutes(identity, ctx));
      // One budget for every answer that tells whether a promo code exists.
      const promoLimit = rateLimitHook(authed, ctx.rateLimit.promoMax, ctx.rateLimit.windowMs);
      await productRoutes(authed, ctx);
      await planRoutes(authed, ctx, promoLimit);
      await boosterRoutes(authed, ctx);
      await promotionRoutes(authed, ctx, promoLimit);
      await numberRoutes(authed, ctx);
      await transferRoutes(authed, ctx);
      // Its own context: the payment budget's hook is this plugin's alone.
      await authed.register(async (payment) => paymentRoutes(payment, ctx));
      await orderRoutes(authed, ctx);
    });
  });
}
