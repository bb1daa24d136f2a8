import { atom } from 'jotai';

/**
 * Whether the summary sheet is open. The header's cart and the phone's bottom bar both open it,
 * and the retail back control closes it, so it lives outside either component.
 */
export const summaryOpenAtom = atom(false);
