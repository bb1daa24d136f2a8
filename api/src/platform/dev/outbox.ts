import { z } from 'zod';

/**
 * The mail sandbox's outbox as the product server's /dev/outbox reads it (JOIN_DEV_OUTBOX=1): over
 * HTTP from the sandboxes program (GET <outbox>/outbox.json?to=), as any other provider. Every
 * message is one the API mailed through JOIN_SMTP_URL's sink.
 */
export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  received_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export interface Outbox {
  /** Newest first; `to` keeps the messages with that recipient (case-insensitive). */
  list(filter?: { to?: string }): Promise<OutboxMessage[]>;
  /** The outbox's own page, for a browser on this machine. */
  pageUrl(filter?: { to?: string }): string;
}

/** The outbox of the mail sandbox at `url` (its HTTP origin, e.g. http://127.0.0.1:8096). */
export function createHttpOutbox(url: string, timeoutMs = 5000): Outbox {
  const withTo = (path: string, to?: string) => `${url}${path}${to ? `?to=${encodeURIComponent(to)}` : ''}`;
  return {
    async list(filter = {}) {
      const res = await fetch(withTo('/outbox.json', filter.to), { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`mail sandbox outbox answered ${res.status}`);
      return z.array(OutboxMessage).parse(await res.json());
    },
    pageUrl: (filter = {}) => withTo('/outbox', filter.to),
  };
}
