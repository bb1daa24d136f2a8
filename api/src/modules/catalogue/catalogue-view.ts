import type { FastifyRequest } from 'fastify';
import type { BusinessConfig, Product } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import type { CatalogueProduct } from './catalogue';
import { toProduct, type ViewEnv } from './product-view';
import { languageOf } from '../../platform/http/caller';
import { notFound } from '../../platform/refusals';
import type { NameLanguage } from './repository';

/** The business config as served: the stored rows with this server's overrides. */
export async function businessConfig(ctx: CatalogueDeps): Promise<BusinessConfig> {
  const stored = await ctx.repos.getBusinessConfig();
  const maintenance = ctx.bizConfig.maintenanceMode;
  return {
    ...stored,
    ...(maintenance === undefined ? {} : { maintenance_mode: maintenance }),
    promo_codes_enabled: ctx.bizConfig.promoCodesEnabled,
    // Issue 28: the deployment's tag-manager script (JOIN_TAG_MANAGER_URL), never a stored row.
    tag_manager_url: ctx.bizConfig.tagManagerUrl,
    skip_number_confirmation: ctx.bizConfig.skipNumberConfirmation,
  };
}

/** What every product is shown with: VAT from the business config (never a per-row column) and the opt-in offers. */
export async function viewEnv(ctx: CatalogueDeps): Promise<ViewEnv> {
  const [config, optIn] = await Promise.all([ctx.repos.getBusinessConfig(), ctx.repos.listOptInPromotions()]);
  return { vatPercentage: config.vat_percentage, optIn, now: ctx.now() };
}

export async function productViews(ctx: CatalogueDeps, products: readonly CatalogueProduct[]): Promise<Product[]> {
  return (await productViewsWithSpan(ctx, products)).products;
}

/**
 * The products as shown, and the time span the views hold for: the clock only matters to a
 * view through a promotion's end (promotionRefusal: an ended one is no longer applied nor
 * offered), so they are the same from `from` until the next end of one of their promotions or
 * of the opt-in offers (`until`; null: none ends).
 */
export async function productViewsWithSpan(
  ctx: CatalogueDeps,
  products: readonly CatalogueProduct[],
): Promise<{ products: Product[]; from: number; until: number | null }> {
  const env = await viewEnv(ctx);
  const ends = [...products.flatMap((p) => p.promotions), ...env.optIn].map((r) => r.validUntil).filter((end): end is number => end !== null && end > env.now);
  return { products: products.map((p) => toProduct(p, env)), from: env.now, until: ends.length > 0 ? Math.min(...ends) : null };
}

export async function productView(ctx: CatalogueDeps, product: CatalogueProduct): Promise<Product> {
  return toProduct(product, await viewEnv(ctx));
}

/** The language names are answered in: the request's `language` header (SPEC 7), English without one. */
export const nameLanguage: (request: FastifyRequest) => NameLanguage = languageOf;

export async function requireCatalogueProduct(ctx: CatalogueDeps, code: number, language: NameLanguage = 'en'): Promise<CatalogueProduct> {
  const product = await ctx.repos.getCatalogueProduct(code, language);
  if (!product) throw notFound(`Product ${code} does not exist`);
  return product;
}
