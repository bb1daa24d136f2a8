import { z } from 'zod';
import { decimalInt, Msisdn, PhoneNumber } from '@join/shared';

/**
 * The number domain's payloads of SPEC section 7 (reserve, release, random, search,
 * reservations, commit, transfer), one schema each, parsed by the API and the number step.
 * Node-safe: zod and the kernel by package name (in Node, src/kernel-node.ts).
 */

export const NumberBody = z.object({ number: Msisdn }).strict();
export const NumberResponse = z.object({ number: PhoneNumber });
export type NumberResponse = z.infer<typeof NumberResponse>;
export const RandomNumbersBody = z.object({ count: decimalInt(2).pipe(z.number().int().min(1).max(10)).default(1) }).strict();

// --- number search, reservations, commit ---
/**
 * POST /numbers/search. `pattern` is the digits the subscriber part should contain or end
 * with (the 058 prefix is fixed); `match` says which (our field: SPEC 7 shows only pattern).
 * No total count: counting every match of a short pattern over the pool is the slow part,
 * so the answer says whether another page exists instead.
 */
export const NumberSearchBody = z
  .object({
    per_page: decimalInt(2).pipe(z.number().int().min(1).max(50)).default(10),
    page: decimalInt(4).pipe(z.number().int().min(1).max(1000)).default(1),
    pattern: z.string().regex(/^\d{0,7}$/, 'must be up to 7 digits').default(''),
    match: z.enum(['contains', 'ends_with']).default('contains'),
    vanity_level_ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be comma-separated vanity level ids')
      .transform((s) => s.split(',').map(Number))
      .pipe(z.array(z.number().int().refine((n) => [1, 2, 3, 4, 6, 10].includes(n), 'must be one of 1, 2, 3, 4, 6, 10')).min(1))
      .optional(),
  })
  .strict();
export type NumberSearchBody = z.input<typeof NumberSearchBody>;
export const NumberSearchResponse = z.object({
  numbers: z.array(PhoneNumber),
  page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
});
export type NumberSearchResponse = z.infer<typeof NumberSearchResponse>;

/** A hold of the user: a pool number, or a transfer (MNP) with its temporary number. */
export const Reservation = z.object({
  reservation_id: z.number().int(),
  reservation_type: z.enum(['number', 'mnp']),
  number: PhoneNumber,
  committed: z.boolean(),
  /** How many more times the hold may be extended (WCAG 2.2.1: at least ten in all). */
  extensions_left: z.number().int().nonnegative(),
});
export type Reservation = z.infer<typeof Reservation>;
export const ReservationQuery = z
  .object({ reservation_types: z.string().regex(/^(number|mnp)(,(number|mnp))*$/).optional() })
  .strict();
export const ReservationsResponse = z.object({ reservations: z.array(Reservation) });
export type ReservationsResponse = z.infer<typeof ReservationsResponse>;
/** GET /numbers: no query lists the user's holds; reservation_ids filters them; random=true offers. */
export const NumbersQuery = z
  .object({
    reservation_ids: z.string().regex(/^\d+(,\d+)*$/, 'must be comma-separated reservation ids').optional(),
    random: z.enum(['true', 'false']).optional(),
  })
  .strict();
export const CommitNumberResponse = z.object({ reservation: Reservation });

// --- transfer (MNP) ---
/** A UAE mobile number as typed: 05XXXXXXXX, or with the country code 9715XXXXXXXX. */
export const ExternalNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(05\d{8}|9715\d{8})$/, 'must be a UAE mobile number, 05 then 8 digits'))
  .transform((s) => (s.startsWith('05') ? `971${s.slice(1)}` : s));
export const Operator = z.object({ code: z.string(), name: z.string() });
export type Operator = z.infer<typeof Operator>;
export const OperatorsResponse = z.object({ operators: z.array(Operator) });
export const MnpVerifyBody = z.object({ external_number: ExternalNumber, operator: z.string().regex(/^[a-z0-9_-]{1,32}$/) }).strict();
export const MnpVerifyResponse = z.object({ portable: z.literal(true), external_number: Msisdn, operator: Operator });
export const MnpReserveBody = z.object({ number: ExternalNumber, operator: z.string().regex(/^[a-z0-9_-]{1,32}$/) }).strict();
export const MnpReserveResponse = z.object({ reservation: Reservation });

/**
 * The proof-of-work challenge (ALTCHA v2, altcha-lib) an address past its per-address
 * threshold is asked to solve before a hold, instead of being refused. `parameters` is signed
 * by the server as a whole, so unknown keys are kept as they came (a loose object).
 */
export const CaptchaChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;
export const CaptchaChallengeResponse = z.object({ challenge: CaptchaChallenge });
export type CaptchaChallengeResponse = z.infer<typeof CaptchaChallengeResponse>;
/** The request header that carries a solved challenge: base64 of the JSON { challenge, solution } (ALTCHA's payload). */
export const CAPTCHA_HEADER = 'captcha';
