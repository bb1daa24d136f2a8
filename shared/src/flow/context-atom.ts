import { atom } from 'jotai/vanilla';
import { flowFlagsAtom, store } from '../store';
import type { ServerFlowContext } from './context';

/**
 * The server's flow context (resident type, inside the UAE, delivery form, terminated e-mail,
 * retail), as the last flow-status answer gave it; null before the first one. Written only by
 * refreshFlowStatus and the flow-status writers in actions.ts, read by the host's guards.
 */
export const serverFlowContextAtom = atom<ServerFlowContext | null>(null);

// Flags and context are one answer: when the flags are cleared (logout wipes them), the
// context goes too, so a new visitor never inherits the previous one's residency or retail.
store.sub(flowFlagsAtom, () => {
  if (store.get(flowFlagsAtom) === null) store.set(serverFlowContextAtom, null);
});
