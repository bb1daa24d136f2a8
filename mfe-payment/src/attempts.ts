/**
 * Idempotency keys (shared/src/domains/payment/endpoints.ts): one per payment attempt, made
 * once (crypto.randomUUID without dashes: 32 hex characters) and kept in sessionStorage with
 * what it was made for, so a double click, a lost answer or a reload re-sends the same key and
 * the server charges once. A new attempt (a new card, "Retry payment") gets a new key.
 *
 * sessionStorage: per tab, gone with the tab; another tab makes its own attempt (the server's
 * flow contract still allows one payment). Unusable storage (private mode quotas) falls back to
 * memory: the double click is still covered, a reload then is not.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID().replaceAll('-', '');

const PREFIX = 'join.payment.';
const memory = new Map<string, string>();

function read(name: string): string | null {
  try {
    return window.sessionStorage.getItem(PREFIX + name);
  } catch {
    return memory.get(name) ?? null;
  }
}
function write(name: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(PREFIX + name);
    else window.sessionStorage.setItem(PREFIX + name, value);
  } catch {
    if (value === null) memory.delete(name);
    else memory.set(name, value);
  }
}

/** A card attempt: the provider's single-use token and the key it is charged with. */
export interface CardAttempt {
  token: string;
  key: string;
}

const TOKEN = /^tok_[A-Za-z0-9]{8,64}$/;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

export function readCardAttempt(): CardAttempt | null {
  const raw = read('card');
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CardAttempt>;
    return typeof v.token === 'string' && TOKEN.test(v.token) && typeof v.key === 'string' && KEY.test(v.key) ? { token: v.token, key: v.key } : null;
  } catch {
    return null;
  }
}
export function startCardAttempt(token: string): CardAttempt {
  const attempt = { token, key: newIdempotencyKey() };
  write('card', JSON.stringify(attempt));
  return attempt;
}
export const endCardAttempt = (): void => write('card', null);

/**
 * The key of a call made for one thing (the 3-D Secure confirm of a payment id, the BNPL start):
 * the same key for the same thing until it is ended, so a reload of the return page confirms
 * with the key it used before.
 */
export function keyFor(scope: string): string {
  const existing = read(`key.${scope}`);
  if (existing && KEY.test(existing)) return existing;
  const key = newIdempotencyKey();
  write(`key.${scope}`, key);
  return key;
}
export const endKey = (scope: string): void => write(`key.${scope}`, null);
