/**
 * The formatters of SPEC sections 3 and 9: data units in 1024 steps, voice milliseconds to
 * minutes, -1 as Unlimited, MSISDNs without the country code, AED prices with VAT, countdowns.
 *
 * Contract: numeric formatters throw a RangeError for a number that cannot be a value
 * (NaN, infinite, or negative other than UNLIMITED): the schemas parse server data at the
 * boundary, so such a number is a bug to surface, not a value to show. String formatters
 * return input they do not recognise unchanged: showing a number as given beats hiding it.
 */
import {
  CURRENCY,
  FREE_INTERNATIONAL_CALLING_NET_PRICE,
  PLAN_TYPES_ORDER,
  UAE_COUNTRY_CODE,
  UNIT_STEP,
  UNLIMITED,
} from '../constants';
import type { PackagePrice, Promotion, SubPlan, SubPlanType } from '../schemas/entities';

const UNLIMITED_LABEL = 'Unlimited';
const UNLIMITED_SHORT_LABEL = 'unl';
const MINUTES_UNIT = 'min';
const DATA_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type DataUnit = (typeof DATA_UNITS)[number];

function assertAmount(value: number, what: string, allowUnlimited: boolean): void {
  const ok = Number.isFinite(value) && (value >= 0 || (allowUnlimited && value === UNLIMITED));
  if (!ok) throw new RangeError(`${what} must be a non-negative number${allowUnlimited ? ' or -1' : ''}, got ${value}`);
}

