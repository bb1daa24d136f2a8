import { apiClient, NumbersResponse, type ApiClient } from '@join/shared';
import {
  CAPTCHA_HEADER,
  CaptchaChallengeResponse,
  CommitNumberResponse,
  MnpReserveResponse,
  MnpVerifyResponse,
  NumberResponse,
  NumberSearchResponse,
  OperatorsResponse,
  ReservationsResponse,
} from './schemas';

/**
 * The number domain's calls of SPEC section 7, one typed function each, over the page's one
 * client (the kernel's, imported by package name so the remote uses the page's singleton).
 */
export const numberEndpoints = (c: ApiClient = apiClient) => ({
  /** `captcha`: a solved address challenge, sent after a 428 captcha_required. */
  reserveNumber: (msisdn: string, captcha?: string) =>
    c.request('POST', '/numbers', { schema: NumberResponse, body: { number: msisdn }, ...(captcha ? { headers: { [CAPTCHA_HEADER]: captcha } } : {}) }),
  /** A proof-of-work challenge for this session and device (after a 428 captcha_required). */
  numberChallenge: () => c.request('POST', '/numbers/challenge', { schema: CaptchaChallengeResponse }),
  cancelNumber: (msisdn: string) => c.request('DELETE', '/numbers', { schema: NumbersResponse, body: { number: msisdn } }),
  randomNumbers: (count = 1) => c.request('POST', '/numbers/random', { schema: NumbersResponse, body: { count } }),
  searchNumbers: (q: { pattern: string; match: 'contains' | 'ends_with'; vanityLevelIds: readonly number[]; page: number; perPage: number }) =>
    c.request('POST', '/numbers/search', {
      schema: NumberSearchResponse,
      body: { pattern: q.pattern, match: q.match, vanity_level_ids: q.vanityLevelIds, page: q.page, per_page: q.perPage },
    }),
  getReservations: (types?: readonly ('number' | 'mnp')[]) =>
    c.request('GET', '/numbers/reservation', {
      schema: ReservationsResponse,
      ...(types ? { query: { reservation_types: types.join(',') } } : {}),
    }),
  commitNumber: () => c.request('POST', '/numbers/commit_number', { schema: CommitNumberResponse }),
  getOperators: () => c.request('GET', '/mobile_number_portability/operators', { schema: OperatorsResponse }),
  verifyPortability: (externalNumber: string, operator: string) =>
    c.request('POST', '/mobile_number_portability/verify', { schema: MnpVerifyResponse, body: { external_number: externalNumber, operator } }),
  reserveTransfer: (externalNumber: string, operator: string) =>
    c.request('POST', '/mobile_number_portability/reserve', { schema: MnpReserveResponse, body: { number: externalNumber, operator } }),
});
export type NumberEndpoints = ReturnType<typeof numberEndpoints>;
export const numberApi: NumberEndpoints = numberEndpoints();
