import { fillText, html, sandboxPage, type Html } from '../html';
import { SIGNIN_ACCOUNTS } from './accounts';
import {SIGNIN_TEXTS, type SigninErrorReason, type SigninLanguage } from './texts';

/**
 * The sandbox's three pages: the account chooser, the error page and the result page that
 * hands the token to the opener. Plain HTML with one stylesheet and one script file, in the
 * request's language with its direction.
 */

/** What every form of the chooser carries back to POST /authorize/choose. */
export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  nonce: string;
  state?: string | undefined;
  ui_locales?: string | undefined;
}

function layout(lang: SigninLanguage, title: string, body: Html, scripts: readonly string[] = []): string {
  return sandboxPage({ lang, title, stylesheet: '/assets/signin.css', body, scripts });
}

function hiddenFields(request: AuthorizeRequest): Html {
  const fields: Array<[string, string | undefined]> = [
    ['client_id', request.client_id],
    ['redirect_uri', request.redirect_uri],
    ['nonce', request.nonce],
    ['state', request.state],
    ['ui_locales', request.ui_locales],
  ];
  return html`${fields
    .filter((f): f is [string, string] => f[1] !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;
}

export interface ChooserState {
  /** What was typed into "Use another account", and what was wrong with it. */
  other?: { email: string; name: string; emailError?: boolean; nameError?: boolean };
}

export function chooserPage(lang: SigninLanguage, request: AuthorizeRequest, site: string, state: ChooserState = {}): string {
  const t = SIGNIN_TEXTS[lang];
  const other = state.other;
  const invalid = Boolean(other?.emailError || other?.nameError);
  const accounts = SIGNIN_ACCOUNTS.map(
    (a) => html`<li><button type="submit" class="account" name="account" value="${a.email}">
<span class="avatar" aria-hidden="true">${a.name.slice(0, 1)}</span>
<span class="who"><span class="name">${a.name}</span><span class="email" dir="ltr">${a.email}</span>${
      a.emailVerified ? '' : html`<span class="badge">${t.unverified}</span>`
    }</span>
</button></li>`,
  );
  const body = html`<main aria-labelledby="title">
<p class="brand">${t.brand}</p>
<h1 id="title">${t.chooseTitle}</h1>
<p>${fillText(t.continueTo, { site: '\u2068' + site + '\u2069' })}</p>
<p class="note">${t.sandboxNote}</p>
<form method="post" action="/authorize/choose">
${hiddenFields(request)}
<ul aria-label="${t.accountsLabel}">
${accounts}
</ul>
</form>
<details${invalid ? html` open` : ''}>
<summary>${t.another}</summary>
<form method="post" action="/authorize/choose">
${hiddenFields(request)}
<div class="field">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" dir="ltr" autocomplete="email" required maxlength="254" value="${other?.email ?? ''}"${
    other?.emailError ? html` aria-invalid="true" aria-describedby="email-error"` : ''
  }>
${other?.emailError ? html`<p id="email-error" class="error">${t.emailInvalid}</p>` : ''}
</div>
<div class="field">
<label for="name">${t.name} <span class="optional">${t.optional}</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${other?.name ?? ''}"${
    other?.nameError ? html` aria-invalid="true" aria-describedby="name-error"` : ''
  }>
${other?.nameError ? html`<p id="name-error" class="error">${t.nameInvalid}</p>` : ''}
</div>
<div class="actions"><button type="submit" class="primary">${t.continue}</button></div>
</form>
</details>
<form method="post" action="/authorize/choose" class="actions">
${hiddenFields(request)}
<button type="submit" class="secondary" name="cancel" value="1">${t.cancel}</button>
</form>
</main>`;
  return layout(lang, t.pageTitle, body);
}

export function errorPage(lang: SigninLanguage, reason: SigninErrorReason): string {
  const t = SIGNIN_TEXTS[lang];
  const body = html`<main aria-labelledby="title">
<p class="brand">${t.brand}</p>
<h1 id="title">${t.errorTitle}</h1>
<p>${t.reasons[reason]}</p>
<p>${t.errorAdvice}</p>
</main>`;
  return layout(lang, `${t.errorTitle} – ${t.brand}`, body);
}

/** The message posted to the opener: Google's popup mode answers the same way. */
export type SigninMessage = { type: 'join-signin'; id_token: string; state: string | undefined } | { type: 'join-signin'; error: 'access_denied'; state: string | undefined };

export function resultPage(lang: SigninLanguage, targetOrigin: string, message: SigninMessage): string {
  const t = SIGNIN_TEXTS[lang];
  const title = 'error' in message ? t.cancelled : t.signingIn;
  const body = html`<main id="signin-result" aria-labelledby="title" data-target-origin="${targetOrigin}" data-message="${JSON.stringify(message)}">
<p class="brand">${t.brand}</p>
<h1 id="title">${title}</h1>
<p id="no-opener" role="status" hidden>${t.noOpener}</p>
<noscript><p>${t.noScript}</p></noscript>
</main>`;
  return layout(lang, `${title} – ${t.brand}`, body, ['/assets/signin-result.js']);
}
