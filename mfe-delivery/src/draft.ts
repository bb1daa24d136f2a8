import { z } from 'zod';

/**
 * What the visitor has chosen so far on the delivery step, kept in session storage so a reload
 * or Back (details → map) loses nothing: the pin, the area named back for it, and the delivery
 * form's values as typed. The tab's storage only: it goes with the tab (and logout wipes it).
 * Nothing here is trusted: the server checks the pin and the form again.
 */
const KEY = 'join.delivery.draft';

const Draft = z.object({
  pin: z.object({ lat: z.number(), lng: z.number() }).nullable().catch(null),
  area: z.string().nullable().catch(null),
  form: z.record(z.string(), z.string()).catch({}),
});
export type Draft = z.infer<typeof Draft>;

const EMPTY: Draft = { pin: null, area: null, form: {} };

export function readDraft(): Draft {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const parsed = Draft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function writeDraft(patch: Partial<Draft>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...readDraft(), ...patch }));
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
