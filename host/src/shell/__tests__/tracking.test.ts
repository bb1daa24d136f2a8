import { act } from '@testing-library/react';
import { bus, EMPTY_FLOW_FLAGS, Product, SavedPlan, setBizConfig, setFlowFlags, setHeldNumber, setSavedPlan, store, TRACKING_EVENT_TIMEOUT_MS } from '@join/shared';
import { businessConfig } from '@join/shared/testing';
import { listenForTracking, loadTagManagerWhenAllowed, looksPersonal, MAX_PENDING, SENT_STORAGE_KEY, type DataLayerEntry, type TrackingConsent, type WithDataLayer } from '../tracking';
import { consentAtom } from '../../consent/consent-state';
import { markRetailPage, resetRetailPageForTests } from '../../retail/retail-page';

/**
 * The GA4 ecommerce events (issue 28): each event's shape as Google Analytics 4 reads it from a
 * tag manager's dataLayer, no personal data in any, nothing without the visitor's yes, nothing
 * on a shop device, a purchase once per order.
 */

const price = (net: number, vat = 5) => ({ NetPrice: net, PlanNetPrice: net, VATPercentage: vat, VATAmount: Math.round(net * vat) / 100 });
const tourist = Product.parse({ ProductCode: 199, Name: 'Tourist 10 GB', ProductCategory: 'PAYG', CommitmentDuration: 1, AvailablePlans: [], PackagesPricingTable: [price(50)] });
const tourist2 = Product.parse({ ProductCode: 187, Name: 'Tourist 25 GB', ProductCategory: 'PAYG', CommitmentDuration: 1, AvailablePlans: [], PackagesPricingTable: [price(99)] });
const vip = Product.parse({ ProductCode: 301, Name: 'VIP Gold', ProductCategory: 'VIP', CommitmentDuration: 12, AvailablePlans: [], PackagesPricingTable: [price(2600)], VanityLevel: 4 });
/** The saved plan: a booster adds 10 to the net price, 5% VAT on top (what the cart summary shows). */
const saved = SavedPlan.parse({ ID: 41, product: tourist, Plans: [], PackagePrice: price(60), PromoCode: 'FRIEND-AHMED', VanityLevel: 4 });

const MSISDN = '971581234567';
const EMAIL = 'ahmed@example.com';

function setUp(over: { consent?: TrackingConsent; paid?: boolean; cart?: SavedPlan | null; storage?: Storage | null } = {}) {
  const target: WithDataLayer = {};
  let consent: TrackingConsent = over.consent ?? 'yes';
  let changed = () => undefined as void;
  const off = listenForTracking({
    target,
    consent: () => consent,
    watchConsent: (cb) => {
      changed = cb;
      return () => undefined;
    },
    cart: () => (over.cart === undefined ? saved : over.cart),
    paidOnline: () => over.paid ?? true,
    storage: over.storage === undefined ? sessionStorage : over.storage,
  });
  const answer = (a: TrackingConsent) => {
    consent = a;
    changed();
  };
  /** The events pushed, without the clearing pushes. */
  const events = () => (target.dataLayer ?? []).filter((e) => 'event' in e);
  const names = () => events().map((e) => e.event);
  return { target, off, answer, events, names };
}

/** A whole purchase paid online, as the remotes announce it. */
function walk() {
  bus.emit('plan:list-viewed', { list: 'tourist', products: [tourist, tourist2] });
  bus.emit('plan:selected', { list: 'tourist', index: 0, product: tourist });
  bus.emit('plan:added-to-cart', { productCode: 199 });
  bus.emit('number:reserved', { msisdn: MSISDN, expiresAt: null });
  bus.emit('number:confirmed', { msisdn: MSISDN, hasSavedPlan: true });
  bus.emit('payment:summary-shown', { productCode: 199 });
  bus.emit('payment:details-entered', { method: 'card' });
  bus.emit('payment:completed', { method: 'card' });
  bus.emit('delivery:order-placed', { kind: 'delivery' });
  bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'delivery' });
}

