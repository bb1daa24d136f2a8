import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAPTCHA_HEADER,
  CaptchaChallenge,
  CaptchaChallengeResponse,
  NumberBody,
  NumberSearchBody,
  NumbersQuery,
  RandomNumbersBody,
  ReservationQuery,
  CommitNumberResponse,
  NumberResponse,
  NumberSearchResponse,
  NumbersResponse,
  ReservationsResponse,
} from '@join/shared/contract';
import type { NumbersDeps } from './deps';
import { holdService, type HoldServiceOptions } from './hold-service';
import { callerOf } from '../../platform/http/caller';
import { badRequest } from '../../platform/refusals';
import { captchaRequired, holdCoolingOff } from './errors';
import { deviceKey, requestAddress } from '../../platform/http/client-key';
import { authOf } from '../../platform/http/session-auth';
import { parseInput } from '../../platform/http/validate';
import { budgetHook, rateLimitConfig, rateLimitHook } from '../../platform/http/rate-limits';

/** POST /numbers/commit_number carries nothing. */
const EmptyBody = z.object({}).strict();

/** DELETE may carry the number in its body or, as many clients send DELETE, in the query. */
function numberToCancel(request: FastifyRequest): string {
  const body = request.body;
  const hasBody = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
  return hasBody ? parseInput(NumberBody, body, 'body').number : parseInput(NumberBody, request.query, 'query').number;
}

/** The solved challenge the call carries, if any. */
function captchaOf(request: FastifyRequest): string | null {
  const value = request.headers[CAPTCHA_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

const asksForRandom = (request: FastifyRequest): boolean => (request.query as Record<string, unknown> | undefined)?.random === 'true';

/** What the number routes are given by the composition root: the order lock, and the product a cancelled number's visitor goes back to. */
export type NumberRouteOptions = HoldServiceOptions;

export async function numberRoutes(base: FastifyInstance, ctx: NumbersDeps, options: NumberRouteOptions): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // One budget per IP for random offers, however they are asked for (POST /numbers/random or
  // GET /numbers?random=true): a second route must not double it.
  const randomLimit = rateLimitHook(app, 'numbers-random', ctx.rateLimit.randomNumbersMax, ctx.rateLimit.windowMs);
  async function limitRandom(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await randomLimit.call(this, request, reply);
  }
  async function limitRandomQuery(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (asksForRandom(request)) await randomLimit.call(this, request, reply);
  }
  const holds = holdService(ctx, options);

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
      return { numbers: await holds.offerRandom(1) };
    }
    return { numbers: await holds.held(authOf(request).uid, query.reservation_ids?.split(',').map(Number)) };
    },
  );

  // Reserving is budgeted per device and per address, besides the hold ledger's limits. The
  // device's budget is a hard limit; past the address's one (many visitors behind one NAT), the
  // call is asked for a solved challenge instead, which the handler verifies.
  const reserveByDevice = budgetHook(app, 'reserve-device', ctx.rateLimit.reserveDeviceMax, ctx.rateLimit.windowMs, 'device');
  const reserveByAddress = budgetHook(app, 'reserve', ctx.rateLimit.reserveMax, ctx.rateLimit.windowMs, 'address', (request) => {
    if (captchaOf(request) === null) throw captchaRequired();
  });
  app.post(
    '/numbers',
    { schema: { body: NumberBody, response: { 200: NumberResponse } }, onRequest: [reserveByDevice, reserveByAddress], config: { flowStep: 'number' } },
    async (request, reply) => {
    const { number } = request.body;
    const outcome = await holds.reserve(callerOf(request), number, { deviceId: deviceKey(request), address: requestAddress(request) }, captchaOf(request));
    if ('held' in outcome) return { number: outcome.held };
    reply.header('retry-after', String(outcome.coolingOffSeconds));
    throw holdCoolingOff(outcome.coolingOffSeconds);
    },
  );

  /**
   * A proof-of-work challenge for this session and device (CaptchaGate), asked for
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
    await holds.cancel(callerOf(request), numberToCancel(request));
    return { numbers: [] };
  });

  app.post(
    '/numbers/random',
    { schema: { body: RandomNumbersBody, response: { 200: NumbersResponse } }, onRequest: limitRandom, config: { flowStep: 'number' } },
    async (request) => ({ numbers: await holds.offerRandom(request.body.count) }),
  );

  app.post(
    '/numbers/search',
    {
      schema: { body: NumberSearchBody, response: { 200: NumberSearchResponse } },
      config: { ...rateLimitConfig(ctx.rateLimit.searchMax, ctx.rateLimit.windowMs), flowStep: 'number' },
    },
    async (request) => {
      const { body } = request;
      const { numbers, hasMore } = await holds.search(body);
      return { numbers, page: body.page, per_page: body.per_page, has_more: hasMore };
    },
  );

  app.get('/numbers/reservation', { schema: { querystring: ReservationQuery, response: { 200: ReservationsResponse } } }, async (request) => {
    const { reservation_types } = request.query;
    return { reservations: await holds.reservations(authOf(request).uid, reservation_types?.split(',')) };
  });

  /**
   * Marks the live hold committed: the visitor confirmed this number for the order. Payment
   * (a later issue) will require a committed number. Committing again is harmless, and the
   * hold's expiry does not move.
   */
  app.post('/numbers/commit_number', { schema: { body: EmptyBody, response: { 200: CommitNumberResponse } }, config: { flowStep: 'number' } }, async (request) => {
    return { reservation: await holds.commit(authOf(request).uid) };
  });
}
