/**
 * The account module's public entry (accounts, sessions, sign-in): what other modules and the
 * composition root may use. Everything else in this folder is the module's own.
 */
export { loginRoutes, sessionRoutes } from './session-routes';
export type { MailLanguage } from './account-mail';
export { ADDRESS_THROTTLE, EMAIL_THROTTLE, type ThrottleRules } from './login-throttle';
export { CODE_RULES, type CodeRules } from './verification-codes';
export type { SocialProviderConfig } from './signin/id-token-verifier';
export { signinProviderFrom } from './signin/signin-setup';
export type * from './repository';
export type { AccountDeps, AccountRules } from './deps';
export { ACCOUNT_ERROR_STATUSES, loginRequired } from './errors';
/** The scrypt hashes, for the retail staff's PINs. */
export { hashPassword, hashPasswordSync, verifyPasswordOrDummy } from './passwords';
export { openDeviceSession, type DeviceSession } from './device-session';
export type { RetailLogin } from './session-routes';
