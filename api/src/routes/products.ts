import type { FastifyInstance } from 'fastify';
import {
  ProductSaveBody,
  ProductsAvailableQuery,
  ProductsCurrentQuery,
  TOURIST_PRODUCT_CODES,
  type ProductResponse,
  type ProductsResponse,
} from '@join/shared/contract';
import type { AppContext } from '../app-context';
import { sortByDuration, sortByPlanNetPrice } from '../domain/catalogue';
import { notFound } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { parseInput } from '../http/validate';
import { currentProduct } from './current-product';
import { checkVipPairing } from './plans';

export async function productRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/products/available', async (request): Promise<ProductsResponse> => {
    const { category } = parseInput(ProductsAvailableQuery, request.query, 'query');
    if (category === 'tourist') {
      return { products: sortByPlanNetPrice(await ctx.store.listProducts({ codes: TOURIST_PRODUCT_CODES })) };
    }
    return { products: sortByDuration(await ctx.store.listProducts({ category })) };
  });

  app.get('/products/current', async (request): Promise<ProductResponse> => {
    const { uid } = authOf(request);
    const { save } = parseInput(ProductsCurrentQuery, request.query, 'query');
    const product = await currentProduct(ctx, uid);
    if (save === 'true') await ctx.store.setCurrentProduct(uid, product.ProductCode, true);
    return { product };
  });

  app.post('/products/save', async (request): Promise<ProductResponse> => {
    const { uid } = authOf(request);
    const { product_code } = parseInput(ProductSaveBody, request.body, 'body');
    const product = await ctx.store.getProduct(product_code);
    if (!product) throw notFound(`Product ${product_code} does not exist`);
    // The same pairing as saving a plan: a VIP product only with a number of its tier, and a
    // held VIP number only with one of its VIP products.
    checkVipPairing(product, await ctx.store.getProductVanityLevel(product.ProductCode), await ctx.store.getActiveHold(uid, ctx.now()));
    await ctx.store.setCurrentProduct(uid, product.ProductCode, true);
    return { product };
  });
}
