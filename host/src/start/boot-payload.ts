import { BOOT_PAYLOAD_ID, BootPayload } from '@join/shared';

let payload: BootPayload | null = null;

/**
 * The page's boot payload (the kernel's BootPayload, written into index.html by the server): what
 * start-up and the first step would otherwise fetch. Read and checked once; an absent or malformed
 * one is empty, and every part of it is then fetched as before.
 */
export function bootPayload(doc: Document = document): BootPayload {
  if (payload) return payload;
  const text = doc.getElementById(BOOT_PAYLOAD_ID)?.textContent;
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    /* a broken page: fetch everything */
  }
  const result = BootPayload.safeParse(parsed);
  payload = result.success ? result.data : {};
  return payload;
}

/** Tests: forget the payload read. */
export function resetBootPayload(): void {
  payload = null;
}
