import { CURRENCY, EN_TRANSLATIONS, instalmentSplit, pluralCategory, type Receipt, type TranslationKey } from '@join/shared/contract';
import type { MailMessage } from '../../platform/mail/mailer';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import type { MailLanguage } from '../account';

/**
 * The payment's e-mails, in the request's language, from the payment texts (PAYMENT_TEXTS in
 * English, the Arabic dictionary): the receipt once a payment is captured, and the commitment
 * contract on request. Plain text plus HTML with the language and direction set; numbers,
 * amounts and references in left-to-right isolates so an Arabic mail keeps them readable.
 */
type PaymentMailKey = Extract<TranslationKey, `payment.mail.${string}`>;

function text(language: MailLanguage, key: PaymentMailKey, values: Record<string, string> = {}): string {
  const template = (language === 'ar' ? AR_TRANSLATIONS[key] : undefined) ?? EN_TRANSLATIONS[key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The commitment's length, in the language's plural form (Arabic has six). */
function term(language: MailLanguage, months: number): string {
  const category = pluralCategory(language, months);
  const key = `payment.mail.contract.term.${category}` as const;
  const fallback = `payment.mail.contract.term.${months === 1 ? 'one' : 'other'}` as const;
  const template = (language === 'ar' ? AR_TRANSLATIONS[key] : undefined) ?? EN_TRANSLATIONS[fallback];
  return template.replace('{{count}}', String(months));
}

const signature = (language: MailLanguage): string =>
  (language === 'ar' ? AR_TRANSLATIONS['account.mail.signature'] : undefined) ?? EN_TRANSLATIONS['account.mail.signature'];

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Fils as the page shows AED: 'AED 52.50' (Latin digits in both languages, as the page does). */
export function formatFils(fils: number, language: MailLanguage): string {
  const aed = fils / 100;
  if (language === 'ar') return new Intl.NumberFormat('ar-AE', { style: 'currency', currency: CURRENCY, numberingSystem: 'latn' }).format(aed);
  return `${CURRENCY} ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(aed)}`;
}

/** A UAE number as read locally ('971581234567' -> '058 123 4567'); anything else as given. */
export function readableNumber(msisdn: string): string {
  const m = /^971(5\d)(\d{3})(\d{4})$/.exec(msisdn);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : msisdn;
}

const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' } as const;

const dateOf = (iso: string): string => iso.slice(0, 10);

export interface Row {
  label: string;
  value: string;
  /** Left-to-right content (numbers, amounts, references). */
  ltr?: boolean;
}

export function mail(to: string, language: MailLanguage, subject: string, intro: string, rows: readonly Row[], after: readonly string[]): MailMessage {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const sign = signature(language);
  const cell = (r: Row) => (r.ltr ? `<bdi dir="ltr">${escapeHtml(r.value)}</bdi>` : escapeHtml(r.value));
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table role="presentation" style="border-collapse: collapse">',
    ...rows.map((r) => `<tr><th scope="row" style="text-align: start; padding: 4px 16px 4px 0">${escapeHtml(r.label)}</th><td style="padding: 4px 0">${cell(r)}</td></tr>`),
    '</table>',
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(sign)}</p>`,
    '</body></html>',
  ].join('');
  const plain = [intro, '', ...rows.map((r) => `${r.label}: ${r.value}`), '', ...after.flatMap((l) => [l, '']), sign, ''].join('\n');
  return { to, subject, text: plain, html, language };
}

/**
 * The receipt of a captured payment. In instalments it says what was paid today, what
 * is still to pay and the order's total, never the total as "Amount paid"; the plan follows.
 */
export function receiptMail(receipt: Receipt, language: MailLanguage, bnplProvider: string | null): MailMessage {
  const t = (key: PaymentMailKey, values?: Record<string, string>) => text(language, key, values);
  const method = receipt.card
    ? t('payment.mail.receipt.card', { brand: BRAND_NAMES[receipt.card.brand], last4: receipt.card.last4 })
    : receipt.method === 'counter'
      ? t('payment.mail.receipt.counter')
      : t('payment.mail.receipt.bnpl', { provider: bnplProvider ?? '' });
  const rows: Row[] = [
    { label: t('payment.mail.receipt.reference'), value: receipt.reference, ltr: true },
    { label: t('payment.mail.receipt.product'), value: receipt.product_name },
    { label: t('payment.mail.receipt.number'), value: readableNumber(receipt.msisdn), ltr: true },
    ...amountRows(receipt, language),
    { label: t('payment.mail.receipt.vat', { percentage: String(receipt.vat_percentage) }), value: formatFils(receipt.vat_fils, language), ltr: true },
    { label: t('payment.mail.receipt.method'), value: method },
    { label: t('payment.mail.receipt.paidAt'), value: dateOf(receipt.paid_at), ltr: true },
  ];
  const instalments = (receipt.instalments ?? []).map((i) =>
    t('payment.mail.receipt.instalment', { number: String(i.number), date: i.due_date, amount: formatFils(i.amount_fils, language) }),
  );
  return mail(receipt.email, language, t('payment.mail.receipt.subject', { reference: receipt.reference }), t('payment.mail.receipt.intro'), rows, instalments);
}

function amountRows(receipt: Receipt, language: MailLanguage): Row[] {
  const t = (key: PaymentMailKey) => text(language, key);
  const split = instalmentSplit(receipt);
  if (!split) return [{ label: t('payment.mail.receipt.amount'), value: formatFils(receipt.amount_fils, language), ltr: true }];
  return [
    { label: t('payment.mail.receipt.paidToday'), value: formatFils(split.todayFils, language), ltr: true },
    { label: t('payment.mail.receipt.dueLater'), value: formatFils(split.laterFils, language), ltr: true },
    { label: t('payment.mail.receipt.total'), value: formatFils(split.totalFils, language), ltr: true },
  ];
}

export interface ContractFacts {
  email: string;
  productName: string;
  months: number;
  monthlyFils: number;
  msisdn: string;
}

/** The commitment contract: plan, months, monthly price with VAT, total, the number, the terms in short. */
export function contractMail(facts: ContractFacts, language: MailLanguage): MailMessage {
  const t = (key: PaymentMailKey, values?: Record<string, string>) => text(language, key, values);
  const length = term(language, facts.months);
  const rows: Row[] = [
    { label: t('payment.mail.contract.product'), value: facts.productName },
    { label: t('payment.mail.contract.months'), value: length },
    { label: t('payment.mail.contract.monthly'), value: formatFils(facts.monthlyFils, language), ltr: true },
    { label: t('payment.mail.contract.total'), value: formatFils(facts.monthlyFils * facts.months, language), ltr: true },
    { label: t('payment.mail.contract.number'), value: readableNumber(facts.msisdn), ltr: true },
  ];
  return mail(
    facts.email,
    language,
    t('payment.mail.contract.subject', { product: facts.productName }),
    t('payment.mail.contract.intro'),
    rows,
    [t('payment.mail.contract.terms', { term: length })],
  );
}
