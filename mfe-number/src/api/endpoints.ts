import { api as kernelApi } from '@join/shared';
import { numberApi } from '@join/shared/numbers';

/**
 * The calls this step makes: the kernel's (flow status, selection) and the number domain's, all
 * over the page's one client. Tests spy on this object. The VIP plans (plan domain) load with
 * their component, only when a VIP number is confirmed.
 */
export const api = { ...kernelApi, ...numberApi };
export type Api = typeof api;
