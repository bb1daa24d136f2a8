import { z } from 'zod';
import { MODULES } from './modules/registry';

/**
 * How the host and the step modules meet at run time. Every remote exposes one module,
 * `./Step`, whose default export is a React component taking StepComponentProps.
 * The host finds remotes through a list served next to it (remote name -> manifest URL).
 */
export const STEP_EXPOSE = 'Step';

/** A registered step module's name (src/modules/registry.json). */
export type RemoteName = string;

/** The Module Federation container name of each registered remote (what `name` is in its build). */
export const REMOTE_CONTAINER: Readonly<Record<string, string>> = Object.fromEntries(MODULES.map((m) => [m.name, m.container]));

/** GET /remotes.json: remote name -> manifest URL (relative to the page or absolute). */
export const RemotesList = z.record(z.string(), z.string().min(1));
export type RemotesList = z.infer<typeof RemotesList>;

export interface StepComponentProps {
  /** The hash route the host is showing (for example /number/search). */
  route: string;
  /** Given when the host shows a fallback: loads the step again. */
  onRetry?: () => void;
}
