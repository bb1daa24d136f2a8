import type { FlowStatusFlags } from '@join/shared/contract';
import type { CatalogueRepository } from '../catalogue';
import type { FlowRepository } from './repository';

/**
 * Flags a test may lay over the derived ones: those the server does not store yet (delivery,
 * activation). The login flags are never overlaid: a test logs in for real.
 */
export type OverlayFlags = Partial<Omit<FlowStatusFlags, 'is_logged_in_via_email' | 'has_password'>>;

/** What reading a visitor's flow status needs (loadFlowStatus); the modules that read it are given it too. */
export interface FlowStatusDeps {
  repos: Pick<FlowRepository, 'getFlowStatusInputs'>;
  now: () => number;
  /** See AppOptions.flowFlagsOverlay. */
  flowFlagsOverlay?: (uid: string) => OverlayFlags;
}

/** What the flow module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface FlowDeps extends FlowStatusDeps {
  repos: FlowStatusDeps['repos'] & FlowRepository & Pick<CatalogueRepository, 'getPreferences' | 'setPreference'>;
}
