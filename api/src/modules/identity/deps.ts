import type { FacePrompt } from '@join/shared/contract';
import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { FlowRepository, FlowStatusDeps } from '../flow';
import type { IdentityAuthority } from './authority-client';
import type { IdentityRepository } from './repository';

/** What the identity module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface IdentityDeps extends FlowStatusDeps {
  repos: FlowStatusDeps['repos'] & IdentityRepository & Pick<FlowRepository, 'setInsideUae' | 'getFlowContext'>;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'identityMax' | 'locationMax'>;
  /** The identity authority (its sandbox, or the government service); without one every identity call answers -607. */
  authority: IdentityAuthority;
  /** The identity check's tunables, and the SIMs sold to one document (sim-limit.ts). */
  identity: { pendingTtlMs: number; maxSimsPerDocument: number; facePrompts: readonly FacePrompt[] };
  /**
   * The retail audit (the retail module's, wired by app.ts): records identity_check_run for a visitor who is a
   * retail customer, nothing for anyone else; references only.
   */
  retailAudit: { record(uid: string, action: 'identity_check_run', ref: string | null): Promise<void> };
}
