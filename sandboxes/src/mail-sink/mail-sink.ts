import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { SANDBOX_HOST } from '../defaults';

/**
 * The mail sandbox: a real SMTP server (smtp-server) in the sandboxes program that accepts
 * every message, parses it (mailparser) and keeps the last `capacity` in memory, newest first.
 * The API sends to it through the same SMTP mailer a deployment uses, so the code path from
 * route to wire is the real one; testers and the suites read the result at its outbox (outbox-app.ts).
 *
 * It listens on loopback only, without TLS and with any (or no) login: it is a sink for this
 * machine, not a relay.
 */
export interface OutboxMessage {
  id: string;
  /** The envelope's recipients, comma-separated (one address for everything the API sends). */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** ISO 8601. */
  received_at: string;
}

/** What the outbox page and JSON read (outbox-app.ts). */
export interface Outbox {
  /** Newest first; `to` keeps the messages with that recipient (case-insensitive). */
  list(filter?: { to?: string }): OutboxMessage[];
}

export interface MailSinkOptions {
  /** 0: any free port. */
  port?: number;
  /** How many messages are kept (the oldest go first). */
  capacity?: number;
  /** Largest message accepted, in bytes. */
  maxBytes?: number;
  now?: () => number;
}

/** The sink listens on 127.0.0.1 only (SANDBOX_HOST): no TLS, any login accepted. */
export const MAIL_SINK_DEFAULTS = { capacity: 200, maxBytes: 1024 * 1024 } as const;

export class MailSink implements Outbox {
  private readonly messages: OutboxMessage[] = [];
  private readonly server: SMTPServer;
  private readonly capacity: number;
  private readonly now: () => number;
  private listeningPort = 0;

  private constructor(options: MailSinkOptions) {
    this.capacity = options.capacity ?? MAIL_SINK_DEFAULTS.capacity;
    this.now = options.now ?? Date.now;
    const maxBytes = options.maxBytes ?? MAIL_SINK_DEFAULTS.maxBytes;
    this.server = new SMTPServer({
      banner: 'Join mail sandbox',
      // No TLS (loopback only) and any login accepted: the product's mailer may carry a user
      // and password in JOIN_SMTP_URL-shaped configuration, and the sink must not refuse it.
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'sandbox' }),
      size: maxBytes,
      disableReverseLookup: true,
      logger: false,
      // Lets close() finish promptly in tests and on shutdown.
      closeTimeout: 1000,
      onData: (stream, session, callback) => {
        this.receive(stream, session, maxBytes).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error('message not accepted')),
        );
      },
    });
    // A broken client connection must not take the product server down.
    this.server.on('error', () => undefined);
  }

  static async start(options: MailSinkOptions = {}): Promise<MailSink> {
    const sink = new MailSink(options);
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      sink.server.server.once('error', onError);
      sink.server.listen(options.port ?? 0, SANDBOX_HOST, () => {
        sink.server.server.off('error', onError);
        resolve();
      });
    });
    sink.listeningPort = (sink.server.server.address() as AddressInfo).port;
    return sink;
  }

  get port(): number {
    return this.listeningPort;
  }

  /** The URL the SMTP mailer sends to. */
  get url(): string {
    return `smtp://${SANDBOX_HOST}:${this.listeningPort}`;
  }

  list(filter: { to?: string } = {}): OutboxMessage[] {
    const to = filter.to?.trim().toLowerCase();
    const all = [...this.messages];
    if (!to) return all;
    return all.filter((m) => m.to.split(', ').some((r) => r.toLowerCase() === to));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession, maxBytes: number): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    if (stream.sizeExceeded) {
      const err = new Error(`message larger than ${maxBytes} bytes`) as Error & { responseCode?: number };
      err.responseCode = 552;
      throw err;
    }
    const parsed = await simpleParser(Buffer.concat(chunks));
    const message: OutboxMessage = {
      id: randomUUID(),
      to: session.envelope.rcptTo.map((r) => r.address).join(', '),
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : null,
      received_at: new Date(this.now()).toISOString(),
    };
    this.messages.unshift(message);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
  }
}
