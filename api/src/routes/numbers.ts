import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_SHUFFLE_VANITY_IDS,
  NumberBody,
  RandomNumbersBody,
  type NumberResponse,
  type NumbersResponse,
} from '@join/shared/contract';
import type { AppContext } from '../app-context';
import { DEFAULT_PRODUCT_CODE } from '../domain/catalogue';
import { notFound, numberExpired, numberTaken } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { parseInput } from '../http/validate';
import { toPhoneNumber } from './contract-mappers';
import { rateLimitConfig } from './security';

/** DELETE may carry the number in its body or, as many clients send DELETE, in the query. */
function numberToCancel(request: FastifyRequest): string {
  const body = request.body;
  const hasBody = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
  return hasBody ? parseInput(NumberBody, body, 'body').number : parseInput(NumberBody, request.query, 'query').number;
}

export async function numberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/numbers', async (request): Promise<NumbersResponse> => {
    const hold = await ctx.store.getActiveHold(authOf(request).uid, ctx.now());
    return { numbers: hold ? [toPhoneNumber(hold)] : [] };
  });

  app.post('/numbers', async (request): Promise<NumberResponse> => {
    const { uid } = authOf(request);
    const { number } = parseInput(NumberBody, request.body, 'body');
    const now = ctx.now();
    const result = await ctx.store.reserveNumber(uid, number, now, now + ctx.holdMs);
    if (result.kind === 'unknown') throw notFound(`Number ${number} is not in the pool`);
    if (result.kind === 'taken') throw numberTaken();
    return { number: toPhoneNumber(result.hold) };
  });

  app.delete('/numbers', async (request): Promise<NumbersResponse> => {
    const { uid } = authOf(request);
    const number = numberToCancel(request);
    const result = await ctx.store.cancelHold(uid, number, ctx.now(), DEFAULT_PRODUCT_CODE);
    // Someone else's hold looks exactly like no hold: holds are nobody else's business.
    if (result === 'not_held') throw notFound(`You hold no reservation of ${number}`);
    if (result === 'expired') throw numberExpired();
    return { numbers: [] };
  });

  app.post(
    '/numbers/random',
    { config: rateLimitConfig(ctx.rateLimit.randomNumbersMax, ctx.rateLimit.windowMs) },
    async (request): Promise<NumbersResponse> => {
      const { count } = parseInput(RandomNumbersBody, request.body, 'body');
      const found = await ctx.store.pickFreeNumbers(count, DEFAULT_SHUFFLE_VANITY_IDS, ctx.now(), ctx.random);
      return { numbers: found.map(toPhoneNumber) };
    },
  );
}
