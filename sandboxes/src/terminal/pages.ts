import { fillText, fulfilmentPage, html, ltr, type Html } from '../html';
import { sandboxTexts, type SandboxLanguage } from '../texts';
import { DECLINE_REASONS, type DeclineReason, type PaymentRequest } from './terminal-ledger';

/**
 * The terminal's screen, in English or Arabic (?lang=): what a shop's card reader shows. The
 * pending amount, "Approve (tap card)", "Decline" with the reason a card is refused for, and
 * "Cancel on terminal". Plain forms, no script; "Check again" reloads it (a real reader wakes on
 * the request, this page is asked).
 */
const en = {
  brand: 'Payment terminal (sandbox)',
  otherLanguage: 'العربية',
  title: 'Terminal {{terminal}}',
  note: 'This page plays the shop’s card reader. No card is charged.',
  idle: 'No payment is waiting. Send one from the payment step, then check again.',
  checkAgain: 'Check again',
  amount: 'Amount to pay',
  reference: 'Reference',
  approve: 'Approve (tap card)',
  reasonLabel: 'Reason to decline',
  decline: 'Decline',
  cancel: 'Cancel on terminal',
  reasons: {
    insufficient_funds: 'Insufficient funds',
    card_expired: 'Card expired',
    card_declined: 'Card declined by the bank',
    pin_incorrect: 'Wrong PIN',
  } satisfies Record<DeclineReason, string>,
  outcomes: { approved: 'Approved. Authorisation code {{code}}.', declined: 'Declined: {{reason}}.', cancelled: 'Cancelled on the terminal.', expired: 'The payment timed out.' },
  unknownTitle: 'Unknown terminal',
  unknown: 'There is no terminal with this id. The shops’ terminals are {{list}}.',
};

// Typed as the English: a key missing in Arabic fails the type check.
const ar: typeof en = {
  brand: 'جهاز الدفع (تجريبي)',
  otherLanguage: 'English',
  title: 'الجهاز {{terminal}}',
  note: 'تؤدي هذه الصفحة دور قارئ البطاقات في المتجر. لا تُخصم أي مبالغ من أي بطاقة.',
  idle: 'لا توجد دفعة بانتظار الموافقة. أرسل دفعة من خطوة الدفع ثم تحقق مجددًا.',
  checkAgain: 'تحقق مجددًا',
  amount: 'المبلغ المطلوب',
  reference: 'المرجع',
  approve: 'موافقة (مرّر البطاقة)',
  reasonLabel: 'سبب الرفض',
  decline: 'رفض',
  cancel: 'إلغاء على الجهاز',
  reasons: {
    insufficient_funds: 'الرصيد غير كافٍ',
    card_expired: 'البطاقة منتهية الصلاحية',
    card_declined: 'رفض البنك البطاقة',
    pin_incorrect: 'رمز PIN غير صحيح',
  },
  outcomes: { approved: 'تمت الموافقة. رمز التفويض {{code}}.', declined: 'مرفوضة: {{reason}}.', cancelled: 'أُلغيت على الجهاز.', expired: 'انتهت مهلة الدفع.' },
  unknownTitle: 'جهاز غير معروف',
  unknown: 'لا يوجد جهاز بهذا المعرّف. أجهزة المتاجر هي {{list}}.',
};

export const TERMINAL_TEXTS = sandboxTexts(en, ar);

export function formatAed(fils: number, lang: SandboxLanguage): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-AE' : 'en-AE', { style: 'currency', currency: 'AED', numberingSystem: 'latn' }).format(fils / 100);
}

const layout = (lang: SandboxLanguage, title: string, body: Html, here: string): string =>
  fulfilmentPage({ lang, title, texts: TERMINAL_TEXTS[lang], here, body });

/** The terminal's screen: the pending request with its three actions, or "nothing waiting"; `last` the request just settled. */
export function terminalPage(lang: SandboxLanguage, terminalId: string, pending: PaymentRequest | undefined, last?: PaymentRequest): string {
  const t = TERMINAL_TEXTS[lang];
  const title = fillText(t.title, { terminal: ltr(terminalId) });
  const here = `/terminals/${terminalId}`;
  const outcome = last && last.status !== 'pending' && last.status !== 'refunded'
    ? fillText(t.outcomes[last.status], { code: ltr(last.authCode ?? ''), reason: last.declineReason ? t.reasons[last.declineReason] : '' })
    : null;
  const action = (r: PaymentRequest) => `${here}/payments/${r.id}`;
  const body = html`<h1 id="title">${title}</h1>
<p class="note">${t.note}</p>
${outcome ? html`<p class="success" role="status">${outcome}</p>` : ''}
${
  pending
    ? html`<dl class="summary">
<div><dt>${t.amount}</dt><dd class="amount" dir="ltr">${formatAed(pending.amount, lang)}</dd></div>
<div><dt>${t.reference}</dt><dd class="mono" dir="ltr">${pending.reference}</dd></div>
</dl>
<form method="post" action="${action(pending)}" class="actions tap">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" class="primary" name="action" value="approve">${t.approve}</button>
</form>
<form method="post" action="${action(pending)}" class="actions tap">
<input type="hidden" name="lang" value="${lang}">
<label for="reason">${t.reasonLabel}</label>
<select id="reason" name="reason">${DECLINE_REASONS.map((r) => html`<option value="${r}">${t.reasons[r]}</option>`)}</select>
<button type="submit" class="secondary" name="action" value="decline">${t.decline}</button>
</form>
<form method="post" action="${action(pending)}" class="actions tap">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" class="secondary" name="action" value="cancel">${t.cancel}</button>
</form>`
    : html`<p>${t.idle}</p>`
}
<p class="actions tap"><a class="secondary" href="${here}?lang=${lang}">${t.checkAgain}</a></p>`;
  return layout(lang, title, body, here);
}

export function unknownTerminalPage(lang: SandboxLanguage, terminals: Iterable<string>): string {
  const t = TERMINAL_TEXTS[lang];
  const body = html`<h1 id="title">${t.unknownTitle}</h1>
<p>${fillText(t.unknown, { list: [...terminals].map(ltr).join(', ') })}</p>`;
  return layout(lang, t.unknownTitle, body, '/');
}
