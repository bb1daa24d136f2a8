import { randomBytes, randomInt } from 'node:crypto';
import { IdempotencyKeys } from '../idempotency-keys';

/**
 * The eSIM sandbox's profiles, in memory: what an SM-DP+ keeps for each ordered eSIM.
 *
 *   released --(a phone downloads it with its activation code, or auto-install)--> installed
 *   released --(PROFILE_TTL_MS without a download)--> expired
 *
 * State is computed from the clock when a profile is read (no timers). Every method is
 * synchronous: two requests with the same idempotency key can never both create.
 */
export type ProfileState = 'released' | 'installed' | 'expired';

export interface ProfileInput {
  msisdn: string;
  reference: string;
}

export interface Profile extends ProfileInput {
  id: string;
  /** The activation code's matching id: 4 groups of 5 (e.g. 7KQ2M-XR4PD-9HN3C-WT6FB). */
  matchingId: string;
  createdAt: number;
  expiresAt: number;
  installedAt: number | null;
}

/** A released profile that no phone downloaded expires after this long (then a new order is needed). */
export const PROFILE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Idempotency keys are forgotten after a day; profiles after their TTL and a day. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * An MSISDN ending in these digits cannot be provisioned: the order is rejected (the sandbox's
 * failure mode, sandboxes/README.md).
 */
export const REJECT_MSISDN_SUFFIX = '0404';

/** Crockford-like: no 0/O, 1/I/L, U, so a code typed from a screen is read right. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newMatchingId(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

export type CreateOutcome = { kind: 'created' | 'replayed'; profile: Profile } | { kind: 'key_reused' } | { kind: 'rejected' };
export type DownloadOutcome =
  | { kind: 'installed'; profile: Profile }
  | { kind: 'unknown' }
  | { kind: 'already_installed'; profile: Profile }
  | { kind: 'expired'; profile: Profile };

export class ProfileStore {
  private readonly profiles = new Map<string, Profile>();
  private readonly byMatchingId = new Map<string, string>();
  private readonly keys: IdempotencyKeys;

  constructor(
    private readonly now: () => number,
    /** 0: off; else a released profile installs itself this long after its creation (a phone that scanned the QR). */
    readonly autoInstallMs: number = 0,
    readonly ttlMs: number = PROFILE_TTL_MS,
  ) {
    if (!Number.isInteger(autoInstallMs) || autoInstallMs < 0) throw new RangeError('autoInstallMs must be a whole number of milliseconds, 0 for off');
    this.keys = new IdempotencyKeys(now, RETENTION_MS);
  }

  create(key: string, input: ProfileInput): CreateOutcome {
    this.prune();
    const known = this.keys.recall(key, input, (id) => this.profiles.get(id));
    if (known === 'reused') return { kind: 'key_reused' };
    if (known) return { kind: 'replayed', profile: known };
    if (input.msisdn.endsWith(REJECT_MSISDN_SUFFIX)) return { kind: 'rejected' };
    const t = this.now();
    let matchingId = newMatchingId();
    while (this.byMatchingId.has(matchingId)) matchingId = newMatchingId();
    const profile: Profile = {
      ...input,
      id: `prf_${randomBytes(12).toString('hex')}`,
      matchingId,
      createdAt: t,
      expiresAt: t + this.ttlMs,
      installedAt: null,
    };
    this.profiles.set(profile.id, profile);
    this.byMatchingId.set(matchingId, profile.id);
    this.keys.remember(key, input, profile.id, t);
    return { kind: 'created', profile };
  }

  get(id: string): Profile | undefined {
    const profile = this.profiles.get(id);
    if (profile) this.settle(profile);
    return profile;
  }

  /** Newest first, for the page. */
  list(): Profile[] {
    const all = [...this.profiles.values()];
    all.forEach((p) => this.settle(p));
    return all.sort((a, b) => b.createdAt - a.createdAt);
  }

  state(profile: Profile): ProfileState {
    this.settle(profile);
    if (profile.installedAt !== null) return 'installed';
    return this.now() >= profile.expiresAt ? 'expired' : 'released';
  }

  /** What a phone's LPA does with the activation code's matching id. */
  download(matchingId: string): DownloadOutcome {
    const id = this.byMatchingId.get(matchingId);
    const profile = id === undefined ? undefined : this.get(id);
    if (!profile) return { kind: 'unknown' };
    const state = this.state(profile);
    if (state === 'installed') return { kind: 'already_installed', profile };
    if (state === 'expired') return { kind: 'expired', profile };
    profile.installedAt = this.now();
    return { kind: 'installed', profile };
  }

  /** Auto-install, when on: the time it would have happened. */
  private settle(profile: Profile): void {
    if (profile.installedAt !== null || this.autoInstallMs === 0) return;
    const at = profile.createdAt + this.autoInstallMs;
    if (this.now() >= at && at < profile.expiresAt) profile.installedAt = at;
  }

  private prune(): void {
    const t = this.now();
    this.keys.prune();
    for (const [id, profile] of this.profiles) {
      if (profile.expiresAt < t - RETENTION_MS) {
        this.profiles.delete(id);
        this.byMatchingId.delete(profile.matchingId);
      }
    }
  }
}
