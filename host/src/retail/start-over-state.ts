import { atom } from 'jotai';

/**
 * Whether the retail "Start over?" confirmation is open: the header's Home button opens it (main
 * chunk), the dialog itself is part of the retail chrome loaded only on a shop device.
 */
export const startOverOpenAtom = atom(false);
