import { Booster, Discount, ExtraCharge, Promotion, SubPlanType, type ProductCategory, type SubPlan } from '@join/shared/contract';
import { z } from 'zod';
import { sortSubPlans, type CatalogueProduct } from './catalogue';
import type { PromotionRule } from './promotions';
import type { NameKind, NewSavedPlan, OfferRecord, PreferenceRecord, SavedPlanPromo, SavedPlanRecord } from './repository';

/**
 * The catalogue module's stored rows and their mapping to and from records, shared by the SQLite
 * (sqlite/) and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means
 * does not. Rows are parsed into the contract's shapes (an operator may edit these tables by
 * hand); prices are left to the domain.
 */

// --- the catalogue (reference data) ---

export interface ProductRow {
  code: number;
  name: string;
  category: ProductCategory;
  commitment_duration: number;
  is_tourist: number;
  is_customizable: number;
  vanity_level: number | null;
  allowed_features: string;
  list_net_price: number | null;
  plan_net_price: number | null;
  saving_percentage: number | null;
}

export interface SubPlanRow {
  id: number;
  product_code: number;
  type: string;
  name: string;
  value: number;
  validity_days: number;
  daily_allowance: number | null;
  net_price: number | null;
}

export interface PromotionRow {
  id: number;
  key: string;
  category: string;
  type: string;
  value: number;
  plan: string | null;
  is_user_promo: number;
  duration_months: number | null;
  max_value: number | null;
  requires_consent: number;
  valid_until: number | null;
  min_plan_net_price: number | null;
  tourist_only: number;
}

export interface BoosterRow {
  id: number;
  name: string;
  type: string;
  value: number;
  validity_days: number;
  net_price: number;
  tags: string;
}

function toSubPlan(row: SubPlanRow): SubPlan {
  return {
    ID: row.id,
    Type: SubPlanType.parse(row.type),
    Name: row.name,
    Value: row.value,
    Validity: row.validity_days,
    DailyAllowanceValue: row.daily_allowance,
    NetPrice: row.net_price,
  };
}

export function toPromotionRule(row: PromotionRow): PromotionRule {
  return {
    promotion: Promotion.parse({
      ID: row.id,
      Key: row.key,
      Category: row.category,
      Type: row.type,
      Value: row.value,
      Plan: row.plan,
      IsUserPromo: row.is_user_promo === 1,
      DurationMonths: row.duration_months,
      MaxValue: row.max_value,
      RequiresConsent: row.requires_consent === 1,
    }),
    validUntil: row.valid_until,
    minPlanNetPrice: row.min_plan_net_price,
    touristOnly: row.tourist_only === 1,
  };
}

const Tags = z.array(z.string());
export function toBooster(row: BoosterRow): Booster {
  return Booster.parse({
    ID: row.id,
    Name: row.name,
    Type: row.type,
    Value: row.value,
    Validity: row.validity_days,
    NetPrice: row.net_price,
    Tags: Tags.parse(JSON.parse(row.tags)),
  });
}

function parseFeatures(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((f): f is { Code: string } => typeof f?.Code === 'string').map((f) => f.Code) : [];
}

export type PromotionLinkRow = PromotionRow & { product_code: number };

/** A product row with its plans and automatic promotions, as the domain takes it. */
export function toCatalogueProduct(row: ProductRow, plans: SubPlanRow[], promotions: PromotionRow[]): CatalogueProduct {
  return {
    code: row.code,
    name: row.name,
    category: row.category,
    commitmentMonths: row.commitment_duration,
    tourist: row.is_tourist === 1,
    customizable: row.is_customizable === 1,
    vanityLevel: row.vanity_level,
    allowedFeatures: parseFeatures(row.allowed_features),
    fixedNetPrice: row.plan_net_price,
    listNetPrice: row.list_net_price,
    termSavingPercentage: row.saving_percentage,
    plans: sortSubPlans(plans.map(toSubPlan)),
    promotions: promotions.map(toPromotionRule),
  };
}

// --- names in other languages (localized_names, migration 5) ---

export interface NameRow {
  kind: NameKind;
  id: string;
  name: string;
}

/** A name in the asked language, or the given English one when the table has none. */
export type NameOf = (kind: NameKind, id: string | number, english: string) => string;

/** English: the catalogue's own name columns, so English reads nothing. */
export const ENGLISH_NAMES: NameOf = (_kind, _id, name) => name;

/** The names of one language's rows, English where a name has none. */
export function namesOf(rows: readonly NameRow[]): NameOf {
  const names = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.name]));
  return (kind, id, name) => names.get(`${kind}:${id}`) ?? name;
}

