import type { Product } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { DEFAULT_PRODUCT_CODE } from './catalogue';
import { productView } from './catalogue-view';
import type { NameLanguage } from './repository';

/** The user's current product; a user who never chose one is on the 1-month default. */
export async function currentProduct(ctx: CatalogueDeps, uid: string, language: NameLanguage = 'en'): Promise<Product> {
  const code = (await ctx.repos.getCurrentProductCode(uid)) ?? DEFAULT_PRODUCT_CODE;
  const product =
    (await ctx.repos.getCatalogueProduct(code, language)) ?? (await ctx.repos.getCatalogueProduct(DEFAULT_PRODUCT_CODE, language));
  // The seed always has the default product: without it the server is broken (a 500, logged).
  if (!product) throw new Error(`The default product ${DEFAULT_PRODUCT_CODE} is not in the catalogue`);
  return productView(ctx, product);
}
