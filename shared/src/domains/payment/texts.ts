/**
 * Bundled English of the payment step (/payment and its screens, /payment-qr, /instalments,
 * /spotii-success, /spotii-fail, /contract-request): the fallback when GET /translations lacks a
 * key. It ships with the payment remote; the API serves these keys too. Arabic:
 * api/src/seed/translations-ar.ts. Keys: payment.*.
 */
export const PAYMENT_TEXTS = {
  'payment.trust': 'Card details go straight to our payment provider.',
} as const;
