/**
 * What the API needs of mail: send one message. The implementation in a deployment is SMTP
 * (smtp-mailer.ts, JOIN_SMTP_URL); `npm start` and the tests point it at the sandbox sink.
 * Nothing that sends mail logs the message body (it carries codes).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The message's language (the request's), for the Content-Language header. */
  language?: 'en' | 'ar';
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
