import type { CardBrand } from './public/card-rules.js';
import { fillText, html, sandboxPage, type Html } from '../html';
import {CARD_TEXTS, SANDBOX_3DS_CODE, type CardLanguage, type FieldsErrorReason } from './texts';

/**
 * The sandbox's pages: the hosted card fields (framed by the payment page), their error page,
 * and the 3-D Secure challenge. Plain HTML, one stylesheet and one script module, no inline
 * script or style (the CSP forbids both), in the request's language and direction.
 */
function layout(lang: CardLanguage, title: string, bodyClass: string, body: Html, scripts: readonly string[] = []): string {
  return sandboxPage({ lang, title, stylesheet: '/assets/card.css', body, bodyClass, modules: scripts });
}

/** Brand marks drawn inline (no image request); each is named by the wrapper's text alternative. */
const BRAND_ICONS: Html = html`<svg class="icon" data-brand="none" viewBox="0 0 40 26" aria-hidden="true" focusable="false"><rect x="1" y="1" width="38" height="24" rx="3" fill="#fff" stroke="#6b6475" stroke-width="1.5"/><rect x="1" y="6" width="38" height="4" fill="#6b6475"/><rect x="5" y="16" width="12" height="3" rx="1" fill="#6b6475"/></svg>
<svg class="icon" data-brand="visa" viewBox="0 0 40 26" aria-hidden="true" focusable="false" hidden><rect width="40" height="26" rx="3" fill="#1a1f71"/><text x="20" y="17.5" text-anchor="middle" font-family="Arial,sans-serif" font-size="11" font-weight="700" font-style="italic" fill="#fff">VISA</text></svg>
<svg class="icon" data-brand="mastercard" viewBox="0 0 40 26" aria-hidden="true" focusable="false" hidden><rect width="40" height="26" rx="3" fill="#252525"/><circle cx="16" cy="13" r="7.5" fill="#eb001b"/><circle cx="24" cy="13" r="7.5" fill="#f79e1b" fill-opacity="0.9"/></svg>
<svg class="icon" data-brand="amex" viewBox="0 0 40 26" aria-hidden="true" focusable="false" hidden><rect width="40" height="26" rx="3" fill="#006fcf"/><text x="20" y="16.5" text-anchor="middle" font-family="Arial,sans-serif" font-size="8.5" font-weight="700" fill="#fff">AMEX</text></svg>`;

const ERROR_ICON: Html = html`<svg class="error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="8" cy="8" r="7" fill="currentColor"/><rect x="7.1" y="3.5" width="1.8" height="6" rx=".9" fill="#fff"/><circle cx="8" cy="12" r="1.1" fill="#fff"/></svg>`;

interface FieldSpec {
  id: string;
  label: string;
  hint: string;
  attrs: Html;
}

function field(f: FieldSpec, extra: Html | '' = ''): Html {
  return html`<div class="field" data-field="${f.id}">
<label for="${f.id}">${f.label}</label>
<div class="control">
<input id="${f.id}" name="${f.id}" ${f.attrs} aria-describedby="${f.id}-hint" disabled>
${extra}
</div>
<p id="${f.id}-hint" class="hint">${f.hint}</p>
<p id="${f.id}-error" class="error" hidden>${ERROR_ICON}<span class="message"></span></p>
</div>`;
}

export interface FieldsPageOptions {
  /** The payment page's origin: the only window the frame talks to. */
  origin: string;
  merchant: string;
}

