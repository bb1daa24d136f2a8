import { apiClient, type ApiClient } from '@join/shared';
import { CheckLocationResponse, coordinateParam, LOCATION_PROCESS_ID } from './schemas';

/** The identity calls (SPEC 7), over the page's one client. */
export const identityEndpoints = (c: ApiClient = apiClient) => ({
  /** Whether the point is inside the UAE; the server records the answer in the flow context. */
  checkLocation: (lat: number, lng: number) =>
    c.request('GET', '/securitymanagement/check_location.json', {
      schema: CheckLocationResponse,
      query: { lat: coordinateParam(lat), lng: coordinateParam(lng), process_id: LOCATION_PROCESS_ID },
    }),
});

/** The identity calls over the page's client (what the identity pages use; tests spy on it). */
export const identityApi = identityEndpoints();
