import type { ExtraCharge, PackagePrice } from '@join/shared/contract';

/**
 * Prices are computed here from database values only: a client never sends a price the
 * server trusts. Money is AED with two decimals.
 */
export function roundMoney(amount: number): number {
  // EPSILON nudges values such as 1.005 that binary floating point stores just below the half.
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** The extra charge a top-up adds; nothing for no top-up or a zero top-up. */
export function rechargeCharges(rechargeAmount: number | undefined): ExtraCharge[] {
  return rechargeAmount && rechargeAmount > 0 ? [{ Name: 'RechargeAmount', Amount: roundMoney(rechargeAmount) }] : [];
}

/** NetPrice = PlanNetPrice + extras; VAT is charged on top of NetPrice (SPEC 3). */
export function computePackagePrice(input: {
  planNetPrice: number;
  vatPercentage: number;
  extraCharges?: readonly ExtraCharge[];
}): PackagePrice {
  const extras = [...(input.extraCharges ?? [])];
  const net = roundMoney(extras.reduce((sum, c) => sum + c.Amount, input.planNetPrice));
  return {
    PlanNetPrice: roundMoney(input.planNetPrice),
    NetPrice: net,
    VATPercentage: input.vatPercentage,
    VATAmount: roundMoney((net * input.vatPercentage) / 100),
    ExtraCharges: extras,
  };
}