const CART = { currency: 'AED', value: 63, items: [{ item_id: '199', item_name: 'Tourist 10 GB', item_category: 'PAYG', item_variant: 'gold', price: 63, quantity: 1 }] };

beforeEach(() => sessionStorage.clear());

describe('GA4 ecommerce events in the data layer', () => {
  it('a purchase paid online: every event in order, in the gtag form (ecommerce cleared before each)', () => {
    const { target, off, names } = setUp();
    walk();
    off();
    expect(names()).toEqual(['view_item_list', 'select_item', 'add_to_cart', 'number_reserved', 'begin_checkout', 'add_payment_info', 'add_shipping_info', 'purchase']);
    const layer = target.dataLayer as DataLayerEntry[];
    // Each ecommerce event right after its own { ecommerce: null }; our own event has no ecommerce.
    expect(layer).toHaveLength(15);
    layer.forEach((entry, i) => {
      if ('ecommerce' in entry && entry.ecommerce !== null) expect(layer[i - 1]).toEqual({ ecommerce: null });
      if (entry.ecommerce === null) expect(layer[i + 1]).toHaveProperty('ecommerce.items');
      if ('event' in entry) expect(entry).toMatchObject({ eventTimeout: TRACKING_EVENT_TIMEOUT_MS });
    });
    expect(layer[6]).toEqual({ event: 'number_reserved', eventTimeout: TRACKING_EVENT_TIMEOUT_MS });
    // Never a callback the flow would wait on.
    expect(layer.some((e) => 'eventCallback' in e)).toBe(false);
  });

  it('shapes each event as GA4 recommends', () => {
    const { off, events } = setUp();
    walk();
    off();
    const [list, select, cart, , checkout, payment, shipping, purchase] = events();
    expect(list).toEqual({
      event: 'view_item_list',
      eventTimeout: 3000,
      ecommerce: {
        item_list_id: 'plans_tourist',
        item_list_name: 'Tourist plans',
        items: [
          { item_id: '199', item_name: 'Tourist 10 GB', item_category: 'PAYG', item_list_id: 'plans_tourist', item_list_name: 'Tourist plans', index: 0, price: 52.5, quantity: 1 },
          { item_id: '187', item_name: 'Tourist 25 GB', item_category: 'PAYG', item_list_id: 'plans_tourist', item_list_name: 'Tourist plans', index: 1, price: 103.95, quantity: 1 },
        ],
      },
    });
    expect(select).toEqual({
      event: 'select_item',
      eventTimeout: 3000,
      ecommerce: {
        item_list_id: 'plans_tourist',
        item_list_name: 'Tourist plans',
        items: [{ item_id: '199', item_name: 'Tourist 10 GB', item_category: 'PAYG', item_list_id: 'plans_tourist', item_list_name: 'Tourist plans', index: 0, price: 52.5, quantity: 1 }],
      },
    });
    // The cart is the saved plan as the server priced it: with its booster and VAT; the held
    // number is its tier (gold), never the number.
    expect(cart).toEqual({ event: 'add_to_cart', eventTimeout: 3000, ecommerce: CART });
    expect(checkout).toEqual({ event: 'begin_checkout', eventTimeout: 3000, ecommerce: CART });
    expect(payment).toEqual({ event: 'add_payment_info', eventTimeout: 3000, ecommerce: { ...CART, payment_type: 'card' } });
    expect(shipping).toEqual({ event: 'add_shipping_info', eventTimeout: 3000, ecommerce: { ...CART, shipping_tier: 'delivery' } });
    expect(purchase).toEqual({ event: 'purchase', eventTimeout: 3000, ecommerce: { transaction_id: 'JN-D-7Q4K-2M9X', ...CART, tax: 3 } });
  });

  it('a VIP list: the category and the tier of its numbers, never a number', () => {
    const { off, events } = setUp();
    bus.emit('plan:list-viewed', { list: 'VIP', products: [vip] });
    off();
    expect(events()[0]?.ecommerce).toEqual({
      item_list_id: 'plans_vip',
      item_list_name: 'VIP plans',
      items: [{ item_id: '301', item_name: 'VIP Gold', item_category: 'VIP', item_variant: 'gold', item_list_id: 'plans_vip', item_list_name: 'VIP plans', index: 0, price: 2730, quantity: 1 }],
    });
  });

  it('a number held or released: its tier when it has one, never the number', () => {
    const { off, events } = setUp();
    act(() => setHeldNumber({ MSISDN, InTransferTo: null, VanityLevelId: 4, ReservationDate: null, ExpiryDate: null }));
    bus.emit('number:reserved', { msisdn: MSISDN, expiresAt: null });
    act(() => setHeldNumber({ MSISDN, InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null }));
    bus.emit('number:reserved', { msisdn: MSISDN, expiresAt: null });
    act(() => setHeldNumber(null));
    bus.emit('number:cancelled', { msisdn: MSISDN });
    off();
    expect(events()).toEqual([
      { event: 'number_reserved', eventTimeout: 3000, number_tier: 'gold' },
      { event: 'number_reserved', eventTimeout: 3000 },
      { event: 'number_released', eventTimeout: 3000 },
    ]);
  });

  it('carries no personal data: no number, e-mail, promo code, name or card in any event', () => {
    const { target, off } = setUp();
    walk();
    off();
    const text = JSON.stringify(target.dataLayer);
    expect(looksPersonal(target.dataLayer)).toBe(false);
    for (const secret of [MSISDN, '581234567', EMAIL, 'FRIEND-AHMED', 'AHMED', '4242', 'msisdn', 'email', 'coupon']) expect(text.toUpperCase()).not.toContain(secret.toUpperCase());
  });

  it('refuses a push with anything that looks like a phone number or an e-mail', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { target, off } = setUp();
    bus.emit('delivery:order-shown', { orderNumber: `+${MSISDN}`, kind: 'esim' });
    bus.emit('plan:list-viewed', { list: 'PAYG', products: [{ ...tourist, Name: `Call ${EMAIL}` }] });
    bus.emit('plan:list-viewed', { list: 'PAYG', products: [{ ...tourist, Name: 'Call 058 123 4567' }] });
    off();
    // The eSIM's shipping info has no order number; the purchase and the two lists are refused.
    expect((target.dataLayer ?? []).filter((e) => 'event' in e).map((e) => e.event)).toEqual(['add_shipping_info']);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
    expect(looksPersonal({ a: ['x', { b: '0581234567' }] })).toBe(true);
    expect(looksPersonal({ a: 'JN-D-1234-5678', price: 971581234567 })).toBe(false);
  });

  it('sends a purchase once per order, even when the thank-you page shows it again (a reload)', () => {
    const first = setUp();
    walk();
    first.off();
    expect(JSON.parse(sessionStorage.getItem(SENT_STORAGE_KEY) ?? '[]')).toEqual(['checkout:41', 'shipping:41', 'purchase:JN-D-7Q4K-2M9X']);
    // The page reloads on thank-you: a new listener, the same tab.
    const again = setUp();
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'delivery' });
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'delivery' });
    bus.emit('payment:summary-shown', { productCode: 199 });
    again.off();
    expect(again.names()).toEqual([]);
    // Another order is another purchase.
    const next = setUp();
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-AAAA-BBBB', kind: 'delivery' });
    next.off();
    expect(next.names()).toEqual(['purchase']);
  });

  it('without session storage, still once per order within the page', () => {
    const noStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const { off, names } = setUp({ storage: noStorage });
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'esim' });
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'esim' });
    off();
    expect(names()).toEqual(['add_shipping_info', 'purchase']);
  });

  it('a resident paying cash on delivery: the checkout begins with the order, paid in cash', () => {
    const { off, names, events } = setUp({ paid: false });
    bus.emit('plan:added-to-cart', { productCode: 199 });
    bus.emit('delivery:order-placed', { kind: 'pickup' });
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'pickup' });
    off();
    expect(names()).toEqual(['add_to_cart', 'begin_checkout', 'add_payment_info', 'add_shipping_info', 'purchase']);
    expect(events()[2]?.ecommerce).toMatchObject({ payment_type: 'cash' });
    expect(events()[3]?.ecommerce).toMatchObject({ shipping_tier: 'pickup' });
  });

  it('an eSIM: its shipping tier is known on the thank-you page', () => {
    const { off, names, events } = setUp();
    bus.emit('payment:details-entered', { method: 'bnpl' });
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'esim' });
    off();
    expect(names()).toEqual(['add_payment_info', 'add_shipping_info', 'purchase']);
    expect(events()[0]?.ecommerce).toMatchObject({ payment_type: 'bnpl' });
    expect(events()[1]?.ecommerce).toMatchObject({ shipping_tier: 'esim' });
  });

  it('sends no cart event for a plan that is not the saved one, nor without a saved plan', () => {
    const other = setUp();
    bus.emit('plan:added-to-cart', { productCode: 187 });
    bus.emit('payment:summary-shown', { productCode: 187 });
    other.off();
    expect(other.names()).toEqual([]);
    const none = setUp({ cart: null });
    bus.emit('payment:details-entered', { method: 'card' });
    bus.emit('delivery:order-shown', { orderNumber: 'JN-D-7Q4K-2M9X', kind: 'esim' });
    none.off();
    expect(none.names()).toEqual([]);
  });
});

