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
  };
}

/** What every product is shown with: VAT from the business config (never a per-row column) and the opt-in offers. */
export async function viewEnv(ctx: CatalogueDeps): Promise<ViewEnv> {
  const [config, optIn] = await Promise.all([ctx.repos.getBusinessConfig(), ctx.repos.listOptInPromotions()]);
  return { vatPercentage: config.vat_percentage, optIn, now: ctx.now() };
}

export async function productViews(ctx: CatalogueDeps, products: readonly CatalogueProduct[]): Promise<Product[]> {
  const env = await viewEnv(ctx);
  return products.map((p) => toProduct(p, env));
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
