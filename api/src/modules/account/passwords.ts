import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password storage (ASVS 5.0 V11.4.2, V6.2): scrypt from node:crypto, memory-hard, with a
 * 16-byte random salt per password and a 32-byte key, stored as one self-describing string
 * `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later and old hashes still verify.
 * N = 2^15, r = 8, p = 3: one of OWASP's equivalent minimum settings for scrypt (its cheat sheet
 * lists N = 2^17, p = 1 and, for the same strength with less memory, N = 2^15, p = 3): 32 MiB per
 * hash, so parallel logins do not exhaust memory, and the stored format lets a deployment raise it
 * (SCRYPT_PARAMS) with old hashes still verifying. Node's default maxmem (32 MiB) is just below
 * what N = 2^15, r = 8 needs, so it is raised.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });
export const SALT_BYTES = 16;
export const KEY_BYTES = 32;

/** 128 * N * r bytes are needed; twice that leaves room for Node's own bookkeeping. */
const maxmemFor = ({ N, r }: ScryptParams): number => 256 * N * r;

const optionsOf = (params: ScryptParams): ScryptOptions => ({ ...params, maxmem: maxmemFor(params) });

function derive(password: string, salt: Buffer, params: ScryptParams, keyBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The thread pool runs it: hashing never blocks the event loop.
    scrypt(password.normalize('NFKC'), salt, keyBytes, optionsOf(params), (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const format = (params: ScryptParams, salt: Buffer, key: Buffer): string =>
  `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** null for anything that is not a hash this module wrote (never throws on a bad row). */
export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,10}$/.test(v ?? '') ? Number(v) : NaN)) as [number, number, number];
  if (![N, r, p].every((v) => Number.isSafeInteger(v) && v > 0) || (N & (N - 1)) !== 0) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < SALT_BYTES || key.length < 16) return null;
  return { params: { N, r, p }, salt, key };
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(params, salt, await derive(password, salt, params, KEY_BYTES));
}

/** The synchronous twin, for the seed (which runs inside a synchronous SQLite transaction). */
export function hashPasswordSync(password: string, params: ScryptParams = SCRYPT_PARAMS): string {
  const salt = randomBytes(SALT_BYTES);
  return format(params, salt, scryptSync(password.normalize('NFKC'), salt, KEY_BYTES, optionsOf(params)));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/**
 * A hash of a random password nobody knows, made once per process. Verifying against it when an
 * e-mail has no account (or no password) costs the same scrypt as a real check, so the time of
 * a login answer does not tell whether the e-mail is registered (ASVS V6.3.8).
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64'));
  return dummy;
}

/** Verifies against `stored`, or against the dummy hash when there is none; false then. */
export async function verifyPasswordOrDummy(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await verifyPassword(password, await dummyHash());
    return false;
  }
  return verifyPassword(password, stored);
}
