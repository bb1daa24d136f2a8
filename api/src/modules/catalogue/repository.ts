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

/** What redeeming or cancelling a promo code changes on a saved plan: the code, its price and its applied promotions. */
export interface SavedPlanPromo {
  promoCode: string | null;
  price: PackagePrice;
  appliedPromotions: Promotion[];
}

/** An offer of GET /cms/offers as stored: the operator's texts in one language and the promotion it advertises. */
export interface OfferRecord {
  key: string;
  kind: 'streaming' | 'referral';
  promotionKey: string;
  title: string;
  text: string;
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
  /** A promotion by its key, ended or not; null for an unknown key. */
  findPromotion(key: string): Promise<PromotionRule | null>;
  listBoosters(language?: NameLanguage): Promise<Booster[]>;
  /** The active offers with their texts in `language`, in the operator's order (an offer without a text in it is left out). */
  listOffers(language: NameLanguage): Promise<OfferRecord[]>;
  /** null when the user never chose a product (the default applies). */
  getCurrentProductCode(uid: string): Promise<number | null>;
  /** Throws PaymentOpenError for another product while a payment of the user is open. */
  setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void>;

  // --- saved plan: one per user; saving replaces it and makes its product current ---
  getSavedPlan(uid: string): Promise<SavedPlanRecord | null>;
  /** Throws PaymentOpenError while a payment of the user is open (its saved plan is what it buys). */
  replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord>;
  /**
   * Changes the promo code of saved plan `id` (its price and applied promotions with it), in place.
   * null when the user's saved plan is no longer `id` (saved again meanwhile); throws
   * PaymentOpenError while a payment of the user is open.
   */
  setSavedPlanPromo(uid: string, id: number, promo: SavedPlanPromo): Promise<SavedPlanRecord | null>;

  // --- referral codes (MGM): one per account, made by the server ---
  referralCodeOf(accountId: string): Promise<string | null>;
  /** Keeps `code` as the account's, unless it has one: answers the account's code. Throws on a code another account has. */
  addReferralCode(accountId: string, code: string, now: number): Promise<string>;
  /** The account a referral code is of; null for an unknown code. */
  referralCodeOwner(code: string): Promise<string | null>;
  /** The account the user (a device user) logged in to; null before any login. */
  accountOfUser(uid: string): Promise<string | null>;
  /** Whether the account was credited to a referrer for a paid order already: a friend uses one referral code, once. */
  referralUsedBy(friendAccountId: string): Promise<boolean>;
  /** What the account's friends' paid orders credited it so far, in fils (at most the programme's MaxValue). */
  referralEarnedFils(referrerAccountId: string): Promise<number>;

  // --- preferences (SPEC 3): one value per user and preference id ---
  getPreferences(uid: string): Promise<PreferenceRecord[]>;
  setPreference(uid: string, preferenceId: number, value: boolean): Promise<void>;
}