/** At most two decimals, no trailing zeros: 1.5, 1.25, 2. */
function trimDecimals(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Bytes as the largest unit in 1024 steps that keeps the value at 1 or more
 * (1073741824 -> 1 GB, 1536 MB -> 1.5 GB). Unlimited (-1) has no unit.
 */
export function formatDataValue(bytes: number, options: { short?: boolean } = {}): { value: string; unit: DataUnit | '' } {
  assertAmount(bytes, 'bytes', true);
  if (bytes === UNLIMITED) return { value: options.short ? UNLIMITED_SHORT_LABEL : UNLIMITED_LABEL, unit: '' };
  let value = bytes;
  let index = 0;
  while (value >= UNIT_STEP && index < DATA_UNITS.length - 1) {
    value /= UNIT_STEP;
    index += 1;
  }
  // Rounding can reach the next step (1023.999 MB -> 1024): show it as 1 of the next unit.
  if (Math.round(value * 100) / 100 >= UNIT_STEP && index < DATA_UNITS.length - 1) {
    value /= UNIT_STEP;
    index += 1;
  }
  return { value: trimDecimals(value), unit: DATA_UNITS[index] ?? 'B' };
}

/**
 * Voice milliseconds to whole minutes (rounded), times the plan validity days multiplier
 * (SPEC section 9). Unlimited (-1) stays -1.
 */
export function msToMinutes(ms: number, validityMultiplier = 1): number {
  assertAmount(ms, 'milliseconds', true);
  if (!Number.isFinite(validityMultiplier) || validityMultiplier <= 0) {
    throw new RangeError(`validity multiplier must be positive, got ${validityMultiplier}`);
  }
  if (ms === UNLIMITED) return UNLIMITED;
  return Math.round((ms / 60_000) * validityMultiplier);
}

/** The display fields SPEC section 3 adds to a sub-plan. */
export interface SubPlanDisplay {
  vmo_ValueFormatted: string;
  UnitFormatted: string;
}

/** Display value and unit of a sub-plan: data in 1024 steps, voice in minutes, -1 as Unlimited (short 'unl'). */
export function formatSubPlan(
  subPlan: Pick<SubPlan, 'Type' | 'Value'>,
  options: { short?: boolean; validityMultiplier?: number } = {},
): SubPlanDisplay {
  if (subPlan.Value === UNLIMITED) {
    return { vmo_ValueFormatted: options.short ? UNLIMITED_SHORT_LABEL : UNLIMITED_LABEL, UnitFormatted: '' };
  }
  if (subPlan.Type === 'DATA') {
    const { value, unit } = formatDataValue(subPlan.Value);
    return { vmo_ValueFormatted: value, UnitFormatted: unit };
  }
  return { vmo_ValueFormatted: String(msToMinutes(subPlan.Value, options.validityMultiplier)), UnitFormatted: MINUTES_UNIT };
}

/**
 * What a sub-plan gives over its whole validity. A voice sub-plan sold as a daily allowance
 * (DailyAllowanceValue in milliseconds a day) shows its minutes times the validity days: the
 * plan validity days multiplier of SPEC 9. Everything else shows its Value.
 */
export function formatSubPlanTotal(subPlan: Pick<SubPlan, 'Type' | 'Value' | 'Validity' | 'DailyAllowanceValue'>): SubPlanDisplay {
  if (subPlan.Type !== 'DATA' && subPlan.DailyAllowanceValue !== null && subPlan.DailyAllowanceValue > 0) {
    return formatSubPlan({ Type: subPlan.Type, Value: subPlan.DailyAllowanceValue }, { validityMultiplier: subPlan.Validity });
  }
  return formatSubPlan(subPlan);
}

/** A sub-plan's daily allowance as shown ('10 GB', '10 min'); null when it has none. */
export function formatDailyAllowance(subPlan: Pick<SubPlan, 'Type' | 'DailyAllowanceValue'>): string | null {
  if (subPlan.DailyAllowanceValue === null || subPlan.DailyAllowanceValue <= 0) return null;
  const f = formatSubPlan({ Type: subPlan.Type, Value: subPlan.DailyAllowanceValue });
  return `${f.vmo_ValueFormatted} ${f.UnitFormatted}`.trim();
}

function typeRank(type: SubPlanType): number {
  return PLAN_TYPES_ORDER.indexOf(type);
}

/** A new array in the plan types order DATA, VOICE-LCL, VOICE-INT; equal types keep their order. */
export function sortSubPlans<T extends Pick<SubPlan, 'Type'>>(subPlans: readonly T[]): T[] {
  return [...subPlans].sort((a, b) => typeRank(a.Type) - typeRank(b.Type));
}

/** vmo_subplans_ids_by_type: the sub-plan IDs of each type, every type present. */
export function subPlanIdsByType(subPlans: readonly Pick<SubPlan, 'ID' | 'Type'>[]): Record<SubPlanType, number[]> {
  const byType: Record<SubPlanType, number[]> = { DATA: [], 'VOICE-LCL': [], 'VOICE-INT': [] };
  for (const p of subPlans) byType[p.Type].push(p.ID);
  return byType;
}

const MSISDN_RE = new RegExp(`^(?:\\+|00)?${UAE_COUNTRY_CODE}(5\\d{8})$`);

/**
 * A phone number in international digits (the business config's support phone) as people read
 * it, with its country code: UAE numbers grouped '+971 58 800 0800' (a landline '+971 4 …'),
 * others as + and their digits. Show it left to right in both languages.
 */
export function formatPhoneForReading(digits: string): string {
  const uae = /^971(\d{1,2})(\d{3})(\d{4})$/.exec(digits);
  return uae ? `+971 ${uae[1]} ${uae[2]} ${uae[3]}` : `+${digits}`;
}

/**
 * An MSISDN as a UAE user reads it, without the country code: '971581234567' -> '0581234567',
 * grouped '058 123 4567'. Accepts '+971' and '00971' too; anything else is returned as given.
 */
export function formatMsisdn(msisdn: string, options: { grouped?: boolean } = {}): string {
  const m = MSISDN_RE.exec(msisdn.replace(/[\s-]/g, ''));
  if (!m?.[1]) return msisdn;
  const local = `0${m[1]}`;
  return options.grouped ? msisdnGroups(local).join(' ') : local;
}

/** A local UAE mobile ('0581234567', '581234567', spaces allowed) as an MSISDN; null if it is not one. */
export function toMsisdn(local: string): string | null {
  const d = local.replace(/[\s-]/g, '');
  const m = /^(?:(?:\+|00)?971|0)?(5\d{8})$/.exec(d);
  return m?.[1] ? `${UAE_COUNTRY_CODE}${m[1]}` : null;
}

/** 1 + percentage / 100 (SPEC section 3: vat_percentage turned into a factor). */
export function vatFactor(vatPercentage: number): number {
  assertAmount(vatPercentage, 'VAT percentage', false);
  return 1 + vatPercentage / 100;
}

/**
 * Net price plus VAT, rounded half up to fils (2 decimals). Computed in hundredths
 * (net * (100 + p)) so that 50 at 5% is exactly 52.5; the tiny offset absorbs binary error such
 * as 1.005 * 105 = 105.52499999999999, which must round to 1.06.
 */
export function priceWithVat(net: number, vatPercentage: number): number {
  assertAmount(net, 'net price', false);
  assertAmount(vatPercentage, 'VAT percentage', false);
  return Math.round(net * (100 + vatPercentage) + 1e-7) / 100;
}

export type FormatLocale = 'en' | 'ar';

/**
 * A price in AED with two decimals: 'AED 52.50', 'AED 1,234.50' in English. Arabic uses the
 * ar-AE currency format but Latin digits (numberingSystem latn), as the rest of the page does.
 */
export function formatAed(amount: number, locale: FormatLocale = 'en'): string {
  if (!Number.isFinite(amount)) throw new RangeError(`amount must be a finite number, got ${amount}`);
  if (locale === 'ar') {
    return new Intl.NumberFormat('ar-AE', { style: 'currency', currency: CURRENCY, numberingSystem: 'latn' }).format(amount);
  }
  const number = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${CURRENCY} ${number}`;
}

/** What the visitor pays: the server's NetPrice plus its VAT amount, in fils-exact AED. */
export function amountToPay(price: Pick<PackagePrice, 'NetPrice' | 'VATAmount'>): number {
  return Math.round((price.NetPrice + price.VATAmount) * 100) / 100;
}

/** The extras fields SPEC 3 adds to a saved plan's promo: what a promotion adds, formatted ('+5 GB'). */
export interface PromotionExtras {
  extraDataFormatted: string | null;
  extraLocalFormatted: string | null;
  extraInternationalFormatted: string | null;
}

/** AddOn and RecurringData promotions add an allowance of their Plan (or Type) sub-plan type. */
export function formatPromotionExtras(promo: Pick<Promotion, 'Category' | 'Type' | 'Plan' | 'Value'>): PromotionExtras {
  const extras: PromotionExtras = { extraDataFormatted: null, extraLocalFormatted: null, extraInternationalFormatted: null };
  if (promo.Category !== 'AddOn' && promo.Category !== 'RecurringData') return extras;
  const type = (promo.Plan ?? promo.Type) as SubPlanType;
  if (!(PLAN_TYPES_ORDER as readonly string[]).includes(type) || promo.Value <= 0) return extras;
  const f = formatSubPlan({ Type: type, Value: promo.Value });
  const text = `+${f.vmo_ValueFormatted} ${f.UnitFormatted}`.trim();
  if (type === 'DATA') extras.extraDataFormatted = text;
  else if (type === 'VOICE-LCL') extras.extraLocalFormatted = text;
  else extras.extraInternationalFormatted = text;
  return extras;
}

/** Plans from a net price of 2600 include free international calling (SPEC section 9). */
export function hasFreeInternationalCalling(netPrice: number): boolean {
  return netPrice >= FREE_INTERNATIONAL_CALLING_NET_PRICE;
}

/**
 * Seconds left as 'mm:ss' (minutes are not capped at 59: 3600 -> '60:00'). A fraction counts
 * up, so the display shows 00:00 only when no time is left; a negative value shows 00:00.
 */
export function formatCountdown(seconds: number): string {
  if (Number.isNaN(seconds) || seconds === Infinity) throw new RangeError(`seconds must be a finite number, got ${seconds}`);
  const total = Math.max(0, Math.ceil(seconds));
  const mm = Math.floor(total / 60);
  const ss = total % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/**
 * A UAE mobile number in its reading groups: '971585824920' -> ['058', '582', '4920']
 * (3-3-4, as DESIGN.md "Numbers" shows it). Input formatMsisdn does not recognise is one group,
 * as given. The groups are drawn apart by CSS (PhoneNumberText), never by a space character, so a
 * copied number pastes as the ten digits.
 */
export function msisdnGroups(msisdn: string): string[] {
  const local = formatMsisdn(msisdn);
  if (!/^05\d{8}$/.test(local)) return [msisdn];
  return [local.slice(0, 3), local.slice(3, 6), local.slice(6)];
}

/**
 * The amount to pay without the discounts (VAT included, as the price shown beside it):
 * the price a discount is struck through from. Display only: the server's NetPrice plus its
 * discounts, with the server's VAT percentage; equal to amountToPay when there is no discount.
 */
export function amountBeforeDiscounts(
  price: Pick<PackagePrice, 'NetPrice' | 'PlanNetPrice' | 'VATAmount' | 'VATPercentage' | 'Discounts'>,
  /** A commitment's monthly list price (Product.ListNetPrice): its saving counts as a discount too. */
  listNetPrice: number | null = null,
): number {
  const discounts = price.Discounts.reduce((sum, d) => sum + d.Amount, 0);
  const listSaving = listNetPrice !== null && listNetPrice > price.PlanNetPrice ? listNetPrice - price.PlanNetPrice : 0;
  if (discounts + listSaving <= 0) return amountToPay(price);
  return priceWithVat(Math.round((price.NetPrice + discounts + listSaving) * 100) / 100, price.VATPercentage);
}

/**
 * What a commitment costs in all: the monthly amount to pay times its months, in fils.
 * (VIP prices are already for their whole term: see termAmounts.)
 */
export function commitmentTotal(monthly: number, months: number): number {
  assertAmount(monthly, 'monthly amount', false);
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be a positive integer, got ${months}`);
  return Math.round(monthly * months * 100) / 100;
}

/**
 * A price for a whole term (VIP plans: 12 months) read month by month as well: the monthly
 * share, rounded to fils (an indication beside the total, which is what is paid).
 */
export function monthlyShare(total: number, months: number): number {
  assertAmount(total, 'total', false);
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be a positive integer, got ${months}`);
  return Math.round((total / months) * 100) / 100;
}

/** What an amount is for (DESIGN.md "Always know what it costs"): a month, a whole term, or today. */
export type PricePeriod = { kind: 'month' } | { kind: 'term'; months: number } | { kind: 'today' };
