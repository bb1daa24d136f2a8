import type { FacePrompt } from '@join/shared/contract';
import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { FlowRepository, FlowStatusDeps } from '../flow';
import type { IdentityAuthority } from './authority-client';
import type { IdentityRepository } from './repository';

/** What the identity module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface IdentityDeps extends FlowStatusDeps {
  repos: FlowStatusDeps['repos'] & IdentityRepository & Pick<FlowRepository, 'setInsideUae'>;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'identityMax' | 'locationMax'>;
  /** The identity authority (its sandbox, or the government service); without one every identity call answers -607. */
  authority: IdentityAuthority;
  /** The identity check's tunables, and the SIMs sold to one document (sim-limit.ts). */
  identity: { pendingTtlMs: number; maxSimsPerDocument: number; facePrompts: readonly FacePrompt[] };
}
