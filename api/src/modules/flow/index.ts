/**
 * The flow module's public entry: the visitor's flow status as the server knows it (which the
 * access rules of every step read), its routes, and the retention sweep.
 */
export { flowStatusRoute, meRoutes } from './me-routes';
export { loadFlowStatus, serverFlowContext, type FlowStatusCaller, type ServerFlowStatus } from './flow-context';
export { RETENTION_SWEEP_MS, retentionCutoffs, type RetentionReport } from './retention';
export type * from './repository';
export type { FlowDeps, FlowStatusDeps, OverlayFlags } from './deps';
