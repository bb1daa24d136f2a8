/**
 * The measurement module's public entry (issue 28, part 3): the first-party collector (POST /collect)
 * and the operations summary (GET /ops/summary.json), their dependencies and refusals.
 */
export { collectRoutes, opsRoutes } from './measurement-routes';
export { MEASUREMENT_ERROR_STATUSES } from './errors';
export { DailyVisitorKeys, isoDay, VISITOR_DAY_LIMITS } from './visitor-keys';
export { OPS_FAILURES, type MeasurementDeps, type OpsFailureRules } from './deps';
export type * from './repository';
