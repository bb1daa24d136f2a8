import { apiClient, type ApiClient } from '@join/shared';
import { CONSENT_CODE, type OptionalPurpose } from './constants';
import { ConsentChoiceResponse, ConsentResponse } from './schemas';

/** The consent calls of SPEC 7, over the page's one client. */
export const consentEndpoints = (c: ApiClient = apiClient) => ({
  /** The legal texts in the page's language, with their version, and this visitor's last choice. */
  getConsent: () => c.request('GET', '/consent.json', { schema: ConsentResponse, query: { code: CONSENT_CODE } }),
  /** Records a choice answering the texts of `version`. */
  saveConsent: (version: number, choice: Readonly<Record<OptionalPurpose, boolean>>) =>
    c.request('POST', '/consent.json', { schema: ConsentChoiceResponse, body: { code: CONSENT_CODE, version, analytics: choice.analytics, marketing: choice.marketing } }),
});

/** The consent calls over the page's client (what the consent panel uses; tests spy on it). */
export const consentApi = consentEndpoints();
