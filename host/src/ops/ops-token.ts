/**
 * The operator credential, kept in this tab's sessionStorage only (never localStorage, a cookie
 * or the kernel's store): it is gone when the tab closes or the operator signs out, and a
 * retail wipe (which clears sessionStorage) would take it too.
 */
export const OPS_TOKEN_KEY = 'join.ops.token';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled: the credential lives in the page's memory only
  }
}

export function readOpsToken(): string | null {
  return storage()?.getItem(OPS_TOKEN_KEY) || null;
}

export function writeOpsToken(token: string): void {
  storage()?.setItem(OPS_TOKEN_KEY, token);
}

export function clearOpsToken(): void {
  storage()?.removeItem(OPS_TOKEN_KEY);
}
