import { createHash } from 'node:crypto';

/**
 * The people of the sign-in sandbox (design: "Seeds"). Amira also has an operator account
 * with a password (the API's seed), so Google links to it by e-mail; Daniel has none yet, so
 * a first Google login makes one; Sam's provider account has an unverified e-mail, which the
 * API refuses (403 email_not_verified). "Use another account" makes anyone else, verified.
 */
export interface SigninAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

export const SIGNIN_ACCOUNTS: readonly SigninAccount[] = [
  { email: 'amira@example.com', name: 'Amira Haddad', emailVerified: true },
  { email: 'daniel.ortiz@example.com', name: 'Daniel Ortiz', emailVerified: true },
  { email: 'unverified@example.com', name: 'Sam Unverified', emailVerified: false },
];

export function findSigninAccount(email: string): SigninAccount | undefined {
  const wanted = email.trim().toLowerCase();
  return SIGNIN_ACCOUNTS.find((a) => a.email === wanted);
}

/**
 * The provider's subject for an e-mail: stable across restarts and key changes (the API links
 * identities by issuer and subject), and shaped like Google's (21 digits), so nothing in the
 * API may assume a subject looks like an e-mail or a UUID.
 */
export function subjectFor(email: string): string {
  const digest = createHash('sha256').update(`join-signin-sandbox:${email.trim().toLowerCase()}`).digest();
  const n = digest.readBigUInt64BE(0) * 65536n + BigInt(digest.readUInt16BE(8));
  return `1${(n % 10n ** 20n).toString().padStart(20, '0')}`;
}
