import type { FastifyServerOptions } from 'fastify';

/**
 * Nothing secret in a log line (ASVS 5.0 V16.2.5, V7.2.1): the session id header, the login's
 * password, code, ID token and nonce, the payment's card token, and a login's answered session id are censored wherever a
 * request, its headers or its body is logged, whatever the level. The account routes log events
 * without them in the first place (routes/account.ts); this is the net under every other log
 * call, including a future `request.log.info({ body })`. Pino applies it on the serialised line.
 */
export const REDACTED = '[redacted]';

// token: the card provider's single-use card token (POST /payment/card), never logged either.
const SECRET_FIELDS = ['password', 'code', 'id_token', 'nonce', 'session_id', 'token'] as const;

export const REDACT_PATHS: readonly string[] = [
  'req.headers["session-id"]',
  'req.headers.authorization',
  'req.headers.cookie',
  // The retail credentials (cookies) going either way.
  'headers.cookie',
  'request.headers.cookie',
  'res.headers["set-cookie"]',
  'reply.headers["set-cookie"]',
  'headers["set-cookie"]',
  'headers["session-id"]',
  'request.headers["session-id"]',
  ...SECRET_FIELDS.flatMap((f) => [`body.${f}`, `req.body.${f}`, `request.body.${f}`, `payload.${f}`]),
  // A login answer, if anything ever logs it.
  'session_id',
  'res.body.session_id',
  // `code` is also our error codes' field, logged on 5xx answers: only the body's code is redacted.
  ...SECRET_FIELDS.filter((f) => f !== 'code').map((f) => `*.${f}`),
];

type LoggerOption = FastifyServerOptions['logger'];

/** The logger option with the redaction added (false stays false: no logging at all). */
export function logRedaction(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined) return false;
  const base = logger === true ? {} : logger;
  const own = base.redact;
  const paths = [...REDACT_PATHS, ...(Array.isArray(own) ? own : (own?.paths ?? []))];
  return { ...base, redact: { paths, censor: REDACTED } };
}
