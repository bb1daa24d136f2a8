import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAPTCHA_HEADER,
  CaptchaChallenge,
  CaptchaChallengeResponse,
  DEFAULT_SHUFFLE_VANITY_IDS,
  NumberBody,
  NumberSearchBody,
  NumbersQuery,
  RandomNumbersBody,
  ReservationQuery,
  SEARCH_DEFAULT_VANITY_LEVELS,
  CommitNumberResponse,
  NumberResponse,
  NumberSearchResponse,
  NumbersResponse,
  type PhoneNumber,
  ReservationsResponse,
} from '@join/shared/contract';
import type { AppContext } from '../../app-context';
import { DEFAULT_PRODUCT_CODE } from '../catalogue/catalogue';
import { HOLD_POLICY, type HoldLimits } from './holds';
import { badRequest, captchaInvalid, captchaRequired, extensionLimit, holdCoolingOff, holdLimit, notFound, numberExpired, numberTaken, paymentOpen } from '../../platform/http/http-error';
import { deviceKey, requestAddress } from '../../platform/http/client-key';
import { authOf } from '../../platform/http/session-auth';
import { parseInput } from '../../platform/http/validate';
import { toPhoneNumber, toReservation } from './contract-mappers';
import { orderLock } from '../payment/order-lock';
import { budgetHook, rateLimitConfig } from '../../platform/http/rate-limits';

/** POST /numbers/commit_number carries nothing. */
const EmptyBody = z.object({}).strict();

/** DELETE may carry the number in its body or, as many clients send DELETE, in the query. */
function numberToCancel(request: FastifyRequest): string {
  const body = request.body;
  const hasBody = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
  return hasBody ? parseInput(NumberBody, body, 'body').number : parseInput(NumberBody, request.query, 'query').number;
}