describe('consent decides', () => {
  it('pushes nothing after a no', () => {
    const { target, off } = setUp({ consent: 'no' });
    walk();
    off();
    expect(target.dataLayer).toBeUndefined();
  });

  it('before any answer, keeps the events in the page (nothing pushed); a yes pushes them, in order', () => {
    const { target, off, answer, names } = setUp({ consent: 'unknown' });
    bus.emit('plan:list-viewed', { list: 'tourist', products: [tourist] });
    bus.emit('plan:selected', { list: 'tourist', index: 0, product: tourist });
    expect(target.dataLayer).toBeUndefined();
    answer('yes');
    bus.emit('plan:added-to-cart', { productCode: 199 });
    off();
    expect(names()).toEqual(['view_item_list', 'select_item', 'add_to_cart']);
  });

  it('before any answer, a no drops what was kept, and a later yes does not bring it back', () => {
    const { target, off, answer } = setUp({ consent: 'unknown' });
    bus.emit('plan:list-viewed', { list: 'tourist', products: [tourist] });
    answer('no');
    answer('yes');
    off();
    expect(target.dataLayer).toBeUndefined();
  });

  it('keeps at most MAX_PENDING events while the visitor has not answered', () => {
    const { off, answer, names } = setUp({ consent: 'unknown' });
    for (let i = 0; i < MAX_PENDING + 10; i++) bus.emit('plan:selected', { list: 'tourist', index: 0, product: tourist });
    answer('yes');
    off();
    expect(names()).toHaveLength(MAX_PENDING);
  });

  it("the page's own reading: the stored choice, and never on a shop device", () => {
    const target: WithDataLayer = {};
    const off = listenForTracking({ target, cart: () => saved, storage: null });
    act(() => store.set(consentAtom, null));
    bus.emit('plan:list-viewed', { list: 'tourist', products: [tourist] });
    expect(target.dataLayer).toBeUndefined();
    // The banner answered yes: what waited is pushed.
    act(() => store.set(consentAtom, { version: 1, analytics: true, marketing: false, recordedAt: 1 }));
    expect(target.dataLayer?.filter((e) => 'event' in e).map((e) => e.event)).toEqual(['view_item_list']);
    // Withdrawn in the footer: nothing more.
    act(() => store.set(consentAtom, { version: 1, analytics: false, marketing: true, recordedAt: 2 }));
    bus.emit('plan:selected', { list: 'tourist', index: 0, product: tourist });
    expect(target.dataLayer).toHaveLength(2);
    // A shop device, whatever is stored.
    act(() => store.set(consentAtom, { version: 1, analytics: true, marketing: false, recordedAt: 3 }));
    markRetailPage();
    bus.emit('plan:selected', { list: 'tourist', index: 0, product: tourist });
    off();
    resetRetailPageForTests();
    act(() => store.set(consentAtom, null));
    expect(target.dataLayer).toHaveLength(2);
  });

  it("reads the cart from the kernel's store and the payment from the flow flags", () => {
    const target: WithDataLayer = {};
    const off = listenForTracking({ target, consent: () => 'yes', storage: null });
    act(() => {
      setSavedPlan(saved);
      setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_plan_paid: false });
    });
    bus.emit('delivery:order-placed', { kind: 'delivery' });
    off();
    act(() => {
      setSavedPlan(null);
      setFlowFlags(null);
    });
    expect(target.dataLayer?.filter((e) => 'event' in e).map((e) => [e.event, (e.ecommerce as Record<string, unknown>).value])).toEqual([
      ['begin_checkout', 63],
      ['add_payment_info', 63],
      ['add_shipping_info', 63],
    ]);
  });
});

