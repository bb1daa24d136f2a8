import { z } from 'zod';
import { DELIVERY_DRAFT_STORAGE_KEY, sessionAtom, store } from '@join/shared';

/**
 * What the visitor has chosen so far on the delivery step, kept in session storage so a reload
 * or Back (details → map) loses nothing: the pin, the area named back for it, and the delivery
 * form's values as typed. The tab's storage only: it goes with the tab. It belongs to the
 * device id it was written under: logout assigns a new one (SPEC 4), so the next visitor on a
 * shared or shop device never sees the last one's address and phone.
 * Nothing here is trusted: the server checks the pin and the form again.
 */
const KEY = DELIVERY_DRAFT_STORAGE_KEY;

const Draft = z.object({
  owner: z.string().nullable().catch(null),
  pin: z.object({ lat: z.number(), lng: z.number() }).nullable().catch(null),
  area: z.string().nullable().catch(null),
  form: z.record(z.string(), z.string()).catch({}),
});
type Stored = z.infer<typeof Draft>;
export type Draft = Omit<Stored, 'owner'>;

const EMPTY: Draft = { pin: null, area: null, form: {} };
const owner = (): string => store.get(sessionAtom).deviceId;

export function readDraft(): Draft {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const parsed = Draft.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.owner !== owner()) return EMPTY;
    const { pin, area, form } = parsed.data;
    return { pin, area, form };
  } catch {
    return EMPTY;
  }
}

export function writeDraft(patch: Partial<Draft>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...readDraft(), ...patch, owner: owner() }));
  } catch {
    // Storage full or refused (private mode): the page still works, without surviving a reload.
  }
}

/** The order is placed: the draft is done with. */
export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // ignored, as above
  }
}
