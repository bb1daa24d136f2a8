/**
 * The retail module's public entry (shop devices, staff, retail customer sessions, the audit):
 * what the composition root mounts and wires. Everything else in this folder is the module's own.
 */
export { retailRoutes } from './retail-routes';
export { customerSessionRoutes, endCustomerSessionRoutes, retailLogin } from './customer-session-routes';
export { retailOffGuard } from './retail-cookies-routes';
export { retailPorts, type RetailAuditPort, type RetailSessionOf, type RetailSessionsPort } from './retail-ports';
export { RETAIL_RULES, RETAIL_COOKIES, type RetailRules } from './rules';
export { RETAIL_ERROR_STATUSES } from './errors';
export type * from './repository';
export type { RetailDeps } from './deps';
