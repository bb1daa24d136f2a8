import { MARKETING, textField, VALID_RESULT, validationText, type PackagePrice, type ValidationResult } from '@join/shared';

/**
 * The plan domain's promotion rules (SPEC 5 "Promo code", "Promo hints"): pure, so the plan step
 * and the API decide with the same functions.
 */

/** SPEC 5 "Promo hints": the payment step shows the promo hint for a plan of AED 79 or more. */
export const PROMO_HINT_MIN_AED = 79;

/**
 * Whether the promo hint shows for a price. SPEC 5 says "a plan of AED 79 or more" and, for the
 * streaming offer beside it, "AED 150 excluding VAT": the hint's amount is the plan's price as the
 * visitor sees it, VAT included (the net plan price plus its VAT, rounded to the fils), and the
 * plan only: a top-up or a booster bought with it does not make the plan one of AED 79.
 */
export function showsPaymentPromoHint(price: Pick<PackagePrice, 'PlanNetPrice' | 'VATPercentage'>): boolean {
  // In hundredths of a dirham (net * (100 + VAT %)), rounded half up: 75.24 at 5% is 79.00 (79.002).
  return Math.round(price.PlanNetPrice * (100 + price.VATPercentage) + 1e-6) >= PROMO_HINT_MIN_AED * 100;
}

/** The streaming-service offer needs a plan of at least AED 150 excluding VAT: pass the net price. */
export function isStreamingPromoEligible(planNetPriceAed: number): boolean {
  return planNetPriceAed >= MARKETING.streamingOfferMinPlanAed;
}

/** Length within the business config's min_promo_code_length and max_promo_code_length, inclusive. */
export function validatePromoCode(code: string, limits: { min: number; max: number }): ValidationResult {
  const value = code.trim();
  if (value === '') return { valid: false, message: validationText('required') };
  return value.length >= limits.min && value.length <= limits.max ? VALID_RESULT : { valid: false, message: validationText('wrongValue') };
}

/** The promo code field of a form (zod), checked with validatePromoCode. */
export const promoCodeField = (limits: { min: number; max: number }) => textField((v) => validatePromoCode(v, limits));
