import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/**
 * The Mailer of every deployment: one SMTP transport to JOIN_SMTP_URL
 * (smtp://user:pass@smtp.example.com:587 upgrades with STARTTLS, smtps://...:465 is TLS from
 * the first byte). `npm start` points it at the in-process sink (sandbox/mail-sink).
 *
 * Nothing here logs: nodemailer's own logger and debug output stay off (they would print the
 * message, which carries a verification code, and the AUTH exchange). A failure is rethrown
 * as a MailDeliveryError naming the SMTP stage and code only.
 */
export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL; user and password in it are the SMTP login. */
  url: string;
  /** The From header, e.g. `"Tourist SIM" <no-reply@example.com>`. */
  from: string;
  /** Per-stage timeouts, so a request that sends a mail never hangs on a dead server. */
  timeoutsMs?: { connection?: number; greeting?: number; socket?: number };
}

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly smtpCode: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The SMTP URL, checked: smtp or smtps with a host. Errors never repeat the URL (it may carry
 * the SMTP password).
 */
export function parseSmtpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('is not a URL (expected smtp://user:pass@host:587 or smtps://user:pass@host:465)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('has no host');
  return url;
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const url = parseSmtpUrl(options.url);
  const loopback = LOOPBACK.has(url.hostname);
  const transport = nodemailer.createTransport({
    url: options.url,
    // A plain smtp:// server that does not offer STARTTLS would otherwise get the password and
    // the codes in clear text (or a man in the middle could strip the offer): refuse that,
    // except on this machine (the sandbox sink listens on loopback without TLS).
    requireTLS: url.protocol === 'smtp:' && !loopback,
    connectionTimeout: options.timeoutsMs?.connection ?? 10_000,
    greetingTimeout: options.timeoutsMs?.greeting ?? 10_000,
    socketTimeout: options.timeoutsMs?.socket ?? 30_000,
    logger: false,
    debug: false,
  });

  return {
    async send(message: MailMessage): Promise<void> {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html !== undefined ? { html: message.html } : {}),
          ...(message.language ? { headers: { 'Content-Language': message.language } } : {}),
        });
      } catch (err) {
        // nodemailer's error message may quote the server's reply, never our body; still, only
        // the stage and code travel on, the original stays as `cause` for a debugger.
        const e = err as { code?: string; command?: string; responseCode?: number };
        const what = [e.code, e.command, e.responseCode].filter((x) => x !== undefined).join(' ');
        throw new MailDeliveryError(`mail not sent (${what || 'unknown SMTP failure'})`, e.code, { cause: err });
      }
    },
    close() {
      transport.close();
    },
  };
}
