import { isApiError, reportError, type StepActions } from '@join/shared';
import { MODULE_NAME } from './navigation';

/** The host's catalogue pop-up for a failure (SPEC 8), with this step's handlers. Returns the withdraw function. */
export function raise(err: unknown, actions: StepActions = {}): () => void {
  return reportError(err, { source: MODULE_NAME, actions });
}

/** The catalogue code of an API refusal (-128 closed, -401 unsupported…), or null. */
export const codeOf = (err: unknown): number | null => (isApiError(err) && typeof err.code === 'number' ? err.code : null);
