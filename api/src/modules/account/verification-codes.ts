import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@join/shared/contract';

/**
 * E-mailed verification codes (sign-up, and login to an account without a password). Pure
 * rules over an injected clock; the repository keeps one row per e-mail and applies them inside a
 * transaction, so two requests racing for the same e-mail cannot both pass a check.
 *
 * - a code is 6 digits from crypto.randomInt, stored only as sha256(salt || code) with a
 *   random salt, and compared timing-safe;
 * - it lives CODE_TTL_S, is used once, and burns after CODE_MAX_ATTEMPTS wrong tries;
 * - a new code replaces the previous one (which then reads as expired);
 * - another code may be sent RESEND_AFTER_S after the last one, and at most
 *   CODE_SENDS_PER_HOUR in an hour per e-mail (a mail bomb or a guessing budget otherwise).
 */
export interface CodeRules {
  ttlS: number;
  maxAttempts: number;
  resendAfterS: number;
  sendsPerHour: number;
}

export const CODE_RULES: Readonly<CodeRules> = Object.freeze({
  ttlS: 600,
  maxAttempts: 5,
  resendAfterS: 30,
  sendsPerHour: 5,
});

const HOUR_MS = 3600_000;

/** What the account repository keeps per e-mail. codeHash null: no live code (used); the send counters stay. */
export interface CodeRecord {
  email: string;
  codeHash: string | null;
  salt: string;
  expiresAt: number;
  attempts: number;
  sentAt: number;
  /** The hour the sends are counted in started here. */
  windowStartedAt: number;
  sendsInWindow: number;
}

export function generateCode(pick: (max: number) => number = randomInt): string {
  return String(pick(10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

export const newSalt = (): string => randomBytes(16).toString('hex');

export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(salt).update(code).digest('hex');
}

export type SendDecision =
  | { ok: true; record: CodeRecord }
  | { ok: false; reason: 'resend_wait' | 'hourly_cap'; retryAfterS: number };

/** Whether a new code may be sent now, and the row that records it (the previous code is replaced). */
export function decideSend(
  previous: CodeRecord | null,
  email: string,
  code: string,
  salt: string,
  now: number,
  rules: CodeRules = CODE_RULES,
): SendDecision {
  if (previous) {
    const waitMs = previous.sentAt + rules.resendAfterS * 1000 - now;
    if (waitMs > 0) return { ok: false, reason: 'resend_wait', retryAfterS: Math.ceil(waitMs / 1000) };
  }
  const sameWindow = previous !== null && now - previous.windowStartedAt < HOUR_MS;
  const sends = sameWindow ? previous.sendsInWindow : 0;
  if (sameWindow && sends >= rules.sendsPerHour) {
    return { ok: false, reason: 'hourly_cap', retryAfterS: Math.ceil((previous.windowStartedAt + HOUR_MS - now) / 1000) };
  }
  return {
    ok: true,
    record: {
      email,
      codeHash: hashCode(code, salt),
      salt,
      expiresAt: now + rules.ttlS * 1000,
      attempts: 0,
      sentAt: now,
      windowStartedAt: sameWindow ? previous.windowStartedAt : now,
      sendsInWindow: sends + 1,
    },
  };
}

export type CheckResult =
  | { kind: 'ok' }
  | { kind: 'wrong'; attemptsLeft: number }
  /** No live code: none sent, used, replaced, or past its TTL. */
  | { kind: 'expired' }
  /** The code took its last wrong try (now or before): a new one is needed. */
  | { kind: 'attempts' };

export interface CheckDecision {
  result: CheckResult;
  /** The row to write back; undefined: unchanged. */
  next: CodeRecord | undefined;
}

function sameCode(record: CodeRecord, code: string): boolean {
  const given = Buffer.from(hashCode(code, record.salt), 'hex');
  const stored = Buffer.from(record.codeHash ?? '', 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Checks a submitted code; a success uses it up (single use), a wrong one counts. */
export function checkCode(record: CodeRecord | null, code: string, now: number, rules: CodeRules = CODE_RULES): CheckDecision {
  if (!record || record.codeHash === null || now >= record.expiresAt) return { result: { kind: 'expired' }, next: undefined };
  if (record.attempts >= rules.maxAttempts) return { result: { kind: 'attempts' }, next: undefined };
  if (sameCode(record, code)) return { result: { kind: 'ok' }, next: { ...record, codeHash: null } };
  const attempts = record.attempts + 1;
  const attemptsLeft = rules.maxAttempts - attempts;
  // The last wrong try burns the code; the answer says so at once rather than "0 tries left".
  return { result: attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : { kind: 'attempts' }, next: { ...record, attempts } };
}
