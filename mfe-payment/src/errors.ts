import { isApiError, reportError, type StepActions } from '@join/shared';
import { MODULE_NAME } from './navigation';

/**
 * The host's catalogue pop-up for a failure (SPEC 8), with this step's handlers for its step
 * buttons: change_card, retry_payment, continue_payment (and retry). A button with no handler
 * here is not offered (shared/src/errors/error-actions.ts). Returns the withdraw function.
 */
export function raise(err: unknown, actions: StepActions): () => void {
  return reportError(err, { source: MODULE_NAME, actions });
}

/** The server answered (a decline, a refusal): the attempt is over. No answer (network): it may be re-sent as it is. */
export const serverAnswered = (err: unknown): boolean => isApiError(err) && err.status !== null;
