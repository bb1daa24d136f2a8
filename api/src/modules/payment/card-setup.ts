import type { Env } from '../../platform/config/env';
import { providerOrSandbox } from '../../platform/config/provider-choice';
import { SANDBOX_CARD_MERCHANT_ID, SANDBOX_CARD_SECRET_KEY } from '../../platform/config/sandbox-defaults';
import { createHttpCardProvider, DEFAULT_CARD_TIMEOUT_MS } from './card-client';
import type { CardProvider } from './providers';

type CardEnv = Pick<Env, 'sandboxes' | 'JOIN_CARD_URL' | 'JOIN_CARD_PUBLIC_URL' | 'JOIN_CARD_SECRET_KEY' | 'JOIN_CARD_MERCHANT_ID' | 'JOIN_CARD_PORT' | 'JOIN_CARD_TIMEOUT_MS'>;

/**
 * The card provider: JOIN_CARD_URL (a real provider, or a sandbox run elsewhere) with its public
 * URL, secret key and merchant id; else, when JOIN_SANDBOXES asks for it, the sandboxes program's
 * card sandbox on 127.0.0.1:JOIN_CARD_PORT (with sandbox-defaults.ts' key and merchant unless
 * set; the pages that may frame its fields are the program's JOIN_CARD_ORIGINS). Either way the API
 * only knows a CardProvider speaking HTTP; `sandbox` is the sandbox's URL when it is one.
 */
export function cardProviderFrom(env: CardEnv): { provider: CardProvider; sandbox: string | null } {
  const secretKey = env.JOIN_CARD_SECRET_KEY ?? SANDBOX_CARD_SECRET_KEY;
  const merchantId = env.JOIN_CARD_MERCHANT_ID ?? SANDBOX_CARD_MERCHANT_ID;
  const timeoutMs = env.JOIN_CARD_TIMEOUT_MS ?? DEFAULT_CARD_TIMEOUT_MS;
  // A configured provider may have its own public URL; the sandbox is reached by browsers where the API reaches it.
  const publicUrl = (url: string) => (env.JOIN_CARD_URL ? (env.JOIN_CARD_PUBLIC_URL ?? url) : url);
  const where = { sandboxes: env.sandboxes, name: 'card', url: env.JOIN_CARD_URL, port: env.JOIN_CARD_PORT } as const;
  return providerOrSandbox(where, (url) => createHttpCardProvider({ url, publicUrl: publicUrl(url), secretKey, merchantId, timeoutMs }));
}
