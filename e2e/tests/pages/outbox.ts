import { expect, type APIRequestContext } from '@playwright/test';

/* The mail sandbox's outbox as the suite reads it (GET /dev/outbox.json on the product server, JOIN_DEV_OUTBOX=1). */

/** A fresh, unique e-mail per call (the suite runs against one database). */
export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** ISO 8601. */
  received_at: string;
}

/** The newest message to `to` in the development outbox (the mail sink behind the API's SMTP). */
export async function latestMail(request: APIRequestContext, to: string, after = 0): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return `outbox answered ${res.status()}`;
        const messages = (await res.json()) as OutboxMessage[];
        found = messages.find((m) => Date.parse(m.received_at) > after);
        return found ? 'found' : 'none yet';
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBe('found');
  return found!;
}

/** The six digits of the newest code mail to `to`. */
export async function latestCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  const mail = await latestMail(request, to, after);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}