describe('the tag manager script', () => {
  const URL_SET = 'https://tags.example.ae/gtm.js?id=GTM-ABC123';

  function setUpLoader(over: { consent?: TrackingConsent; url?: string | null } = {}) {
    const target: WithDataLayer = {};
    const load = jest.fn();
    let consent = over.consent ?? 'unknown';
    let changed = () => undefined as void;
    const off = loadTagManagerWhenAllowed({
      target,
      consent: () => consent,
      url: () => (over.url === undefined ? URL_SET : over.url),
      load,
      watch: (cb) => {
        changed = cb;
        return () => undefined;
      },
    });
    return {
      target,
      load,
      off,
      answer: (a: TrackingConsent) => {
        consent = a;
        changed();
      },
    };
  }

  it('is not loaded before a yes, nor after a no; a yes loads it once', () => {
    const { target, load, answer } = setUpLoader();
    expect(load).not.toHaveBeenCalled();
    answer('no');
    expect(load).not.toHaveBeenCalled();
    answer('yes');
    answer('yes');
    expect(load.mock.calls).toEqual([[URL_SET]]);
    expect(target.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('is never loaded when none is configured (the default)', () => {
    const { load, target } = setUpLoader({ consent: 'yes', url: null });
    expect(load).not.toHaveBeenCalled();
    expect(target.dataLayer).toBeUndefined();
  });

  it("the page's own reading: the configured script, async, after the yes; never on a shop device", () => {
    const target: WithDataLayer = {};
    act(() => setBizConfig({ status: 'ready', config: businessConfig({ tag_manager_url: URL_SET }) }));
    markRetailPage();
    act(() => store.set(consentAtom, { version: 1, analytics: true, marketing: false, recordedAt: 1 }));
    const offRetail = loadTagManagerWhenAllowed({ target });
    offRetail();
    expect(document.querySelector('script[src*="tags.example.ae"]')).toBeNull();
    resetRetailPageForTests();
    const off = loadTagManagerWhenAllowed({ target });
    off();
    const script = document.querySelector<HTMLScriptElement>('script[src*="tags.example.ae"]');
    expect(script?.src).toBe(URL_SET);
    expect(script?.async).toBe(true);
    script?.remove();
    act(() => {
      store.set(consentAtom, null);
      setBizConfig({ status: 'loading' });
    });
  });

  it("the page's own reading: unset in the business config, no script even after a yes", () => {
    act(() => setBizConfig({ status: 'ready', config: businessConfig() }));
    const off = loadTagManagerWhenAllowed({ target: {} });
    act(() => store.set(consentAtom, { version: 1, analytics: true, marketing: true, recordedAt: 1 }));
    off();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    act(() => {
      store.set(consentAtom, null);
      setBizConfig({ status: 'loading' });
    });
  });
});