export function fieldsPage(lang: CardLanguage, options: FieldsPageOptions): string {
  const t = CARD_TEXTS[lang];
  // What the script needs in the page's language, read back from data attributes.
  const words = {
    messages: t.messages,
    brands: t.brands,
    brandUnknown: t.brandUnknown,
    cvvHint: t.cvvHint,
    cvvHintAmex: t.cvvHintAmex,
    sending: t.sending,
    network: t.network,
    rejected: t.rejected,
  };
  const body = html`<div id="card-fields" data-origin="${options.origin}" data-merchant="${options.merchant}" data-lang="${lang}" data-words="${JSON.stringify(words)}">
<h1 class="visually-hidden">${t.fieldsTitle}</h1>
<form id="card-form" novalidate aria-labelledby="card-form-title">
<p id="card-form-title" class="visually-hidden">${t.fieldsTitle}</p>
<div id="summary" class="summary" role="alert" tabindex="-1" hidden>
<p class="summary-title">${t.summaryTitle}</p>
<ul></ul>
</div>
${field(
  {
    id: 'cc-number',
    label: t.number,
    hint: t.numberHint,
    attrs: html`type="text" inputmode="numeric" autocomplete="cc-number" dir="ltr" spellcheck="false" autocapitalize="off" maxlength="23" required`,
  },
  html`<span id="brand" class="brand" role="img" aria-label="${t.brandUnknown}" data-brand="none">${BRAND_ICONS}</span>`,
)}
<div class="row">
${field({
  id: 'cc-exp',
  label: t.expiry,
  hint: t.expiryHint,
  attrs: html`type="text" inputmode="numeric" autocomplete="cc-exp" dir="ltr" spellcheck="false" maxlength="5" placeholder="MM/YY" required`,
})}
${field({
  id: 'cc-csc',
  label: t.cvv,
  hint: t.cvvHint,
  attrs: html`type="text" inputmode="numeric" autocomplete="cc-csc" dir="ltr" spellcheck="false" maxlength="4" required`,
})}
</div>
${field({
  id: 'cc-name',
  label: t.name,
  hint: t.nameHint,
  attrs: html`type="text" autocomplete="cc-name" dir="auto" spellcheck="false" autocapitalize="words" maxlength="100" required`,
})}
<p id="status" class="status" role="status" aria-live="polite"></p>
<p id="brand-status" class="visually-hidden" aria-live="polite"></p>
<p class="note">${t.sandboxNote}</p>
</form>
</div>`;
  return layout(lang, `${t.fieldsTitle} – ${t.brand}`, 'fields', body, ['/assets/card-fields.js']);
}

export function fieldsErrorPage(lang: CardLanguage, reason: FieldsErrorReason): string {
  const t = CARD_TEXTS[lang];
  const body = html`<main class="panel" aria-labelledby="title">
<h1 id="title">${t.fieldsErrorTitle}</h1>
<p role="alert">${t.fieldsErrors[reason]}</p>
</main>`;
  return layout(lang, `${t.fieldsErrorTitle} – ${t.brand}`, 'fields', body);
}

export interface ChallengeView {
  chargeId: string;
  merchantName: string;
  amountFils: number;
  brand: CardBrand;
  last4: string;
  /** Set after a wrong code: how many tries remain. */
  attemptsLeft?: number;
  /** The code field was sent empty. */
  empty?: boolean;
}

/** AED with two decimals, digits grouped; kept left to right inside Arabic text. */
export function formatAed(fils: number): string {
  const whole = Math.floor(fils / 100);
  const rest = String(fils % 100).padStart(2, '0');
  return `AED ${whole.toLocaleString('en-US')}.${rest}`;
}

export function challengePage(lang: CardLanguage, view: ChallengeView): string {
  const t = CARD_TEXTS[lang];
  const error = view.empty ? t.messages.required : view.attemptsLeft !== undefined ? fillText(t.codeWrong, { left: String(view.attemptsLeft) }) : null;
  const cardText = fillText(t.cardEnding, { brand: t.brands[view.brand], last4: '\u2066' + view.last4 + '\u2069' });
  const body = html`<main class="panel" aria-labelledby="title">
<p class="brand-line">${t.brand}</p>
<h1 id="title">${t.challengeTitle}</h1>
<p>${t.challengeIntro}</p>
<dl class="facts">
<div><dt>${t.merchant}</dt><dd>${view.merchantName}</dd></div>
<div><dt>${t.amount}</dt><dd><bdi dir="ltr" class="num">${formatAed(view.amountFils)}</bdi></dd></div>
<div><dt>${t.card}</dt><dd>${cardText}</dd></div>
</dl>
<form method="post" action="/3ds/${encodeURIComponent(view.chargeId)}" novalidate>
<div class="field">
<label for="code">${t.code}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" dir="ltr" maxlength="6" spellcheck="false" required aria-describedby="code-hint${error ? ' code-error' : ''}"${
    error ? html` aria-invalid="true" autofocus` : ''
  }>
<p id="code-hint" class="hint">${fillText(t.codeHint, { code: SANDBOX_3DS_CODE })}</p>
${error ? html`<p id="code-error" class="error" role="alert">${ERROR_ICON}<span class="message">${error}</span></p>` : ''}
</div>
<div class="actions">
<button type="submit" class="primary" name="action" value="confirm">${t.confirm}</button>
<button type="submit" class="secondary" name="action" value="cancel" formnovalidate>${t.cancel}</button>
</div>
</form>
</main>`;
  return layout(lang, `${t.challengeTitle} – ${t.brand}`, 'challenge', body);
}

export function challengeGonePage(lang: CardLanguage): string {
  const t = CARD_TEXTS[lang];
  const body = html`<main class="panel" aria-labelledby="title">
<p class="brand-line">${t.brand}</p>
<h1 id="title">${t.challengeGoneTitle}</h1>
<p>${t.challengeGone}</p>
</main>`;
  return layout(lang, `${t.challengeGoneTitle} – ${t.brand}`, 'challenge', body);
}
