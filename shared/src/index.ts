/**
 * @join/shared, the kernel: what must be one instance in the page (API client core with session
 * handling and the one error class, bus, store and its actions, flow contract, i18n instance,
 * UI primitives) and the entity schemas its state holds. A Module Federation singleton with a
 * semver version (kernel-version.ts). Every module imports it by package name only. Each
 * domain's contract is its own entry (@join/shared/plans, /numbers), bundled by its remote. The
 * Node server imports `@join/shared/contract`.
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
// The thin React layer sits on top of the core above. It is exported from the same entry
// so the page shares one module instance (one bus, one store) through Module Federation.
export * from './react/use-t';
export * from './react/use-focus-heading';
export * from './ui/button';
export * from './ui/icon';
export * from './ui/modal';
export * from './ui/sheet';
export * from './ui/consent-checkbox';
export * from './ui/step-heading';
export * from './ui/live-region';
export * from './step-contract';
export * from './modules/registry';
export * from './actions';
export * from './number-flag-watch';
export * from './ui/plan-specs';
export * from './ui/price';
export * from './ui/phone-number';
// Forms and server data (issue 8, point 4): masks, zod field rules and the field frame, and
// the page's one QueryClient with its retry rules. The react-hook-form fields are the
// separate entry @join/shared/forms (forms.ts).
export * from './format/masks';
export * from './validation/field-schemas';
export * from './ui/focus-next';
export * from './ui/field-frame';
// The design system's primitives (issue 9, point 1): see shared/README.md.
export * from './ui/select';
export * from './ui/checkbox';
export * from './ui/radio-cards';
export * from './ui/card';
export * from './ui/badge';
export * from './ui/alert';
export * from './ui/skeleton';
export * from './query/query-client';
export * from './query/flow-status';
