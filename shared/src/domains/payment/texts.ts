/**
 * Bundled English of the payment step (/payment and its screens, /payment-qr, /instalments,
 * /spotii-success, /spotii-fail, /contract-request): the fallback when GET /translations lacks a
 * key. It ships with the payment remote; the API serves these keys too. Arabic: texts.ar.ts
 * beside this file. Keys: payment.*.
 */
export const PAYMENT_TEXTS = {
  'payment.trust': 'Card details go straight to our payment provider.',

  // /payment: the order summary, re-quoted by the server.
  'payment.summary.title': 'Your order',
  'payment.summary.number': 'Your number',
  'payment.summary.plan': 'Plan',
  'payment.summary.discount': 'Offer: {{name}}',
  'payment.summary.net': 'Total before VAT',
  'payment.summary.vat': 'VAT {{vat}}%',
  'payment.summary.total': 'Total today',
  'payment.summary.RechargeAmount': 'Starting credit',
  'payment.summary.Spotii': 'Pay-later fee',
  'payment.summary.failed': 'We could not load your order. Check your connection, then try again.',
  'payment.promoHint': 'Your plan qualifies for our offers: look out for them in your e-mail after you pay.',

  // /payment: the method choice.
  'payment.method.legend': 'How would you like to pay?',
  'payment.method.card': 'Credit or debit card',
  'payment.method.cardHint': 'Visa, Mastercard or American Express',
  'payment.method.bnpl.one': 'Pay in {{count}} payment with Spotii',
  'payment.method.bnpl.other': 'Pay in {{count}} payments with Spotii',
  'payment.method.bnplHint': '{{first}} today, then {{rest}} a month',
  'payment.method.continue': 'Continue',
  'payment.method.required': 'Choose how you would like to pay.',
  'payment.qr.link': 'Pay on your phone instead',

  // /payment: the card.
  'payment.card.title': 'Pay by card',
  'payment.card.frameTitle': 'Card details: card number, expiry date, CVV and name on the card',
  'payment.card.loading': 'Loading the card form…',
  'payment.card.pay': 'Pay {{amount}}',
  'payment.card.paying': 'Paying… Please do not close this page.',
  'payment.card.recurring.one': 'This is a commitment plan: your card will be charged {{amount}} every month for {{count}} month. The card must allow recurring payments.',
  'payment.card.recurring.other': 'This is a commitment plan: your card will be charged {{amount}} every month for {{count}} months. The card must allow recurring payments.',
  'payment.card.invalid': 'Some card details need your attention. Check the fields marked in the card form.',
  'payment.card.network': 'We could not reach our payment provider. Check your connection, then try again.',
  'payment.card.rejected': 'Our payment provider does not accept this card. We accept Visa, Mastercard and American Express.',
  'payment.card.timeout': 'The card form did not answer. Reload it and try again.',
  'payment.card.reload': 'Reload the card form',
  'payment.card.resuming': 'Finishing the payment you started…',
  'payment.card.otherMethod': 'Choose another way to pay',

  // /payment: a payment started and not finished (the plan and number cannot change meanwhile).
  'payment.open.title': 'You have a payment open',
  'payment.open.card': 'You started paying {{amount}} by card. Your bank is waiting for you to confirm it.',
  'payment.open.bnpl': 'You started paying {{amount}} in instalments with Spotii. Spotii is waiting for you to finish.',
  'payment.open.processing': 'You started paying {{amount}}. We are still waiting for the payment provider to answer.',
  'payment.open.until': 'It stays open until {{time}}.',
  'payment.open.why': 'While it is open, your plan and number are kept for you and cannot change. Cancel it to change them or to pay another way.',
  'payment.open.finish': 'Finish the payment',
  'payment.open.cancel': 'Cancel this payment',
  'payment.open.cancelling': 'Cancelling the payment…',
  'payment.open.cancelled': 'Your payment was cancelled. Nothing was taken. You can change your plan or number, or pay again.',

  // /payment/payfort_token: back from 3-D Secure.
  'payment.confirming': 'Confirming your payment…',
  'payment.return.missing': 'We could not tell which payment this is. Go back to the payment and try again.',
  'payment.return.back': 'Back to payment',

  // /payment/installments and /instalments: buy now, pay later.
  'payment.bnpl.title': 'Pay in instalments',
  'payment.bnpl.intro.one': 'Pay {{total}} in {{count}} payment with Spotii.',
  'payment.bnpl.intro.other': 'Pay {{total}} in {{count}} payments with Spotii.',
  'payment.bnpl.plan': 'Your payments',
  'payment.bnpl.first': 'Today',
  'payment.bnpl.due': 'Payment {{number}}, {{date}}',
  'payment.bnpl.consent': 'I agree that my name, e-mail, phone number and order are shared with Spotii to pay in instalments.',
  'payment.bnpl.consentRequired': 'Tick the box to share your details with Spotii, or choose another way to pay.',
  'payment.bnpl.continue': 'Continue to Spotii',
  'payment.bnpl.leaving': 'Taking you to Spotii…',
  'payment.bnpl.unavailable': 'Paying in instalments is not available for this order. You can pay by card.',

  // /payment/confirmation: the receipt.
  'payment.receipt.title': 'Payment received',
  'payment.receipt.heading': 'Your receipt',
  'payment.receipt.reference': 'Reference',
  'payment.receipt.amount': 'Amount paid',
  // A BNPL receipt: the first instalment is paid today, the rest later.
  'payment.receipt.paidToday': 'Paid today',
  'payment.receipt.dueLater': 'Still to pay in instalments',
  'payment.receipt.total': 'Order total',
  'payment.receipt.vat': 'Of which VAT {{vat}}%',
  'payment.receipt.method': 'Paid with',
  'payment.receipt.card': '{{brand}} ending {{last4}}',
  'payment.receipt.bnpl': 'Spotii, in instalments',
  'payment.receipt.plan': 'Plan',
  'payment.receipt.number': 'Your number',
  'payment.receipt.date': 'Date',
  'payment.receipt.sent': 'A receipt was sent to {{email}}.',
  'payment.receipt.failed': 'We could not load your receipt. Check your connection, then try again.',
  'payment.receipt.continue': 'Continue',
  'payment.brand.visa': 'Visa',
  'payment.brand.mastercard': 'Mastercard',
  'payment.brand.amex': 'American Express',

  // /payment-qr
  'payment.qr.title': 'Pay on your phone',
  'payment.qr.text': 'Scan this code with your phone camera to pay there. Log in with the same e-mail and you carry on where you are now.',
  'payment.qr.alt': 'QR code that opens this payment on your phone',
  'payment.qr.address': 'Or open this address on your phone:',
  'payment.qr.back': 'Pay on this device',

  // /contract-request
  'payment.contract.title': 'Get your contract by e-mail',
  'payment.contract.text': 'We send the contract of your commitment plan to the e-mail of your account.',
  'payment.contract.send': 'Send my contract',
  'payment.contract.sent': 'Sent to {{email}}.',
  'payment.contract.login': 'Log in to get your contract: we send it to the e-mail of your account.',
  'payment.contract.loginLink': 'Log in',
  // The receipt e-mail (sent by the API once a payment is captured).
  'payment.mail.receipt.subject': 'Your payment receipt {{reference}}',
  'payment.mail.receipt.intro': 'Thank you for your payment. Here is your receipt.',
  'payment.mail.receipt.reference': 'Receipt reference',
  'payment.mail.receipt.product': 'Plan',
  'payment.mail.receipt.number': 'Your number',
  'payment.mail.receipt.amount': 'Amount paid',
  'payment.mail.receipt.paidToday': 'Paid today',
  'payment.mail.receipt.dueLater': 'Still to pay in instalments',
  'payment.mail.receipt.total': 'Order total',
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
