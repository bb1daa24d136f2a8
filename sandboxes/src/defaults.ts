/**
 * The keys each sandbox expects when its program is not given one: development values, published
 * in this repository (the operator API keeps its own list of them, to refuse them with a provider
 * configured by URL: the two programs share no code).
 */
export const SANDBOX_AUTHORITY_KEY = 'sandbox-authority-key-for-development';
export const SANDBOX_BNPL_KEY = 'sandbox-bnpl-key-for-development';
export const SANDBOX_CARD_SECRET_KEY = 'sk_sandbox_card_key_for_development';
export const SANDBOX_CARD_MERCHANT_ID = 'join-sandbox';
export const SANDBOX_COURIER_KEY = 'sandbox-courier-key-for-development';
export const SANDBOX_ESIM_KEY = 'sandbox-esim-key-for-development';
export const SANDBOX_PORTABILITY_KEY = 'sandbox-portability-key-for-development';
export const SANDBOX_TERMINAL_KEY = 'sandbox-terminal-key-for-development';

/** Every sandbox listens here, whatever HOST the product server listens on: this machine only. */
export const SANDBOX_HOST = '127.0.0.1';
