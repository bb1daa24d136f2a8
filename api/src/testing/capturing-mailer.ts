import type { MailMessage, Mailer } from '../platform/mail/mailer';

/**
 * A Mailer for tests: keeps every message, newest last, and can be told to fail. Not a test
 * itself, and never used by the server.
 */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** When set, the next sends reject with it (an SMTP server down). */
  failWith: Error | null = null;

  async send(message: MailMessage): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
  }

  /** The messages to one address, newest last. */
  to(email: string): MailMessage[] {
    return this.sent.filter((m) => m.to === email.toLowerCase());
  }

  /** The code of the newest message to `email`; throws when there is none. */
  lastCode(email: string): string {
    const last = this.to(email).at(-1);
    const code = last ? /\b(\d{6})\b/.exec(last.text)?.[1] : undefined;
    if (!code) throw new Error(`no verification code was mailed to ${email}`);
    return code;
  }
}
