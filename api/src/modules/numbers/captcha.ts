import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { CaptchaChallenge } from '@join/shared/contract';
import { claimOnce, type LimitStore } from '../../platform/limits/limit-store';

/**
 * A proof-of-work challenge (ALTCHA v2, altcha-lib) for an address past its
 * per-address threshold, instead of a refusal: hundreds of tourists share one address behind an
 * airport's, a hotel's or a carrier's NAT. Self-hosted: the server signs a challenge (HMAC),
 * the visitor's browser finds a counter whose SHA-256 with the challenge's salt and nonce starts
 * with `keyPrefix`, and the server checks it with one hash.
 *
 * A solution is good once (single use: its signature is claimed in the LimitStore, so on
 * PostgreSQL once across every instance), for the session and device that asked for it, and
 * for CAPTCHA_TTL_MS. The expiry is the API's own clock (ctx.now, which the tests and the e2e
 * suite move), signed in `data` with the binding, so it cannot be changed without breaking the
 * signature.
 */

/**
 * Difficulty: SHA-256 16 rounds per try, a key that starts with one zero byte (1 try in 256):
 * 4,096 hashes on average, what three zero hex digits of one round would cost, but without the
 * per-try hex conversion an odd-length prefix costs the browser. Measured in Chromium
 * (e2e/perf/captcha-solve.mjs, two runs of 30 and 60 challenges, this 2-core machine shared
 * with other work at a load average of about 22): unthrottled mean 33-42 ms; with the CPU slowed
 * 4× (a mid-range phone) mean 90-180 ms, 90th percentile 270-540 ms, slowest 0.6-1.1 s; slowed
 * 6×, mean 130-250 ms. A second zero byte (256 times the work) would be minutes on a phone.
 */
export const CAPTCHA_DIFFICULTY = { algorithm: 'SHA-256', cost: 16, keyPrefix: '00' } as const;
/** How long a challenge may be solved and used: long enough for a slow phone, short enough that a stock of solutions goes stale. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * A development default: a key of its own for each process (JOIN_CAPTCHA_KEY in production).
 * Several instances behind one balancer must share one key, or a challenge issued by one fails on
 * the next: buildApp refuses a shared LimitStore without one (api/README.md "Shared limits").
 */
export const generatedCaptchaKey = (): string => randomBytes(32).toString('hex');

/** Who may use a challenge: the session's account and the device that asked for it. */
export interface CaptchaBinding {
  uid: string;
  deviceId: string;
}

/** ALTCHA's payload, as the browser sends it back (base64 of this JSON). */
const Payload = z.object({
  challenge: CaptchaChallenge,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().regex(/^[0-9a-f]{1,256}$/i), time: z.number().optional() }),
});

export class CaptchaGate {
  constructor(
    private readonly secret: string,
    private readonly now: () => number,
    /** Where used challenges are claimed, until they expire (after which they are refused as expired anyway). */
    private readonly used: LimitStore,
    private readonly ttlMs: number = CAPTCHA_TTL_MS,
  ) {
    if (secret.length < 16) throw new Error('CaptchaGate: the HMAC key is too short (at least 16 characters)');
  }

  async issue(binding: CaptchaBinding): Promise<Challenge> {
    return createChallenge({
      ...CAPTCHA_DIFFICULTY,
      deriveKey,
      hmacSignatureSecret: this.secret,
      data: { uid: binding.uid, device: binding.deviceId, expires: this.now() + this.ttlMs },
    });
  }

  /** True once for a valid, unexpired solution of a challenge issued to `binding`; false otherwise. */
  async verify(header: string, binding: CaptchaBinding): Promise<boolean> {
    const payload = parsePayload(header);
    if (!payload) return false;
    const { challenge, solution } = payload;
    const data = challenge.parameters.data ?? {};
    const expires = typeof data.expires === 'number' ? data.expires : 0;
    const now = this.now();
    if (data.uid !== binding.uid || data.device !== binding.deviceId || expires <= now) return false;
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: this.secret });
    if (!result.verified) return false;
    // Claimed once verified: of two requests with the same solution, on any instances, only one passes.
    return claimOnce(this.used, `captcha-used:${challenge.signature}`, expires, now);
  }
}

function parsePayload(header: string): z.infer<typeof Payload> | null {
  if (header.length > 4000) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(header, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
