import { PhoneNumber } from '@join/shared';

/** Where this tab keeps the random number on offer (sessionStorage: the tab, gone with it). */
export const OFFER_STORAGE_KEY = 'join.number.offer';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (private mode, a sandboxed frame)
  }
}

/**
 * The number offered before a reload (the language switch reloads the page, and so does the
 * browser's own button): shown again rather than another random one, so the number the visitor
 * was looking at does not change under them. It is not held: taking it may still find it gone
 * (-2015), and the step then offers another, as for any offer. Anything unreadable, or a held
 * number's shape, is no offer.
 */
export function readStoredOffer(): PhoneNumber | null {
  const text = storage()?.getItem(OFFER_STORAGE_KEY);
  if (!text) return null;
  try {
    const parsed = PhoneNumber.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.ReservationDate === null && parsed.data.InTransferTo === null ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the offer on screen for this tab (null: none, e.g. once it is taken). */
export function storeOffer(offer: PhoneNumber | null): void {
  const s = storage();
  try {
    if (offer) s?.setItem(OFFER_STORAGE_KEY, JSON.stringify(offer));
    else s?.removeItem(OFFER_STORAGE_KEY);
  } catch {
    // Storage full or refused: the offer just does not survive a reload.
  }
}
