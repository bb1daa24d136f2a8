/**
 * The sandboxes' published development keys: with JOIN_SANDBOXES this server reaches the
 * sandboxes program (sandboxes/, started beside it) with them unless the matching variable is set,
 * as the program expects them unless given the same variable (its own copy: sandboxes/src/defaults.ts;
 * the two programs share no code). A provider configured by URL never accepts them: readEnv
 * refuses to start (env.ts).
 */
export const SANDBOX_AUTHORITY_KEY = 'sandbox-authority-key-for-development';
export const SANDBOX_BNPL_KEY = 'sandbox-bnpl-key-for-development';
export const SANDBOX_CARD_SECRET_KEY = 'sk_sandbox_card_key_for_development';
export const SANDBOX_CARD_MERCHANT_ID = 'join-sandbox';
export const SANDBOX_COURIER_KEY = 'sandbox-courier-key-for-development';
export const SANDBOX_ESIM_KEY = 'sandbox-esim-key-for-development';
export const SANDBOX_PORTABILITY_KEY = 'sandbox-portability-key-for-development';
export const SANDBOX_TERMINAL_KEY = 'sandbox-terminal-key-for-development';

/** A provider configured by URL (real, or a sandbox run elsewhere) brings its own key: the development ones are published (env-providers.ts refuses them). */
export const DEVELOPMENT_KEYS = [
  { urlVar: 'JOIN_AUTHORITY_URL', keyVar: 'JOIN_AUTHORITY_KEY', development: SANDBOX_AUTHORITY_KEY },
  { urlVar: 'JOIN_BNPL_URL', keyVar: 'JOIN_BNPL_KEY', development: SANDBOX_BNPL_KEY },
  { urlVar: 'JOIN_CARD_URL', keyVar: 'JOIN_CARD_SECRET_KEY', development: SANDBOX_CARD_SECRET_KEY },
  { urlVar: 'JOIN_CARD_URL', keyVar: 'JOIN_CARD_MERCHANT_ID', development: SANDBOX_CARD_MERCHANT_ID },
  { urlVar: 'JOIN_COURIER_URL', keyVar: 'JOIN_COURIER_KEY', development: SANDBOX_COURIER_KEY },
  { urlVar: 'JOIN_ESIM_URL', keyVar: 'JOIN_ESIM_KEY', development: SANDBOX_ESIM_KEY },
  { urlVar: 'JOIN_PORTABILITY_URL', keyVar: 'JOIN_PORTABILITY_KEY', development: SANDBOX_PORTABILITY_KEY },
  { urlVar: 'JOIN_TERMINAL_URL', keyVar: 'JOIN_TERMINAL_KEY', development: SANDBOX_TERMINAL_KEY },
] as const;

/** Where the sandboxes program listens: this machine only. */
export const SANDBOX_HOST = '127.0.0.1';

/** The base URL of a sandbox of the sandboxes program, on its port (JOIN_CARD_PORT and the like). */
export function sandboxUrl(port: number, scheme: 'http' | 'smtp' = 'http'): string {
  return `${scheme}://${SANDBOX_HOST}:${port}`;
}
