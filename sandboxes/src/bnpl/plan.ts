import { instalmentPlan, type Instalment } from '@join/shared/contract';
import type { BnplLanguage } from './texts';

/** The sandbox splits every checkout into four payments, the first today (issue 13). */
export const BNPL_INSTALMENTS = 4;

/**
 * Today's date in the United Arab Emirates (UTC+4, no daylight saving), YYYY-MM-DD: the day the
 * first payment is taken. The product's payment summary must use the same day for its plan
 * (instalmentPlan(amount, 4, uaeToday(now))) so the page and the provider show one plan.
 */
export function uaeToday(now: number): string {
  return new Date(now + 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
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
