/**
 * The sandboxes' published development keys (sandboxes/src/defaults.ts holds the sandboxes'
 * own copy: the two programs share no code). A provider configured by URL never accepts them:
 * readEnv refuses to start (env.ts).
 */
export const SANDBOX_AUTHORITY_KEY = 'sandbox-authority-key-for-development';
export const SANDBOX_BNPL_KEY = 'sandbox-bnpl-key-for-development';
export const SANDBOX_CARD_SECRET_KEY = 'sk_sandbox_card_key_for_development';
export const SANDBOX_CARD_MERCHANT_ID = 'join-sandbox';
export const SANDBOX_COURIER_KEY = 'sandbox-courier-key-for-development';
export const SANDBOX_ESIM_KEY = 'sandbox-esim-key-for-development';
