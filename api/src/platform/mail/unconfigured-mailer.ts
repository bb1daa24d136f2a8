import type { Mailer } from './mailer';

/**
 * The Mailer of a server built without one (buildApp's `mailer` unset): every send fails, so
 * asking for a code answers 503 rather than pretending a code went out. main.ts passes the SMTP
 * mailer or the sandbox sink's; tests pass a capturing one (testing/capturing-mailer.ts).
 */
export class MailerNotConfigured extends Error {
  constructor() {
    super('No mailer is configured: set JOIN_SMTP_URL or run with the mail sink');
    this.name = 'MailerNotConfigured';
  }
}

export function unconfiguredMailer(): Mailer {
  return {
    send: () => Promise.reject(new MailerNotConfigured()),
  };
}
