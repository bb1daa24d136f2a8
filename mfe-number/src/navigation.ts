import { bus } from '@join/shared';

/** Ask the host to show a route; the host still applies the flow contract's guards. */
export const go = (to: string): void => bus.emit('navigate:request', { to });
