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
} from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { authOf } from '../../platform/http/session-auth';
import type { OrderLock } from '../../platform/order-lock';
import { nameLanguage } from './catalogue-view';
import { productService, productsOf } from './product-service';

const saveAsked = (request: FastifyRequest): boolean => (request.query as Record<string, unknown> | undefined)?.save === 'true';

/** The products of the plan step (product-service.ts has the rules). */
export async function productRoutes(base: FastifyInstance, ctx: CatalogueDeps, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = productService(ctx, lock);
  app.get('/products/available', { schema: { querystring: ProductsAvailableQuery, response: { 200: ProductsResponse } } }, async (request) => ({
    products: await service.productsOf(request.query.category, nameLanguage(request)),
  }));

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
 * The plan step's first tab (it opens on the first category) for the page the server renders
 * (platform/static boot-page.ts), by the kernel's bootAnswerKey: the list every visitor of a
 * language gets from GET /products/available, so the first screen's plans need no round trip.
 */
export function productPageAnswers(ctx: CatalogueDeps) {
  const category = PLAN_CATEGORIES[0];
  return async (language: 'en' | 'ar'): Promise<Record<string, unknown>> => ({
    [bootAnswerKey('/products/available', { category }, language)]: { products: await productsOf(ctx, category, language) },
  });
}
