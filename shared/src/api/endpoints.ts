import { z } from 'zod';
import type { FlowStatusKey } from '../constants';
import {
  BizConfigResponse,
  CurrentTimestampResponse,
  FlowStatusResponse,
  NumbersResponse,
  ProductResponse,
  SavedPlansResponse,
  TranslationsResponse,
} from '../schemas/api';
import { apiClient, BIZ_CONFIG_HEADERS, type ApiClient } from './client';

/**
 * The kernel's calls of SPEC section 7: session, flow status, content, and the visitor's
 * current selection (what start-up and the shell read). Each domain has its own endpoint
 * functions (domains/<domain>/endpoints.ts). Modules call these, never URLs. Each takes the client
 * last so tests can pass their own. A write that changes the flow says so (`changesFlow`): the
 * client brings the flags up to date before it resolves (query/flow-status.ts).
 */
const Ok = z.object({}).passthrough();

export const endpoints = (c: ApiClient = apiClient) => ({
  loginByDeviceId: () => c.loginByDeviceId(),
  logout: () => c.request('POST', '/securitymanagement/logout', { schema: Ok }),
  getFlowStatus: () => c.request('GET', '/me/flow_status', { schema: FlowStatusResponse }),
  postFlowStatus: (key: FlowStatusKey, value = 'true') =>
    c.request('POST', '/me/flow_status', { schema: FlowStatusResponse, body: { key, value }, changesFlow: true }),
  /** Going back from a route that clears answers (clearsOnBack): the server clears them. */
  flowBack: (from: string) => c.request('POST', '/me/flow_back', { schema: FlowStatusResponse, body: { from }, changesFlow: true }),
  getCurrentTimestamp: () => c.request('GET', '/me/current_timestamp', { schema: CurrentTimestampResponse }),
  getBizConfig: () => c.request('GET', '/biz_config/app', { schema: BizConfigResponse, anonymous: true, headers: BIZ_CONFIG_HEADERS }),
  getTranslations: (containerId = 'web') =>
    c.request('GET', '/translations', { schema: TranslationsResponse, anonymous: true, query: { container_id: containerId } }),
  /** save=true saves the current product (SPEC 4: when the number flag goes from selected to not selected). */
  getCurrentProduct: (save = false) =>
    c.request('GET', '/products/current', { schema: ProductResponse, ...(save ? { query: { save: 'true' } } : {}) }),
  getSavedPlans: () => c.request('GET', '/plans/saved_plans', { schema: SavedPlansResponse }),
  getNumbers: () => c.request('GET', '/numbers', { schema: NumbersResponse }),
});

export type Endpoints = ReturnType<typeof endpoints>;
/** The page's kernel endpoints, over the page's client. */
export const api: Endpoints = endpoints();
