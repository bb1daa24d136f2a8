import {
  amountToPay,
  bizConfigAtom,
  bus,
  CURRENCY,
  flowFlagsAtom,
  numberAtom,
  savedPlanAtom,
  store,
  TRACKING_EVENT_TIMEOUT_MS,
  VANITY_TIER_BY_ID,
  type BusEvents,
  type PlanListId,
  type Product,
  type SavedPlan,
} from '@join/shared';
import { consentAtom, pageAnalyticsAnswer } from '../consent/consent-state';
import { TRACKED_EVENTS } from './tracking-gate';

/**
 * Tag-manager tracking (SPEC 1, 7 and 9; issue 28): the checkout's steps become the Google
 * Analytics 4 ecommerce events a tag manager knows, pushed to `window.dataLayer` in the gtag/GTM
 * form (`{ ecommerce: null }` first, then `{ event, eventTimeout, ecommerce }`):
 *
 *   view_item_list  a plan list on screen           plan:list-viewed
 *   select_item     a plan opened from a list        plan:selected
 *   add_to_cart     a plan saved, priced             plan:added-to-cart
 *   begin_checkout  the payment step's summary       payment:summary-shown (a resident paying
 *                                                    cash has no payment step: with the order)
 *   add_payment_info card / bnpl given, or cash      payment:details-entered, delivery:order-placed
 *   add_shipping_info delivery / pickup / esim       delivery:order-placed, delivery:order-shown
 *   purchase        the order on the thank-you page  delivery:order-shown (once per order)
 *
 * and two events of our own, outside ecommerce: number_reserved (with the number's tier when it
 * has one: `number_tier: 'gold'`) and number_released (number:reserved, number:cancelled).
 *
 * The remotes announce on the kernel bus; this file alone decides what leaves, field by field
 * (never a whole object): product codes, names, categories, the vanity tier of a number (never
 * the number), prices and the order's number. No e-mail, name, document, card, phone, address or
 * location, and a last check refuses any push with a string that looks like an e-mail or a phone
 * number. Prices are the server's: a list's from its products, the cart's from the saved plan the
 * store holds (what the cart summary shows), in AED with VAT; `tax` is its VAT.
 *
 * Consent: nothing is pushed before the visitor says yes to analytics, nor after a no, nor ever
 * on a shop device. The first screen's list is seen before the visitor answers the banner, so
 * what happens before any answer waits in this page's memory (at most MAX_PENDING events, never
 * stored nor sent) and is pushed on a yes, dropped on a no.
 *
 * Never holding the flow: a push is synchronous, carries SPEC 9's eventTimeout and no
 * eventCallback, and nothing waits for a tag manager; a failing push is dropped.
 */
export type DataLayerEntry = Record<string, unknown>;
export type WithDataLayer = { dataLayer?: DataLayerEntry[] };
/** The visitor's answer for analytics, as tracking reads it: unknown until the banner is answered. */
export type TrackingConsent = 'yes' | 'no' | 'unknown';

/** Events seen before the visitor answers, kept for a yes (a bound: a visitor who never answers keeps no more). */
export const MAX_PENDING = 30;
/** What this tab has already sent once (purchases, checkouts): sessionStorage, never personal. */
export const SENT_STORAGE_KEY = 'join.tracking.sent.v1';
const MAX_SENT = 50;

/** The plan lists as GA4's item_list_id and item_list_name: stable, in English, whatever the page's language. */
const LISTS: Readonly<Record<PlanListId, { item_list_id: string; item_list_name: string }>> = {
  tourist: { item_list_id: 'plans_tourist', item_list_name: 'Tourist plans' },
  PAYG: { item_list_id: 'plans_payg', item_list_name: 'Pay as you go plans' },
  Commitment: { item_list_id: 'plans_commitment', item_list_name: 'Commitment plans' },
  VIP: { item_list_id: 'plans_vip', item_list_name: 'VIP plans' },
};

