import type { NewPayment } from '../modules/payment/repository';

/**
 * Test support: what the repository tests' payments buy and how: a Tourist Starter 7 days (code
 * 187) by card, once, AED 36.75 of which 1.75 VAT at 5 %. The rest of a NewPayment (ids, keys,
 * the order, the document, the times) is each test's own.
 */
export const STARTER_CARD_PAYMENT = {
  method: 'card',
  amountFils: 3675,
  vatFils: 175,
  vatPercentage: 5,
  recurring: false,
  productCode: 187,
  productName: 'Tourist Starter 7 days',
  instalments: null,
} as const satisfies Partial<NewPayment>;
