import type { BnplLanguage } from './texts';

/** The sandbox splits every checkout into four payments, the first today. */
export const BNPL_INSTALMENTS = 4;

/**
 * Today's date in the United Arab Emirates (UTC+4, no daylight saving), YYYY-MM-DD: the day the
 * first payment is taken. The product's payment summary must use the same day for its plan
 * (instalmentPlan(amount, 4, uaeToday(now))) so the page and the provider show one plan.
 */
export function uaeToday(now: number): string {
  return new Date(now + 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** One payment of a checkout's plan. */
export interface Instalment {
  number: number;
  /** YYYY-MM-DD. */
  due_date: string;
  amount_fils: number;
}

/**
 * The provider's plan: `count` payments, the first today and one each month after on the same day
 * (the month's last day when it has no such day); the fils that do not divide evenly are paid
 * with the first. The product shows the same plan on its payment summary (its own
 * instalmentPlan): the two must agree, as with the real Spotii.
 */
export function instalmentPlan(amountFils: number, count: number, today: string): Instalment[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!m || !Number.isInteger(amountFils) || amountFils < 0 || !Number.isInteger(count) || count < 1) throw new RangeError('a plan needs whole fils, a count above 0 and YYYY-MM-DD');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const share = Math.floor(amountFils / count);
  const first = amountFils - share * (count - 1);
  return Array.from({ length: count }, (_, i) => {
    const monthIndex = month - 1 + i;
    const y = year + Math.floor(monthIndex / 12);
    const mo = monthIndex % 12;
    const lastDay = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
    const date = `${y}-${String(mo + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
    return { number: i + 1, due_date: date, amount_fils: i === 0 ? first : share };
  });
}

export function checkoutPlan(totalFils: number, now: number): Instalment[] {
  return instalmentPlan(totalFils, BNPL_INSTALMENTS, uaeToday(now));
}

/**
 * An amount in fils as the product writes it: 'AED 1,234.50' in English; Arabic uses the ar-AE
 * currency format with Latin digits, as the product's formatAed does.
 */
export function formatFils(fils: number, lang: BnplLanguage): string {
  const aed = fils / 100;
  if (lang === 'ar') return new Intl.NumberFormat('ar-AE', { style: 'currency', currency: 'AED', numberingSystem: 'latn' }).format(aed);
  return `AED ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(aed)}`;
}

/** A due date (YYYY-MM-DD) in words: '23 December 2026', '23 ديسمبر 2026'. */
export function formatDueDate(date: string, lang: BnplLanguage): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-AE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${date}T00:00:00Z`));
}
