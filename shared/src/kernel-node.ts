/**
 * The kernel's Node-safe part: what `@join/shared` means to Node (the package's `node` export
 * condition). Constants, entity and kernel payload schemas, error codes, the SPEC 5 rules and the pure flow
 * contract; no browser client, store, i18n or React. The domain schemas import the kernel by
 * package name, so in a browser build they reach the page's kernel singleton and in Node this.
 */
export * from './constants';
export * from './schemas/entities';
export * from './schemas/api';
export * from './schemas/numeric';
export * from './errors/codes';
export * from './flow/steps';
export * from './flow/rules';
export * from './flow/back-rules';
export * from './flow/shell-rules';
export * from './flow/context';
export * from './modules/registry';
// The SPEC 5 rules and the form-field schemas built on them: pure, so the API checks with them too.
export * from './validation/rules';
export * from './validation/field-schemas';
// The input masks the domains' field rules build on (pure).
export * from './format/masks';
// What the server writes into the page for its first screen (the host reads it at start-up).
export { BOOT_PAYLOAD_ID, BootPayload, bootAnswerKey, firstDownloadOf, FIRST_SCREEN_SLOT, RemotesList, type FirstScreenInput, type FirstScreenRender } from './step-contract';
