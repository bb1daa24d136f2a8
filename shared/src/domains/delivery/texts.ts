/**
 * Bundled English of the delivery step (/submit_delivery and its address sub-steps, the store
 * pickup, /delivery-closed, /thank-you): the fallback when GET /translations lacks a key. It ships
 * with the delivery remote; the API serves these keys too. Arabic: api/src/seed/translations-ar.ts.
 * Keys: delivery.*.
 */
export const DELIVERY_TEXTS = {
  // The seven emirates (ISO 3166-2:AE codes).
  'delivery.emirate.AZ': 'Abu Dhabi',
  'delivery.emirate.DU': 'Dubai',
  'delivery.emirate.SH': 'Sharjah',
  'delivery.emirate.AJ': 'Ajman',
  'delivery.emirate.UQ': 'Umm Al Quwain',
  'delivery.emirate.RK': 'Ras Al Khaimah',
  'delivery.emirate.FU': 'Fujairah',

  // The order's status (the live status on /thank-you).
  'delivery.status.received': 'Order received',
  'delivery.status.preparing': 'Preparing your SIM',
  'delivery.status.out_for_delivery': 'Out for delivery',
  'delivery.status.delivered': 'Delivered',
  'delivery.status.ready_for_pickup': 'Ready to collect',
  'delivery.status.collected': 'Collected',
  'delivery.status.issued': 'eSIM ready to install',
  'delivery.status.installed': 'eSIM installed',

  // The order confirmation e-mails (sent by the API, api/src/domain/order-mail.ts).
  'delivery.mail.delivery.subject': 'Your SIM is on its way: order {{order}}',
  'delivery.mail.delivery.intro': 'Thank you: we have your order. A courier brings your SIM to the address below.',
  'delivery.mail.pickup.subject': 'Collect your SIM: order {{order}}',
  'delivery.mail.pickup.intro': 'Thank you: we have your order. Your SIM waits for you at the store below.',
  'delivery.mail.esim.subject': 'Your eSIM is ready: order {{order}}',
  'delivery.mail.esim.intro': 'Thank you: your eSIM is ready to install. On your phone, add an eSIM and enter the activation code below, or scan the QR code on the confirmation page.',
  'delivery.mail.order': 'Order number',
  'delivery.mail.number': 'Your number',
  'delivery.mail.address': 'Delivery address',
  'delivery.mail.phone': 'Contact number for the courier',
  'delivery.mail.store': 'Store',
  'delivery.mail.storeAddress': 'Store address',
  'delivery.mail.dueOnDelivery': 'To pay on delivery',
  'delivery.mail.dueAtStore': 'To pay at the store',
  'delivery.mail.activationCode': 'Activation code',
  'delivery.mail.smdpAddress': 'SM-DP+ address',
  'delivery.mail.matchingId': 'Matching ID',
  'delivery.mail.follow': 'You can follow your order on the confirmation page.',
} as const;