/** One GA4 event waiting to be pushed; `once`: a key this tab sends at most once; `custom`: its fields beside the event, no ecommerce. */
interface Ga4Event {
  event: string;
  ecommerce: Record<string, unknown>;
  once?: string;
  custom?: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** A number's vanity level as its tier name ('gold'), never the number itself; none for a plain one. */
const tierOf = (level: number | null): string | undefined => (level === null ? undefined : VANITY_TIER_BY_ID[level]);
/** Drops the fields with no value (GA4 reads an absent field, not an undefined one). */
const compact = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function listItem(product: Product, list: PlanListId, index: number): Record<string, unknown> {
  const price = product.PackagesPricingTable[0];
  return compact({
    item_id: String(product.ProductCode),
    item_name: product.Name,
    item_category: product.ProductCategory,
    item_variant: tierOf(product.VanityLevel),
    ...LISTS[list],
    index,
    price: price ? amountToPay(price) : undefined,
    quantity: 1,
  });
}

/** The cart as GA4 reads it: the saved plan, one item, its price with VAT. */
function cartOf(saved: SavedPlan): { currency: string; value: number; items: Record<string, unknown>[] } {
  const value = amountToPay(saved.PackagePrice);
  const item = compact({
    item_id: String(saved.product.ProductCode),
    item_name: saved.product.Name,
    item_category: saved.product.ProductCategory,
    item_variant: tierOf(saved.VanityLevel ?? saved.product.VanityLevel),
    price: value,
    quantity: 1,
  });
  return { currency: CURRENCY, value, items: [item] };
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** A phone number: nine digits or more in a row (spaces, dots or dashes between them too), or a + before digits. */
const PHONE = /\d(?:[\s.-]?\d){8,}|\+\s?\d/;

/** Whether anything in a push reads as an e-mail or a phone number: such a push is refused. */
export function looksPersonal(value: unknown): boolean {
  if (typeof value === 'string') return EMAIL.test(value) || PHONE.test(value);
  if (Array.isArray(value)) return value.some(looksPersonal);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => looksPersonal(k) || looksPersonal(v));
  return false;
}

function readSent(storage: Pick<Storage, 'getItem'> | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SENT_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export interface TrackingDeps {
  /** Where the events go (the page's window). */
  target?: WithDataLayer;
  /** The visitor's answer for analytics now (a shop device: always no). */
  consent?: () => TrackingConsent;
  /** Calls back when the answer may have changed; returns the unsubscribe. */
  watchConsent?: (changed: () => void) => () => void;
  /** The saved plan: the cart (the kernel's store). */
  cart?: () => SavedPlan | null;
  /** Whether the plan is paid already (the flow flags): an order without it is paid in cash. */
  paidOnline?: () => boolean;
  /** Where the once-only keys are kept (this tab's sessionStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

const tabStorage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/** The page's own reading (consent-state.ts). */
const pageConsent: () => TrackingConsent = pageAnalyticsAnswer;

/** The bus events tracking reads (the gate in tracking-gate.ts listens to these before this file loads). */
export type TrackedEvent = (typeof TRACKED_EVENTS)[number];
/** An event heard before this file loaded, replayed in order when it does. */
export type HeardEvent = { [K in TrackedEvent]: [K, BusEvents[K]] }[TrackedEvent];

export function listenForTracking(deps: TrackingDeps & { heard?: readonly HeardEvent[] } = {}): () => void {
  const target = deps.target ?? (window as unknown as WithDataLayer);
  const consent = deps.consent ?? pageConsent;
  const watchConsent = deps.watchConsent ?? ((changed: () => void) => store.sub(consentAtom, changed));
  const cart = deps.cart ?? (() => store.get(savedPlanAtom));
  const paidOnline = deps.paidOnline ?? (() => store.get(flowFlagsAtom)?.is_plan_paid === true);
  const storage = deps.storage === undefined ? tabStorage() : deps.storage;
  let pending: Ga4Event[] = [];
  /** This page's once-only keys, for when the tab's storage is refused. */
  const sentHere = new Set<string>();

  const push = (e: Ga4Event) => {
    const sent = e.once ? readSent(storage) : [];
    if (e.once && (sentHere.has(e.once) || sent.includes(e.once))) return;
    if (looksPersonal(e.ecommerce)) {
      console.warn(`tracking: ${e.event} refused, a value looks like personal data`);
      return;
    }
    try {
      const layer = (target.dataLayer ??= []);
      if (e.custom) layer.push({ event: e.event, eventTimeout: TRACKING_EVENT_TIMEOUT_MS, ...e.ecommerce });
      else {
        layer.push({ ecommerce: null });
        layer.push({ event: e.event, eventTimeout: TRACKING_EVENT_TIMEOUT_MS, ecommerce: e.ecommerce });
      }
    } catch (err) {
      console.warn(`tracking: ${e.event} not pushed`, err);
      return;
    }
    if (e.once) {
      sentHere.add(e.once);
      try {
        storage?.setItem(SENT_STORAGE_KEY, JSON.stringify([...sent, e.once].slice(-MAX_SENT)));
      } catch {
        // Storage refused: a reload may send it again (GA4 itself drops a repeated transaction_id).
      }
    }
  };

  const deliver = (...events: Ga4Event[]) => {
    const answer = consent();
    if (answer === 'yes') events.forEach(push);
    else if (answer === 'unknown') pending = [...pending, ...events].slice(0, MAX_PENDING);
  };

  const settle = () => {
    const answer = consent();
    if (answer === 'unknown') return;
    const waiting = pending;
    pending = [];
    if (answer === 'yes') waiting.forEach(push);
  };

  /** The saved plan, when it is the one an event speaks of (no product code: whichever is saved). */
  const cartFor = (productCode?: number): SavedPlan | null => {
    const saved = cart();
    return saved && (productCode === undefined || saved.product.ProductCode === productCode) ? saved : null;
  };
  const beginCheckout = (saved: SavedPlan): Ga4Event => ({ event: 'begin_checkout', ecommerce: cartOf(saved), once: `checkout:${saved.ID}` });

  /** An event of our own (no ecommerce): its name and fields pass the same checks. */
  const custom = (event: string, fields: Record<string, unknown>): Ga4Event => ({ event, ecommerce: fields, custom: true });

  const handlers: { [K in TrackedEvent]: (payload: BusEvents[K]) => void } = {
    // The number itself never: the held number's tier, read from the store (set before the announcement).
    'number:reserved': () => deliver(custom('number_reserved', compact({ number_tier: tierOf(store.get(numberAtom)?.VanityLevelId ?? null) }))),
    'number:cancelled': () => deliver(custom('number_released', {})),
    'plan:list-viewed': ({ list, products }) => {
      if (products.length === 0) return;
      deliver({ event: 'view_item_list', ecommerce: { ...LISTS[list], items: products.map((p, i) => listItem(p, list, i)) } });
    },
    'plan:selected': ({ list, index, product }) => {
      deliver({ event: 'select_item', ecommerce: { ...LISTS[list], items: [listItem(product, list, index)] } });
    },
    'plan:added-to-cart': ({ productCode }) => {
      const saved = cartFor(productCode);
      if (saved) deliver({ event: 'add_to_cart', ecommerce: cartOf(saved) });
    },
    'payment:summary-shown': ({ productCode }) => {
      const saved = cartFor(productCode);
      if (saved) deliver(beginCheckout(saved));
    },
    'payment:details-entered': ({ method }) => {
      const saved = cartFor();
      if (saved) deliver({ event: 'add_payment_info', ecommerce: { ...cartOf(saved), payment_type: method } });
    },
    'delivery:order-placed': ({ kind }) => {
      const saved = cartFor();
      if (!saved) return;
      // Nothing paid online: a resident pays in cash (on delivery, at the store), and had no payment step.
      const cash = paidOnline() ? [] : [beginCheckout(saved), { event: 'add_payment_info', ecommerce: { ...cartOf(saved), payment_type: 'cash' } }];
      deliver(...cash, { event: 'add_shipping_info', ecommerce: { ...cartOf(saved), shipping_tier: kind }, once: `shipping:${saved.ID}` });
    },
    'delivery:order-shown': ({ orderNumber, kind }) => {
      const saved = cartFor();
      if (!saved) return;
      deliver(
        // An eSIM is issued on the thank-you page: its "shipping" is known there (a delivery's or a pickup's was sent with the order).
        { event: 'add_shipping_info', ecommerce: { ...cartOf(saved), shipping_tier: kind }, once: `shipping:${saved.ID}` },
        {
          event: 'purchase',
          ecommerce: { transaction_id: orderNumber, ...cartOf(saved), tax: round2(saved.PackagePrice.VATAmount) },
          once: `purchase:${orderNumber}`,
        },
      );
    },
  };

  for (const [event, payload] of deps.heard ?? []) (handlers[event] as (p: typeof payload) => void)(payload);
  const offs = TRACKED_EVENTS.map((event) => bus.on(event, handlers[event] as (payload: BusEvents[typeof event]) => void));
  const unwatch = watchConsent(settle);
  return () => {
    offs.forEach((off) => off());
    unwatch();
    pending = [];
  };
}

export interface TagManagerDeps {
  target?: WithDataLayer;
  consent?: () => TrackingConsent;
  /** Calls back when the answer or the business config may have changed; returns the unsubscribe. */
  watch?: (changed: () => void) => () => void;
  /** The configured script's address (the business config's tag_manager_url), or null. */
  url?: () => string | null;
  /** Adds the script to the page. */
  load?: (src: string) => void;
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * The tag manager's own script (issue 28): only when the deployment configures one
 * (tag_manager_url, JOIN_TAG_MANAGER_URL; off by default: no third-party script), only after the
 * visitor's yes to analytics, never on a shop device; once per page, async, so that it never
 * holds the page. The gtm.js start event is pushed before it, as the tag manager's own snippet
 * does. A withdrawn yes stops every push at once; the script already loaded stays until the page
 * is left, and is not loaded again.
 */
export function loadTagManagerWhenAllowed(deps: TagManagerDeps = {}): () => void {
  const target = deps.target ?? (window as unknown as WithDataLayer);
  const consent = deps.consent ?? pageConsent;
  const url =
    deps.url ??
    (() => {
      const config = store.get(bizConfigAtom);
      return config.status === 'ready' ? config.config.tag_manager_url : null;
    });
  const load = deps.load ?? addScript;
  const watch =
    deps.watch ??
    ((changed: () => void) => {
      const offs = [store.sub(consentAtom, changed), store.sub(bizConfigAtom, changed)];
      return () => offs.forEach((off) => off());
    });
  let loaded = false;
  const check = () => {
    const src = url();
    if (loaded || !src || consent() !== 'yes') return;
    loaded = true;
    (target.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    load(src);
  };
  check();
  if (loaded) return () => undefined;
  const unwatch = watch(() => {
    check();
    if (loaded) unwatch();
  });
  return unwatch;
}
