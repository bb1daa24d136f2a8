import type { Instalment } from './plan';
import { fillText, html, ltr, sandboxPage, type Html } from '../html';
import type { Checkout } from './checkouts';
import { formatDueDate, formatFils } from './plan';
import {BNPL_TEXTS, type BnplLanguage, type BnplTexts } from './texts';

/**
 * The checkout pages for the browser: plain HTML forms (no script at all) with one stylesheet,
 * in the language of `?lang=` with its direction. Amounts and e-mails stay left to right inside
 * Arabic (isolated), every control has a label, errors are tied to their field.
 */

/** Left-to-right isolate for an amount or an address inside a sentence (U+2066 ... U+2069). */

function layout(lang: BnplLanguage, title: string, body: Html, switchTo?: string): string {
  const t = BNPL_TEXTS[lang];
  const other: BnplLanguage = lang === 'ar' ? 'en' : 'ar';
  return sandboxPage({
    lang,
    title: `${title} – ${t.brand}`,
    stylesheet: '/assets/bnpl.css',
    body: html`<header class="top">
<p class="brand">${t.brand}</p>
${switchTo ? html`<a class="lang" href="${switchTo}" lang="${other}" hreflang="${other}">${t.otherLanguage}</a>` : ''}
</header>
<main aria-labelledby="title">
${body}
</main>
`,
  });
}

export interface PageContext {
  lang: BnplLanguage;
  merchant: string;
}

function summary(t: BnplTexts, ctx: PageContext, checkout: Checkout): Html {
  return html`<dl class="summary">
<div><dt>${t.merchant}</dt><dd><bdi>${ctx.merchant}</bdi></dd></div>
<div><dt>${t.order}</dt><dd><bdi>${checkout.description}</bdi></dd></div>
<div><dt>${t.total}</dt><dd class="amount" dir="ltr">${formatFils(checkout.total, ctx.lang)}</dd></div>
<div><dt>${t.customer}</dt><dd dir="ltr" class="email">${checkout.customer.email}</dd></div>
</dl>`;
}

function planList(t: BnplTexts, ctx: PageContext, plan: readonly Instalment[]): Html {
  return html`<section aria-labelledby="plan-title">
<h2 id="plan-title">${fillText(t.planTitle, { count: plan.length })}</h2>
<ol class="plan" aria-label="${t.planLabel}">
${plan.map(
  (p) => html`<li><span class="when"><span class="n">${fillText(t.instalment, { number: p.number })}</span> <time datetime="${p.due_date}">${
    p.number === 1 ? t.today : formatDueDate(p.due_date, ctx.lang)
  }</time></span> <span class="amount" dir="ltr">${formatFils(p.amount_fils, ctx.lang)}</span></li>`,
)}
</ol>
</section>`;
}

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

export interface SignInState {
  /** invalid: not 6 digits; wrong: 6 digits, not the code. */
  otpError?: 'invalid' | 'wrong';
  triesLeft?: number;
  /** Approve was posted without the sign-in. */
  signedOut?: boolean;
}

/** Step 1: what is bought, the plan, and the sign-in (a one-time code, shown since this is a sandbox). */
export function signInPage(ctx: PageContext, checkout: Checkout, plan: readonly Instalment[], state: SignInState = {}): string {
  const t = BNPL_TEXTS[ctx.lang];
  const error = state.otpError === 'wrong' ? fillText(t.otpWrong, { left: state.triesLeft ?? 0 }) : state.otpError === 'invalid' ? t.otpInvalid : state.signedOut ? t.signedOutError : null;
  const body = html`<h1 id="title">${t.checkoutTitle}</h1>
<p class="note">${t.sandboxNote}</p>
${summary(t, ctx, checkout)}
${planList(t, ctx, plan)}
<section aria-labelledby="signin-title">
<h2 id="signin-title">${t.signInTitle}</h2>
<p>${t.otpSent}</p>
<p class="code">${fillText(t.otpSandbox, { code: ltr(checkout.otp) })}</p>
<form method="post" action="/checkout/${checkout.id}/verify">
${hidden('lang', ctx.lang)}
<div class="field">
<label for="otp">${t.otpLabel}</label>
<p id="otp-hint" class="hint">${t.otpHint}</p>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required dir="ltr"${
    error ? html` aria-invalid="true" aria-describedby="otp-hint otp-error" autofocus` : html` aria-describedby="otp-hint"`
  }>
${error ? html`<p id="otp-error" class="error">${error}</p>` : ''}
</div>
<div class="actions"><button type="submit" class="primary">${t.continue}</button></div>
</form>
<form method="post" action="/checkout/${checkout.id}/decide" class="actions">
${hidden('lang', ctx.lang)}
<button type="submit" class="secondary" name="decision" value="decline">${fillText(t.cancel, { merchant: ctx.merchant })}</button>
</form>
</section>`;
  return layout(ctx.lang, t.checkoutTitle, body, `/checkout/${checkout.id}?lang=${ctx.lang === 'ar' ? 'en' : 'ar'}`);
}

