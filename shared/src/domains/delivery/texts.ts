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
} as const;
