import type { Booster, PackagePrice, ProductCategory, Promotion, RequestHeaders } from '@join/shared/contract';
import type { CatalogueProduct } from './catalogue';
import type { PromotionRule } from './promotions';

/** A saved plan: the choice, and its price and applied promotions as computed when it was saved. */
export interface NewSavedPlan {
  productCode: number;
  planIds: number[];
  boosterIds: number[];
  /** Opt-in promotions the visitor asked for. */
  promotionKeys: string[];
  promoCode: string | null;
  price: PackagePrice;
  appliedPromotions: Promotion[];
}

export interface SavedPlanRecord extends NewSavedPlan {
  id: number;
}

export interface PreferenceRecord {
  preferenceId: number;
  value: boolean;
}

/** The languages names are answered in (the request's `language` header). */
export type NameLanguage = RequestHeaders['language'];
/** What has a name in every language: a product, a product's plan, a booster, an operator. */
export type NameKind = 'product' | 'sub_plan' | 'booster' | 'operator';
export type ProductFilter = { codes: readonly number[] } | { category: ProductCategory } | { vipVanityLevel: number };

/** Products, plans, promotions and boosters (reference data), the current product, saved plans and preferences. */
export interface CatalogueRepository {
  // --- catalogue (reference data; prices are the domain's to compute) ---
  // Names (of products, their plans, boosters, operators) come in `language`, English where a
  // name has no translation; everything else (ids, prices) is the same in every language.
  listCatalogue(filter: ProductFilter, language?: NameLanguage): Promise<CatalogueProduct[]>;
  getCatalogueProduct(code: number, language?: NameLanguage): Promise<CatalogueProduct | null>;
  /** Promotions a visitor opts in to (linked to no product, behind no code): the streaming offer. */
  listOptInPromotions(): Promise<PromotionRule[]>;
  /** The promotion behind a promo code (upper case), ended or not; null for an unknown code. */
  findPromoCode(code: string): Promise<PromotionRule | null>;
  listBoosters(language?: NameLanguage): Promise<Booster[]>;
  /** null when the user never chose a product (the default applies). */
  getCurrentProductCode(uid: string): Promise<number | null>;
  /** Throws PaymentOpenError for another product while a payment of the user is open. */
  setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void>;

  // --- saved plan: one per user; saving replaces it and makes its product current ---
  getSavedPlan(uid: string): Promise<SavedPlanRecord | null>;
  /** Throws PaymentOpenError while a payment of the user is open (its saved plan is what it buys). */
  replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord>;

  // --- preferences (SPEC 3): one value per user and preference id ---
  getPreferences(uid: string): Promise<PreferenceRecord[]>;
  setPreference(uid: string, preferenceId: number, value: boolean): Promise<void>;
}
