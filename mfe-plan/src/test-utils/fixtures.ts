import { Product } from '@join/shared';

/** Test fixtures of the plan step: a price, the streaming offer, and a product of one data plan. */
export const price = (net: number) => ({ NetPrice: net, PlanNetPrice: net, VATPercentage: 5, VATAmount: Math.round(net * 5) / 100, ExtraCharges: [], Discounts: [] });
export const streaming = { ID: 9, Key: 'streaming_music_3m', Category: 'AddOn', Type: 'STREAMING', Value: 0, RequiresConsent: true, DurationMonths: 3 };

/** A product priced `net`; `extra` overrides any field (category, duration, promotions…). */
export const product = (code: number, net: number, extra: Record<string, unknown> = {}) =>
  Product.parse({
    ProductCode: code,
    Name: `Plan ${code}`,
    ProductCategory: 'PAYG',
    CommitmentDuration: 1,
    AvailablePlans: [{ ID: code * 10 + 1, Type: 'DATA', Name: 'Data', Value: 1024 ** 3, Validity: 28 }],
    PackagesPricingTable: [price(net)],
    ...extra,
  });
