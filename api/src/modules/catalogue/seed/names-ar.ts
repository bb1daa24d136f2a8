import { ANNUAL_OFFER_PRODUCT_CODE, CUSTOM_PLAN_PRODUCT_CODE, pluralCategory, UNLIMITED, type PluralCategory } from '@join/shared/contract';
import { DEFAULT_PRODUCT_CODE, GIB, MINUTE_MS } from '../catalogue';
import type { SeedSubPlan } from './products';

/**
 * Arabic names of what the API names: products, their plans, boosters and operators. Seeded
 * into localized_names (migration 5) and answered when a request's `language` is `ar`; ids and
 * prices are the same in both languages. Counted words follow Arabic plural rules (the six
 * forms of Intl.PluralRules). Data units stay GB (as on Arabic UAE operator sites and in the
 * dictionary's allow-list, shared/README.md).
 */
export const PRODUCT_NAMES_AR: Readonly<Record<number, string>> = {
  199: 'باقة السائح المميزة 28 يومًا',
  187: 'باقة السائح الأساسية 7 أيام',
  207: 'باقة السائح غير المحدودة 28 يومًا',
  188: 'باقة السائح المستكشف 14 يومًا',
  208: 'باقة السائح للإقامة الطويلة 90 يومًا',
  196: 'باقة السائح الاقتصادية 14 يومًا',
  206: 'باقة السائح للبيانات 28 يومًا',
  [DEFAULT_PRODUCT_CODE]: 'فليكسي لمدة شهر واحد',
  101: 'فليكسي بلس لمدة شهر واحد',
  103: 'التزام لمدة 3 أشهر',
  106: 'التزام لمدة 6 أشهر',
  112: 'التزام لمدة 12 شهرًا',
  221: 'كبار الشخصيات البرونزية لمدة 12 شهرًا',
  222: 'كبار الشخصيات البرونزية بلس لمدة 12 شهرًا',
  212: 'كبار الشخصيات الذهبية لمدة 12 شهرًا',
  232: 'كبار الشخصيات الذهبية بلس لمدة 12 شهرًا',
  241: 'كبار الشخصيات الحمراء لمدة 12 شهرًا',
  242: 'كبار الشخصيات الحمراء بلس لمدة 12 شهرًا',
  251: 'كبار الشخصيات الماسية لمدة 12 شهرًا',
  252: 'كبار الشخصيات الماسية بلس لمدة 12 شهرًا',
  [CUSTOM_PLAN_PRODUCT_CODE]: 'باقة مخصصة',
  [ANNUAL_OFFER_PRODUCT_CODE]: 'العرض السنوي',
};

export const BOOSTER_NAMES_AR: Readonly<Record<number, string>> = {
  901: 'إضافة بيانات 5 GB',
  902: 'إضافة بيانات 20 GB',
  903: 'بيانات عطلة نهاية الأسبوع 10 GB',
  911: '100 دقيقة محلية',
  921: '60 دقيقة دولية',
  931: '500 دقيقة دولية لكبار الشخصيات',
};

/** Operators by their own Arabic brand names. */
export const OPERATOR_NAMES_AR: Readonly<Record<string, string>> = {
  du: 'دو',
  etisalat: 'إي آند (اتصالات)',
  virgin: 'فيرجن موبايل الإمارات',
};

/** "n local minutes" in Arabic: the noun and its adjective agree with the count's plural form. */
const MINUTES: Readonly<Record<PluralCategory, (n: number, adjective: Adjective) => string>> = {
  zero: (n, a) => `${n} دقيقة ${a.singular}`,
  one: (_n, a) => `دقيقة ${a.singular} واحدة`,
  two: (_n, a) => `دقيقتان ${a.dual}`,
  few: (n, a) => `${n} دقائق ${a.plural}`,
  many: (n, a) => `${n} دقيقة ${a.singular}`,
  other: (n, a) => `${n} دقيقة ${a.singular}`,
};
interface Adjective {
  singular: string;
  dual: string;
  plural: string;
}
const LOCAL: Adjective = { singular: 'محلية', dual: 'محليتان', plural: 'محلية' };
const INTERNATIONAL: Adjective = { singular: 'دولية', dual: 'دوليتان', plural: 'دولية' };

export function arabicMinutes(n: number, adjective: Adjective): string {
  return MINUTES[pluralCategory('ar', n)](n, adjective);
}

/** A plan's Arabic name from what it is (type, amount, daily allowance), not from its English name. */
export function arabicSubPlanName(plan: SeedSubPlan): string {
  if (plan.type === 'DATA') return plan.value === UNLIMITED ? 'بيانات غير محدودة' : `بيانات ${plan.value / GIB} GB`;
  const adjective = plan.type === 'VOICE-LCL' ? LOCAL : INTERNATIONAL;
  if (plan.value === UNLIMITED) return `دقائق ${adjective.plural} غير محدودة`;
  if (plan.dailyAllowance) return `${arabicMinutes(plan.dailyAllowance / MINUTE_MS, adjective)} يوميًا`;
  return arabicMinutes(plan.value / MINUTE_MS, adjective);
}
