import { z } from 'zod';

/**
 * Numbers as requests carry them. Query strings and forms send text, and `Number()` (what
 * z.coerce does) reads far more than decimal digits: `0xBB`, `0b10111011`, `0o273`, `1.87e2`,
 * `+187` and ` 187 ` are all 187 to it. Codes, ids and counts are written in decimal digits
 * only; money has at most two decimal places and leaves the parser in fils (minor units), so the
 * server never rounds an amount it was sent.
 */

/** A whole number: a JSON integer, or text of 1 to `maxDigits` decimal digits and nothing else. */
export const decimalInt = (maxDigits = 9) =>
  z.union([
    z
      .number()
      .int()
      .nonnegative()
      .max(10 ** maxDigits - 1),
    z
      .string()
      .regex(new RegExp(`^[0-9]{1,${maxDigits}}$`), `must be written in decimal digits (at most ${maxDigits})`)
      .transform(Number),
  ]);

/** Fils in a dirham. */
export const FILS_PER_AED = 100;

/**
 * An AED amount as whole fils, half a fils rounded away from zero, as the amount is written in
 * decimal: 1.005 is 101 fils although 1.005 * 100 is 100.49999999999999 in binary. The one
 * conversion of the product: the server's pricing, its charges and the contract's schemas use it.
 */
export function toFils(aed: number): number {
  // 15 significant digits drop the binary noise of the multiplication, never a written digit.
  const fils = Math.round(Number((Math.abs(aed) * FILS_PER_AED).toPrecision(15)));
  return aed < 0 ? -fils : fils;
}

/** An amount in AED as text ("25", "25.5", "25.50") or JSON; more than two decimal places is an error, not a rounding. */
export const aedAsFils = (maxAed: number) =>
  z
    .union([
      z.number().nonnegative().refine((n) => Math.abs(n * FILS_PER_AED - Math.round(n * FILS_PER_AED)) < 1e-7, {
        message: 'must have at most two decimal places',
      }),
      z
        .string()
        .regex(/^[0-9]{1,9}(\.[0-9]{1,2})?$/, 'must be an amount in AED with at most two decimal places')
        .transform(Number),
    ])
    .transform((aed) => toFils(aed))
    .refine((fils) => fils <= maxAed * FILS_PER_AED, { message: `must be at most AED ${maxAed}` });
