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
  TOURIST_PRODUCT_CODES,
  type Product,
  type ProductCategoryQuery,
} from '@join/shared/contract';
import type { z } from 'zod';
import type { CatalogueDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { sortByDuration, sortByPlanNetPrice, sortByVanityLevel, type CatalogueProduct } from './catalogue';
import { toProduct } from './product-view';
import { badRequest, notFound } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { nameLanguage, productView, productViews, requireCatalogueProduct, viewEnv } from './catalogue-view';
import type { NameLanguage } from './repository';
import { currentProduct } from './current-product';
import { checkVipPairing } from './vip-pairing';
import type { OrderLock } from '../../platform/http/order-lock';

/**
 * The lists of the plan step, one per category. Customizable products are in none: their
 * pages read them through available_plans. Tourist and pay-as-you-go plans read cheapest
 * first, commitments shortest first (SPEC 9: the default is the third by duration), VIP
 * plans by tier then price.
 */
async function productsOf(ctx: CatalogueDeps, category: ProductCategoryQuery, language: NameLanguage): Promise<Product[]> {
  const listed = (products: CatalogueProduct[]) => productViews(ctx, products.filter((p) => !p.customizable));
  switch (category) {
    case 'tourist':
      return sortByPlanNetPrice(await listed(await ctx.store.listCatalogue({ codes: TOURIST_PRODUCT_CODES }, language)));
    case 'PAYG':
      return sortByPlanNetPrice(await listed((await ctx.store.listCatalogue({ category }, language)).filter((p) => !p.tourist)));
    case 'Commitment':
      return sortByDuration(await listed(await ctx.store.listCatalogue({ category }, language)));
    case 'VIP':
      return sortByVanityLevel(await listed(await ctx.store.listCatalogue({ category }, language)));
    default: {
      const never: never = category;
      throw new Error(`unhandled category ${String(never)}`);
    }
  }
}

const saveAsked = (request: FastifyRequest): boolean => (request.query as Record<string, unknown> | undefined)?.save === 'true';

export async function productRoutes(base: FastifyInstance, ctx: CatalogueDeps, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/products/available', { schema: { querystring: ProductsAvailableQuery, response: { 200: ProductsResponse } } }, async (request) => {
    const { category } = request.query;
    return { products: await productsOf(ctx, category, nameLanguage(request)) };
  });

  /** The plans (a customizable product's options) of each product asked for, in the order asked. */
  const availablePlans = async (query: z.output<typeof AvailablePlansQuery>, language: NameLanguage): Promise<AvailablePlansResponse> => {
    const { product_codes, service_types } = query;
    const twice = product_codes.find((c, i) => product_codes.indexOf(c) !== i);
    if (twice !== undefined) throw badRequest('query.product_codes', `product ${twice} is listed twice`);
    const found = new Map((await ctx.store.listCatalogue({ codes: product_codes }, language)).map((p) => [p.code, p]));
    const env = await viewEnv(ctx);
    const types = service_types ? new Set(service_types) : null;
    return {
      products: product_codes.map((code) => {
        const product = found.get(code);
        if (!product) throw notFound(`Product ${code} does not exist`);
        // Plans are stored in SPEC 9 type order, options of a type cheapest first.
        return { product_code: code, plans: product.plans.filter((p) => !types || types.has(p.Type)), product: toProduct(product, env) };
      }),
    };
  };
  const availablePlansSchema = { schema: { querystring: AvailablePlansQuery, response: { 200: AvailablePlansResponse } } };
  app.get('/products/available_plans', availablePlansSchema, async (request) => availablePlans(request.query, nameLanguage(request)));
  app.get('/products/available_plans.json', availablePlansSchema, async (request) => availablePlans(request.query, nameLanguage(request)));

  // ?save=true writes (the product becomes the saved one): a plan-step action then.
  app.get(
    '/products/current',
    { schema: { querystring: ProductsCurrentQuery, response: { 200: ProductResponse } }, config: { flowStep: (r) => (saveAsked(r) ? 'plan' : null) } },
    async (request) => {
      const { uid } = authOf(request);
      const { save } = request.query;
      const product = await currentProduct(ctx, uid, nameLanguage(request));
      if (save === 'true') await ctx.store.setCurrentProduct(uid, product.ProductCode, true);
      return { product };
    },
  );

  app.post('/products/save', { schema: { body: ProductSaveBody, response: { 200: ProductResponse } }, config: { flowStep: 'plan' } }, async (request) => {
    const { uid } = authOf(request);
    const { product_code } = request.body;
    const product = await requireCatalogueProduct(ctx, product_code, nameLanguage(request));
    // The same pairing as saving a plan: a VIP product only with a number of its tier, and a
    // held VIP number only with one of its VIP products.
    checkVipPairing(product, await ctx.store.getActiveHold(uid, ctx.now()));
    // The product of an open payment's plan stays (saving it again changes nothing).
    if (product.code !== (await ctx.store.getCurrentProductCode(uid))) await lock.refuseWhilePaying(callerOf(request));
    await ctx.store.setCurrentProduct(uid, product.code, true);
    return { product: await productView(ctx, product) };
  });
}