/** The solved challenge the call carries (issue 24), if any. */
function captchaOf(request: FastifyRequest): string | null {
  const value = request.headers[CAPTCHA_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** With a solved challenge, the address's live holds do not count; every limit of the device and the account still does. */
const PAST_THE_ADDRESS = { basic: Number.MAX_SAFE_INTEGER, vip: Number.MAX_SAFE_INTEGER };
const withoutAddressCap = (limits: HoldLimits): HoldLimits => ({ ...limits, liveHoldsPerAddress: PAST_THE_ADDRESS });

const asksForRandom = (request: FastifyRequest): boolean => (request.query as Record<string, unknown> | undefined)?.random === 'true';

export async function numberRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const lock = orderLock(ctx);
  // One budget per IP for random offers, however they are asked for (POST /numbers/random or
  // GET /numbers?random=true): a second route must not double it.
  const randomLimit = app.rateLimit(rateLimitConfig(ctx.rateLimit.randomNumbersMax, ctx.rateLimit.windowMs).rateLimit);
  async function limitRandom(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await randomLimit.call(this, request, reply);
  }
  async function limitRandomQuery(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (asksForRandom(request)) await randomLimit.call(this, request, reply);
  }
  const offerRandom = async (count: number): Promise<PhoneNumber[]> =>
    (await ctx.store.pickFreeNumbers(count, DEFAULT_SHUFFLE_VANITY_IDS, ctx.now(), ctx.random)).map(toPhoneNumber);

  /** The user's holds (0 or 1), optionally only those of the given reservation ids; or, with random=true, an offer. */
  // A random offer acts for the number step; reading one's own hold stays open (cart, summary).
  app.get(
    '/numbers',
    {
      schema: { querystring: NumbersQuery, response: { 200: NumbersResponse } },
      onRequest: limitRandomQuery,
      config: { flowStep: (r) => (asksForRandom(r) ? 'number' : null) },
    },
    async (request) => {
      const { query } = request;
      if (query.random === 'true') {
        if (query.reservation_ids !== undefined) throw badRequest('query.random', 'cannot be combined with reservation_ids');
        return { numbers: await offerRandom(1) };
      }
      const hold = await ctx.store.getActiveHold(authOf(request).uid, ctx.now());
      // Ids of other users' reservations simply match nothing: whether they exist is not said.
      const ids = query.reservation_ids?.split(',').map(Number);
      const shown = hold && (!ids || ids.includes(hold.reservationId)) ? [hold] : [];
      return { numbers: shown.map(toPhoneNumber) };
    },
  );

  // Reserving is budgeted per device and per address, besides the hold ledger's limits. The
  // device's budget is a hard limit; past the address's one (many visitors behind one NAT), the
  // call is asked for a solved challenge instead (issue 24), which the handler verifies.
  const reserveByDevice = budgetHook(app, ctx.rateLimit.reserveDeviceMax, ctx.rateLimit.windowMs, 'device');
  const reserveByAddress = budgetHook(app, ctx.rateLimit.reserveMax, ctx.rateLimit.windowMs, 'address', (request) => {
    if (captchaOf(request) === null) throw captchaRequired();
  });
  app.post(
    '/numbers',
    { schema: { body: NumberBody, response: { 200: NumberResponse } }, onRequest: [reserveByDevice, reserveByAddress], config: { flowStep: 'number' } },
    async (request, reply) => {
    const { uid } = authOf(request);
    const { number } = request.body;
    const deviceId = deviceKey(request);
    // A solution sent is checked, needed or not: a wrong one is never quietly ignored.
    const captcha = captchaOf(request);
    const solved = captcha !== null && (await ctx.captcha.verify(captcha, { uid, deviceId }));
    if (captcha !== null && !solved) throw captchaInvalid();
    const now = ctx.now();
    // Another number than the one held lets that one go: not while a payment is buying it (issue 23).
    // Extending the held number stays open (it never shortens a payment's hold).
    if ((await ctx.store.getActiveHold(uid, now))?.msisdn !== number) await lock.refuseWhilePaying(request);
    const claimant = { deviceId, address: requestAddress(request) };
    const limits = solved ? withoutAddressCap(ctx.holdLimits) : ctx.holdLimits;
    const result = await ctx.store.reserveNumber(uid, number, now, now + ctx.holdMs, { ...HOLD_POLICY, limits }, claimant);
    if (result.kind === 'unknown') throw notFound(`Number ${number} is not in the pool`);
    if (result.kind === 'taken') throw numberTaken();
    if (result.kind === 'extension_limit') throw extensionLimit();
    if (result.kind === 'cooling_off') {
      const seconds = Math.max(1, Math.ceil((result.until - now) / 1000));
      reply.header('retry-after', String(seconds));
      throw holdCoolingOff(seconds);
    }
    // Many visitors share one address (airport, hotel, carrier NAT): a challenge, not a refusal.
    if (result.kind === 'hold_limit' && result.limit === 'address') throw captchaRequired();
    if (result.kind === 'hold_limit') throw holdLimit(result.limit);
    if (result.kind === 'payment_open') throw paymentOpen();
    return { number: toPhoneNumber(result.hold) };
  });

  /**
   * Issue 24: a proof-of-work challenge for this session and device (CaptchaGate), asked for
   * after a 428 captcha_required. Budgeted per device like the reserve calls it serves.
   */
  app.post(
    '/numbers/challenge',
    {
      schema: { body: EmptyBody, response: { 200: CaptchaChallengeResponse } },
      config: { ...rateLimitConfig(ctx.rateLimit.reserveDeviceMax, ctx.rateLimit.windowMs, 'device'), flowStep: 'number' },
    },
    async (request) => {
      const challenge = await ctx.captcha.issue({ uid: authOf(request).uid, deviceId: deviceKey(request) });
      // Our challenges' data holds no null: the contract's schema says so, and checks it.
      return { challenge: CaptchaChallenge.parse({ parameters: challenge.parameters, signature: challenge.signature }) };
    },
  );

  // No body schema: the number comes from the body or the query (numberToCancel parses it).
  app.delete('/numbers', { schema: { response: { 200: NumbersResponse } }, config: { flowStep: 'number' } }, async (request) => {
    const { uid } = authOf(request);
    const number = numberToCancel(request);
    await lock.refuseWhilePaying(request);
    // A transfer is cancelled ("reset transfer") by its external or its temporary number.
    const result = await ctx.store.cancelHold(uid, number, ctx.now(), DEFAULT_PRODUCT_CODE);
    // Someone else's hold looks exactly like no hold: holds are nobody else's business.
    if (result === 'not_held') throw notFound(`You hold no reservation of ${number}`);
    if (result === 'payment_open') throw paymentOpen();
    if (result === 'expired') throw numberExpired();
    return { numbers: [] };
  });

  app.post(
    '/numbers/random',
    { schema: { body: RandomNumbersBody, response: { 200: NumbersResponse } }, onRequest: limitRandom, config: { flowStep: 'number' } },
    async (request) => {
      const { count } = request.body;
      return { numbers: await offerRandom(count) };
    },
  );

  app.post(
    '/numbers/search',
    {
      schema: { body: NumberSearchBody, response: { 200: NumberSearchResponse } },
      config: { ...rateLimitConfig(ctx.rateLimit.searchMax, ctx.rateLimit.windowMs), flowStep: 'number' },
    },
    async (request) => {
      const { body } = request;
      const found = await ctx.store.searchFreeNumbers(
        {
          pattern: body.pattern,
          match: body.match,
          vanityLevels: [...new Set(body.vanity_level_ids ?? SEARCH_DEFAULT_VANITY_LEVELS)],
          // One more than a page says whether another page exists, without counting matches.
          limit: body.per_page + 1,
          offset: (body.page - 1) * body.per_page,
        },
        ctx.now(),
      );
      return {
        numbers: found.slice(0, body.per_page).map(toPhoneNumber),
        page: body.page,
        per_page: body.per_page,
        has_more: found.length > body.per_page,
      };
    },
  );

  app.get('/numbers/reservation', { schema: { querystring: ReservationQuery, response: { 200: ReservationsResponse } } }, async (request) => {
    const { reservation_types } = request.query;
    const types = reservation_types?.split(',');
    const hold = await ctx.store.getActiveHold(authOf(request).uid, ctx.now());
    const reservations = hold ? [toReservation(hold)] : [];
    return { reservations: reservations.filter((r) => !types || types.includes(r.reservation_type)) };
  });

  /**
   * Marks the live hold committed: the visitor confirmed this number for the order. Payment
   * (a later issue) will require a committed number. Committing again is harmless, and the
   * hold's expiry does not move.
   */
  app.post('/numbers/commit_number', { schema: { body: EmptyBody, response: { 200: CommitNumberResponse } }, config: { flowStep: 'number' } }, async (request) => {
    const result = await ctx.store.commitHold(authOf(request).uid, ctx.now());
    if (result.kind === 'none') throw notFound('You hold no number reservation to commit');
    if (result.kind === 'expired') throw numberExpired();
    return { reservation: toReservation(result.hold) };
  });
}
