import { EN_TRANSLATIONS } from '@join/shared/contract';
import type { MailMessage } from '../../platform/mail/mailer';
import { TRANSLATIONS_AR } from '../content';

/**
 * The verification-code e-mail, in the request's language, from the account texts the pages
 * use (ACCOUNT_TEXTS in English, the Arabic dictionary): one wording for the page that says
 * "we sent you a code" and the mail that carries it. Plain text, plus HTML with the language
 * and direction set, so a mail client lays Arabic out right to left.
 */
type MailKey = 'account.mail.code.subject' | 'account.mail.code.text' | 'account.mail.signature';
export type MailLanguage = 'en' | 'ar';

function text(language: MailLanguage, key: MailKey, values: Record<string, string> = {}): string {
  const template = (language === 'ar' ? TRANSLATIONS_AR[key] : undefined) ?? EN_TRANSLATIONS[key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function codeMail(to: string, code: string, language: MailLanguage): MailMessage {
  const subject = text(language, 'account.mail.code.subject', { code });
  const body = text(language, 'account.mail.code.text', { code });
  const signature = text(language, 'account.mail.signature');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5">',
    `<p>${escapeHtml(body)}</p>`,
    // The code on its own line, large and in left-to-right digits even in an Arabic mail.
    `<p style="font-size: 28px; font-weight: 700; letter-spacing: 0.2em"><bdi dir="ltr">${escapeHtml(code)}</bdi></p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject, text: `${body}\n\n${signature}\n`, html, language };
}
