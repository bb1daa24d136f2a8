import { act } from '@testing-library/react';
import { ApiError, bus, errorActionHandler, type ErrorObject } from '@join/shared';
import { PaymentSummaryResponse, Receipt } from '@join/shared/payment';
import PaymentStep from '../step';
import { browser } from '../navigation';
import { eachTest, renderInPage } from '@join/shared/testing';

export const FIELDS_ORIGIN = 'https://cards.example.test';
export const FIELDS_URL = `${FIELDS_ORIGIN}/fields`;

/** A summary as the API answers: plan AED 50 + 10 top-up − 5 offer = 55 net, 2.75 VAT, 57.75 today. */
export const summary = (extra: Record<string, unknown> = {}): PaymentSummaryResponse =>
  PaymentSummaryResponse.parse({
    product: {
      ProductCode: 101,
      Name: 'Tourist 20 GB',
      ProductCategory: 'PAYG',
      CommitmentDuration: 1,
      AvailablePlans: [],
      PackagesPricingTable: [],
    },
    package_price: {
      NetPrice: 55,
      PlanNetPrice: 50,
      VATPercentage: 5,
      VATAmount: 2.75,
      ExtraCharges: [{ Name: 'RechargeAmount', Amount: 10 }],
      Discounts: [{ Name: 'welcome5', Amount: 5 }],
    },
    amount_fils: 5775,
    currency: 'AED',
    msisdn: '971585824920',
    recurring: false,
    promo_hint: false,
    card: { fields_url: FIELDS_URL, merchant_id: 'merchant_join' },
    bnpl: null,
    apple_pay: false,
    ...extra,
  });

export const BNPL = {
  provider: 'spotii',
  instalments: [
    { number: 1, due_date: '2026-11-23', amount_fils: 1446 },
    { number: 2, due_date: '2026-12-23', amount_fils: 1443 },
    { number: 3, due_date: '2027-01-23', amount_fils: 1443 },
    { number: 4, due_date: '2027-02-23', amount_fils: 1443 },
  ],
};

export const receipt = (extra: Record<string, unknown> = {}): Receipt =>
  Receipt.parse({
    reference: 'JN-7Q4K-2M9X',
    method: 'card',
    amount_fils: 5775,
    vat_fils: 275,
    vat_percentage: 5,
    currency: 'AED',
    card: { brand: 'visa', last4: '4242' },
    instalments: null,
    product_name: 'Tourist 20 GB',
    msisdn: '971585824920',
    paid_at: '2026-11-23T10:15:00.000Z',
    email: 'visitor@example.com',
    ...extra,
  });

export const decline = (code: number | string | null, status: number | null = 402) => new ApiError('declined', { code, status });

export function renderAt(route: string) {
  window.location.hash = `#${route}`;
  return renderInPage(<PaymentStep route={route.split('?')[0]!} />);
}

/** What the step asked of the host and the browser: navigations, pop-ups, departures. */
export function watch() {
  const navigations: string[] = [];
  const errors: ErrorObject[] = [];
  const offs = [bus.on('navigate:request', (e) => navigations.push(`${e.from} ${e.to}`)), bus.on('error:raised', (e) => errors.push(e.error))];
  const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  return {
    navigations,
    errors,
    assign,
    /** Presses a pop-up's step button as the host would. */
    press: async (error: ErrorObject, action: string) => {
      const handler = errorActionHandler(error, action);
      if (!handler) throw new Error(`no handler for ${action}`);
      await act(async () => {
        await handler();
      });
    },
    off: () => offs.forEach((o) => o()),
  };
}

/** A message from the card frame: from its window and origin unless told otherwise. */
export function fromFrame(data: unknown, { origin = FIELDS_ORIGIN, source }: { origin?: string; source?: Window | null } = {}) {
  const frame = document.querySelector('iframe');
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source === undefined ? (frame?.contentWindow ?? null) : source }));
  });
}
export const fieldsMessage = (type: string, extra: Record<string, unknown> = {}) => ({ source: 'join-card-fields', type, ...extra });

/**
 * What every payment test file sets up: a clean sessionStorage and a fresh watch() before each
 * test, its listeners and mocks gone after. The returned object reads the current test's watch.
 */
export function watchEachTest(): ReturnType<typeof watch> {
  return eachTest(watch, () => window.sessionStorage.clear());
}
