import { api as kernelApi } from '@join/shared';
import { planApi } from '@join/shared/plans';

/**
 * The calls this step makes: the kernel's (flow status, selection) and the plan domain's, all
 * over the page's one client. Tests spy on this object.
 */
export const api = { ...kernelApi, ...planApi };
export type Api = typeof api;
