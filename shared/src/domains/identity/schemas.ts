import { z } from 'zod';

/**
 * The identity domain's payloads. Issue 12 point 1: the location check (SPEC 7 "GET
 * /securitymanagement/check_location.json", query lat, lng, process_id=1). The API parses the
 * query with this very schema and the location page parses the answer with it.
 */

/**
 * A coordinate as the query carries it: a plain decimal (an optional minus, up to 3 digits,
 * up to 10 decimals), nothing else: no exponent, no spaces, no "+", no hex, no NaN or Infinity,
 * which Number() would all let through. 10 decimals is far below a millimetre; the page sends 5.
 */
const DECIMAL_RE = /^-?\d{1,3}(\.\d{1,10})?$/;
const coordinate = (min: number, max: number) =>
  z
    .string()
    .regex(DECIMAL_RE, 'must be a decimal number such as 25.2048')
    .transform(Number)
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

/** The SPEC's only process: the activation's location check. */
export const LOCATION_PROCESS_ID = '1';

export const CheckLocationQuery = z
  .object({
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    process_id: z.literal(LOCATION_PROCESS_ID, { error: `must be ${LOCATION_PROCESS_ID}` }),
  })
  .strict();
export type CheckLocationQuery = z.infer<typeof CheckLocationQuery>;

/**
 * Our shape of the answer (SPEC 7 names the call, not its body): only whether the point is
 * inside the UAE. The server keeps that and nothing else of the position (the flow context's
 * inside_uae); the coordinates are neither stored nor logged.
 */
export const CheckLocationResponse = z.object({ inside_uae: z.boolean() });
export type CheckLocationResponse = z.infer<typeof CheckLocationResponse>;

/** How the page writes a coordinate for the query: 5 decimals (about a metre), never an exponent. */
export function coordinateParam(value: number): string {
  return value.toFixed(5);
}