/** A product with its names (and its plans') in the language of `nameOf`. */
export function localizedProduct(p: CatalogueProduct, nameOf: NameOf): CatalogueProduct {
  return {
    ...p,
    name: nameOf('product', p.code, p.name),
    plans: p.plans.map((s) => ({ ...s, Name: nameOf('sub_plan', s.ID, s.Name) })),
  };
}

// --- the saved plan: its price and applied promotions are a snapshot taken when it was saved ---

export interface SavedPlanRow {
  id: number;
  product_code: number;
  plan_ids: string;
  plan_net_price: number;
  extra_charges: string;
  net_price: number;
  vat_percentage: number;
  vat_amount: number;
  booster_ids: string;
  promotion_keys: string;
  promo_code: string | null;
  discounts: string;
  applied_promotions: string;
}

const Ids = z.array(z.number().int());
const Keys = z.array(z.string());
const ExtraCharges = z.array(ExtraCharge);
const Discounts = z.array(Discount);
const Promotions = z.array(Promotion);
const json = <T>(schema: z.ZodType<T>, text: string): T => schema.parse(JSON.parse(text));

export function toSavedPlanRecord(row: SavedPlanRow): SavedPlanRecord {
  return {
    id: row.id,
    productCode: row.product_code,
    planIds: json(Ids, row.plan_ids),
    boosterIds: json(Ids, row.booster_ids),
    promotionKeys: json(Keys, row.promotion_keys),
    promoCode: row.promo_code,
    price: {
      PlanNetPrice: row.plan_net_price,
      NetPrice: row.net_price,
      VATPercentage: row.vat_percentage,
      VATAmount: row.vat_amount,
      ExtraCharges: json(ExtraCharges, row.extra_charges),
      Discounts: json(Discounts, row.discounts),
    },
    appliedPromotions: json(Promotions, row.applied_promotions),
  };
}

export interface SavedPlanInsert {
  uid: string;
  product: number;
  planIds: string;
  planNet: number;
  extras: string;
  net: number;
  vat: number;
  vatAmount: number;
  boosterIds: string;
  promotionKeys: string;
  promoCode: string | null;
  discounts: string;
  promotions: string;
  now: number;
}

/** The columns of a new saved plan. */
export function toSavedPlanInsert(uid: string, plan: NewSavedPlan, now: number): SavedPlanInsert {
  const p = plan.price;
  return {
    uid,
    product: plan.productCode,
    planIds: JSON.stringify(plan.planIds),
    planNet: p.PlanNetPrice,
    extras: JSON.stringify(p.ExtraCharges),
    net: p.NetPrice,
    vat: p.VATPercentage,
    vatAmount: p.VATAmount,
    boosterIds: JSON.stringify(plan.boosterIds),
    promotionKeys: JSON.stringify(plan.promotionKeys),
    promoCode: plan.promoCode,
    discounts: JSON.stringify(p.Discounts),
    promotions: JSON.stringify(plan.appliedPromotions),
    now,
  };
}

/** What a promo code change writes on the saved plan `id`. */
export interface SavedPlanPromoUpdate {
  uid: string;
  id: number;
  promoCode: string | null;
  planNet: number;
  extras: string;
  net: number;
  vat: number;
  vatAmount: number;
  discounts: string;
  promotions: string;
}

export function toSavedPlanPromoUpdate(uid: string, id: number, promo: SavedPlanPromo): SavedPlanPromoUpdate {
  return {
    uid,
    id,
    promoCode: promo.promoCode,
    planNet: promo.price.PlanNetPrice,
    extras: JSON.stringify(promo.price.ExtraCharges),
    net: promo.price.NetPrice,
    vat: promo.price.VATPercentage,
    vatAmount: promo.price.VATAmount,
    discounts: JSON.stringify(promo.price.Discounts),
    promotions: JSON.stringify(promo.appliedPromotions),
  };
}

// --- offers and preferences ---

export interface OfferRow {
  key: string;
  kind: 'streaming' | 'referral';
  promotion_key: string;
  title: string;
  text: string;
}

export const toOffer = (r: OfferRow): OfferRecord => ({ key: r.key, kind: r.kind, promotionKey: r.promotion_key, title: r.title, text: r.text });

export interface PreferenceRow {
  preference_id: number;
  value: number;
}

export const toPreference = (r: PreferenceRow): PreferenceRecord => ({ preferenceId: r.preference_id, value: r.value === 1 });
