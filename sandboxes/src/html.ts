/**
 * The sandboxes write their few pages as strings (no template engine for three pages). Every
 * value that came from outside (a mail's subject and text, a query parameter, a typed e-mail)
 * goes through escapeHtml, in element text and in quoted attributes alike.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A tagged template that escapes every interpolated value unless it is already Html. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = string | number | Html | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/**
 * A sandbox page: the document in its language and direction, one stylesheet, its scripts as
 * files (the sandboxes' CSPs allow no inline script or style), no referrer. The sign-in, card and
 * BNPL sandboxes each pass their own stylesheet and body.
 */
export function sandboxPage(options: {
  lang: 'en' | 'ar';
  title: string;
  stylesheet: string;
  body: Html;
  bodyClass?: string;
  /** Classic scripts at the end of the body. */
  scripts?: readonly string[];
  /** Module scripts in the head. */
  modules?: readonly string[];
}): string {
  const { lang, title, stylesheet, body, bodyClass, scripts = [], modules = [] } = options;
  return html`<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="${stylesheet}">
${modules.map((src) => html`<script type="module" src="${src}"></script>`)}
</head>
<body${bodyClass ? html` class="${bodyClass}"` : ''}>
${body}
${scripts.map((src) => html`<script src="${src}"></script>`)}
</body>
</html>
`.value;
}

/** Left-to-right isolate for a code, an id or a number inside a sentence (U+2066 ... U+2069). */
export const ltr = (text: string): string => `\u2066${text}\u2069`;

/** Fills a sandbox text's {{name}} slots (the sandboxes' own small dictionaries). */
export const fillText = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * A fulfilment sandbox's page (the courier, the eSIM service): the brand, a link to the same page
 * in the other language (`here` keeps its own query), and the body under one <main>.
 */
export function fulfilmentPage(options: { lang: 'en' | 'ar'; title: string; texts: { brand: string; otherLanguage: string }; here: string; body: Html }): string {
  const { lang, title, here, body } = options;
  const { brand, otherLanguage } = options.texts;
  const other = lang === 'ar' ? 'en' : 'ar';
  return sandboxPage({
    lang,
    title: `${title} – ${brand}`,
    stylesheet: '/assets/sandbox.css',
    body: html`<header class="top">
<p class="brand">${brand}</p>
<a class="lang" href="${here}${here.includes('?') ? '&' : '?'}lang=${other}" lang="${other}" hreflang="${other}">${otherLanguage}</a>
</header>
<main aria-labelledby="title">
${body}
</main>
`,
  });
}
