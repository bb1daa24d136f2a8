/**
 * Bundled English of the payment step (/payment and its screens, /payment-qr, /instalments,
 * /spotii-success, /spotii-fail, /contract-request): the fallback when GET /translations lacks a
 * key. It ships with the payment remote; the API serves these keys too. Arabic:
 * api/src/seed/translations-ar.ts. Keys: payment.*.
 */
export const PAYMENT_TEXTS = {
  'payment.trust': 'Card details go straight to our payment provider.',
  // The receipt e-mail (sent by the API once a payment is captured).
  'payment.mail.receipt.subject': 'Your payment receipt {{reference}}',
  'payment.mail.receipt.intro': 'Thank you for your payment. Here is your receipt.',
  'payment.mail.receipt.reference': 'Receipt reference',
  'payment.mail.receipt.product': 'Plan',
  'payment.mail.receipt.number': 'Your number',
  'payment.mail.receipt.amount': 'Amount paid',
  'payment.mail.receipt.vat': 'Of which VAT ({{percentage}}%)',
  'payment.mail.receipt.method': 'Paid with',
  'payment.mail.receipt.card': '{{brand}} ending in {{last4}}',
  'payment.mail.receipt.bnpl': 'Instalments with {{provider}}',
  'payment.mail.receipt.instalment': 'Payment {{number}} on {{date}}: {{amount}}',
  'payment.mail.receipt.paidAt': 'Paid on',
  // The commitment contract e-mail (POST /me/contract_request).
  'payment.mail.contract.subject': 'Your commitment contract: {{product}}',
  'payment.mail.contract.intro': 'Here is the contract of your commitment plan, as you asked.',
  'payment.mail.contract.product': 'Plan',
  'payment.mail.contract.months': 'Commitment',
  'payment.mail.contract.term.one': '{{count}} month',
  'payment.mail.contract.term.other': '{{count}} months',
  'payment.mail.contract.monthly': 'Monthly price including VAT',
  'payment.mail.contract.total': 'Total for the commitment including VAT',
  'payment.mail.contract.number': 'Your number',
  'payment.mail.contract.terms':
    'In short: the plan runs for {{term}}. The monthly price is charged to your card every month of the commitment, starting with the first month when you pay.',
} as const;
