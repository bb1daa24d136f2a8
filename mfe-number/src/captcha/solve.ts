import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { CaptchaChallenge } from '@join/shared/contract';

/**
 * The address challenge's work, in the visitor's browser (Web Crypto's SHA-256, no
 * third party). Loaded only when the API asks for a challenge (a chunk of its own, outside the
 * step's first download). Answers ALTCHA's payload for the `captcha` header, or null when no
 * solution was found in time.
 */
export async function solve(challenge: CaptchaChallenge, timeoutMs = 30_000): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: timeoutMs });
  if (!solution) return null;
  // ASCII only (hex, numbers, base64 of the server's own JSON): btoa takes it as it is.
  return btoa(JSON.stringify({ challenge, solution }));
}
