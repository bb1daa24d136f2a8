import { atom } from 'jotai';
import { z } from 'zod';
import { store } from '@join/shared';
import { isRetailPage } from '../retail/retail-page';

/**
 * The visitor's consent as this device keeps it (issue 28): what is in the page's first download,
 * with no part of the consent domain (its texts, schemas and calls are the lazy panel's). The
 * key is the domain's CONSENT_STORAGE_KEY (checked equal in consent-panel's test).
 */
export const STORED_CONSENT_KEY = 'join.consent.v1';

/** The stored form, checked as the kernel checks its stored session (store.ts: StoredSession). */
const StoredConsent = z.object({
  /** The version of the legal texts the choice answers. */
  version: z.number(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  /** The server's time of the record. */
  recordedAt: z.number(),
});
export type StoredConsent = z.infer<typeof StoredConsent>;

/** Where the choice is kept: the browser's localStorage (none on the server's render of the first screen). */
const deviceStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readStoredConsent(storage: Pick<Storage, 'getItem'> | null = deviceStorage()): StoredConsent | null {
  try {
    const raw = storage?.getItem(STORED_CONSENT_KEY);
    if (!raw) return null;
    const parsed = StoredConsent.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // unreadable or storage refused: as no choice (nothing is measured)
  }
}

export function writeStoredConsent(consent: StoredConsent, storage: Pick<Storage, 'setItem'> | null = deviceStorage()): void {
  try {
    storage?.setItem(STORED_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage refused (private mode): the choice holds for this page only, and the server has it.
  }
}

/** The choice in effect on this page (null: none yet; nothing beyond the necessary is measured). */
export const consentAtom = atom<StoredConsent | null>(readStoredConsent());

/** Measuring (analytics events) is allowed only after the visitor said yes to it. */
export const analyticsAllowed = (consent: StoredConsent | null): boolean => consent?.analytics === true;

/**
 * This page's answer for analytics, the one rule tag-manager tracking, its gate and the
 * collector's sender read: unknown until the visitor answers; always no on a shop device (no
 * consent is asked there: the shop's terms apply, and a shop device measures nothing).
 */
export function pageAnalyticsAnswer(): 'yes' | 'no' | 'unknown' {
  if (isRetailPage()) return 'no';
  const consent = store.get(consentAtom);
  if (consent === null) return 'unknown';
  return consent.analytics ? 'yes' : 'no';
}

/** The consent panel: `banner` asks on arrival, `details` is the full choice (the footer's "Privacy choices"). */
export const consentPanelAtom = atom<'banner' | 'details' | null>(null);
