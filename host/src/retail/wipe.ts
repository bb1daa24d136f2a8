import { queryClient } from '@join/shared/react';
import { store, updateSession, wipeSession } from '@join/shared';
import { retailApi, RETAIL_START_URL, WipeReason } from '@join/shared/retail';
import { browserLocation } from '../shell/browser-location';
import { summaryOpenAtom } from '../shell/summary-state';

/**
 * Ends a retail customer on this device (SPEC 4 "Retail idle handling"; DESIGN "Retail": the next
 * customer starts from an empty device, "not even in the language chosen"):
 * 1. asks the server to end the customer session (it records why and answers Clear-Site-Data);
 *    a failure (offline, the session already ended) does not stop the local wipe;
 * 2. turns the camera off (every <video>'s stream: the identity step's scans);
 * 3. forgets the page's state (the kernel's session and flow atoms, the query cache, the summary)
 *    with the language back to the default;
 * 4. clears what the browser keeps for the origin: local and session storage, IndexedDB, Cache
 *    Storage, service workers;
 * 5. replaces the page with the retail start screen: a full load, so nothing in memory survives,
 *    and no history entry, so Back does not return to the customer's last screen.
 * The staff sign-in stays: its cookie is HttpOnly and the page never touches it. The device's other
 * tabs (the same customer's pages) are told, and wipe too (followWipesOfOtherTabs).
 */
export function wipeCustomer(reason: WipeReason): Promise<void> {
  // The idle timeout, a wake-up check and another tab may all ask at once: one wipe serves them.
  wiping ??= wipe(reason);
  return wiping;
}
let wiping: Promise<void> | null = null;

/** Tests only: a fresh page. */
export function resetWipeForTests(): void {
  wiping = null;
}

async function wipe(reason: WipeReason): Promise<void> {
  await retailApi.endCustomerSession(reason).catch(() => undefined);
  tellOtherTabs(reason);
  stopCameras();
  wipeSession();
  updateSession({ language: 'en' });
  store.set(summaryOpenAtom, false);
  queryClient.clear();
  await clearBrowserStorage();
  browserLocation.replace(RETAIL_START_URL);
}

const WIPE_CHANNEL = 'join-retail-wipe';

function tellOtherTabs(reason: WipeReason): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(WIPE_CHANNEL);
  channel.postMessage({ reason });
  channel.close();
}

/**
 * Another tab of this device wiped its customer ("End session", "Start over", Back): this tab shows
 * the same customer's pages, so it wipes too. Returns the stop.
 */
export function followWipesOfOtherTabs(): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(WIPE_CHANNEL);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const said = WipeReason.safeParse((e.data as { reason?: unknown } | null)?.reason);
    void wipeCustomer(said.success ? said.data : 'end_session');
  };
  return () => channel.close();
}

/** Stops every camera (or microphone) track shown in the page. */
export function stopCameras(root: ParentNode = document): void {
  for (const video of Array.from(root.querySelectorAll('video'))) {
    const stream = video.srcObject;
    if (stream && typeof (stream as MediaStream).getTracks === 'function') {
      for (const track of (stream as MediaStream).getTracks()) track.stop();
    }
    video.srcObject = null;
  }
}

/** Each store of the origin the page can clear itself; one failing does not keep the others. */
export async function clearBrowserStorage(): Promise<void> {
  const quietly = async (work: () => unknown): Promise<void> => {
    try {
      await work();
    } catch {
      /* not available here (private mode, an old browser): nothing kept there to clear */
    }
  };
  await Promise.all([
    quietly(() => window.localStorage.clear()),
    quietly(() => window.sessionStorage.clear()),
    quietly(async () => {
      const dbs = await indexedDB.databases();
      await Promise.all(dbs.map((db) => (db.name ? deleteDatabase(db.name) : undefined)));
    }),
    quietly(async () => {
      if (typeof caches === 'undefined') return;
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }),
    quietly(async () => {
      const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
      await Promise.all(registrations.map((r) => r.unregister()));
    }),
  ]);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve(); // deleted once the last connection closes (the reload closes it)
  });
}
