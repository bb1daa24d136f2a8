/**
 * The framework-free contract subset: constants and schemas, with no browser code.
 * The API server imports this (`@join/shared/contract`) so that client and server parse
 * one contract without pulling the browser client, store or i18n into Node.
 */
export * from './constants';
export * from './schemas/entities';
export * from './schemas/api';
export * from './errors/codes';
export { EN as EN_TRANSLATIONS, type TranslationKey } from './i18n/en';
// The flow contract is pure: the API enforces the same access rules the host's guards apply.
export * from './flow/steps';
export * from './flow/rules';
export * from './flow/context';
