import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';

/**
 * jsdom has no BroadcastChannel (nor MessageChannel); react-idle-timer's crossTab needs one. Node's
 * delivers to every other channel of the same name in the process, as a browser does between the
 * tabs of one origin: two idle timers rendered in one test stand for two tabs.
 */
export function polyfillBroadcastChannel(): void {
  Object.defineProperty(window, 'BroadcastChannel', { configurable: true, writable: true, value: NodeBroadcastChannel });
}
