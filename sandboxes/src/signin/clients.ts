/**
 * Registered clients of the sign-in sandbox (JOIN_SIGNIN_CLIENTS): which web origins may
 * receive a client's tokens. "join-web=http://localhost:8080,http://127.0.0.1:8080" and more
 * clients after a semicolon. The sandbox posts a token only to one of these origins, as Google
 * only to a client's "Authorized JavaScript origins".
 */
export type SigninClients = ReadonlyMap<string, readonly string[]>;

const CLIENT_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The origin of an http(s) URL that is nothing but an origin; throws otherwise. */
export function webOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${value} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${value} is not an http(s) origin`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${value} must be an origin only (scheme, host and port)`);
  }
  return url.origin;
}

export function parseSigninClients(value: string): SigninClients {
  const clients = new Map<string, string[]>();
  for (const entry of value.split(';').map((s) => s.trim()).filter(Boolean)) {
    const eq = entry.indexOf('=');
    const id = eq > 0 ? entry.slice(0, eq).trim() : '';
    if (!CLIENT_ID.test(id)) throw new Error(`"${entry}" needs the form client-id=origin,origin`);
    const origins = entry
      .slice(eq + 1)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(webOrigin);
    if (origins.length === 0) throw new Error(`client ${id} has no origin`);
    clients.set(id, [...(clients.get(id) ?? []), ...origins]);
  }
  if (clients.size === 0) throw new Error('names no client');
  return clients;
}