/** Step 2, after the sign-in and the credit check: approve or decline. */
export function decidePage(ctx: PageContext, checkout: Checkout, plan: readonly Instalment[], session: string): string {
  const t = BNPL_TEXTS[ctx.lang];
  const first = plan[0]?.amount_fils ?? checkout.total;
  const share = plan[1]?.amount_fils ?? 0;
  const body = html`<h1 id="title">${t.decideTitle}</h1>
<p class="note">${t.sandboxNote}</p>
${summary(t, ctx, checkout)}
${planList(t, ctx, plan)}
<p>${fillText(t.dueToday, { amount: ltr(formatFils(first, ctx.lang)), rest: plan.length - 1, share: ltr(formatFils(share, ctx.lang)) })}</p>
<form method="post" action="/checkout/${checkout.id}/decide" class="actions stacked">
${hidden('lang', ctx.lang)}
${hidden('session', session)}
<button type="submit" class="primary" name="decision" value="approve">${fillText(t.approve, { amount: ltr(formatFils(first, ctx.lang)) })}</button>
<button type="submit" class="secondary" name="decision" value="decline">${t.decline}</button>
</form>`;
  return layout(ctx.lang, t.decideTitle, body);
}

export type OutcomeKind = 'credit_declined' | 'too_many_codes' | 'expired' | 'approved' | 'rejected' | 'cancelled' | 'refunded';

/** A checkout that can no longer be decided: what happened, and the one way back to the merchant. */
export function outcomePage(ctx: PageContext, checkout: Checkout, kind: OutcomeKind): string {
  const t = BNPL_TEXTS[ctx.lang];
  const words: Record<OutcomeKind, [string, string]> = {
    credit_declined: [t.creditDeclinedTitle, t.creditDeclined],
    too_many_codes: [t.tooManyCodesTitle, t.tooManyCodes],
    expired: [t.expiredTitle, t.expired],
    approved: [t.approvedTitle, t.approved],
    rejected: [t.rejectedTitle, t.rejected],
    cancelled: [t.cancelledTitle, t.cancelled],
    refunded: [t.refundedTitle, t.refunded],
  };
  const [rawTitle, text] = words[kind];
  const title = fillText(rawTitle, { merchant: ctx.merchant });
  const back = kind === 'approved' ? checkout.success_url : checkout.failure_url;
  const body = html`<h1 id="title">${title}</h1>
<p>${text}</p>
${summary(t, ctx, checkout)}
<p class="actions"><a class="button primary" href="${back}">${fillText(t.backTo, { merchant: ctx.merchant })}</a></p>`;
  return layout(ctx.lang, title, body, `/checkout/${checkout.id}?lang=${ctx.lang === 'ar' ? 'en' : 'ar'}`);
}

export function errorPage(lang: BnplLanguage, kind: 'not_found' | 'bad_request'): string {
  const t = BNPL_TEXTS[lang];
  const [title, text] = kind === 'not_found' ? [t.notFoundTitle, t.notFound] : [t.badRequestTitle, t.badRequest];
  return layout(lang, title, html`<h1 id="title">${title}</h1>
<p>${text}</p>`);
}
