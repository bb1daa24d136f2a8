import { TOURIST_PRODUCT_CODES, type AvailablePlansQuery, type AvailablePlansResponse, type Product, type ProductCategoryQuery } from '@join/shared/contract';
import type { z } from 'zod';
import type { Caller } from '../../platform/caller';
import { badRequest, notFound } from '../../platform/refusals';
import type { OrderLock } from '../../platform/order-lock';
import { sortByDuration, sortByPlanNetPrice, sortByVanityLevel, type CatalogueProduct } from './catalogue';
import { productView, productViewsWithSpan, requireCatalogueProduct, viewEnv } from './catalogue-view';
import { currentProduct } from './current-product';
import type { CatalogueDeps } from './deps';
import { toProduct } from './product-view';
import type { NameLanguage } from './repository';
import { checkVipPairing } from './vip-pairing';

/**
 * A category's list with the time span it holds for (productViewsWithSpan): the same for every
 * visitor of a language, so GET /products/available keeps it until the catalogue or the business
 * config changes or that span ends (product-routes.ts listAnswer).
 * Customizable products are in none: their pages read them through available_plans. Tourist
 * and pay-as-you-go plans read cheapest first, commitments shortest first (SPEC 9: the default
 * is the third by duration), VIP plans by tier then price.
 */
export async function productListOf(ctx: CatalogueDeps, category: ProductCategoryQuery, language: NameLanguage): Promise<{ products: Product[]; from: number; until: number | null }> {
  const listed = (products: CatalogueProduct[]) => productViewsWithSpan(ctx, products.filter((p) => !p.customizable));
  const sorted = async (products: CatalogueProduct[], sort: (views: Product[]) => Product[]) => {
    const views = await listed(products);
    return { ...views, products: sort(views.products) };
  };
  switch (category) {
    case 'tourist':
      return sorted(await ctx.repos.listCatalogue({ codes: TOURIST_PRODUCT_CODES }, language), sortByPlanNetPrice);
    case 'PAYG':
      return sorted((await ctx.repos.listCatalogue({ category }, language)).filter((p) => !p.tourist), sortByPlanNetPrice);
    case 'Commitment':
      return sorted(await ctx.repos.listCatalogue({ category }, language), sortByDuration);
    case 'VIP':
      return sorted(await ctx.repos.listCatalogue({ category }, language), sortByVanityLevel);
    default: {
      const never: never = category;
      throw new Error(`unhandled category ${String(never)}`);
    }
  }
}

/**
 * The products of the plan step: the lists by category, the plans of the products asked for, and
 * the visitor's current product (read, and saved). No HTTP here: the routes parse and answer.
 */
export function productService(ctx: CatalogueDeps, lock: OrderLock) {
  return {

    /** The plans (a customizable product's options) of each product asked for, in the order asked. */
    async availablePlans(query: z.output<typeof AvailablePlansQuery>, language: NameLanguage): Promise<AvailablePlansResponse> {
      const { product_codes, service_types } = query;
      const twice = product_codes.find((c, i) => product_codes.indexOf(c) !== i);
      if (twice !== undefined) throw badRequest('query.product_codes', `product ${twice} is listed twice`);
      const found = new Map((await ctx.repos.listCatalogue({ codes: product_codes }, language)).map((p) => [p.code, p]));
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
    },

    /** The visitor's current product; `save` makes it the saved one. */
    async current(uid: string, language: NameLanguage, save: boolean): Promise<Product> {
      const product = await currentProduct(ctx, uid, language);
      if (save) await ctx.repos.setCurrentProduct(uid, product.ProductCode, true);
      return product;
    },

    /** Saves the product the visitor chose. */
    async save(caller: Caller, productCode: number, language: NameLanguage): Promise<Product> {
      const { uid } = caller;
      const product = await requireCatalogueProduct(ctx, productCode, language);
      // The same pairing as saving a plan: a VIP product only with a number of its tier, and a
      // held VIP number only with one of its VIP products.
      checkVipPairing(product, await ctx.repos.getActiveHold(uid, ctx.now()));
      // The product of an open payment's plan stays (saving it again changes nothing).
      if (product.code !== (await ctx.repos.getCurrentProductCode(uid))) await lock.refuseWhilePaying(caller);
      await ctx.repos.setCurrentProduct(uid, product.code, true);
      return productView(ctx, product);
    },
  };
}
