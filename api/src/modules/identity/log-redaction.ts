/**
 * What the identity check must never leave in a log line (api/README.md "Identity check"): the
 * images (ours and the authority's base64 bodies), the document and identity numbers, the
 * machine-readable zone, and the rest of the details a visitor confirms. The routes log events
 * with a masked number only (identity-check.ts maskNumber); these paths are the net under any
 * other log call that would pass a body, a request or an answer. Added to log-redaction.ts's.
 */
/** Names no other part of the API logs: redacted at any depth (one level under the line). */
const UNAMBIGUOUS = ['image', 'document_image', 'selfie_image', 'id_number', 'mrz', 'mrz_lines', 'surname', 'given_names', 'birth_date', 'expiry_date'] as const;
/** Common names (a phone number is a "number" too): redacted in bodies and where the check puts them. */
const IN_BODIES = ['number', 'details', 'document', 'lines'] as const;

export const IDENTITY_REDACT_PATHS: readonly string[] = [
  ...UNAMBIGUOUS.flatMap((f) => [f, `*.${f}`, `req.body.${f}`, `request.body.${f}`]),
  ...IN_BODIES.flatMap((f) => [`body.${f}`, `req.body.${f}`, `request.body.${f}`, `payload.${f}`, f === 'number' ? [] : [f]].flat()),
];
