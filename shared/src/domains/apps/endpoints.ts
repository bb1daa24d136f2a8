import { apiClient, type ApiClient } from '@join/shared';
import { RatingListResponse } from './schemas';

/** The app banner's call (SPEC 7 GET /cms/rating_list), over the page's one client. */
export const appsEndpoints = (c: ApiClient = apiClient) => ({
  /** The stores' ratings, with the store names in the page's language (the client's language header). */
  getRatingList: () => c.request('GET', '/cms/rating_list', { schema: RatingListResponse }),
});

/** The apps calls over the page's client (what the app banner uses; tests spy on it). */
export const appsApi = appsEndpoints();
