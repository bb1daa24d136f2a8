import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PromoCancelBody,
  PromoEligibilityQuery,
  PromoEligibilityResponse,
  PromoPriceResponse,
  PromoRedeemBody,
  ReferralResponse,
  RewardValidateBody,
  RewardValidateResponse,
} from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import type { RateLimitHook } from '../../platform/http/rate-limits';
import type { OrderLock } from '../../platform/order-lock';
import { nameLanguage } from './catalogue-view';
import { offerService } from './offer-service';
import { promotionService } from './promotion-service';

/**
 * The promotions calls of SPEC 7. Every answer that tells whether a code exists (the
 * eligibility check, redeem, validate_reward) shares one small per-IP budget with quotes and saves
 * that carry a code. Redeem and cancel change the saved plan, so they are the plan step's
 * (refused once the plan is paid, as a save is) and wait for an open payment (payment_open).
 */
export async function promotionRoutes(base: FastifyInstance, ctx: CatalogueDeps, promoLimit: RateLimitHook, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const offers = offerService(ctx);
  const promotions = promotionService(ctx, lock);
  app.get(
    '/promotions/check_promo_code_eligibility.json',
    { schema: { querystring: PromoEligibilityQuery, response: { 200: PromoEligibilityResponse } }, onRequest: promoLimit },
    async (request) => ({ promotions: await offers.promoEligibility(request.query) }),
  );

  app.post(
    '/promotions/redeem',
    { schema: { body: PromoRedeemBody, response: { 200: PromoPriceResponse } }, onRequest: promoLimit, config: { flowStep: 'plan' } },
    // ID_Number is checked for its form and kept nowhere: no promotion of ours is limited per person.
    async (request) => promotions.redeem(callerOf(request), request.body.promo_code, nameLanguage(request)),
  );

  app.delete(
    '/promotions/cancel',
    { schema: { body: PromoCancelBody.optional(), response: { 200: PromoPriceResponse } }, config: { flowStep: 'plan' } },
    async (request) => promotions.cancel(callerOf(request), nameLanguage(request)),
  );

  app.post(
    '/promotions/validate_reward',
    { schema: { body: RewardValidateBody, response: { 200: RewardValidateResponse } }, onRequest: promoLimit },
    async (request) => promotions.validateReward(callerOf(request), request.body.reward_code),
  );

  /** Our addition: the visitor's own referral code, on thank-you (an order paid or done). */
  app.get('/promotions/referral', { schema: { response: { 200: ReferralResponse } }, config: { flowStep: 'thank_you' } }, async (request) =>
    promotions.referral(callerOf(request)),
  );
}
