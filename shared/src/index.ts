/**
 * @join/shared, the kernel's framework-free core: what must be one instance in the page (API
 * client core with session handling and the one error class, bus, store atoms and the actions
 * that change them, flow contract, i18n instance, errors, format, validation) and the entity
 * schemas its state holds. No React: the kernel's React layer is `@join/shared/react` (hooks, the
 * page's QueryClient) and its UI primitives `@join/shared/ui`, each on top of this one, as
 * jotai's `jotai/react` sits on `jotai/vanilla`. The three are Module Federation singletons of one
 * semver version (kernel-version.ts), imported by package name only. Each domain's contract is its
 * own entry (@join/shared/plans, /numbers), bundled by its remote. The Node server imports
 * `@join/shared/contract`.
 */
import './zod-config';
export * from './constants';
export * from './schemas/entities';
export * from './schemas/api';
export * from './schemas/numeric';
export * from './errors/codes';
export * from './errors/catalogue';
export * from './errors/api-error';
export * from './errors/error-actions';
export * from './flow/steps';
export * from './flow/rules';
export * from './flow/back-rules';
export * from './flow/shell-rules';
export * from './flow/outcomes';
export * from './flow/titles';
export * from './flow/context';
export * from './flow/progress';
export * from './validation/rules';
export * from './format/format';
export * from './api/client';
export * from './api/endpoints';
export * from './bus';
export * from './store';
export { KERNEL_PACKAGE, KERNEL_VERSION } from './kernel-version';
// Counts evaluations of this module: the singleton test expects exactly one per page.
export { SHARED_INSTANCE_ID } from './instance';
export * from './i18n/i18n';
export * from './step-contract';
export * from './modules/registry';
export * from './actions';
export * from './start-content';
export * from './number-flag-watch';
// Input masks and the zod field rules built on the SPEC 5 rules.
export * from './format/masks';
export * from './validation/field-schemas';
