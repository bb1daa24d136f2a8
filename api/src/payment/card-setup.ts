import { sandboxNotAsked, type Env } from '../config/env';
import { SANDBOX_CARD_MERCHANT_ID, SANDBOX_CARD_SECRET_KEY } from '../config/sandbox-defaults';
import { startCardSandbox, type RunningCardSandbox } from '../../../sandboxes/src/card/card-app';
import { createHttpCardProvider, DEFAULT_CARD_TIMEOUT_MS } from './card-client';
import type { CardProvider } from './providers';

type CardEnv = Pick<
  Env,
  | 'sandboxes'
  | 'JOIN_CARD_URL'
  | 'JOIN_CARD_PUBLIC_URL'
  | 'JOIN_CARD_SECRET_KEY'
  | 'JOIN_CARD_MERCHANT_ID'
  | 'JOIN_CARD_PORT'
  | 'JOIN_CARD_ORIGINS'
  | 'JOIN_CARD_TIMEOUT_MS'
>;

/**
 * The card provider: JOIN_CARD_URL (a real provider, or a sandbox run elsewhere) with its public
 * URL, secret key and merchant id; else, when JOIN_SANDBOXES asks for it, the sandbox started here
 * on 127.0.0.1:JOIN_CARD_PORT (sandbox-defaults.ts: their key and merchant), whose fields
 * may be framed by `productOrigins` (the product's own origins, e.g. http://localhost:8080 and
 * http://127.0.0.1:8080) or by JOIN_CARD_ORIGINS. Either way the API only knows a CardProvider
 * speaking HTTP. The caller closes `sandbox` on shutdown.
 */
export async function cardProviderFrom(
  env: CardEnv,
  productOrigins: readonly string[],
): Promise<{ provider: CardProvider; sandbox: RunningCardSandbox | null }> {
  const secretKey = env.JOIN_CARD_SECRET_KEY ?? SANDBOX_CARD_SECRET_KEY;
  const merchantId = env.JOIN_CARD_MERCHANT_ID ?? SANDBOX_CARD_MERCHANT_ID;
  const timeoutMs = env.JOIN_CARD_TIMEOUT_MS ?? DEFAULT_CARD_TIMEOUT_MS;
  if (env.JOIN_CARD_URL) {
    const provider = createHttpCardProvider({
      url: env.JOIN_CARD_URL,
      publicUrl: env.JOIN_CARD_PUBLIC_URL ?? env.JOIN_CARD_URL,
      secretKey,
      merchantId,
      timeoutMs,
    });
    return { provider, sandbox: null };
  }
  if (!env.sandboxes.has('card')) throw new Error(sandboxNotAsked('card'));
  const sandbox = await startCardSandbox({
    port: env.JOIN_CARD_PORT,
    merchantId,
    secretKey,
    allowedOrigins: env.JOIN_CARD_ORIGINS ?? productOrigins,
  }).catch((err: unknown) => {
    throw new Error(`card provider sandbox on JOIN_CARD_PORT ${env.JOIN_CARD_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
  });
  const provider = createHttpCardProvider({ url: sandbox.url, publicUrl: sandbox.url, secretKey, merchantId, timeoutMs });
  return { provider, sandbox };
}
