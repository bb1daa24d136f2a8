/**
 * Sandbox accounts (api/README.md "Accounts"), for trying each path of the account step:
 * - amira@example.com has a password (`Welcome2026`): the password login;
 * - noor@example.com has an account but no password: the e-mailed code, then "create a password";
 * - former@example.com has no account with a password and a terminated line: /login/terminated
 *   after the e-mailed code (not before);
 * - closed@example.com the same with two terminated lines (the list of several; the Arabic e2e
 *   walk uses it, so that two specs on one server never mail the same e-mail a code at once).
 * Any other e-mail is a new visitor: a code creates the account. The sign-in sandbox's people
 * (sandboxes/src/signin/) are separate: Amira there links to this Amira by her e-mail.
 */
export interface SeedAccount {
  id: string;
  email: string;
  /** Hashed at seed time with the login's own scrypt (domain/passwords.ts); null: none. */
  password: string | null;
  createdAt: number;
}

export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { id: '00000000-0000-4000-8000-00000000a001', email: 'amira@example.com', password: 'Welcome2026', createdAt: Date.UTC(2025, 10, 2, 9, 30) },
  { id: '00000000-0000-4000-8000-00000000a002', email: 'noor@example.com', password: null, createdAt: Date.UTC(2025, 11, 14, 16, 5) },
];

export interface SeedTerminatedNumber {
  email: string;
  msisdn: string;
  terminatedAt: number;
}

export const SEED_TERMINATED_NUMBERS: readonly SeedTerminatedNumber[] = [
  { email: 'former@example.com', msisdn: '971585550147', terminatedAt: Date.UTC(2025, 5, 30, 12, 0) },
  { email: 'closed@example.com', msisdn: '971585550263', terminatedAt: Date.UTC(2024, 10, 3, 8, 15) },
  { email: 'closed@example.com', msisdn: '971585550388', terminatedAt: Date.UTC(2025, 2, 21, 17, 40) },
];
