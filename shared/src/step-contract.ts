import { z } from 'zod';

/**
 * How the host and the step modules meet at run time. Every remote exposes one module,
 * `./Step`, whose default export is a React component taking StepComponentProps.
 * The host finds remotes through a list served next to it (remote name -> manifest URL).
 */
export const STEP_EXPOSE = 'Step';

export const RemoteName = z.enum(['plan', 'number', 'identity', 'payment', 'delivery']);
export type RemoteName = z.infer<typeof RemoteName>;

/** The Module Federation container name of each remote (what `name` is in its build). */
export const REMOTE_CONTAINER: Readonly<Record<RemoteName, string>> = {
  plan: 'join_plan',
  number: 'join_number',
  identity: 'join_identity',
  payment: 'join_payment',
  delivery: 'join_delivery',
};

/** GET /remotes.json: remote name -> manifest URL (relative to the page or absolute). */
export const RemotesList = z.partialRecord(RemoteName, z.string().min(1));
export type RemotesList = z.infer<typeof RemotesList>;

export interface StepComponentProps {
  /** The hash route the host is showing (for example /number/search). */
  route: string;
  /** Given when the host shows a fallback: loads the step again. */
  onRetry?: () => void;
}
