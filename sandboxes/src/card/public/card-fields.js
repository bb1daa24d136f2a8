// @ts-check
/**
 * The hosted fields' script (a module, served as /assets/card-fields.js beside the rules it
 * imports, /assets/card-rules.js). It formats while the visitor types (digit groups, the automatic
 * slash of MM/YY, letters-only name), shows the brand, checks a field once its value is complete or
 * when it is left (SPEC 4), and talks to the payment page by the protocol of
 * shared/src/domains/payment/card-fields.ts: only to the origin the server put in data-origin
 * (checked against the merchant's allowed origins before the page was served), and only listening
 * to that origin's window. The card data goes to POST /v1/tokens on this origin; the page gets a
 * token, the brand and the last four digits, nothing more. A file the CSP allows ('self'), never
 * inline; type-checked (checkJs) and linted with the package.
 */
import * as rules from './card-rules.js';

/**
 * @typedef {'number' | 'expiry' | 'cvv' | 'name'} FieldKey
 * @typedef {import('./card-rules.js').CardRuleMessageId} MessageId
 * @typedef {{ messages: Record<MessageId, string>, brands: Record<import('./card-rules.js').CardBrand, string>, brandUnknown: string,
 *   cvvHint: string, cvvHintAmex: string, sending: string, network: string, rejected: string }} Words
 */

/** An element the page always has (the server writes them all). @param {string} id @returns {HTMLElement} */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error('the card fields page has no #' + id);
  return element;
}

/** @param {string} id @returns {HTMLInputElement} */
function inputById(id) {
  const element = byId(id);
  if (!(element instanceof HTMLInputElement)) throw new Error('#' + id + ' is not an input');
  return element;
}

/** @param {Element} parent @param {string} selector @returns {Element} */
function inside(parent, selector) {
  const element = parent.querySelector(selector);
  if (!element) throw new Error('no ' + selector);
  return element;
}

const root = byId('card-fields');
const ORIGIN = root.getAttribute('data-origin') ?? '';
const MERCHANT = root.getAttribute('data-merchant');
const LANG = root.getAttribute('data-lang');
/** @type {Words} */
const words = JSON.parse(root.getAttribute('data-words') ?? '{}');
const SOURCE = 'join-card-fields';
const framed = window.parent && window.parent !== window;

/** @type {Record<FieldKey, HTMLInputElement>} */
const fields = {
  number: inputById('cc-number'),
  expiry: inputById('cc-exp'),
  cvv: inputById('cc-csc'),
  name: inputById('cc-name'),
};
/** @type {FieldKey[]} */
const ORDER = ['number', 'expiry', 'cvv', 'name'];
const summary = byId('summary');
const statusLine = byId('status');
const brandMark = byId('brand');
const brandStatus = byId('brand-status');
const cvvHint = byId('cc-csc-hint');

/** @param {Record<string, unknown>} message */
function post(message) {
  if (framed) window.parent.postMessage(message, ORIGIN);
}

function brandNow() {
  return rules.cardBrand(fields.number.value);
}

/** @param {FieldKey} key @returns {MessageId | null} */
function check(key) {
  const value = fields[key].value;
  if (key === 'number') return rules.validateCardNumber(value);
  if (key === 'expiry') return rules.validateExpiry(value, new Date());
  if (key === 'cvv') return rules.validateCvv(value, brandNow());
  return rules.validateName(value);
}

/** @param {FieldKey} key @returns {boolean} */
function complete(key) {
  const value = fields[key].value;
  if (key === 'number') return rules.isCardNumberComplete(value);
  if (key === 'expiry') return rules.isExpiryComplete(value);
  if (key === 'cvv') return rules.isCvvComplete(value, brandNow());
  return false;
}

/**
 * Shows (or clears) a field's error: text below the hint, aria-invalid, and the error in its description.
 * @param {FieldKey} key @param {MessageId | null} id
 */
function showError(key, id) {
  const input = fields[key];
  const error = byId(input.id + '-error');
  const hint = input.id + '-hint';
  if (id) {
    inside(error, '.message').textContent = words.messages[id];
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', hint + ' ' + error.id);
  } else {
    error.hidden = true;
    inside(error, '.message').textContent = '';
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

/**
 * Puts the caret after the same number of kept characters as before the reformatting.
 * @param {HTMLInputElement} input @param {(value: string) => string} format @param {(c: string) => boolean} keep
 */
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
    if (keep(after.charAt(pos))) seen += 1;
    pos += 1;
  }
  input.setSelectionRange(pos, pos);
}

/** @param {string} c */
const isDigit = (c) => c >= '0' && c <= '9';
/** @type {Record<FieldKey, (value: string) => string>} */
const FORMAT = {
  number: (v) => rules.formatCardNumber(v),
  expiry: (v) => rules.formatExpiry(v),
  cvv: (v) => rules.digitsOf(v).slice(0, rules.cvvLength(brandNow())),
  name: (v) => rules.sanitizeName(v),
};
/** @type {Record<FieldKey, (c: string) => boolean>} */
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
byId('card-form').addEventListener('submit', (event) => event.preventDefault());

/** @param {Array<[FieldKey, MessageId]>} errors */
function showSummary(errors) {
  const list = inside(summary, 'ul');
  list.textContent = '';
  for (const [key, id] of errors) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = '#' + fields[key].id;
    link.textContent = inside(document.body, 'label[for="' + fields[key].id + '"]').textContent + ': ' + words.messages[id];
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
  /** @type {Array<[FieldKey, MessageId]>} */
  const errors = [];
  for (const key of ORDER) {
    const id = check(key);
    showError(key, id);
    if (id) errors.push([key, id]);
  }
  showSummary(errors);
  const [first] = errors;
  if (first) {
    fields[first[0]].focus();
    post({ source: SOURCE, type: 'error', code: 'invalid' });
    return;
  }
  busy = true;
  statusLine.textContent = words.sending;
  const [month, year] = fields.expiry.value.split('/');
  /** @type {any} */
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
  } catch {
    status = 0;
  }
  busy = false;
  if (status === 201 && answer && answer.card) {
    statusLine.textContent = '';
    post({ source: SOURCE, type: 'tokenized', token: answer.id, brand: answer.card.brand, last4: answer.card.last4 });
    return;
  }
  /** @type {FieldKey | undefined} */
  const field = ORDER.find((key) => answer && key === answer.field);
  if (status === 400 && answer && answer.error === 'invalid_card' && field) {
    statusLine.textContent = '';
    showError(field, answer.message_id);
    showSummary([[field, answer.message_id]]);
    fields[field].focus();
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
/** @param {'ready' | 'resize'} type */
function reportSize(type) {
  const h = height();
  if (type === 'resize' && h === lastHeight) return;
  lastHeight = h;
  post({ source: SOURCE, type, height: h });
}
// The fields come disabled from the server: typed into before this script's handlers were on,
// they would hold unformatted values it never checked ("1230" for 12/30), and a frame replaced by
// "Change card" could take keys in the moment between. Usable from here on, then ready.
for (const key of ORDER) fields[key].disabled = false;
reportSize('ready');
if (typeof ResizeObserver === 'function') new ResizeObserver(() => reportSize('resize')).observe(document.body);
