/**
 * The card sandbox's stylesheet and the hosted fields' script, served as files (/assets/...) so
 * the CSP can forbid every inline style and script; strings here because the API is bundled into
 * dist/main.js and ships no other files. The rules the script imports are rules-module.ts.
 *
 * Plain, like the product: the system font, the brand purple #5b2a86 for focus and buttons.
 * Contrast on white: text #1f1a24 17.1:1, hints #5c5566 7.1:1, borders #6b6475 5.7:1 (3:1
 * needed), error #b3261e 6.5:1, purple #5b2a86 9.9:1. Targets at least 44 px; logical properties
 * only, so the Arabic page mirrors (but the card number's room for the brand mark: the field is
 * left to right inside a right-to-left page, so that padding is physical); card number, expiry,
 * CVV and code stay left to right.
 */
export const CARD_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Tahoma,Arial,sans-serif;font-size:100%;line-height:1.5;color:#1f1a24;background:#fff}
body{margin:0}
body.fields{padding:2px}
body.challenge{background:#f4f2f7;min-block-size:100vh;padding:1.5rem 1rem;display:flex;justify-content:center;align-items:flex-start}
.panel{inline-size:100%;max-inline-size:28rem;background:#fff;border:1px solid #d6d1dc;border-radius:12px;padding:1.5rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
p{margin:.5rem 0}
.brand-line{margin:0 0 .25rem;font-weight:600;color:#5c5566}
.field{margin:0 0 1rem}
.row{display:flex;gap:1rem;flex-wrap:wrap}
.row>.field{flex:1 1 9rem}
label{display:block;font-weight:600;margin-block-end:.25rem}
.control{position:relative}
input{font:inherit;inline-size:100%;min-block-size:2.75rem;padding:.5rem .75rem;border:1px solid #6b6475;border-radius:8px;color:#1f1a24;background:#fff;font-variant-numeric:tabular-nums}
input[dir="ltr"]{text-align:left}
[dir="rtl"] input[dir="ltr"]{text-align:right}
#cc-number{padding-right:3.75rem}
[dir="rtl"] #cc-number{padding-right:.75rem;padding-left:3.75rem}
input[aria-invalid="true"]{border-color:#b3261e;border-width:2px}
input:focus-visible,button:focus-visible,.summary a:focus-visible,.summary:focus-visible{outline:3px solid #5b2a86;outline-offset:2px}
.brand{position:absolute;inset-block-start:50%;inset-inline-end:.625rem;transform:translateY(-50%);display:flex;line-height:0}
.brand .icon{inline-size:2.5rem;block-size:1.625rem}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#5c5566}
.error{display:flex;gap:.375rem;align-items:flex-start;margin:.25rem 0 0;color:#b3261e;font-weight:600;font-size:.9375rem}
.error-icon{flex:none;inline-size:1rem;block-size:1rem;margin-block-start:.2rem}
.summary{border:2px solid #b3261e;border-radius:8px;padding:.5rem .75rem;margin:0 0 1rem}
.summary-title{margin:0;font-weight:700;color:#b3261e}
.summary ul{margin:.25rem 0 0;padding-inline-start:1.25rem}
.summary li{margin-block:.25rem}
.summary a{color:#b3261e}
.status{margin:0;font-size:.9375rem}
.status:empty{display:none}
.note{font-size:.8125rem;color:#5c5566;margin:.25rem 0 0}
.facts{margin:1rem 0;display:grid;gap:.5rem}
.facts div{display:flex;justify-content:space-between;gap:1rem;border-block-end:1px solid #ece9f0;padding-block-end:.5rem}
.facts dt{color:#5c5566}
.facts dd{margin:0;font-weight:600;text-align:end}
.num{font-variant-numeric:tabular-nums}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-block-start:1rem}
button{font:inherit;cursor:pointer;min-block-size:2.75rem;padding:.5rem 1.25rem;border-radius:8px}
.primary{background:#5b2a86;color:#fff;border:2px solid #5b2a86;font-weight:600}
.secondary{background:#fff;color:#5b2a86;border:1px solid #6b6475}
.visually-hidden{position:absolute!important;inline-size:1px;block-size:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
[hidden]{display:none!important}
@media (forced-colors:active){.error,.summary-title{text-decoration:underline}}
`;

/**
 * The hosted fields' script (a module; imports the rules). It formats while the visitor types
 * (digit groups, the automatic slash of MM/YY, letters-only name), shows the brand, checks a
 * field once its value is complete or when it is left (SPEC 4), and talks to the payment page by
 * the protocol of shared/src/domains/payment/card-fields.ts: only to the origin the server put in
 * data-origin (checked against the merchant's allowed origins before the page was served), and
 * only listening to that origin's window. The card data goes to POST /v1/tokens on this origin;
 * the page gets a token, the brand and the last four digits, nothing more.
 */
export const CARD_FIELDS_JS = String.raw`import * as rules from '/assets/card-rules.js';

const root = document.getElementById('card-fields');
const ORIGIN = root.getAttribute('data-origin');
const MERCHANT = root.getAttribute('data-merchant');
const LANG = root.getAttribute('data-lang');
const words = JSON.parse(root.getAttribute('data-words'));
const SOURCE = 'join-card-fields';
const framed = window.parent && window.parent !== window;

const fields = {
  number: document.getElementById('cc-number'),
  expiry: document.getElementById('cc-exp'),
  cvv: document.getElementById('cc-csc'),
  name: document.getElementById('cc-name'),
};
const ORDER = ['number', 'expiry', 'cvv', 'name'];
const summary = document.getElementById('summary');
const statusLine = document.getElementById('status');
const brandMark = document.getElementById('brand');
const brandStatus = document.getElementById('brand-status');
const cvvHint = document.getElementById('cc-csc-hint');

function post(message) {
  if (framed) window.parent.postMessage(message, ORIGIN);
}

function brandNow() {
  return rules.cardBrand(fields.number.value);
}

function check(key) {
  const value = fields[key].value;
  if (key === 'number') return rules.validateCardNumber(value);
  if (key === 'expiry') return rules.validateExpiry(value, new Date());
  if (key === 'cvv') return rules.validateCvv(value, brandNow());
  return rules.validateName(value);
}

function complete(key) {
  const value = fields[key].value;
  if (key === 'number') return rules.isCardNumberComplete(value);
  if (key === 'expiry') return rules.isExpiryComplete(value);
  if (key === 'cvv') return rules.isCvvComplete(value, brandNow());
  return false;
}

/** Shows (or clears) a field's error: text below the hint, aria-invalid, and the error in its description. */
function showError(key, id) {
  const input = fields[key];
  const error = document.getElementById(input.id + '-error');
  const hint = input.id + '-hint';
  if (id) {
    error.querySelector('.message').textContent = words.messages[id];
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', hint + ' ' + error.id);
  } else {
    error.hidden = true;
    error.querySelector('.message').textContent = '';
    input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', hint);
  }
}

function updateBrand() {
  const brand = brandNow();
  const key = brand || 'none';
  if (brandMark.getAttribute('data-brand') === key) return;
  brandMark.setAttribute('data-brand', key);
  // SVG elements have no 'hidden' property: the attribute itself (the stylesheet hides [hidden]).
  for (const icon of brandMark.querySelectorAll('svg')) icon.toggleAttribute('hidden', icon.getAttribute('data-brand') !== key);
  const label = brand ? words.brands[brand] : words.brandUnknown;
  brandMark.setAttribute('aria-label', label);
  brandStatus.textContent = brand ? label : '';
  fields.cvv.maxLength = rules.cvvLength(brand);
  cvvHint.textContent = brand === 'amex' ? words.cvvHintAmex : words.cvvHint;
  if (fields.cvv.value.length > rules.cvvLength(brand)) fields.cvv.value = fields.cvv.value.slice(0, rules.cvvLength(brand));
}

let lastChange = '';
function notifyChange() {
  const brand = brandNow();
  const message = { source: SOURCE, type: 'change', complete: ORDER.every((k) => check(k) === null), brand, type_code: rules.typeCode(brand) };
  const key = JSON.stringify(message);
  if (key === lastChange) return;
  lastChange = key;
  post(message);
}

/** Puts the caret after the same number of kept characters as before the reformatting. */
function reformat(input, format, keep) {
  const before = input.value;
  const caret = input.selectionStart === null ? before.length : input.selectionStart;
  const keptBefore = before.slice(0, caret).split('').filter(keep).length;
  const after = format(before);
  if (after === before) return;
  input.value = after;
  if (document.activeElement !== input) return;
  let pos = 0;
  let seen = 0;
  while (pos < after.length && seen < keptBefore) {
    if (keep(after[pos])) seen += 1;
    pos += 1;
  }
  input.setSelectionRange(pos, pos);
}

const isDigit = (c) => c >= '0' && c <= '9';
const FORMAT = {
  number: (v) => rules.formatCardNumber(v),
  expiry: (v) => rules.formatExpiry(v),
  cvv: (v) => rules.digitsOf(v).slice(0, rules.cvvLength(brandNow())),
  name: (v) => rules.sanitizeName(v),
};
const KEEP = { number: isDigit, expiry: isDigit, cvv: isDigit, name: () => true };

for (const key of ORDER) {
  const input = fields[key];
  input.addEventListener('input', () => {
    reformat(input, FORMAT[key], KEEP[key]);
    if (key === 'number') {
      updateBrand();
      // The CVV's length depends on the brand: re-check it when it was shown.
      if (fields.cvv.getAttribute('aria-invalid') === 'true') showError('cvv', check('cvv'));
    }
    // Checked once complete (SPEC 4); while typing, a shown error goes away until then.
    showError(key, complete(key) ? check(key) : null);
    statusLine.textContent = '';
    notifyChange();
  });
  input.addEventListener('blur', () => {
    if (input.value !== '') showError(key, check(key));
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      post({ source: SOURCE, type: 'submit' });
    }
  });
}
document.getElementById('card-form').addEventListener('submit', (event) => event.preventDefault());

function showSummary(errors) {
  const list = summary.querySelector('ul');
  list.textContent = '';
  for (const [key, id] of errors) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = '#' + fields[key].id;
    link.textContent = document.querySelector('label[for="' + fields[key].id + '"]').textContent + ': ' + words.messages[id];
    link.addEventListener('click', (event) => {
      event.preventDefault();
      fields[key].focus();
    });
    item.appendChild(link);
    list.appendChild(item);
  }
  summary.hidden = errors.length === 0;
}

let busy = false;
async function tokenize() {
  if (busy) return;
  const errors = [];
  for (const key of ORDER) {
    const id = check(key);
    showError(key, id);
    if (id) errors.push([key, id]);
  }
  showSummary(errors);
  if (errors.length > 0) {
    fields[errors[0][0]].focus();
    post({ source: SOURCE, type: 'error', code: 'invalid' });
    return;
  }
  busy = true;
  statusLine.textContent = words.sending;
  const [month, year] = fields.expiry.value.split('/');
  let answer = null;
  let status = 0;
  try {
    const res = await fetch('/v1/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        merchant: MERCHANT,
        number: rules.digitsOf(fields.number.value),
        exp_month: Number(month),
        exp_year: 2000 + Number(year),
        cvc: fields.cvv.value,
        name: fields.name.value.trim(),
        lang: LANG,
      }),
      credentials: 'omit',
      cache: 'no-store',
    });
    status = res.status;
    answer = await res.json().catch(() => null);
  } catch (e) {
    status = 0;
  }
  busy = false;
  if (status === 201 && answer && answer.card) {
    statusLine.textContent = '';
    post({ source: SOURCE, type: 'tokenized', token: answer.id, brand: answer.card.brand, last4: answer.card.last4 });
    return;
  }
  if (status === 400 && answer && answer.error === 'invalid_card' && fields[answer.field]) {
    statusLine.textContent = '';
    showError(answer.field, answer.message_id);
    showSummary([[answer.field, answer.message_id]]);
    fields[answer.field].focus();
    post({ source: SOURCE, type: 'error', code: 'invalid' });
    return;
  }
  const network = status === 0 || status >= 500;
  statusLine.textContent = network ? words.network : words.rejected;
  post({ source: SOURCE, type: 'error', code: network ? 'network' : 'rejected' });
}

window.addEventListener('message', (event) => {
  // Only the payment page that opened these fields, at the origin they were opened for.
  if (event.origin !== ORIGIN || event.source !== window.parent) return;
  const data = event.data;
  if (!data || typeof data !== 'object' || data.source !== 'join-payment' || data.type !== 'tokenize') return;
  void tokenize();
});

function height() {
  return Math.ceil(document.body.getBoundingClientRect().height);
}
let lastHeight = -1;
function reportSize(type) {
  const h = height();
  if (type === 'resize' && h === lastHeight) return;
  lastHeight = h;
  post({ source: SOURCE, type, height: h });
}
reportSize('ready');
if (typeof ResizeObserver === 'function') new ResizeObserver(() => reportSize('resize')).observe(document.body);
`;
