/**
 * Evaluated once per copy of @join/shared in the page. The page must hold exactly one
 * (a Module Federation singleton); the browser tests read this counter to prove it.
 */
declare global {
  interface Window {
    __JOIN_SHARED_INSTANCES__?: number;
  }
}
const g = globalThis as typeof globalThis & { __JOIN_SHARED_INSTANCES__?: number };
g.__JOIN_SHARED_INSTANCES__ = (g.__JOIN_SHARED_INSTANCES__ ?? 0) + 1;
export const SHARED_INSTANCE_ID = g.__JOIN_SHARED_INSTANCES__;
