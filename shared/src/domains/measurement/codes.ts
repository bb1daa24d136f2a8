/**
 * The operations summary's refusals (GET /ops/summary.json), so the page can tell them apart:
 * no operator credential configured on the server (404: the page says the operations page is not
 * set up), and a missing or wrong credential (401, with `WWW-Authenticate: Bearer`). Too many wrong
 * credentials from one address are 429 `rate_limited`, like every budget.
 */
export const MEASUREMENT_ERROR_CODES = {
  opsNotConfigured: 'ops_not_configured',
  opsCredential: 'ops_credential',
} as const;
