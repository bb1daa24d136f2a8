/**
 * The consent domain's constants (issue 28; SPEC 7: GET /consent.json?code=legalstuff and
 * POST /consent.json). UAE data protection (Federal Decree-Law 45/2021) asks for consent that is
 * clear, specific and as easy to withdraw as to give: one choice per purpose beyond what the
 * service needs, nothing measured before the visitor chooses.
 */
/** SPEC 7's code of the legal texts the visitor consents to. */
export const CONSENT_CODE = 'legalstuff';
/** The purposes a visitor is asked about, in the order shown. `necessary` is always on (the sale needs it). */
export const CONSENT_PURPOSES = ['necessary', 'analytics', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purposes a visitor chooses (necessary is not a choice). */
export const OPTIONAL_PURPOSES = ['analytics', 'marketing'] as const satisfies readonly ConsentPurpose[];
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];
/** Where this device keeps the visitor's choice (with the texts' version it answers). */
export const CONSENT_STORAGE_KEY = 'join.consent.v1';
