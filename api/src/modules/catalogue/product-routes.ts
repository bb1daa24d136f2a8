import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvailablePlansQuery,
  AvailablePlansResponse,
  ProductResponse,
  ProductSaveBody,
  ProductsAvailableQuery,
  ProductsCurrentQuery,
  ProductsResponse,
  bootAnswerKey,
  PLAN_CATEGORIES,
  type ProductCategoryQuery,
} from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { authOf } from '../../platform/http/session-auth';
import type { OrderLock } from '../../platform/order-lock';
import { nameLanguage } from './catalogue-view';
import { productListOf, productService } from './product-service';
import type { NameLanguage } from './repository';
import { AnswerCache, sendCachedAnswer } from '../../platform/http/cached-answer';

const saveAsked = (request: FastifyRequest): boolean => (request.query as Record<string, unknown> | undefined)?.save === 'true';

/** The products of the plan step (product-service.ts has the rules). */
export async function productRoutes(base: FastifyInstance, ctx: CatalogueDeps, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = productService(ctx, lock);
  app.get('/products/available', { schema: { querystring: ProductsAvailableQuery, response: { 200: ProductsResponse } } }, async (request, reply) => {
    const list = await listAnswer(ctx, request.query.category, nameLanguage(request), (value) => reply.serialize(value));
    // A visitor's browser may keep it and ask whether it changed (ETag); only with a session.
    reply.header('cache-control', 'private, no-cache').header('vary', 'language');
    return sendCachedAnswer(request, reply, list);
  });

  const availablePlansSchema = { schema: { querystring: AvailablePlansQuery, response: { 200: AvailablePlansResponse } } };
  app.get('/products/available_plans', availablePlansSchema, async (request) => service.availablePlans(request.query, nameLanguage(request)));
  app.get('/products/available_plans.json', availablePlansSchema, async (request) => service.availablePlans(request.query, nameLanguage(request)));

  // ?save=true writes (the product becomes the saved one): a plan-step action then.
  app.get(
    '/products/current',
    { schema: { querystring: ProductsCurrentQuery, response: { 200: ProductResponse } }, config: { flowStep: (r) => (saveAsked(r) ? 'plan' : null) } },
    async (request) => ({ product: await service.current(authOf(request).uid, nameLanguage(request), request.query.save === 'true') }),
  );

  app.post('/products/save', { schema: { body: ProductSaveBody, response: { 200: ProductResponse } }, config: { flowStep: 'plan' } }, async (request) => ({
    product: await service.save(callerOf(request), request.body.product_code, nameLanguage(request)),
  }));
}

/**
 * The first plan screen's list, asked again on every tab: the same for every visitor of a
 * language, so it is built once per category and language and kept until the catalogue or the
 * business config (VAT) changes, or one of its promotions ends. One cache per context, read by the
 * route and by the page the server renders (productPageAnswers).
 */
const listCaches = new WeakMap<CatalogueDeps, AnswerCache>();
async function listAnswer(ctx: CatalogueDeps, category: ProductCategoryQuery, language: NameLanguage, serialize: (value: unknown) => string | Uint8Array | ArrayBuffer) {
  let lists = listCaches.get(ctx);
  if (!lists) listCaches.set(ctx, (lists = new AnswerCache()));
  const versions = await ctx.repos.referenceVersions();
  return lists.answer(
    `${category}:${language}`,
    `${versions.catalogue}:${versions.businessConfig}`,
    ctx.now(),
    async () => {
      const { products, from, until } = await productListOf(ctx, category, language);
      return { value: { products }, from, until };
    },
    serialize,
  );
}

/**
 * The plan step's first tab (it opens on the first category) for the page the server renders
 * (platform/static boot-page.ts), by the kernel's bootAnswerKey: the list every visitor of a
 * language gets from GET /products/available, so the first screen's plans need no round trip.
 */
export function productPageAnswers(ctx: CatalogueDeps) {
  const category = PLAN_CATEGORIES[0];
  return async (language: 'en' | 'ar'): Promise<Record<string, unknown>> => ({
    [bootAnswerKey('/products/available', { category }, language)]: JSON.parse(
      String((await listAnswer(ctx, category, language, (v) => JSON.stringify(ProductsResponse.parse(v)))).body),
    ) as unknown,
  });
}
